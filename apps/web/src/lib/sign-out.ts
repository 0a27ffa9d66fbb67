import { logout } from '@levy/contracts';
import { callApi } from './api-client';
import { queryClient } from './query-client';
import { readSession, useSessionStore } from './session-store';

/** Revokes the token (best effort), clears the session and every cached answer. */
export function signOutLocally(): void {
  const { token } = readSession();
  if (token) void callApi(logout, { token, quiet: true }).catch(() => undefined);
  useSessionStore.getState().reset();
  queryClient.clear();
}
