import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { stubGateway, type GatewayRequest } from '../../../test/gateway';
import { grantPermissions, renderWithProviders } from '../../../test/render';
import { billDetail, BILL_ID } from '../testing/bill-fixtures';
import { BillDecisions } from './bill-decisions';
import * as calls from '@levy/contracts/calls';

beforeEach(() => {
  grantPermissions([calls.approveBill.permission, calls.listBills.permission]);
  useSessionStore.setState({ user: { id: 'approver' } as never });
});
afterEach(() => vi.unstubAllGlobals());

const waiting = billDetail({
  status: 'awaiting_approval',
  created_by_id: 'preparer',
  created_by: 'Musa Bello',
  total: '121075.00',
});
const REPRICED = {
  prepared: { amount_due: '120000.00', charge: '1075.00', total: '121075.00' },
  now: { amount_due: '90000.00', charge: '1075.00', total: '91075.00' },
  changes: [
    'The tax is ₦90,000.00, not ₦120,000.00: the rate for October 2026 is now 7.5%.',
    'The total is ₦91,075.00, not ₦121,075.00.',
  ],
};

describe('Approving a waiting bill', () => {
  it('shows what changed since the bill was prepared, and pays only the new total the approver confirms', async () => {
    const gateway = stubGateway((request: GatewayRequest) => {
      if (request.path === `internal/bills/${BILL_ID}/approve`) {
        const body = request.body as { confirm_total?: string };
        if (body.confirm_total !== REPRICED.now.total)
          return { code: 'CONFLICT', message: 'The rules changed after this bill was prepared.', data: REPRICED };
        return { code: 'OK', data: { ...waiting, status: 'payment_pending', total: REPRICED.now.total } };
      }
      return {
        code: 'OK',
        data: { items: [], pagination: { count: 10, current_page: 1, total_count: 0, total_pages: 0 } },
      };
    });
    renderWithProviders(<BillDecisions bill={waiting} />);
    fireEvent.click(screen.getByRole('button', { name: 'Approve and pay' }));

    const changed = await screen.findByTestId('bill-repricing');
    expect(changed).toHaveTextContent('The tax is ₦90,000.00, not ₦120,000.00: the rate for October 2026 is now 7.5%.');
    expect(changed).toHaveTextContent('The total is ₦91,075.00, not ₦121,075.00.');
    expect(screen.getByText(/Approve to pay ₦91,075\.00 from the wallet now/)).toBeInTheDocument();
    expect(screen.queryByText('Not approved')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Approve and pay ₦91,075.00' }));
    await waitFor(() =>
      expect(gateway.calls(`internal/bills/${BILL_ID}/approve`).map((call) => call.body)).toEqual([
        {},
        { confirm_total: '91075.00' },
      ]),
    );
  });

  it('says why a bill was not approved when its registration is gone', async () => {
    const refusal =
      'Adire Textiles Limited is no longer registered in Lagos, so this bill cannot be paid: it has been closed and nothing was paid. Prepare a new ' +
      'bill if the tax is still owed.';
    stubGateway((request: GatewayRequest) =>
      request.path === `internal/bills/${BILL_ID}/approve`
        ? { code: 'UNPROCESSABLE', message: refusal, data: null }
        : { code: 'OK', data: { ...waiting, status: 'cancelled' } },
    );
    renderWithProviders(<BillDecisions bill={waiting} />);
    fireEvent.click(screen.getByRole('button', { name: 'Approve and pay' }));
    expect(await screen.findByText('Not approved')).toBeInTheDocument();
    expect(screen.getByText(refusal)).toBeInTheDocument();
  });
});
