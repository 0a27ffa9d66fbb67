import type { ListFilter } from '@levy/contracts';

/** Sort keys with their labels and kinds (docs/product.md §3). */
export const SORT_KEYS = {
  created_at: { label: 'Date created', kind: 'number' },
  done_at: { label: 'Date added', kind: 'number' },
  name: { label: 'Name', kind: 'string' },
  date: { label: 'Date', kind: 'number' },
  amount: { label: 'Amount', kind: 'amount' },
} as const;

export type SortKey = keyof typeof SORT_KEYS;
export type SortDirection = 'asc' | 'desc';

export interface QueryState {
  search: { key: string; value: string };
  sort: { key: SortKey; direction: SortDirection };
  filters: ListFilter[];
}

/** Default: newest first, search on name (docs/product.md §9). */
export function defaultQueryState(searchKey = 'name'): QueryState {
  return { search: { key: searchKey, value: '' }, sort: { key: 'created_at', direction: 'desc' }, filters: [] };
}

/** Oldest first / Newest first for dates, Ascending / Descending for names (docs/product.md §9); Smallest / Largest first for amounts. */
export function sortDirectionLabel(key: SortKey, direction: SortDirection): string {
  const { kind } = SORT_KEYS[key];
  if (kind === 'number') return direction === 'asc' ? 'Oldest first' : 'Newest first';
  if (kind === 'amount') return direction === 'asc' ? 'Smallest first' : 'Largest first';
  return direction === 'asc' ? 'Ascending' : 'Descending';
}

export function sortLabel(sort: QueryState['sort']): string {
  return `${SORT_KEYS[sort.key].label}: ${sortDirectionLabel(sort.key, sort.direction)}`;
}

export function isDefaultSort(
  sort: QueryState['sort'],
  fallback: QueryState['sort'] = defaultQueryState().sort,
): boolean {
  return sort.key === fallback.key && sort.direction === fallback.direction;
}

/** The list call's params: search, search_key, order_by, is_asc, filters (JSON), page, count. */
export function toListParams(state: QueryState, page: number, count = 10): Record<string, string | number | boolean> {
  const params: Record<string, string | number | boolean> = {
    page,
    count,
    order_by: state.sort.key,
    is_asc: state.sort.direction === 'asc',
  };
  const search = state.search.value.trim();
  if (search) {
    params.search = search;
    params.search_key = state.search.key;
  }
  if (state.filters.length > 0) params.filters = JSON.stringify(state.filters);
  return params;
}
