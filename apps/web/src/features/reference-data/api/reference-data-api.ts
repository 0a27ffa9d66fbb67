import type {
  AddChargeRowBody,
  AddHolidayRowBody,
  AddMprRowBody,
  AddRemittanceRouteBody,
  AddWhtRateRowBody,
  ReferenceData,
  ReferenceTableCode,
} from '@levy/contracts';
import * as calls from '@levy/contracts/calls';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, showSuccessToast } from '../../../lib/api-client';

const referenceDataKey = ['reference-data'] as const;

export function useReferenceData() {
  return useQuery({ queryKey: referenceDataKey, queryFn: () => callApi(calls.getReferenceData) });
}

/** Each write answers with the whole screen's data: it replaces the cached copy. */
function useReferenceWrite<T>(write: (input: T) => Promise<ReferenceData>, success: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (data) => {
      showSuccessToast(success);
      queryClient.setQueryData(referenceDataKey, data);
    },
  });
}

export function useAddMprRow() {
  return useReferenceWrite((body: AddMprRowBody) => callApi(calls.addMprRow, { body }), 'MPR row added');
}

export function useAddHolidayRow() {
  return useReferenceWrite((body: AddHolidayRowBody) => callApi(calls.addHolidayRow, { body }), 'Holiday added');
}

export function useAddChargeRow() {
  return useReferenceWrite(
    (body: AddChargeRowBody) => callApi(calls.addChargeRow, { body }),
    'Charge schedule row added',
  );
}

export function useAddWhtRateRow() {
  return useReferenceWrite((body: AddWhtRateRowBody) => callApi(calls.addWhtRateRow, { body }), 'WHT rate row added');
}

export function useMarkReviewed() {
  return useReferenceWrite(
    ({ table, source }: { table: ReferenceTableCode; source: string }) =>
      callApi(calls.markReferenceReviewed, { params: { table }, body: { source } }),
    'Marked as reviewed',
  );
}

export function useAddRemittanceRoute() {
  return useReferenceWrite(
    (body: AddRemittanceRouteBody) => callApi(calls.addRemittanceRoute, { body }),
    'Remittance route added',
  );
}
