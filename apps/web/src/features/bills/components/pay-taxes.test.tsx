import type { SessionPayload } from '@levy/contracts';
import { useQuery } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { refreshSession } from '../../../api/session-api';
import { useBill } from '../api/bills-api';
import { BILL_ID, billDetail, billGateway, CORPORATION_ID, payeFile } from '../testing/bill-fixtures';
import { PayTaxesButton } from './pay-taxes';
import { type GatewayRequest, stubGateway, stubUploads } from '../../../test/gateway';
import { grantPermissions, renderWithProviders } from '../../../test/render';
import * as calls from '@levy/contracts/calls';

const ALERT = {
  date: '2026-11-23',
  tax_month: '2026-08',
  state: 'Lagos',
  deadline_date: '2026-09-10',
  start_date: '2026-08-01',
  kind: 'paye' as const,
  corporation: { id: CORPORATION_ID, name: 'Adire Textiles Limited' },
  state_code: 'LA',
  message: 'PAYE tax for August 2026, due by 10 Sep, 2026',
  status: 'overdue' as const,
  days_left: null,
  days_overdue: 74,
  safe_date: null,
  safe_note: null,
  penalty: null,
  penalty_rule: 'NTAA 2025 s.107',
  pay_link: `/bills?pay=paye&corporation=${CORPORATION_ID}&state=LA&month=2026-08`,
  note: null,
};

const PERMISSIONS = [
  calls.createPayeBill.permission,
  calls.calculateBillCharge.permission,
  calls.listBills.permission,
  calls.listCorporations.permission,
];

/** The app layout keeps the session current with this query; paying a bill must make it ask again. */
function SessionQuery() {
  useQuery({ queryKey: ['session'], queryFn: refreshSession, staleTime: 5 * 60_000 });
  return null;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/bills',
        element: (
          <>
            <SessionQuery />
            <PayTaxesButton />
          </>
        ),
      },
      { path: '*', element: <PayTaxesButton /> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

/** The session the server answers: the alerts left after the payments so far. */
function sessionWith(alerts: (typeof ALERT)[]): SessionPayload {
  const { permissions, user, organisation } = useSessionStore.getState();
  return {
    token: 'test-token',
    user: user!,
    permissions: permissions!,
    kyc: { is_completed: true },
    organisation,
    invitations: [],
    alerts,
  };
}

beforeEach(() => {
  grantPermissions(PERMISSIONS);
  useSessionStore.setState({
    user: {
      id: 'u1',
      first_name: 'Ada',
      last_name: 'Okafor',
      email: 'ada@example.ng',
      role: { name: 'Admin', code: 'user.admin' },
    } as never,
    organisation: { id: 'o1', name: 'Demo', is_owner: true, is_kyc_completed: true },
    alerts: [ALERT],
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('Pay Taxes from an alert', () => {
  it("opens the alert's tax with the corporation, state and month filled in, and takes the request off the address", async () => {
    stubGateway((request) =>
      request.path === 'users/me' ? { code: 'OK', data: sessionWith([ALERT]) } : billGateway(request),
    );
    const router = renderAt(ALERT.pay_link);
    const dialog = await screen.findByRole('dialog', { name: 'PAYE Generate Bill' });
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: /Corporation/ })).toHaveValue('Adire Textiles Limited'),
    );
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: /^State/ })).toHaveValue('Lagos · C-0012345'),
    );
    expect(within(dialog).getByRole('button', { name: /Tax month/ })).toHaveTextContent('August 2026');
    expect(router.state.location.search).toBe('');
  });

  it('leaves the dialog behind when the user goes to another page, and an alert link from another page still opens it', async () => {
    stubGateway(billGateway);
    const router = renderAt('/dashboard');
    fireEvent.click(screen.getByRole('button', { name: 'Pay Taxes' }));
    expect(await screen.findByRole('dialog', { name: 'Pay Taxes' })).toBeInTheDocument();
    await act(() => router.navigate(`/corporations/${CORPORATION_ID}/states?register=OG`));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await act(() => router.navigate(ALERT.pay_link));
    expect(await screen.findByRole('dialog', { name: 'PAYE Generate Bill' })).toBeInTheDocument();
  });

  it('a link without a tax opens nothing; the button still opens the chooser', async () => {
    stubGateway(billGateway);
    renderAt(`/bills?corporation=${CORPORATION_ID}&state=LA&month=2026-08`);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Pay Taxes' }));
    expect(await screen.findByRole('dialog', { name: 'Pay Taxes' })).toBeInTheDocument();
  });

  it("paying the bill reads the session again, so the month's alert leaves the bell", async () => {
    let isPaid = false;
    const gateway = stubGateway((request: GatewayRequest) =>
      request.path === 'users/me' ? { code: 'OK', data: sessionWith(isPaid ? [] : [ALERT]) } : billGateway(request),
    );
    const uploads = stubUploads(() => ({ code: 'OK', message: 'Bill generated successfully', data: billDetail() }));
    renderAt(ALERT.pay_link);
    const dialog = await screen.findByRole('dialog', { name: 'PAYE Generate Bill' });
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: /^State/ })).toHaveValue('Lagos · C-0012345'),
    );
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Upload a payroll file for this month' }));
    fireEvent.change(dialog.querySelector<HTMLInputElement>('input[type="file"]')!, {
      target: { files: [payeFile('2026-08').file] },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Proceed' }));
    await waitFor(() => expect(gateway.calls('users/me')).toHaveLength(1));
    fireEvent.click(await screen.findByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(uploads.sent).toHaveLength(1));
    expect(uploads.sent[0].fields.start_date).toBe('2026-08');
    isPaid = true;
    uploads.respond();
    await waitFor(() => expect(gateway.calls('users/me')).toHaveLength(2));
    await waitFor(() => expect(useSessionStore.getState().alerts).toEqual([]));
  });
});

describe('a WHT bill that settles', () => {
  function SettlingBill() {
    useQuery({ queryKey: ['session'], queryFn: refreshSession, staleTime: 5 * 60_000 });
    const bill = useBill(BILL_ID);
    return <p>{bill.data?.status}</p>;
  }

  it('reads the session again once the payment is confirmed, not while it is processing', async () => {
    let status = 'payment_pending';
    const gateway = stubGateway((request) => {
      if (request.path === 'users/me')
        return { code: 'OK', data: sessionWith(status === 'payment_paid' ? [] : [ALERT]) };
      if (request.path === `internal/bills/${BILL_ID}`)
        return { code: 'OK', data: billDetail({ type: 'wht', status: status as 'payment_pending' }) };
      return billGateway(request);
    });
    renderWithProviders(<SettlingBill />);
    expect(await screen.findByText('payment_pending')).toBeInTheDocument();
    await waitFor(() => expect(gateway.calls('users/me')).toHaveLength(1));
    status = 'payment_paid';
    expect(await screen.findByText('payment_paid', undefined, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(gateway.calls('users/me')).toHaveLength(2));
    await waitFor(() => expect(useSessionStore.getState().alerts).toEqual([]));
  });
});
