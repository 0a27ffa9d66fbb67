import type { SessionUser } from '@levy/contracts';

export const CORPORATION_TABS = ['states', 'bills', 'transactions', 'annual-returns'] as const;
export type CorporationTab = (typeof CORPORATION_TABS)[number];
export const DEFAULT_CORPORATION_TAB: CorporationTab = 'states';

/** /corporations/{id}/{tab} (docs/product.md §2 corporations.corporation). */
export function corporationPath(id: string, tab: CorporationTab = DEFAULT_CORPORATION_TAB): string {
  return `/corporations/${id}/${tab}`;
}

export function isCorporationTab(value: string | undefined): value is CorporationTab {
  return CORPORATION_TABS.includes(value as CorporationTab);
}

/** The tabs a corporation shows: its states; its bills and annual returns to whoever may see bills; its
 * transactions when corporations have their own wallets.
 */
export function corporationTabs(options: { canSeeBills: boolean; hasOwnWallet: boolean }): CorporationTab[] {
  return CORPORATION_TABS.filter((tab) =>
    tab === 'bills' || tab === 'annual-returns'
      ? options.canSeeBills
      : tab === 'transactions'
        ? options.hasOwnWallet
        : true,
  );
}

/** Platform staff (a separate user type) see corporations read-only, across organisations. */
export function isStaffUser(user: Pick<SessionUser, 'user_type'> | null | undefined): boolean {
  return user?.user_type?.code === 'staff';
}
