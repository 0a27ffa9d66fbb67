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
    // A corporation whose employees all live where they are filed has nothing to say here.
    expect(screen.queryByText('Only Lagos Limited')).toBeNull();
  });

  it('shows nothing when every employee lives in the state of their payroll', async () => {
    const gateway = stubGateway(() => ({
      code: 'OK',
      data: [{ corporation: { id: 'c2', name: 'Only Lagos Limited' }, states: [LAGOS] }],
    }));
    renderWithProviders(
      <MemoryRouter>
        <PayeByResidence />
      </MemoryRouter>,
    );
    await vi.waitFor(() => expect(gateway.requests).toHaveLength(1));
    expect(screen.queryByText('PAYE by where employees live')).toBeNull();
  });
});
