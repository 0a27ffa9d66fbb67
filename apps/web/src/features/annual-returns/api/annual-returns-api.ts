import { ANNUAL_RETURN_MESSAGES } from '@levy/contracts';
import * as calls from '@levy/contracts/calls';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRefreshDeadlines } from '../../../api/alerts-api';
import { callApi, showSuccessToast } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';

export interface ReturnKey {
  corporationId: string;
  stateCode: string;
  year: number;
}

const params = (key: ReturnKey) => ({ id: key.corporationId, state: key.stateCode, year: key.year });

export const annualReturnKeys = {
  all: ['annual-returns'] as const,
  one: (key: ReturnKey) => ['annual-returns', key.corporationId, key.stateCode, key.year] as const,
};

export function useAnnualReturn(key: ReturnKey | null) {
  return useQuery({
    queryKey: key ? annualReturnKeys.one(key) : annualReturnKeys.all,
    queryFn: () => callApi(calls.getAnnualReturn, { params: params(key!) }),
    enabled: key !== null,
  });
}

/** Submit (no reason) or amend (with why): either files a version with the revenue service. */
export function useFileAnnualReturn(key: ReturnKey) {
  const queryClient = useQueryClient();
  const refreshDeadlines = useRefreshDeadlines();
  return useMutation({
    mutationFn: (amendment: { reason: string } | null) =>
      amendment
        ? callApi(calls.amendAnnualReturn, { params: params(key), body: amendment })
        : callApi(calls.submitAnnualReturn, { params: params(key) }),
    onSuccess: (view, amendment) => {
      queryClient.setQueryData(annualReturnKeys.one(key), view);
      showSuccessToast(amendment ? ANNUAL_RETURN_MESSAGES.amended : ANNUAL_RETURN_MESSAGES.submitted);
      return refreshDeadlines();
    },
  });
}

/** The acknowledgement the portal gave for a return filed there by hand (manual mode). */
export function useRecordAnnualReturnAcknowledgement(key: ReturnKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reference: string) =>
      callApi(calls.recordAnnualReturnAcknowledgement, { params: params(key), body: { reference } }),
    onSuccess: (view) => {
      queryClient.setQueryData(annualReturnKeys.one(key), view);
      showSuccessToast('Acknowledgement recorded');
    },
  });
}

export function downloadAnnualReturn(key: ReturnKey, format: 'csv' | 'xlsx' | 'pdf') {
  return downloadFile(calls.exportAnnualReturn, { ...params(key), format });
}

export function downloadTaxCards(key: ReturnKey) {
  return downloadFile(calls.downloadTaxCards, params(key));
}

export function downloadTaxCard(key: ReturnKey, taxPayerNumber: string) {
  return downloadFile(calls.downloadTaxCard, { ...params(key), taxPayerNumber });
}
