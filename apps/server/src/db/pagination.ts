import type { ListParams, Page } from '@levy/contracts';

/** Limit and offset for a list call; no_pages returns everything in one page. */
export function pageWindow(params: Pick<ListParams, 'page' | 'count' | 'no_pages'>, cap = 10_000): { limit: number; offset: number } {
  if (params.no_pages) return { limit: cap, offset: 0 };
  return { limit: params.count, offset: (params.page - 1) * params.count };
}

export function toPage<T>(items: T[], totalCount: number, params: Pick<ListParams, 'page' | 'count' | 'no_pages'>): Page<T> {
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
