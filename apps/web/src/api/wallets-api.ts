import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callApi, showSuccessToast } from '../lib/api-client';
import * as calls from '@levy/contracts/calls';
import { downloadFile } from '../lib/download';
import { useSessionStore } from '../lib/session-store';

import { WITHDRAWAL_MESSAGES, type Wallet } from '@levy/contracts';

export type {
  FundingDifference,
  OrganisationWallets,
  PayoutBank,
  ResolvedBankAccount,
  Wallet,
  WalletHistoryItem,
  WalletType,
  Withdrawal,
} from '@levy/contracts';

/** How often wallets are read again while Paystack is still assigning an account. */
const PENDING_ACCOUNT_POLL_MS = 2_000;
const pollWhilePending = (wallets: Wallet[] | undefined) =>
  wallets?.some((wallet) => wallet.virtual_account.status === 'pending') ? PENDING_ACCOUNT_POLL_MS : false;

/** Whose history: the organisation's wallets, or one corporation's. */
export type HistoryScope = { organisationId: string } | { corporationId: string };

/** The history page of a scope. */
function fetchHistory(scope: HistoryScope, params: Record<string, unknown>) {
  return 'organisationId' in scope
    ? callApi(calls.listOrganisationWalletHistory, { params: { ...params, id: scope.organisationId } })
    : callApi(calls.listCorporationWalletHistory, { params: { ...params, id: scope.corporationId } });
}

/** Downloads a scope's history as CSV or XLSX with the list's filters and search. */
export function exportHistory(
  scope: HistoryScope,
  filters: Record<string, string | number | boolean>,
  format: 'csv' | 'xlsx',
) {
  return 'organisationId' in scope
    ? downloadFile(calls.exportOrganisationWalletHistory, { ...filters, format, id: scope.organisationId })
    : downloadFile(calls.exportCorporationWalletHistory, { ...filters, format, id: scope.corporationId });
}

export const walletKeys = {
  all: ['wallets'] as const,
  organisation: (organisationId: string) => ['wallets', 'organisation', organisationId] as const,
  corporation: (corporationId: string) => ['wallets', 'corporation', corporationId] as const,
  history: (scope: HistoryScope, params: Record<string, unknown>) => ['wallets', 'history', scope, params] as const,
  banks: ['wallets', 'banks'] as const,
  withdrawals: (organisationId: string, params: Record<string, unknown>) =>
    ['wallets', 'withdrawals', organisationId, params] as const,
  differences: (organisationId: string) => ['wallets', 'differences', organisationId] as const,
};

/** What the daily reconciliation with Paystack found on the organisation's wallets. */
export function useFundingDifferences(organisationId: string | undefined) {
  return useQuery({
    queryKey: walletKeys.differences(organisationId ?? ''),
    queryFn: () => callApi(calls.listFundingDifferences, { params: { id: organisationId! } }),
    enabled: Boolean(organisationId),
  });
}

/** The organisation's wallets; keeps the session's wallet type current, which the navigation reads. */
export function useOrganisationWallets(organisationId: string | undefined) {
  const setWallet = useSessionStore((state) => state.setWallet);
  const query = useQuery({
    queryKey: walletKeys.organisation(organisationId ?? ''),
    queryFn: () => callApi(calls.getOrganisationWallets, { params: { id: organisationId! } }),
    enabled: Boolean(organisationId),
    refetchInterval: (current) => pollWhilePending(current.state.data?.wallets),
  });
  const type = query.data?.wallet_type;
  useEffect(() => {
    if (type) setWallet({ type });
  }, [type, setWallet]);
  return query;
}

export function useCorporationWallets(corporationId: string) {
  return useQuery({
    queryKey: walletKeys.corporation(corporationId),
    queryFn: () => callApi(calls.getCorporationWallets, { params: { id: corporationId } }),
    refetchInterval: (current) => pollWhilePending(current.state.data),
  });
}

export function useWalletHistory(scope: HistoryScope, params: Record<string, unknown>) {
  return useQuery({
    queryKey: walletKeys.history(scope, params),
    queryFn: () => fetchHistory(scope, params),
    placeholderData: keepPreviousData,
  });
}

/** "I sent money and don't see it": Paystack looks for the transfer; what it finds arrives by webhook. */
export function useRequeryWalletFunding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (walletId: string) => callApi(calls.requeryWalletFunding, { params: { id: walletId } }),
    onSuccess: () => {
      showSuccessToast('Paystack is checking for transfers to this account; any it finds are credited within minutes.');
      // A transfer it finds is usually credited at once: read the wallets again shortly.
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: walletKeys.all }), PENDING_ACCOUNT_POLL_MS);
    },
  });
}

/** Sandbox: a transfer into a wallet's account at the local Paystack fake, which sends its signed webhook. */
export function useSimulateTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ walletId, amount }: { walletId: string; amount: string }) =>
      callApi(calls.simulateTransfer, { params: { id: walletId }, body: { amount } }),
    onSuccess: () => {
      showSuccessToast('Transfer received');
      return queryClient.invalidateQueries();
    },
  });
}

/** The banks a withdrawal can go to (read when the withdraw dialog opens; the list rarely changes). */
export function useBanks() {
  return useQuery({
    queryKey: walletKeys.banks,
    queryFn: () => callApi(calls.listBanks),
    staleTime: 60 * 60_000,
  });
}

/** The name a bank gives an account number; rejects with the ApiError (INVALID_INPUT on account_number) quietly. */
export function resolveBankAccount(bankCode: string, accountNumber: string) {
  return callApi(calls.resolveBankAccount, {
    params: { bank_code: bankCode, account_number: accountNumber },
    quiet: true,
  });
}

/** Money out of a wallet to the organisation's bank; the form shows refusals itself, so the call is quiet. */
export function useRequestWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      walletId: string;
      amount: string;
      bankCode: string;
      accountNumber: string;
      accountName: string;
    }) =>
      callApi(calls.requestWithdrawal, {
        params: { id: input.walletId },
        body: {
          amount: input.amount,
          bank_code: input.bankCode,
          account_number: input.accountNumber,
          account_name: input.accountName,
        },
        quiet: true,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}

/** The organisation's withdrawals, newest first; read again while one is on its way. */
export function useWithdrawals(organisationId: string, params: Record<string, unknown>) {
  return useQuery({
    queryKey: walletKeys.withdrawals(organisationId, params),
    queryFn: () => callApi(calls.listWithdrawals, { params: { ...params, id: organisationId } }),
    placeholderData: keepPreviousData,
    refetchInterval: (current) =>
      current.state.data?.items.some((item) => item.status === 'processing') ? 10_000 : false,
  });
}

/** Another admin approves or declines a waiting withdrawal. */
export function useWithdrawalDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'approve' | 'reject' }) =>
      action === 'approve'
        ? callApi(calls.approveWithdrawal, { params: { id } })
        : callApi(calls.rejectWithdrawal, { params: { id }, body: {} }),
    onSuccess: (_withdrawal, { action }) => {
      showSuccessToast(action === 'approve' ? WITHDRAWAL_MESSAGES.approved : WITHDRAWAL_MESSAGES.rejected);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  });
}
