import type { CalculatePaye, CalculateWht, ShareCalculation } from '@levy/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import * as calls from '@levy/contracts/public-calls';
import { ApiError, callApi } from '../../../lib/api-client';

// The calculator is public: its calls never send the session token (namespace `public`). Their
// declarations are the public pages' few, not the whole table (public-calls.ts).

export async function calculatePaye(body: CalculatePaye) {
  return callApi(calls.calculatePaye, { body, token: null });
}

export async function calculateWht(body: CalculateWht) {
  return callApi(calls.calculateWht, { body, token: null });
}

export async function shareCalculation(body: ShareCalculation) {
  return callApi(calls.shareCalculation, { body, token: null });
}

/** A shared calculation's inputs; quiet, because the page explains a missing link itself. */
export async function fetchSharedCalculation(token: string) {
  return callApi(calls.getSharedCalculation, { params: { token }, token: null, quiet: true });
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
