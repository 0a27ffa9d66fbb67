import { getTableName, sql, type Table } from 'drizzle-orm';
import type { Db } from './client';
import { copyRows } from './copy';
import { ITEMS_PER_PAGE } from './item-page-texts';
import { queryRows } from './raw';

export { ITEMS_PER_PAGE, itemPageTexts } from './item-page-texts';

/**
 * Items kept a thousand to a row: a bill's recipients, a WHT calculation's payees. They never
 * change once written and are read a page at a time or whole, so 100,000 of them are 100 rows
 * of JSON rather than 100,000 rows to parse, index and check (decision 0008). A page is built as
 * text (itemPageTexts) by whoever holds the items: the file workers for an uploaded file.
 */

/** A table of item pages: `(parent, page, items json)`, `parentColumn` naming its parent's column. */
export interface ItemPages {
  table: Table;
  parentColumn: string;
}

/** Writes a parent's item pages (itemPageTexts: each a JSON array of the items' tuples, in page order) in the caller's transaction. */
export async function writeItemPages(tx: Db, pages: ItemPages, parentId: string, texts: readonly string[]): Promise<void> {
  await copyRows(
    tx,
    pages.table,
    texts.map((items, page) => ({ page, items })),
    { [pages.parentColumn]: () => parentId, page: (row) => row.page, items: (row) => row.items },
  );
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
