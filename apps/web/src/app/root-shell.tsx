import { useEffect } from 'react';
import { Outlet, useMatches, useNavigate } from 'react-router';
import { LoadingPlaceholder } from '../components/loading-placeholder';
import { setSignOutNavigation } from '../lib/api-client';
import type { RouteMeta } from '../lib/routes';
import { SandboxMarker } from './sandbox-marker';

/** The current route's meta: the deepest match that has one. */
export function useRouteMeta(): RouteMeta | null {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index].handle as RouteMeta | undefined;
    if (handle?.name) return handle;
  }
  return null;
}

/** Above every layout: keeps the tab title in step, lets the API client navigate on sign-out, marks a sandbox. */
export function RootShell() {
  const meta = useRouteMeta();
  const navigate = useNavigate();

  useEffect(() => {
    document.title = meta ? `${meta.title} · Levy` : 'Levy';
  }, [meta]);

  useEffect(() => setSignOutNavigation((path) => void navigate(path)), [navigate]);

  return (
    <>
      <Outlet />
      <SandboxMarker />
    </>
  );
}

/** While the first page's code loads. */
export function PageLoading() {
  return <LoadingPlaceholder height={320} label="Loading Levy" />;
}
