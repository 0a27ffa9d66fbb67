import { callGateway } from './api-client';
import { queryClient } from './query-client';
import { readSession, useSessionStore } from './session-store';

/** Revokes the token (best effort), clears the session and every cached answer. */
export function signOutLocally(): void {
  const { token } = readSession();
  if (token) void callGateway({ method: 'POST', namespace: 'auth', path: 'authx/logout', token, quiet: true }).catch(() => undefined);
  useSessionStore.getState().reset();
  queryClient.clear();
}
