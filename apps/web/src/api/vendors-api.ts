import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as calls from '@levy/contracts/calls';
import { callApi, showSuccessToast } from '../lib/api-client';
import { downloadFile } from '../lib/download';

// Vendors and credit notes: the vendors screen lists them, a bill's drawer downloads a paid WHT
// bill's notes, and the single-payee WHT form suggests known vendors.

export const vendorKeys = {
  all: ['vendors'] as const,
  list: (params: Record<string, unknown>) => ['vendors', 'list', params] as const,
  notes: (taxPayerNumber: string) => ['vendors', 'notes', taxPayerNumber] as const,
};

export function useVendors(params: { page: number; count: number; search?: string }) {
  return useQuery({
    queryKey: vendorKeys.list(params),
    queryFn: () => callApi(calls.listVendors, { params }),
    placeholderData: keepPreviousData,
  });
}

/** Known vendors whose name or Tax ID holds `text` (two characters at least): the WHT form's suggestions. */
export function useVendorSuggestions(text: string) {
  const search = text.trim();
  return useQuery({
    queryKey: vendorKeys.list({ page: 1, count: 5, search }),
    queryFn: () => callApi(calls.listVendors, { params: { page: 1, count: 5, search }, quiet: true }),
    enabled: search.length >= 2,
    staleTime: 60_000,
  });
}

export function useVendorCreditNotes(taxPayerNumber: string | null) {
  return useQuery({
    queryKey: vendorKeys.notes(taxPayerNumber ?? ''),
    queryFn: () => callApi(calls.listVendorCreditNotes, { params: { tax_payer_number: taxPayerNumber! } }),
    enabled: taxPayerNumber !== null,
  });
}

export function useUpdateVendorEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taxPayerNumber, email }: { taxPayerNumber: string; email: string }) =>
      callApi(calls.updateVendor, { params: { tax_payer_number: taxPayerNumber }, body: { email } }),
    onSuccess: (vendor) => {
      showSuccessToast(
        vendor.email ? `Credit notes for ${vendor.name} go to ${vendor.email}` : `${vendor.name} has no email now`,
      );
      return queryClient.invalidateQueries({ queryKey: vendorKeys.all });
    },
  });
}

export function useSendCreditNote() {
  return useMutation({
    mutationFn: ({ billId, row }: { billId: string; row: number }) =>
      callApi(calls.sendBillCreditNote, { params: { id: billId, row } }),
    onSuccess: (sent) => showSuccessToast(`The credit note was sent to ${sent.to}`),
  });
}

/** One payee's credit note (PDF), by their row in the bill. */
export function downloadCreditNote(billId: string, row: number) {
  return downloadFile(calls.getBillCreditNote, { id: billId, row });
}

/** Every credit note of a paid WHT bill, as a ZIP. */
export function downloadCreditNotes(billId: string) {
  return downloadFile(calls.getBillCreditNotes, { id: billId });
}
