import { callApi } from './api-client';
import { queryClient } from './query-client';
import { readSession, useSessionStore } from './session-store';

/** Revokes the token (best effort), clears the session and every cached answer. */
export function signOutLocally(): void {
  const { token } = readSession();
  // The declared calls load only when someone signs out: every page, the home page too, imports this module.
  if (token)
    void import('@levy/contracts/calls')
      .then((calls) => callApi(calls.logout, { token, quiet: true }))
      .catch(() => undefined);
  useSessionStore.getState().reset();
  queryClient.clear();
}
