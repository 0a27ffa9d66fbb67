/** What the shell needs to know about a route: the columns of product-spec §2. */
export type LayoutName = 'app' | 'onboarding' | 'blank' | 'none';

export interface RouteMeta {
  /** The spec's route name, e.g. `dashboard.index`. */
  name: string;
  title: string;
  layout: LayoutName;
  /** 'guest': open to visitors; 'none': no rule at all (the error page); else a permission string. */
  access: 'guest' | 'none' | { permission: string };
  /** The top bar's module name; defaults to the title. */
  module?: string;
  /** The analyser record routes use 90% width instead of the 1024px container. */
  wide?: boolean;
  /** invite.index and authenticate.index sign out whoever is signed in before they open. */
  clearsAuthentication?: boolean;
}

export function permissionOf(meta: RouteMeta): string | null {
  return typeof meta.access === 'object' ? meta.access.permission : null;
}

export const ROUTE_PATHS = {
  home: '/',
  login: '/login',
  register: '/register',
  start: '/start',
  onboarding: '/onboarding',
  dashboard: '/dashboard',
  corporations: '/corporations',
  organisation: '/organisation',
  settings: '/settings',
} as const;

/** Who may join or create an organisation; platform staff may not (product-design "Staff"). */
export const JOIN_ORGANISATION_PERMISSION = 'auth-organisation.acceptinvitation';

/** The onboarding route's permission: only those who may change the organisation can do KYC. */
export const ONBOARDING_PERMISSION = 'auth-organisation.update';
