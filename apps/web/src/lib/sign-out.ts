import { callApi } from './api-client';
import { queryClient } from './query-client';
import { readSession, useSessionStore } from './session-store';

/** Revokes the token (best effort), clears the session and every cached answer. */
export function signOutLocally(): void {
  const { token } = readSession();
  // The table of calls loads only when someone signs out: every page imports this module.
  if (token) void import('@levy/contracts/calls').then(({ calls }) => callApi(calls.logout, { token, quiet: true })).catch(() => undefined);
  useSessionStore.getState().reset();
  queryClient.clear();
}
