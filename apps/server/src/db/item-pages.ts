import { getTableName, sql, type Table } from 'drizzle-orm';
import type { Db } from './client';
import { copyRows, type CopyColumns } from './copy';
import { ITEMS_PER_PAGE } from './item-page-texts';
import { queryRows } from './raw';

export { ITEMS_PER_PAGE, itemPageTexts } from './item-page-texts';

/**
 * Items kept a thousand to a row: a bill's recipients, a WHT calculation's payees. They never
 * change once written and are read a page at a time or whole, so 100,000 of them are 100 rows
 * of JSON rather than 100,000 rows to parse, index and check (decision 0008). A page is built as
 * text (itemPageTexts) by whoever holds the items: the file workers for an uploaded file.
 */

/** A table of item pages: `(parent, page, items)`, the items a JSON array as text, `parentColumn` naming its parent's column. */
export interface ItemPages {
  table: Table;
  parentColumn: string;
}

/**
 * Writes a parent's item pages (itemPageTexts: each a JSON array of the items' tuples, in page
 * order) in the caller's transaction; pages still being made (an async iterable) are stored as they come.
 */
export async function writeItemPages(
  tx: Db,
  pages: ItemPages,
  parentId: string,
  texts: Iterable<string> | AsyncIterable<string>,
): Promise<void> {
  const columns: CopyColumns<[page: number, items: string]> = {
    [pages.parentColumn]: () => parentId,
    page: ([page]) => page,
    items: ([, items]) => items,
  };
  await copyRows(tx, pages.table, numbered(texts), columns);
}

function numbered(
  texts: Iterable<string> | AsyncIterable<string>,
): Iterable<[number, string]> | AsyncIterable<[number, string]> {
  let page = 0;
  if (Symbol.asyncIterator in texts) {
    return (async function* () {
      for await (const items of texts) yield [page++, items] as [number, string];
    })();
  }
  return (function* () {
    for (const items of texts) yield [page++, items] as [number, string];
  })();
}

/** A parent's item tuples from `offset` on, at most `limit` (all when no window), reading only the pages that hold them. */
export async function readItemPages<Tuple>(
  executor: Db,
  pages: ItemPages,
  parentId: string,
  window?: { limit: number; offset: number },
): Promise<Tuple[]> {
  const table = sql.identifier(getTableName(pages.table));
  const parent = sql.identifier(pages.parentColumn);
  if (!window) {
    const rows = await queryRows<{ items: string }>(
      executor,
      sql`select items from ${table} where ${parent} = ${parentId} order by page`,
    );
    return rows.flatMap((row) => JSON.parse(row.items) as Tuple[]);
  }
  if (window.limit <= 0) return [];
  const first = Math.floor(window.offset / ITEMS_PER_PAGE);
  const last = Math.floor((window.offset + window.limit - 1) / ITEMS_PER_PAGE);
  const rows = await queryRows<{ items: string }>(
    executor,
    sql`select items from ${table} where ${parent} = ${parentId} and page between ${first} and ${last} order by page`,
  );
  const skip = window.offset - first * ITEMS_PER_PAGE;
  return rows.flatMap((row) => JSON.parse(row.items) as Tuple[]).slice(skip, skip + window.limit);
}
