import { BANK_CATEGORIES, BANK_CATEGORY_CODES, DATE_PRESETS, type ListFilter } from '@levy/contracts';
import dayjs from 'dayjs';
import type { FilterField } from '../../../components/query/filter-popover';
import type { QueryState, SortKey } from '../../../components/query/query-state';

/** Statements read oldest first, as the bank prints them. */
export const TRANSACTION_DEFAULT_SORT: QueryState['sort'] = { key: 'date', direction: 'asc' };
export const TRANSACTION_SORT_KEYS: SortKey[] = ['date', 'amount'];
export const TRANSACTION_PAGE_SIZE = 20;

export function defaultTransactionQuery(): QueryState {
  return { search: { key: 'narration', value: '' }, sort: TRANSACTION_DEFAULT_SORT, filters: [] };
}

const PRESET_LABELS: Record<Exclude<(typeof DATE_PRESETS)[number], 'all' | 'custom'>, string> = {
  last_7_days: 'Last 7 days',
  last_30_days: 'Last 30 days',
  last_90_days: 'Last 90 days',
  last_180_days: 'Last 180 days',
};

/** The transactions filter: category, direction, amount range, a period counted back from the statement's last day, or dates. */
export const TRANSACTION_FILTER_FIELDS: FilterField[] = [
  {
    type: 'select',
    field: 'category',
    label: 'Category',
    display: 'dropdown',
    options: BANK_CATEGORY_CODES.map((code) => ({ value: code, label: BANK_CATEGORIES[code] })),
  },
  {
    type: 'select',
    field: 'type',
    label: 'Type',
    options: [
      { value: 'credit', label: 'Credits' },
      { value: 'debit', label: 'Debits' },
    ],
  },
  { type: 'amount-range', field: 'amount', label: 'Amount' },
  {
    type: 'select',
    field: 'date_preset',
    label: "Period to the statement's last day",
    display: 'dropdown',
    options: Object.entries(PRESET_LABELS).map(([value, label]) => ({ value, label })),
  },
  { type: 'date-range', field: 'date', label: 'Dates' },
];

function filterValue(filters: ListFilter[], field: string, op?: ListFilter['cond_op']): string | undefined {
  const found = filters.find((filter) => filter.field === field && filter.cond_op === op);
  return found === undefined ? undefined : String(found.value);
}

/**
 * The transactions call's params from the shared query bar's state: search, order, and the
 * filters turned into the call's own fields (category, type, amount_min/max, date_preset,
 * date_from/to as calendar days).
 */
export function toTransactionParams(
  state: QueryState,
  page: number,
  count = TRANSACTION_PAGE_SIZE,
): Record<string, string | number | boolean> {
  const params: Record<string, string | number | boolean> = {
    page,
    count,
    order_by: state.sort.key,
    is_asc: state.sort.direction === 'asc',
  };
  const search = state.search.value.trim();
  if (search) params.search = search;
  const { filters } = state;
  const singles = {
    category: filterValue(filters, 'category'),
    type: filterValue(filters, 'type'),
    date_preset: filterValue(filters, 'date_preset'),
  };
  for (const [key, value] of Object.entries(singles)) if (value) params[key] = value;
  const amountMin = filterValue(filters, 'amount', '>=');
  const amountMax = filterValue(filters, 'amount', '<=');
  if (amountMin) params.amount_min = amountMin;
  if (amountMax) params.amount_max = amountMax;
  const from = filterValue(filters, 'date', '>=');
  const to = filterValue(filters, 'date', '<=');
  if (from) params.date_from = dayjs(from).format('YYYY-MM-DD');
  if (to) params.date_to = dayjs(to).format('YYYY-MM-DD');
  if ((from || to) && !params.date_preset) params.date_preset = 'custom';
  return params;
}
