import * as PERMISSIONS from '@levy/contracts/permission-catalogue';
import type { Permission } from '@levy/contracts/permissions';

/** What the shell needs to know about a route: the columns of docs/product.md §2. */
export type LayoutName = 'app' | 'onboarding' | 'blank' | 'none';

export interface RouteMeta {
  /** The route's name, e.g. `dashboard.index`. */
  name: string;
  title: string;
  layout: LayoutName;
  /** 'guest': open to visitors; 'none': no rule at all (the error page); else the permission that opens it. */
  access: 'guest' | 'none' | { permission: Permission };
  /** The top bar's module name; defaults to the title. */
  module?: string;
  /** The analyser record routes use 90% width instead of the 1024px container. */
  wide?: boolean;
  /** invite.index and authenticate.index sign out whoever is signed in before they open. */
  clearsAuthentication?: boolean;
}

export interface PageRoute extends RouteMeta {
  path: string;
}

export interface RedirectRoute {
  path: string;
  redirectTo: string;
}

/**
 * THE route table (docs/product.md §2), data only: the guard, the layouts, the page titles and the
 * side navigation read it, and app/router.tsx gives each name its page. Adding a screen is one
 * entry here and its page there. Order matters where paths collide: the first match wins.
 */
export const ROUTES = [
  { name: 'home', path: '/', title: 'Tax compliance for Nigerian businesses', layout: 'none', access: 'guest' },
  { path: '/calculator', redirectTo: '/' },
  { name: 'verify', path: '/verify/:code', title: 'Verify a receipt', layout: 'none', access: 'none' },
  { name: 'calculator', path: '/calculator/:token', title: 'Tax Calculator', layout: 'none', access: 'guest' },
  { name: 'login', path: '/login', title: 'Login', layout: 'onboarding', access: 'guest' },
  { name: 'register', path: '/register', title: 'Signup', layout: 'onboarding', access: 'guest' },
  {
    name: 'invite.index',
    path: '/invite/:ott',
    title: 'Invitation',
    layout: 'onboarding',
    access: 'guest',
    clearsAuthentication: true,
  },
  {
    name: 'authenticate.index',
    path: '/authenticate',
    title: 'Authenticate',
    layout: 'onboarding',
    access: 'guest',
    clearsAuthentication: true,
  },
  {
    name: 'start.index',
    path: '/start',
    title: 'Get started',
    layout: 'onboarding',
    access: { permission: PERMISSIONS.acceptInvitation },
  },
  {
    name: 'onboarding.index',
    path: '/onboarding',
    title: 'Onboarding',
    layout: 'onboarding',
    access: { permission: PERMISSIONS.updateOrganisation },
  },
  {
    name: 'dashboard.index',
    path: '/dashboard',
    title: 'Dashboard',
    layout: 'app',
    access: { permission: PERMISSIONS.viewOrganisation },
  },
  // The organisation's members, at the address docs/product.md gives.
  {
    name: 'team.index',
    path: '/organisation',
    title: 'Team Members',
    layout: 'app',
    access: { permission: PERMISSIONS.listMembers },
  },
  {
    name: 'corporations.index',
    path: '/corporations',
    title: 'Corporations',
    layout: 'app',
    access: { permission: PERMISSIONS.listCorporations },
  },
  {
    name: 'corporations.corporation',
    path: '/corporations/:id/:tab?',
    title: 'Corporation',
    module: 'Corporations',
    layout: 'app',
    access: { permission: PERMISSIONS.viewCorporation },
  },
  { name: 'bills.index', path: '/bills', title: 'Bills', layout: 'app', access: { permission: PERMISSIONS.viewBills } },
  {
    name: 'vendors.index',
    path: '/vendors',
    title: 'Vendors',
    layout: 'app',
    access: { permission: PERMISSIONS.viewBills },
  },
  {
    name: 'transactions.index',
    path: '/transactions',
    title: 'Transactions',
    layout: 'app',
    access: { permission: PERMISSIONS.viewWalletHistory },
  },
  {
    name: 'analyser.index',
    path: '/analyser',
    title: 'Bank Analyser',
    layout: 'app',
    access: { permission: PERMISSIONS.listFolders },
  },
  {
    name: 'analyser.folders.folder',
    path: '/analyser/folders/:id',
    title: 'Folder',
    module: 'Bank Analyser',
    layout: 'app',
    access: { permission: PERMISSIONS.viewFolder },
  },
  {
    name: 'analyser.records.record',
    path: '/analyser/records/:id',
    title: 'Bank account',
    module: 'Bank Analyser',
    layout: 'app',
    wide: true,
    access: { permission: PERMISSIONS.viewRecord },
  },
  {
    name: 'analyser.records.statement',
    path: '/analyser/records/:id/statement/:statementId',
    title: 'Statement',
    module: 'Bank Analyser',
    layout: 'app',
    wide: true,
    access: { permission: PERMISSIONS.viewStatement },
  },
  {
    name: 'analyser.records.statement.extract',
    path: '/analyser/records/:id/statement/:statementId/extract',
    title: 'Extraction',
    module: 'Bank Analyser',
    layout: 'app',
    wide: true,
    access: { permission: PERMISSIONS.viewStatement },
  },
  {
    name: 'referencedata.index',
    path: '/reference-data',
    title: 'Reference data',
    layout: 'app',
    access: { permission: PERMISSIONS.manageReferenceData },
  },
  {
    name: 'settings.index',
    path: '/settings/:tab?',
    title: 'Settings',
    layout: 'app',
    access: { permission: PERMISSIONS.viewProfile },
  },
  { name: 'dev.mailbox', path: '/dev/mailbox', title: 'Development mailbox', layout: 'onboarding', access: 'none' },
  // The error page picks its frame: the app layout for a signed-in member, onboarding otherwise.
  { name: 'error', path: '*', title: 'Page not found', layout: 'none', access: 'none' },
] as const satisfies ReadonlyArray<PageRoute | RedirectRoute>;

/** The name of a screen in the table: a misspelt name does not compile. */
export type RouteName = Extract<(typeof ROUTES)[number], { name: string }>['name'];

function isPageRoute(route: PageRoute | RedirectRoute): route is PageRoute {
  return 'name' in route;
}

const TABLE: ReadonlyArray<PageRoute | RedirectRoute> = ROUTES;

export const PAGE_ROUTES = TABLE.filter(isPageRoute);

// Every name of the union is a page route of the table, so each lookup finds one.
const BY_NAME = Object.fromEntries(PAGE_ROUTES.map((route) => [route.name, route])) as Record<RouteName, PageRoute>;

export function findRoute(name: RouteName): PageRoute {
  return BY_NAME[name];
}

/** A link to a route without its optional parameters: `/settings/:tab?` → `/settings`. */
export function linkTo(name: RouteName): string {
  return findRoute(name).path.replace(/\/:[^/]+\?/g, '') || '/';
}

/** The query parameter that carries a signed-out visitor's page through sign-in: `/?next=%2Fbills%3Fbill%3D…`. */
export const NEXT_PARAM = 'next';

/**
 * The page to open after sign-in, from a `next` parameter: only a path of this app (`/…`, never
 * `//host` or a scheme), so a crafted link cannot send someone elsewhere; null otherwise.
 */
export function returnPathOf(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  return next;
}

/** A path with the page to return to after sign-in, when there is one. */
export function withReturnPath(path: string, next: string | null): string {
  return next ? `${path}?${NEXT_PARAM}=${encodeURIComponent(next)}` : path;
}

/** The query parameter that opens a bill's drawer over the list it is in. */
export const BILL_PARAM = 'bill';

/** The bills list with one bill's drawer open: bills and the bank analyser link to it. */
export function billPath(id: string): string {
  return `${linkTo('bills.index')}?${BILL_PARAM}=${encodeURIComponent(id)}`;
}

export function permissionOf(meta: RouteMeta): string | null {
  return typeof meta.access === 'object' ? meta.access.permission : null;
}

/** Who may join or create an organisation; platform staff may not (docs/product.md "Identity and organisation"). */
export const JOIN_ORGANISATION_PERMISSION = PERMISSIONS.acceptInvitation;

/** The onboarding route's permission: only those who may change the organisation can do KYC. */
export const ONBOARDING_PERMISSION = PERMISSIONS.updateOrganisation;
