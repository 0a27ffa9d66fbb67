import {
  calculatePaye as calculatePayeCall,
  calculateWht as calculateWhtCall,
  getSharedCalculation,
  shareCalculation as shareCalculationCall,
  type CalculatePaye,
  type CalculateWht,
  type ShareCalculation,
} from '@levy/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, callApi } from '../../../lib/api-client';

// The calculator is public: its calls never send the session token (namespace `public`).

export function calculatePaye(body: CalculatePaye) {
  return callApi(calculatePayeCall, { body, token: null });
}

export function calculateWht(body: CalculateWht) {
  return callApi(calculateWhtCall, { body, token: null });
}

export function shareCalculation(body: ShareCalculation) {
  return callApi(shareCalculationCall, { body, token: null });
}

/** A shared calculation's inputs; quiet, because the page explains a missing link itself. */
export function fetchSharedCalculation(token: string) {
  return callApi(getSharedCalculation, { params: { token }, token: null, quiet: true });
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
