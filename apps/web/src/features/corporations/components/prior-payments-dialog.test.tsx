import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CorporationState, PriorPayePayment } from '../../../api/corporations-api';
import { PriorPaymentsDialog } from './prior-payments-dialog';
import { stubGateway } from '../../../test/gateway';
import { grantPermissions, renderWithProviders } from '../../../test/render';
import * as calls from '@levy/contracts/calls';

const CORPORATION_ID = '8d5c1f62-7a57-4a0e-9a1f-0b6d1b0c2a11';
const BASE = `internal/corporations/${CORPORATION_ID}/states/OG/paye/prior-payments`;
const ogun: CorporationState = {
  id: 'reg-2',
  tax_payer_number: 'C-0099887',
  tax_payer_name: 'Abeokuta Mills Limited',
  is_control_consent_given: true,
  consent_given_at: '2026-07-02T09:00:00.000Z',
  consent_requested_at: '2026-07-02T08:55:00.000Z',
  employee_count: 12,
  payroll_updated_at: '2026-07-03T08:00:00.000Z',
  state: {
    id: 28,
    code: 'OG',
    name: 'Ogun',
    revenue_service: 'Ogun State Internal Revenue Service',
    collector: 'state',
  },
  created_at: '2026-07-01T09:00:00.000Z',
  first_tax_month: '2025-12',
  name_matches: true,
};

function payment(taxMonth: string, overrides: Partial<PriorPayePayment>): PriorPayePayment {
  return {
    id: `p-${taxMonth}`,
    tax_month: taxMonth,
    amount: '120500.00',
    agency_reference: `OGIRS-${taxMonth}`,
    paid_on: `${taxMonth}-09`,
    file_name: null,
    employees: null,
    recorded_by: 'Bisi Ade',
    recorded_at: '2026-07-05T09:00:00.000Z',
    removable: true,
    ...overrides,
  };
}

const RECORDED = [
  payment('2026-03', { employees: 12, file_name: 'march.csv' }),
  payment('2025-12', { removable: false, amount: '98000.00' }),
];

function server() {
  return stubGateway((request) => {
    if (request.path === BASE) return { code: 'OK', data: RECORDED };
    if (request.path === `${BASE}/2026-03/remove`) return { code: 'OK', data: { removed: true } };
    return { code: 'NOT_FOUND', message: 'Not found.', data: null };
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('Months paid before Levy', () => {
  it('lists the months, says Levy records and does not pay them, and lets an admin remove one until its return is filed', async () => {
    grantPermissions([
      calls.listPriorPayePayments.permission,
      calls.recordPriorPayePayment.permission,
      calls.removePriorPayePayment.permission,
    ]);
    const gateway = server();
    renderWithProviders(
      <PriorPaymentsDialog
        corporationId={CORPORATION_ID}
        registration={ogun}
        readOnly={false}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Months paid before Levy in Ogun' })).toBeInTheDocument();
    expect(screen.getByText(/Levy only records these months: it does not pay them again/)).toBeInTheDocument();
    expect(await screen.findByText('OGIRS-2026-03')).toBeInTheDocument();
    expect(screen.getByText('Total only')).toBeInTheDocument();
    expect(screen.getByText('Annual return filed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove December 2025/ })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /Remove March 2026/ }));
    await waitFor(() => expect(gateway.calls(`${BASE}/2026-03/remove`)).toHaveLength(1));
    expect(gateway.calls(`${BASE}/2026-03/remove`)[0]).toMatchObject({ method: 'POST', namespace: 'core' });
  });

  it('asks for every field before sending anything', async () => {
    grantPermissions([calls.listPriorPayePayments.permission, calls.recordPriorPayePayment.permission]);
    const gateway = server();
    renderWithProviders(
      <PriorPaymentsDialog
        corporationId={CORPORATION_ID}
        registration={ogun}
        readOnly={false}
        onClose={() => undefined}
      />,
    );
    await screen.findByText('OGIRS-2026-03');
    fireEvent.click(screen.getByRole('button', { name: 'Record month' }));
    expect(await screen.findByText('Tax month is required')).toBeInTheDocument();
    expect(screen.getByText('Amount is required')).toBeInTheDocument();
    expect(screen.getByText('Agency reference is required')).toBeInTheDocument();
    expect(screen.getByText('Paid on is required')).toBeInTheDocument();
    expect(gateway.requests.filter((request) => request.path !== BASE)).toHaveLength(0);
  });

  it('shows a member the list without remove buttons, and a read-only view without the form', async () => {
    grantPermissions([calls.listPriorPayePayments.permission, calls.recordPriorPayePayment.permission]);
    server();
    const { unmount } = renderWithProviders(
      <PriorPaymentsDialog
        corporationId={CORPORATION_ID}
        registration={ogun}
        readOnly={false}
        onClose={() => undefined}
      />,
    );
    await screen.findByText('OGIRS-2026-03');
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Record month' })).toBeInTheDocument();
    unmount();
    renderWithProviders(
      <PriorPaymentsDialog corporationId={CORPORATION_ID} registration={ogun} readOnly onClose={() => undefined} />,
    );
    await screen.findByText('OGIRS-2026-03');
    expect(screen.queryByRole('button', { name: 'Record month' })).not.toBeInTheDocument();
  });
});
