import * as calls from '@levy/contracts/public-calls';
import { useQuery } from '@tanstack/react-query';
import { ApiError, callApi } from '../../../lib/api-client';

// The verify page is public: its call never sends a session token (namespace `public`), and it is
// quiet, because the page itself says what an unknown code or a refused check means.

export async function verifyReceipt(code: string) {
  return callApi(calls.verifyReceipt, {
    params: { code },
    token: null,
    quiet: true,
  });
}

export function useReceiptVerification(code: string | undefined) {
  return useQuery({
    queryKey: ['receipts', 'verify', code],
    queryFn: () => verifyReceipt(code!),
    enabled: Boolean(code),
    // A paid receipt's facts never change; every lookup counts against the address's limit.
    staleTime: Infinity,
    retry: false,
  });
}

/** Why a check gave no facts: the code matches no receipt, the address checked too many, or the check failed. */
export function verificationFailure(error: unknown): 'not-found' | 'rate-limited' | 'unavailable' {
  if (error instanceof ApiError && error.code === 'NOT_FOUND') return 'not-found';
  if (error instanceof ApiError && error.code === 'RATE_LIMITED') return 'rate-limited';
  return 'unavailable';
}
