import type { RegisterUser, SessionPayload } from '@levy/contracts';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { callGateway } from '../../../lib/api-client';
import { signOutLocally } from '../../../lib/sign-out';
import { useSessionStore } from '../../../lib/session-store';

export function login(input: { email: string; password: string }) {
  return callGateway<SessionPayload>({ method: 'POST', namespace: 'public', path: 'authx/authorize', body: input });
}

export interface RegisterResult {
  email: string;
  requires_verification: boolean;
  session: SessionPayload | null;
}

export function register(input: RegisterUser) {
  return callGateway<RegisterResult>({ method: 'POST', namespace: 'public', path: 'users/register', body: input });
}

export function verifyEmail(token: string) {
  return callGateway<SessionPayload>({ method: 'POST', namespace: 'public', path: 'users/verify-email', body: { token } });
}

export function requestPasswordReset(email: string) {
  return callGateway<null>({ method: 'POST', namespace: 'public', path: 'users/password/forgot', body: { email } });
}

export function resetPassword(token: string, password: string) {
  return callGateway<null>({ method: 'POST', namespace: 'public', path: 'users/password/reset', body: { token, password } });
}

/** Reloads the session from the server (after joining or creating an organisation, or a role change). */
export async function refreshSession(): Promise<SessionPayload> {
  const session = await callGateway<SessionPayload>({ method: 'GET', namespace: 'auth', path: 'users/me' });
  useSessionStore.getState().setSession(session);
  return session;
}

export interface MarketingSource {
  id: number;
  name: string;
}

export function useMarketingSources() {
  return useQuery({
    queryKey: ['marketing-sources'],
    queryFn: () => callGateway<MarketingSource[]>({ method: 'GET', namespace: 'auth', path: 'marketing/sources', token: null }),
    staleTime: Infinity,
  });
}

/** Signs out and goes to the root path (product-spec §4). */
export function useSignOut() {
  const navigate = useNavigate();
  return () => {
    signOutLocally();
    void navigate('/');
  };
}
