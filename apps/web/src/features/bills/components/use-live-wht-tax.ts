import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { calculateSingleWht } from '../api/bills-api';
import { isPositive, type WhtValues } from '../model/wht-bill-form';

/** The WHT calculation is asked 700 ms after the amount stops changing (docs/product.md §9). */
const WHT_CALC_DEBOUNCE_MS = 700;

/** Single payee, auto: the tax on the amount, shown live; current once it answers for the amount as typed now. */
export function useLiveWhtTax(values: WhtValues, period: string | null, collector: 'state' | 'federal') {
  const [debouncedAmount] = useDebouncedValue(values.amount, WHT_CALC_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: ['bills', 'wht-tax', values.wht_type, debouncedAmount, period, collector],
    queryFn: () =>
      calculateSingleWht({ wht_type: values.wht_type!, amount: debouncedAmount, period: period!, collector }),
    enabled:
      values.kind === 'single' &&
      values.method === 'auto' &&
      values.wht_type !== null &&
      period !== null &&
      isPositive(debouncedAmount),
    staleTime: Infinity,
  });
  return { query, isCurrent: query.data !== undefined && debouncedAmount === values.amount && !query.isFetching };
}
