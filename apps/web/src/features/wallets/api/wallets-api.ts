import type { Page } from '@levy/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { callGateway, showSuccessToast } from '../../../lib/api-client';
import { useSessionStore } from '../../../lib/session-store';

export type WalletType = 'organisation' | 'corporations';

export interface Wallet {
  id: string;
  type: 'organisation' | 'corporation';
  name: string;
  corporation_id: string | null;
  balance: string;
  virtual_account: { account_number: string; bank_name: string; bank_code: string; account_name: string };
}

export interface OrganisationWallets {
  wallet_type: WalletType;
  total_balance: string;
  can_simulate_transfers: boolean;
  wallets: Wallet[];
}

export interface WalletHistoryItem {
  id: number;
  reference: string;
  description: string;
  type: 'credit' | 'debit';
  amount: string;
  balance_after: string;
  status: string;
  category: string;
  wallet: { id: string; name: string };
  created_at: string;
}

/** Whose history: the organisation's wallets, or one corporation's. */
export type HistoryScope = { organisationId: string } | { corporationId: string };

export function historyAddress(scope: HistoryScope): string {
  return 'organisationId' in scope ? `internal/organisations/${scope.organisationId}/wallets/history` : `internal/corporations/${scope.corporationId}/wallets/history`;
}

export const walletKeys = {
  all: ['wallets'] as const,
  organisation: (organisationId: string) => ['wallets', 'organisation', organisationId] as const,
  corporation: (corporationId: string) => ['wallets', 'corporation', corporationId] as const,
  history: (scope: HistoryScope, params: Record<string, unknown>) => ['wallets', 'history', scope, params] as const,
};

/** The organisation's wallets; keeps the session's wallet type current, which the navigation reads. */
export function useOrganisationWallets(organisationId: string | undefined) {
  const setWallet = useSessionStore((state) => state.setWallet);
  const query = useQuery({
    queryKey: walletKeys.organisation(organisationId ?? ''),
    queryFn: () => callGateway<OrganisationWallets>({ method: 'GET', namespace: 'core', path: `internal/organisations/${organisationId}/wallets` }),
    enabled: Boolean(organisationId),
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
    queryFn: () => callGateway<Wallet[]>({ method: 'GET', namespace: 'core', path: `internal/corporations/${corporationId}/wallets` }),
  });
}

export function useWalletHistory(scope: HistoryScope, params: Record<string, unknown>) {
  return useQuery({
    queryKey: walletKeys.history(scope, params),
    queryFn: () => callGateway<Page<WalletHistoryItem>>({ method: 'GET', namespace: 'core', path: historyAddress(scope), params }),
    placeholderData: keepPreviousData,
  });
}

/** Sandbox: a simulated bank transfer into a wallet, through the signed payment webhook. */
export function useSimulateTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ walletId, amount }: { walletId: string; amount: string }) =>
      callGateway<{ credited: boolean; amount: string }>({ method: 'POST', namespace: 'core', path: `internal/sandbox/wallets/${walletId}/fund`, body: { amount } }),
    onSuccess: () => {
      showSuccessToast('Transfer received');
      return queryClient.invalidateQueries();
    },
  });
}
