import type { ComponentType } from 'react';
import {
  createBrowserRouter,
  Navigate,
  redirect,
  replace,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { showErrorToast } from '../lib/api-client';
import { loadChunk } from '../lib/lazy-page';
import { readSession } from '../lib/session-store';
import { signOutLocally } from '../lib/sign-out';
import { ACCESS_DENIED_MESSAGE, decideNavigation } from '../lib/guard';
import { OnboardingLayout } from './layouts/onboarding-layout';
import { PageLoading, RootShell } from './root-shell';
import { ROUTES, type LayoutName, type RouteMeta, type RouteName } from '../lib/routes';
import { RouteErrorPage } from './route-error-page';

type PageModule = Promise<{ default: ComponentType }>;

/** Each screen's module, by route name; it default-exports the page and loads on first visit. */
const PAGES: Record<RouteName, () => PageModule> = {
  home: () => import('./routes/home-page'),
  verify: () => import('../features/verify/pages/verify-page'),
  calculator: () => import('../features/calculator/pages/calculator-page'),
  login: () => import('../features/identity/pages/login-page'),
  register: () => import('../features/identity/pages/register-page'),
  'invite.index': () => import('../features/identity/pages/invite-page'),
  'authenticate.index': () => import('../features/identity/pages/authenticate-page'),
  'start.index': () => import('../features/organisation/pages/start-page'),
  'onboarding.index': () => import('../features/organisation/pages/onboarding-page'),
  'dashboard.index': () => import('./routes/dashboard-page'),
  'team.index': () => import('../features/team/pages/team-page'),
  'corporations.index': () => import('../features/corporations/pages/corporations-page'),
  'corporations.corporation': () => import('./routes/corporation-page'),
  'bills.index': () => import('../features/bills/pages/bills-page'),
  'vendors.index': () => import('../features/vendors/pages/vendors-page'),
  'transactions.index': () => import('../features/wallets/pages/transactions-page'),
  'analyser.index': () => import('../features/analyser/pages/analyser-page'),
  'analyser.folders.folder': () => import('../features/analyser/pages/folder-page'),
  'analyser.records.record': () => import('../features/analyser/pages/record-page'),
  'analyser.records.statement': () => import('../features/analyser/pages/statement-page'),
  'analyser.records.statement.extract': () => import('../features/analyser/pages/extract-page'),
  'referencedata.index': () => import('../features/reference-data/pages/reference-data-page'),
  'settings.index': () => import('./routes/settings-page'),
  'dev.mailbox': () => import('../features/dev-mailbox/pages/mailbox-page'),
  error: () => import('./not-found-page'),
};

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
    const url = new URL(request.url);
    const decision = decideNavigation(meta, readSession(), `${url.pathname}${url.search}`);
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

type TableRoute = (typeof ROUTES)[number];

function toRouteObject(route: TableRoute): RouteObject {
  if (!('name' in route)) {
    // An element, not a loader: a leaf route without one renders nothing and React Router warns.
    return { path: route.path, element: <Navigate to={route.redirectTo} replace /> };
  }
  const { path, ...meta } = route;
  const page = PAGES[meta.name];
  return {
    path,
    handle: meta,
    loader: guardLoader(meta),
    lazy: async () => ({ Component: (await loadChunk(page)).default }),
  };
}

function layoutOf(route: TableRoute): LayoutName {
  return 'layout' in route ? route.layout : 'none';
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
          : {
              id,
              lazy: async () => ({ Component: (await loadChunk(LAYOUTS[layout])).default }),
              children: [toRouteObject(route)],
            };
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
