import { splitPermission, type Permissions } from '@levy/contracts';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { vi } from 'vitest';
import { theme } from '../../../app/theme';
import { useSessionStore } from '../../../lib/session-store';

// Answers arrive through mocked fetch and React Query; a loaded test machine can take over a second.
configure({ asyncUtilTimeout: 5000 });

/** Renders inside the app theme with a fresh query client (no retries, nothing shared between tests). */
export function renderFeature(element: ReactElement): RenderResult {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <MantineProvider theme={theme}>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    );
  }
  return render(element, { wrapper: Wrapper });
}

/** Signs a test user in with exactly these permissions. */
export function grantPermissions(granted: string[]): void {
  const permissions: Permissions = {};
  for (const permission of granted) {
    const { area, action } = splitPermission(permission);
    permissions[area] = { ...permissions[area], [action]: true };
  }
  useSessionStore.setState({ token: 'test-token', permissions });
}

export interface GatewayRequest {
  method: string;
  namespace?: string;
  path: string;
  body?: unknown;
  params?: Record<string, unknown>;
}

type Reply = { code: string; message?: string; data: unknown };

/**
 * Stands in for the API gateway: each call is recorded and answered by `answer`, which returns
 * the envelope the server would send.
 */
export function stubGateway(answer: (request: GatewayRequest) => Reply) {
  const requests: GatewayRequest[] = [];
  const fetchStub = vi.fn(async (_url: unknown, init?: { body?: unknown }) => {
    const request = JSON.parse(String(init?.body)) as GatewayRequest;
    requests.push(request);
    const reply = answer(request);
    return {
      status: reply.code === 'OK' ? 200 : 400,
      json: async () => ({ message: '', ...reply }),
    };
  });
  vi.stubGlobal('fetch', fetchStub);
  return { requests, calls: (path: string) => requests.filter((request) => request.path === path) };
}
