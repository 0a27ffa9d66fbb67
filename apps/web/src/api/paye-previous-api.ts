import { useQuery } from '@tanstack/react-query';
import * as calls from '@levy/contracts/calls';
import { callApi } from '../lib/api-client';

/**
 * The corporation's PAYE bill in a state before a month, with its employees: what the PAYE summary
 * and a payroll upload compare their employees with. Under the bills' key, so paying a bill reads it again.
 */
export function usePreviousPayeBill(input: { corporationId: string; stateCode: string; month: string } | null) {
  const params = input
    ? { corporation_id: input.corporationId, state: input.stateCode, start_date: input.month }
    : null;
  return useQuery({
    queryKey: ['bills', 'previous-paye', params ?? {}],
    queryFn: () => callApi(calls.previousPayeBill, { params: params!, quiet: true }),
    enabled: params !== null,
  });
}
