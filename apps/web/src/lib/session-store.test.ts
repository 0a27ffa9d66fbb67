import type { SessionPayload } from '@levy/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { EMPTY_SESSION, SESSION_STORAGE_KEY, useSessionStore } from './session-store';

const loginResult: SessionPayload = {
  token: 'token-1',
  user: {
    id: 'u1',
    first_name: 'Ada',
    last_name: 'Okafor',
    email: 'ada@example.ng',
    phone: '+2348012345678',
    user_type: { id: 7, code: 'customer' },
    role: { id: 1, code: 'user.admin', name: 'Admin' },
  },
  permissions: { auth: { 'organisation.getone': true } },
  kyc: { is_completed: true },
  organisation: { id: 'o1', name: 'Acme', is_owner: true, is_kyc_completed: true },
  invitations: [],
  alerts: [
    {
      date: '2026-11-01',
      tax_month: '2026-10',
      state: 'Lagos',
      deadline_date: '2026-11-10',
      start_date: '2026-10-01',
      kind: 'paye',
      corporation: { id: 'c1', name: 'Acme Ltd' },
      state_code: 'LA',
      message: 'PAYE tax for October 2026, due by 10 Nov, 2026',
      status: 'due',
      days_left: 9,
      days_overdue: null,
      safe_date: null,
      safe_note: null,
      penalty: null,
      penalty_rule: null,
      pay_link: '/bills?pay=paye&corporation=c1&state=LA&month=2026-10',
      note: null,
    },
  ],
};

function fields() {
  const { token, user, permissions, kyc, invitations, organisation, wallet, alerts } = useSessionStore.getState();
  return { token, user, permissions, kyc, invitations, organisation, wallet, alerts };
}

function stored() {
  const raw = sessionStorage.getItem(SESSION_STORAGE_KEY);
  return raw ? (JSON.parse(raw) as { state: Record<string, unknown> }).state : null;
}

describe('session store (docs/product.md §3–4)', () => {
  beforeEach(() => useSessionStore.getState().reset());

  it('starts with every field null', () => {
    expect(fields()).toEqual(EMPTY_SESSION);
  });

  it('sets the whole session from a login result, all but the wallet', () => {
    useSessionStore.getState().setWallet({ type: 'organisation' });
    useSessionStore.getState().setSession(loginResult);
    expect(fields()).toEqual({
      token: 'token-1',
      user: loginResult.user,
      permissions: loginResult.permissions,
      kyc: loginResult.kyc,
      invitations: [],
      organisation: loginResult.organisation,
      alerts: loginResult.alerts,
      wallet: { type: 'organisation' },
    });
  });

  it('sets token, kyc, organisation and wallet one at a time', () => {
    const store = useSessionStore.getState();
    store.setToken('t2');
    store.setKyc({ is_completed: false });
    store.setOrganisation({ id: 'o2', name: null, is_owner: false, is_kyc_completed: false });
    store.setWallet({ type: 'corporations' });
    expect(fields()).toMatchObject({
      token: 't2',
      kyc: { is_completed: false },
      organisation: { id: 'o2' },
      wallet: { type: 'corporations' },
      user: null,
    });
  });

  it('persists to session storage under tx-store, so a reload keeps it', () => {
    useSessionStore.getState().setSession(loginResult);
    expect(stored()).toMatchObject({ token: 'token-1', organisation: { id: 'o1' } });
  });

  it('reset clears every field and removes the stored entry', () => {
    useSessionStore.getState().setSession(loginResult);
    useSessionStore.getState().setWallet({ type: 'organisation' });
    useSessionStore.getState().reset();
    expect(fields()).toEqual(EMPTY_SESSION);
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it('restores a stored session on rehydration', async () => {
    sessionStorage.setItem(
      SESSION_STORAGE_KEY,
      JSON.stringify({ state: { ...EMPTY_SESSION, token: 'from-storage' }, version: 0 }),
    );
    await useSessionStore.persist.rehydrate();
    expect(useSessionStore.getState().token).toBe('from-storage');
  });
});
