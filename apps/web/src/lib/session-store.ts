import type {
  PendingInvitation,
  Permissions,
  SessionAlert,
  SessionOrganisation,
  SessionPayload,
  SessionUser,
} from '@levy/contracts';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** Session storage key (docs/product.md §9): survives a reload, not a new tab. */
export const SESSION_STORAGE_KEY = 'tx-store';

/** The wallet's inner shape is the wallets issue's; the navigation only reads its type. */
export interface SessionWallet {
  /** 'organisation', or 'corporations' when every corporation has its own wallet (Transactions then hides). */
  type?: string;
  [key: string]: unknown;
}

export interface SessionState {
  token: string | null;
  user: SessionUser | null;
  permissions: Permissions | null;
  kyc: SessionPayload['kyc'] | null;
  invitations: PendingInvitation[] | null;
  organisation: SessionOrganisation | null;
  wallet: SessionWallet | null;
  alerts: SessionAlert[] | null;
}

export interface SessionActions {
  setToken(token: string | null): void;
  setKyc(kyc: SessionPayload['kyc'] | null): void;
  setOrganisation(organisation: SessionOrganisation | null): void;
  setWallet(wallet: SessionWallet | null): void;
  /** Signs in: everything from a login result except the wallet (docs/product.md §3). */
  setSession(session: SessionPayload): void;
  /** Clears every field and the stored entry. */
  reset(): void;
}

export const EMPTY_SESSION: SessionState = {
  token: null,
  user: null,
  permissions: null,
  kyc: null,
  invitations: null,
  organisation: null,
  wallet: null,
  alerts: null,
};

export const useSessionStore = create<SessionState & SessionActions>()(
  persist(
    (set) => ({
      ...EMPTY_SESSION,
      setToken: (token) => set({ token }),
      setKyc: (kyc) => set({ kyc }),
      setOrganisation: (organisation) => set({ organisation }),
      setWallet: (wallet) => set({ wallet }),
      setSession: (session) =>
        set({
          token: session.token,
          user: session.user,
          permissions: session.permissions,
          kyc: session.kyc,
          organisation: session.organisation,
          invitations: session.invitations,
          alerts: session.alerts,
        }),
      reset: () => {
        set({ ...EMPTY_SESSION });
        useSessionStore.persist.clearStorage();
      },
    }),
    {
      name: SESSION_STORAGE_KEY,
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ token, user, permissions, kyc, invitations, organisation, wallet, alerts }) => ({
        token,
        user,
        permissions,
        kyc,
        invitations,
        organisation,
        wallet,
        alerts,
      }),
    },
  ),
);

/** The session as plain data, for code outside React (guard, API client). */
export function readSession(): SessionState {
  return useSessionStore.getState();
}

/** Whether the organisation has completed KYC (the session keeps it in two places). */
export function isKycCompleted(session: Pick<SessionState, 'organisation' | 'kyc'>): boolean {
  return session.organisation?.is_kyc_completed === true || session.kyc?.is_completed === true;
}
