import { splitPermission, type Permissions } from '@levy/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { cssVariablesResolver, theme } from '../components/theme';
import { useSessionStore } from '../lib/session-store';

// Answers arrive through mocked fetch and React Query; a loaded test machine can take over a second.
configure({ asyncUtilTimeout: 5000 });

/**
 * Renders inside the app's Mantine theme with a fresh query client (no retries, nothing shared
 * between tests); rerenders keep both.
 */
export function renderWithProviders(element: ReactElement): RenderResult {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    );
  }
  return render(element, { wrapper: Wrapper });
}

/** The session's permission map holding exactly these permissions. */
export function permissionMap(granted: string[]): Permissions {
  const permissions: Permissions = {};
  for (const permission of granted) {
    const { area, action } = splitPermission(permission);
    permissions[area] = { ...permissions[area], [action]: true };
  }
  return permissions;
}

/** Signs a test user in with exactly these permissions. */
export function grantPermissions(granted: string[]): void {
  useSessionStore.setState({ token: 'test-token', permissions: permissionMap(granted) });
}
