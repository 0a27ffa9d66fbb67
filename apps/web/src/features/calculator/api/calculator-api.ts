import type {
  CalculatePaye,
  CalculateWht,
  PayeCalculation,
  ShareCalculation,
  SharedCalculation,
  SharedCalculationCreated,
  WhtCalculation,
} from '@levy/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, callApi } from '../../../lib/api-client';

// The calculator is public: its calls never send the session token (namespace `public`).

export function calculatePaye(body: CalculatePaye): Promise<PayeCalculation> {
  return callApi<PayeCalculation>({ method: 'POST', namespace: 'public', path: 'calculator/paye', body, token: null });
}

export function calculateWht(body: CalculateWht): Promise<WhtCalculation> {
  return callApi<WhtCalculation>({ method: 'POST', namespace: 'public', path: 'calculator/wht', body, token: null });
}

export function shareCalculation(body: ShareCalculation): Promise<SharedCalculationCreated> {
  return callApi<SharedCalculationCreated>({ method: 'POST', namespace: 'public', path: 'calculator/share', body, token: null });
}

/** A shared calculation's inputs; quiet, because the page explains a missing link itself. */
export function fetchSharedCalculation(token: string): Promise<SharedCalculation> {
  return callApi<SharedCalculation>({
    method: 'GET',
    namespace: 'public',
    path: `calculator/share/${encodeURIComponent(token)}`,
    token: null,
    quiet: true,
  });
}

export function usePayeCalculation() {
  return useMutation({ mutationFn: calculatePaye });
}

export function useWhtCalculation() {
  return useMutation({ mutationFn: calculateWht });
}

export function useShareCalculation() {
  return useMutation({ mutationFn: shareCalculation });
}

export function useSharedCalculation(token: string | undefined) {
  return useQuery({
    queryKey: ['calculator', 'share', token],
    queryFn: () => fetchSharedCalculation(token!),
    enabled: Boolean(token),
    // A shared link's inputs never change.
    staleTime: Infinity,
  });
}

/** NOT_FOUND from the share call: the link was mistyped or never existed. */
export function isMissingShare(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'NOT_FOUND';
}
