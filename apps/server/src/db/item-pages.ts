import { getTableName, sql, type Table } from 'drizzle-orm';
import type { Db } from './client';
import { copyRows } from './copy';
import { queryRows } from './raw';

/**
 * Items kept a thousand to a row: a bill's recipients, a WHT calculation's payees. They never
 * change once written and are read a page at a time or whole, so 100,000 of them are 100 rows
 * of JSON rather than 100,000 rows to parse, index and check (decision 0008).
 */
export const ITEMS_PER_PAGE = 1_000;

/** A table of item pages: `(parent, page, items json)`, `parentColumn` naming its parent's column. */
export interface ItemPages {
  table: Table;
  parentColumn: string;
}

/** Writes a parent's items as pages, each a JSON array of the items' tuples, in the caller's transaction. */
export async function writeItemPages<T>(tx: Db, pages: ItemPages, parentId: string, items: readonly T[], toTuple: (item: T) => unknown[]): Promise<void> {
  const pageNumbers = Array.from({ length: Math.ceil(items.length / ITEMS_PER_PAGE) }, (_, page) => page);
  await copyRows(tx, pages.table, pageNumbers, {
    [pages.parentColumn]: () => parentId,
    page: (page) => page,
    items: (page) => JSON.stringify(items.slice(page * ITEMS_PER_PAGE, (page + 1) * ITEMS_PER_PAGE).map(toTuple)),
  });
}

/** A parent's item tuples from `offset` on, at most `limit` (all when no window), reading only the pages that hold them. */
export async function readItemPages<Tuple>(executor: Db, pages: ItemPages, parentId: string, window?: { limit: number; offset: number }): Promise<Tuple[]> {
  const table = sql.identifier(getTableName(pages.table));
  const parent = sql.identifier(pages.parentColumn);
  if (!window) {
    const rows = await queryRows<{ items: Tuple[] }>(executor, sql`select items from ${table} where ${parent} = ${parentId} order by page`);
    return rows.flatMap((row) => row.items);
  }
  if (window.limit <= 0) return [];
  const first = Math.floor(window.offset / ITEMS_PER_PAGE);
  const last = Math.floor((window.offset + window.limit - 1) / ITEMS_PER_PAGE);
  const rows = await queryRows<{ items: Tuple[] }>(executor, sql`select items from ${table} where ${parent} = ${parentId} and page between ${first} and ${last} order by page`);
  const skip = window.offset - first * ITEMS_PER_PAGE;
  return rows.flatMap((row) => row.items).slice(skip, skip + window.limit);
}
