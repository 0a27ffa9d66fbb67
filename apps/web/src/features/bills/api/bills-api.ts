import {
  BILL_MESSAGES,
  IDEMPOTENCY_HEADER,
  type BillDetail,
  type BillStatus,
  type BillTypeCode,
  type CollectorKind,
} from '@levy/contracts';
import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { callApi, showSuccessToast, uploadForm } from '../../../lib/api-client';
import * as calls from '@levy/contracts/calls';
import { downloadFile, fetchFile } from '../../../lib/download';
import { useSessionStore } from '../../../lib/session-store';
import { useRefreshDeadlines } from '../../../api/alerts-api';
import { organisationKeys } from '../../../api/organisation-api';
import { walletKeys } from '../../../api/wallets-api';

export const billKeys = {
  all: ['bills'] as const,
  precheck: (params: Record<string, unknown>) => ['bills', 'precheck', params] as const,
  awaitingCount: ['bills', 'awaiting-approval-count'] as const,
  types: ['bills', 'types'] as const,
  whtTypes: (stateId: number, period: string) => ['bills', 'wht-types', stateId, period] as const,
  lists: ['bills', 'list'] as const,
  list: (params: Record<string, unknown>) => ['bills', 'list', params] as const,
  one: (id: string) => ['bills', 'one', id] as const,
  items: (id: string, params: Record<string, unknown>) => ['bills', 'items', id, params] as const,
  calcItems: (id: string, page: number) => ['bills', 'wht-calc-items', id, page] as const,
};

/** While a bill is in one of these, its detail is asked again every 2 s until it settles. */
export const SETTLING_STATUSES: readonly BillStatus[] = ['pending', 'awaiting_payment_confirmation', 'payment_pending'];
export const SETTLING_POLL_MS = 2000;

/** The WHT 'processing' toast stays 5 s (docs/product.md §8). */
export const WHT_PROCESSING_TOAST_MS = 5000;

export function useBillTypes() {
  return useQuery({ queryKey: billKeys.types, queryFn: () => callApi(calls.listBillTypes), staleTime: Infinity });
}

/** The WHT types the state collects in the month (its rates are dated). */
export function useWhtTypes(stateId: number | null, period: string | null) {
  return useQuery({
    queryKey: billKeys.whtTypes(stateId ?? 0, period ?? ''),
    queryFn: () => callApi(calls.listStateWhtTypes, { params: { id: stateId!, period: period! } }),
    enabled: stateId !== null && period !== null,
    staleTime: 10 * 60_000,
  });
}

/** `period`: the bill's tax month, whose charge schedule prices it. */
export function calculateCharge(body: {
  type_id: number;
  amount_due: string;
  recipient_count: number;
  period: string;
}) {
  return callApi(calls.calculateBillCharge, { body });
}

/** The tax on one amount; quiet, because the form says what is wrong beside the amount. */
/** `collector` federal: the NRS's company rates; a State IRS's individual rates otherwise. */
export function calculateSingleWht(body: {
  wht_type: string;
  amount: string;
  period: string;
  collector: CollectorKind;
}) {
  return callApi(calls.calculateWhtTax, { body, quiet: true });
}

export function calculateBulkWht(input: {
  wht_type: string;
  period: string;
  collector: CollectorKind;
  file: File;
  onProgress?: (percent: number) => void;
}) {
  return uploadForm(calls.calculateWhtBulk, {
    fields: { wht_type: input.wht_type, period: input.period, collector: input.collector, file: input.file },
    onProgress: input.onProgress,
  });
}

export function useWhtCalcItems(id: string | null, page: number) {
  return useQuery({
    queryKey: billKeys.calcItems(id ?? '', page),
    queryFn: () => callApi(calls.listWhtCalcItems, { params: { id: id!, page, count: 50 } }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

export interface GenerateBill {
  corporationId: string;
  stateCode: string;
  type: BillTypeCode;
  /** The form fields: start_date, and for WHT payload_type, wht_type, end_date, calc_record_reference. */
  fields: Record<string, string | undefined>;
  recipients?: File;
  /** One per summary step shown: a double-click or a retry makes one bill and one debit. */
  idempotencyKey: string;
  onProgress?: (percent: number) => void;
}

/** Generates and pays a bill from the wallet (multipart, with the Idempotency-Key header). */
export function generateBill(input: GenerateBill): Promise<BillDetail> {
  return uploadForm(input.type === 'paye' ? calls.createPayeBill : calls.createWhtBill, {
    params: { corporation: input.corporationId, state: input.stateCode },
    fields: { ...input.fields, recipients: input.recipients },
    headers: { [IDEMPOTENCY_HEADER]: input.idempotencyKey },
    onProgress: input.onProgress,
  });
}

export interface PrecheckInput {
  corporationId: string;
  stateCode: string;
  type: BillTypeCode;
  /** YYYY-MM */
  month: string;
  /** The summary's total, naira. */
  total: string;
  /** The tax, naira: the basis of the late penalty when the month is overdue. */
  amountDue: string;
  /** WHT: the payees' fingerprint (whtPayeesFingerprint) or the bulk calculation they come from, to name a repeat before Pay. */
  payeesFingerprint?: string;
  calcRecordReference?: string;
}

/** What the summary shows before Pay (the month's other bills, the wallet, approval); the server decides again at Pay. */
export function usePrecheck(input: PrecheckInput | null) {
  const params = input
    ? {
        corporation_id: input.corporationId,
        state: input.stateCode,
        type: input.type,
        start_date: input.month,
        total: input.total,
        amount_due: input.amountDue,
        payees_fingerprint: input.payeesFingerprint,
        calc_record_reference: input.calcRecordReference,
      }
    : null;
  return useQuery({
    queryKey: billKeys.precheck(params ?? {}),
    queryFn: () => callApi(calls.precheckBill, { params: params! }),
    enabled: params !== null,
  });
}

/** The PAYE bill before a month for a corporation's state, with its employees: the summary's comparison. */
/** The bills awaiting approval, for an admin's count beside Bills in the side navigation. */
export function useAwaitingApprovalCount(enabled: boolean) {
  return useQuery({
    queryKey: billKeys.awaitingCount,
    queryFn: async () =>
      (
        await callApi(calls.listBills, {
          params: { page: 1, count: 1, filters: JSON.stringify([{ field: 'status', value: 'awaiting_approval' }]) },
          quiet: true,
        })
      ).pagination.total_count,
    enabled,
    refetchInterval: 60_000,
  });
}

/** Approve, decline or cancel a bill: the answer replaces the open bill, and lists and balances are read again. */
export function useBillDecision() {
  const queryClient = useQueryClient();
  const refreshDeadlines = useRefreshDeadlines();
  /** `confirmTotal`: the new total an approver accepts after approval answered that the rules changed.
   * Approval's refusals are shown by the caller, not toasted.
   */
  return async (
    action: 'approve' | 'reject' | 'cancel',
    id: string,
    options: { reason?: string; confirmTotal?: string } = {},
  ) => {
    const { reason } = options;
    const bill =
      action === 'approve'
        ? await callApi(calls.approveBill, {
            params: { id },
            body: options.confirmTotal ? { confirm_total: options.confirmTotal } : {},
            quiet: true,
          }).catch(async (error: unknown) => {
            // A refused approval may have closed the bill (its registration is gone): show it as it is now.
            await Promise.all([
              queryClient.invalidateQueries({ queryKey: billKeys.one(id) }),
              invalidateBillLists(queryClient),
            ]);
            throw error;
          })
        : action === 'reject'
          ? await callApi(calls.rejectBill, { params: { id }, body: { reason: reason ?? '' } })
          : await callApi(calls.cancelBill, { params: { id }, body: reason ? { reason } : {} });
    queryClient.setQueryData(billKeys.one(bill.id), bill);
    showSuccessToast(
      action === 'approve'
        ? BILL_MESSAGES.approved
        : action === 'reject'
          ? BILL_MESSAGES.declined
          : BILL_MESSAGES.cancelled,
    );
    await Promise.all([
      invalidateBillLists(queryClient),
      queryClient.invalidateQueries({ queryKey: walletKeys.all }),
      refreshDeadlines(),
    ]);
    return bill;
  };
}

export function useBills(params: Record<string, unknown>) {
  return useQuery({
    queryKey: billKeys.list(params),
    queryFn: () => callApi(calls.listBills, { params }),
    placeholderData: keepPreviousData,
  });
}

/**
 * One bill. While it is settling (WHT payment processing) it is asked again every 2 s; when it
 * settles, lists and wallet balances are refreshed.
 */
export function useBill(id: string | null) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: billKeys.one(id ?? ''),
    queryFn: () => callApi(calls.getBill, { params: { id: id! } }),
    enabled: id !== null,
    refetchInterval: (current) =>
      current.state.data && SETTLING_STATUSES.includes(current.state.data.status) ? SETTLING_POLL_MS : false,
  });
  const refreshDeadlines = useRefreshDeadlines();
  const status = query.data?.status;
  const previous = useRef(status);
  useEffect(() => {
    if (previous.current && status && previous.current !== status) {
      void invalidateBillLists(queryClient);
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      // A WHT bill that settled as paid answers its month's alert: the bell and the dashboard are read again.
      if (status === 'payment_paid') void refreshDeadlines();
    }
    previous.current = status;
  }, [status, queryClient, refreshDeadlines]);
  return query;
}

export function useBillItems(id: string, params: { page: number; search?: string }) {
  return useQuery({
    queryKey: billKeys.items(id, params),
    queryFn: () =>
      callApi(calls.listBillItems, {
        params: { id, page: params.page, count: 10, ...(params.search ? { search: params.search } : {}) },
      }),
    placeholderData: keepPreviousData,
  });
}

/** Every bill list (the bills page, a corporation's bills tab, the dashboard's recent bills), not the open bill's detail. */
function invalidateBillLists(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] === 'bills' && query.queryKey[1] !== 'one',
  });
}

/**
 * After a bill is made: the toast, then lists, wallet balances and the dashboard's counts are
 * asked again, and the deadlines (the session's alerts in the bell, the checklist, the calendar):
 * a PAYE bill is paid at once, so its month's alert is gone.
 */
export function useBillCreated() {
  const queryClient = useQueryClient();
  const refreshDeadlines = useRefreshDeadlines();
  const organisationId = useSessionStore((state) => state.organisation?.id);
  return (bill: BillDetail, message: string, autoClose?: number) => {
    showSuccessToast(message, autoClose);
    queryClient.setQueryData(billKeys.one(bill.id), bill);
    return Promise.all([
      invalidateBillLists(queryClient),
      queryClient.invalidateQueries({ queryKey: walletKeys.all }),
      organisationId ? queryClient.invalidateQueries({ queryKey: organisationKeys.summary(organisationId) }) : null,
      refreshDeadlines(),
    ]);
  };
}

export const BILL_SUCCESS = {
  paye: BILL_MESSAGES.payeGenerated,
  wht: BILL_MESSAGES.whtProcessing,
  awaitingApproval: BILL_MESSAGES.awaitingApproval,
} as const;

/** The toast for a bill just made: paid, processing, or waiting for an admin. */
export function billCreatedMessage(bill: BillDetail): string {
  if (bill.status === 'awaiting_approval') return BILL_SUCCESS.awaitingApproval;
  return bill.type === 'paye' ? BILL_SUCCESS.paye : BILL_SUCCESS.wht;
}

export function downloadBills(params: Record<string, string | number | boolean>, format: 'csv' | 'xlsx') {
  return downloadFile(calls.exportBills, { ...params, format });
}

/** The payroll on file of a registration as the PAYE template CSV, checked like a chosen file; null when it could not be read (toasted). */
export function fetchPayrollOnFile(corporationId: string, stateCode: string): Promise<File | null> {
  return fetchFile(calls.downloadPayrollFile, { id: corporationId, code: stateCode });
}

export function downloadReceipt(id: string) {
  return downloadFile(calls.getBillReceipt, { id });
}

export function downloadSchedule(id: string, format: 'csv' | 'xlsx') {
  return downloadFile(calls.getBillSchedule, { id, format });
}
