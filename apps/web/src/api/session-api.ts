import type { RegisterUser, SessionPayload } from '@levy/contracts';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { callApi } from '../lib/api-client';
import * as calls from '@levy/contracts/calls';
import { signOutLocally } from '../lib/sign-out';
import { useSessionStore } from '../lib/session-store';

export function login(input: { email: string; password: string }) {
  return callApi(calls.login, { body: input });
}

export function register(input: RegisterUser) {
  return callApi(calls.registerUser, { body: input });
}

export function verifyEmail(token: string) {
  return callApi(calls.verifyEmail, { body: { token } });
}

export function requestPasswordReset(email: string) {
  return callApi(calls.requestPasswordReset, { body: { email } });
}

export function resetPassword(token: string, password: string) {
  return callApi(calls.resetPassword, { body: { token, password } });
}

/** Reloads the session from the server (after joining or creating an organisation, or a role change). */
export async function refreshSession(): Promise<SessionPayload> {
  const session = await callApi(calls.getSession);
  useSessionStore.getState().setSession(session);
  return session;
}

export function useMarketingSources() {
  return useQuery({
    queryKey: ['marketing-sources'],
    queryFn: () => callApi(calls.listMarketingSources, { token: null }),
    staleTime: Infinity,
  });
}

/** Signs out and goes to the root path (docs/product.md §4). */
export function useSignOut() {
  const navigate = useNavigate();
  return () => {
    signOutLocally();
    void navigate('/');
  };
}
