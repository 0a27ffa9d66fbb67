/**
 * Item pages as their text: pure, so the file workers build a file's pages where they read it and
 * hand the request a few long strings instead of 100,000 objects to clone across threads
 * (db/item-pages.ts stores them; decision 0008).
 */

/** Items per page: a bill's recipients and a WHT calculation's payees are kept a thousand to a row. */
export const ITEMS_PER_PAGE = 1_000;

/** Each page's items as the JSON array of their tuples, made one page at a time, in order. */
export function* eachItemPageText<T>(items: readonly T[], toTuple: (item: T) => unknown[]): Generator<string> {
  for (let start = 0; start < items.length; start += ITEMS_PER_PAGE)
    yield JSON.stringify(items.slice(start, start + ITEMS_PER_PAGE).map(toTuple));
}

/** Every page's text at once, in order: pages to keep, or to hand to another thread. */
export function itemPageTexts<T>(items: readonly T[], toTuple: (item: T) => unknown[]): string[] {
  return [...eachItemPageText(items, toTuple)];
}
