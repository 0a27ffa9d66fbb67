import type { ListParams, Page } from '@levy/contracts';
import { sql } from 'drizzle-orm';

/** Limit and offset for a list call; no_pages returns everything in one page. */
export function pageWindow(params: Pick<ListParams, 'page' | 'count' | 'no_pages'>, cap = 10_000): PageWindow {
  if (params.no_pages) return { limit: cap, offset: 0 };
  return { limit: params.count, offset: (params.page - 1) * params.count };
}

export function toPage<T>(
  items: T[],
  totalCount: number,
  params: Pick<ListParams, 'page' | 'count' | 'no_pages'>,
): Page<T> {
  const count = params.no_pages ? Math.max(totalCount, 1) : params.count;
  return {
    items,
    pagination: {
      count,
      current_page: params.no_pages ? 1 : params.page,
      total_count: totalCount,
      total_pages: Math.max(1, Math.ceil(totalCount / count)),
    },
  };
}

/** An ILIKE pattern that finds the search text anywhere, its own % and _ taken literally; null without text. */
export function containsPattern(search: string | undefined): string | null {
  return search ? `%${search.replace(/[%_\\]/g, '\\$&')}%` : null;
}

export interface PageWindow {
  limit: number;
  offset: number;
}

/** How many rows the page's query matches in all, on each row of the page (a window function runs before LIMIT). */
export function totalRows() {
  return sql<number>`count(*) over ()`.mapWith(Number);
}

/**
 * A page and its total from one statement (decision 0011): `select(window)` reads the page's rows,
 * each with `total: totalRows()`. A page past the end has no row to read the total on, so only
 * then is the first page's first row read for it.
 */
export async function readPage<TRow extends { total: number }>(
  select: (window: PageWindow) => Promise<TRow[]>,
  window: PageWindow,
): Promise<{ rows: TRow[]; total: number }> {
  const rows = await select({ limit: window.limit, offset: window.offset });
  if (rows.length > 0 || window.offset === 0) return { rows, total: rows[0]?.total ?? 0 };
  const [first] = await select({ limit: 1, offset: 0 });
  return { rows, total: first?.total ?? 0 };
}
