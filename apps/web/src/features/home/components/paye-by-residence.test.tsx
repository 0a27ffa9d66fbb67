import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { stubGateway } from '../../../test/gateway';
import { grantPermissions, renderWithProviders } from '../../../test/render';
import { PayeByResidence } from './paye-by-residence';
import * as calls from '@levy/contracts/calls';

beforeEach(() => {
  grantPermissions([calls.payeByResidence.permission]);
  useSessionStore.setState({ organisation: { id: 'org-1', name: 'Demo' } as never });
});
afterEach(() => {
  vi.unstubAllGlobals();
  useSessionStore.setState({ organisation: null });
});

const LAGOS = {
  code: 'LA',
  name: 'Lagos',
  revenue_service: 'Lagos State Internal Revenue Service',
  employee_count: 1,
  registered: true,
  on_other_payrolls: [],
};

describe('PAYE by where employees live', () => {
  it('names each state owed per corporation, whether it is registered, and who is on another payroll', async () => {
    stubGateway(() => ({
      code: 'OK',
      data: [
        {
          corporation: { id: 'c1', name: 'Adire Textiles Limited' },
          states: [
            {
              code: 'OG',
              name: 'Ogun',
              revenue_service: 'Ogun State Internal Revenue Service',
              employee_count: 3,
              registered: false,
              on_other_payrolls: [{ code: 'LA', name: 'Lagos', employee_count: 3 }],
            },
            LAGOS,
          ],
        },
        { corporation: { id: 'c2', name: 'Only Lagos Limited' }, states: [LAGOS] },
      ],
    }));
    renderWithProviders(
      <MemoryRouter>
        <PayeByResidence />
      </MemoryRouter>,
    );
    const ogun = await screen.findByTestId('residence-c1-OG');
    expect(ogun).toHaveTextContent('Ogun State Internal Revenue Service');
    expect(ogun).toHaveTextContent('On the Lagos payroll (3)');
    expect(within(ogun).getByText('Not registered')).toBeInTheDocument();
    expect(within(screen.getByTestId('residence-c1-LA')).getByText('Registered')).toBeInTheDocument();
    // A corporation whose employees all live where they are filed is listed too, after the one to act on.
    expect(within(screen.getByTestId('residence-c2-LA')).getByText('Registered')).toBeInTheDocument();
    const names = screen.getAllByRole('link').map((link) => link.textContent);
    expect(names).toEqual(['Adire Textiles Limited', 'Only Lagos Limited']);
  });

  it('lists a corporation in order after one with a state to register, whatever order they come in', async () => {
    stubGateway(() => ({
      code: 'OK',
      data: [
        { corporation: { id: 'c2', name: 'Only Lagos Limited' }, states: [LAGOS] },
        {
          corporation: { id: 'c3', name: 'Abuja Annex Limited' },
          states: [
            { ...LAGOS, code: 'FC', name: 'FCT', revenue_service: 'FCT Internal Revenue Service', registered: false },
          ],
        },
      ],
    }));
    renderWithProviders(
      <MemoryRouter>
        <PayeByResidence />
      </MemoryRouter>,
    );
    await screen.findByTestId('residence-c3-FC');
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Abuja Annex Limited',
      'Only Lagos Limited',
    ]);
  });

  it('shows nothing when no corporation has a payroll on file', async () => {
    const gateway = stubGateway(() => ({ code: 'OK', data: [] }));
    renderWithProviders(
      <MemoryRouter>
        <PayeByResidence />
      </MemoryRouter>,
    );
    await vi.waitFor(() => expect(gateway.requests).toHaveLength(1));
    expect(screen.queryByText('PAYE by where employees live')).toBeNull();
  });
});
