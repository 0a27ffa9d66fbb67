import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, redirect, replace, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { showErrorToast } from '../lib/api-client';
import { loadChunk } from '../lib/lazy-page';
import { readSession } from '../lib/session-store';
import { signOutLocally } from '../lib/sign-out';
import { ACCESS_DENIED_MESSAGE, decideNavigation } from './guard';
import { OnboardingLayout } from './layouts/onboarding-layout';
import { PageLoading, RootShell } from './root-shell';
import type { LayoutName, RouteMeta } from './route-meta';
import { RouteErrorPage } from './route-error-page';

type PageModule = Promise<{ default: ComponentType }>;

export interface PageRoute extends RouteMeta {
  path: string;
  /** The page's module; it default-exports the page component and loads on first visit. */
  page: () => PageModule;
}

export interface RedirectRoute {
  path: string;
  redirectTo: string;
}

/**
 * THE route table (product-spec §2). Adding a screen is one entry here; the guard, the layout,
 * the page title and the side navigation read it. Routes of later issues join when their pages
 * exist. Order matters where paths collide: the first match wins.
 */
export const ROUTES: Array<PageRoute | RedirectRoute> = [
  { name: 'home', path: '/', title: 'Tax compliance for Nigerian businesses', layout: 'none', access: 'guest', page: () => import('../features/home/pages/home-page') },
  { path: '/calculator', redirectTo: '/' },
  { name: 'verify', path: '/verify/:code', title: 'Verify a receipt', layout: 'none', access: 'none', page: () => import('../features/verify/pages/verify-page') },
  { name: 'calculator', path: '/calculator/:token', title: 'Tax Calculator', layout: 'none', access: 'guest', page: () => import('../features/calculator/pages/calculator-page') },
  { name: 'login', path: '/login', title: 'Login', layout: 'onboarding', access: 'guest', page: () => import('../features/identity/pages/login-page') },
  { name: 'register', path: '/register', title: 'Signup', layout: 'onboarding', access: 'guest', page: () => import('../features/identity/pages/register-page') },
  { name: 'invite.index', path: '/invite/:ott', title: 'Invitation', layout: 'onboarding', access: 'guest', clearsAuthentication: true, page: () => import('../features/team/pages/invite-page') },
  { name: 'authenticate.index', path: '/authenticate', title: 'Authenticate', layout: 'onboarding', access: 'guest', clearsAuthentication: true, page: () => import('../features/identity/pages/authenticate-page') },
  { name: 'start.index', path: '/start', title: 'Get started', layout: 'onboarding', access: { permission: 'auth-organisation.acceptinvitation' }, page: () => import('../features/organisation/pages/start-page') },
  { name: 'onboarding.index', path: '/onboarding', title: 'Onboarding', layout: 'onboarding', access: { permission: 'auth-organisation.update' }, page: () => import('../features/organisation/pages/onboarding-page') },
  { name: 'dashboard.index', path: '/dashboard', title: 'Dashboard', layout: 'app', access: { permission: 'auth-organisation.getone' }, page: () => import('../features/dashboard/pages/dashboard-page') },
  { name: 'organisation.index', path: '/organisation', title: 'Team Members', layout: 'app', access: { permission: 'auth-organisation.getorganisationusers' }, page: () => import('../features/team/pages/team-page') },
  { name: 'corporations.index', path: '/corporations', title: 'Corporations', layout: 'app', access: { permission: 'core-internal.corporation.getall' }, page: () => import('../features/corporations/pages/corporations-page') },
  { name: 'corporations.corporation', path: '/corporations/:id/:tab?', title: 'Corporation', module: 'Corporations', layout: 'app', access: { permission: 'core-internal.corporation.getone' }, page: () => import('../features/corporations/pages/corporation-page') },
  { name: 'bills.index', path: '/bills', title: 'Bills', layout: 'app', access: { permission: 'core-internal.bill.getall' }, page: () => import('../features/bills/pages/bills-page') },
  { name: 'transactions.index', path: '/transactions', title: 'Transactions', layout: 'app', access: { permission: 'core-internal.organisation.fetchwallethistory' }, page: () => import('../features/wallets/pages/transactions-page') },
  { name: 'analyser.index', path: '/analyser', title: 'Bank Analyser', layout: 'app', access: { permission: 'bank.statement-folder.getall' }, page: () => import('../features/analyser/pages/analyser-page') },
  { name: 'analyser.folders.folder', path: '/analyser/folders/:id', title: 'Folder', module: 'Bank Analyser', layout: 'app', access: { permission: 'bank.statement-folder.getone' }, page: () => import('../features/analyser/pages/folder-page') },
  { name: 'analyser.records.record', path: '/analyser/records/:id', title: 'Bank account', module: 'Bank Analyser', layout: 'app', wide: true, access: { permission: 'bank.statement-record.getone' }, page: () => import('../features/analyser/pages/record-page') },
  { name: 'analyser.records.statement', path: '/analyser/records/:id/statement/:statementId', title: 'Statement', module: 'Bank Analyser', layout: 'app', wide: true, access: { permission: 'bank.statement-statement.getalltransactions' }, page: () => import('../features/analyser/pages/statement-page') },
  { name: 'analyser.records.statement.extract', path: '/analyser/records/:id/statement/:statementId/extract', title: 'Extraction', module: 'Bank Analyser', layout: 'app', wide: true, access: { permission: 'bank.statement-statement.getalltransactions' }, page: () => import('../features/analyser/pages/extract-page') },
  { name: 'settings.index', path: '/settings/:tab?', title: 'Settings', layout: 'app', access: { permission: 'auth-accountuser.getone' }, page: () => import('../features/settings/pages/settings-page') },
  { name: 'dev.mailbox', path: '/dev/mailbox', title: 'Development mailbox', layout: 'onboarding', access: 'none', page: () => import('../features/dev-mailbox/pages/mailbox-page') },
  // The error page picks its frame: the app layout for a signed-in member, onboarding otherwise.
  { name: 'error', path: '*', title: 'Page not found', layout: 'none', access: 'none', page: () => import('./not-found-page') },
];

function isPageRoute(route: PageRoute | RedirectRoute): route is PageRoute {
  return 'page' in route;
}

export const PAGE_ROUTES = ROUTES.filter(isPageRoute);

export function findRoute(name: string): PageRoute | undefined {
  return PAGE_ROUTES.find((route) => route.name === name);
}

/** A link to a route without its optional parameters: `/settings/:tab?` → `/settings`. */
export function linkTo(name: string): string | null {
  const route = findRoute(name);
  if (!route) return null;
  return route.path.replace(/\/:[^/]+\?/g, '') || '/';
}

const LAYOUTS: Record<Exclude<LayoutName, 'none' | 'onboarding'>, () => Promise<{ default: ComponentType }>> = {
  app: () => import('./layouts/app-layout'),
  blank: () => import('./layouts/blank-layout'),
};

/** Where a refused navigation stays: the page already on screen, or home on a first load. */
function refusedNavigationTarget(request: Request): string {
  // The first page's loader runs while the router is still being created.
  if (!createdRouter) return '/';
  const { initialized, location } = createdRouter.state;
  const requested = new URL(request.url).pathname;
  if (initialized && location.pathname !== requested) return `${location.pathname}${location.search}${location.hash}`;
  return '/';
}

function guardLoader(meta: RouteMeta) {
  return ({ request }: LoaderFunctionArgs) => {
    const decision = decideNavigation(meta, readSession());
    switch (decision.kind) {
      case 'clear-authentication':
        signOutLocally();
        return null;
      case 'redirect':
        return redirect(decision.to);
      case 'deny':
        showErrorToast(ACCESS_DENIED_MESSAGE);
        return replace(refusedNavigationTarget(request));
      default:
        return null;
    }
  };
}

function toRouteObject(route: PageRoute | RedirectRoute): RouteObject {
  if (!isPageRoute(route)) {
    // An element, not a loader: a leaf route without one renders nothing and React Router warns.
    return { path: route.path, element: <Navigate to={route.redirectTo} replace /> };
  }
  const { page, path, ...meta } = route;
  return {
    path,
    handle: meta,
    loader: guardLoader(meta),
    lazy: async () => ({ Component: (await loadChunk(page)).default }),
  };
}

function layoutOf(route: PageRoute | RedirectRoute): LayoutName {
  return isPageRoute(route) ? route.layout : 'none';
}

function buildRoutes(): RouteObject[] {
  const children: RouteObject[] = [];
  // Consecutive routes with the same layout share one layout route, keeping the table's order.
  for (const route of ROUTES) {
    const layout = layoutOf(route);
    const last = children.at(-1);
    if (layout === 'none') {
      children.push(toRouteObject(route));
    } else if (last?.id?.startsWith(`layout-${layout}-`)) {
      last.children!.push(toRouteObject(route));
    } else {
      const id = `layout-${layout}-${children.length}`;
      const layoutRoute: RouteObject =
        layout === 'onboarding'
          ? { id, Component: OnboardingLayout, children: [toRouteObject(route)] }
          : { id, lazy: async () => ({ Component: (await loadChunk(LAYOUTS[layout])).default }), children: [toRouteObject(route)] };
      children.push(layoutRoute);
    }
  }
  return [{ id: 'root', Component: RootShell, ErrorBoundary: RouteErrorPage, HydrateFallback: PageLoading, children }];
}

let createdRouter: ReturnType<typeof createBrowserRouter> | null = null;

/** Creates the app's router (once, from main.tsx); importing this file has no side effects. */
export function createAppRouter() {
  const router = createBrowserRouter(buildRoutes());
  createdRouter = router;
  return router;
}
