import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import CorporationsPage from './corporations-page';
import { stubGateway } from '../../../test/gateway';
import { grantPermissions, renderWithProviders } from '../../../test/render';
import * as calls from '@levy/contracts/calls';

const page = {
  items: [
    {
      id: '8d5c1f62-7a57-4a0e-9a1f-0b6d1b0c2a11',
      name: 'Adire Textiles Limited',
      organisation: { id: 'org-1', name: 'Demo Industries Limited' },
      state_count: 2,
      created_at: '2026-11-03T10:00:00.000Z',
      updated_at: '2026-11-03T10:00:00.000Z',
    },
  ],
  pagination: { count: 10, current_page: 1, total_count: 1, total_pages: 1 },
};

function signIn(userType: 'customer' | 'staff', permissions: string[]) {
  grantPermissions(permissions);
  useSessionStore.setState({
    user: {
      id: 'u1',
      first_name: 'Ada',
      last_name: 'Obi',
      email: 'ada@example.ng',
      phone: '',
      user_type: { id: userType === 'staff' ? 1 : 7, code: userType },
      role: null,
    },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('Corporations page', () => {
  it('lists the corporations with their state count and date, newest first, and offers Add New Corporation to those allowed', async () => {
    signIn('customer', [calls.listCorporations.permission, calls.createCorporation.permission]);
    const gateway = stubGateway(() => ({ code: 'OK', data: page }));
    renderWithProviders(
      <MemoryRouter>
        <CorporationsPage />
      </MemoryRouter>,
    );
    const row = (await screen.findByRole('link', { name: 'Adire Textiles Limited' })).closest('tr')!;
    expect(within(row).getByText('2')).toBeInTheDocument();
    expect(within(row).getByText('03 Nov, 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Adire Textiles Limited' })).toHaveAttribute(
      'href',
      '/corporations/8d5c1f62-7a57-4a0e-9a1f-0b6d1b0c2a11/states',
    );
    expect(screen.queryByRole('columnheader', { name: 'Organisation' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add New Corporation' })).toBeInTheDocument();
    expect(gateway.requests[0]).toMatchObject({
      method: 'GET',
      namespace: 'core',
      path: 'internal/corporations',
      params: { page: 1, count: 10, order_by: 'created_at', is_asc: false },
    });
  });

  it('shows staff the organisation of each corporation, read-only', async () => {
    signIn('staff', [calls.listCorporations.permission, calls.getCorporation.permission]);
    stubGateway(() => ({ code: 'OK', data: page }));
    renderWithProviders(
      <MemoryRouter>
        <CorporationsPage />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('columnheader', { name: 'Organisation' })).toBeInTheDocument();
    expect(screen.getByText('Demo Industries Limited')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add New Corporation' })).not.toBeInTheDocument();
  });

  it('says No data with a hint when there is nothing yet', async () => {
    signIn('customer', [calls.listCorporations.permission, calls.createCorporation.permission]);
    stubGateway(() => ({
      code: 'OK',
      data: { items: [], pagination: { count: 10, current_page: 1, total_count: 0, total_pages: 1 } },
    }));
    renderWithProviders(
      <MemoryRouter>
        <CorporationsPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('No data')).toBeInTheDocument();
    expect(screen.getByText(/Add the first company you file taxes for/)).toBeInTheDocument();
  });
});
