import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { canPayTaxes } from './pay-taxes';
import { isCorporationBillsTab } from '../model/bill-routes';
import { billDetail, billGateway, BILL_ID, CORPORATION_ID } from '../testing/bill-fixtures';
import { BillsList } from './bills-list';
import { type GatewayRequest, stubGateway } from '../../../test/gateway';
import { grantPermissions, permissionMap, renderWithProviders } from '../../../test/render';
import * as calls from '@levy/contracts/calls';

beforeEach(() => grantPermissions([calls.listBills.permission]));
afterEach(() => vi.unstubAllGlobals());

const PAGE = { count: 10, current_page: 1, total_count: 1, total_pages: 1 };

function listGateway(detailAnswers: Array<ReturnType<typeof billDetail>>) {
  let detailCalls = 0;
  return stubGateway((request: GatewayRequest) => {
    if (request.path === 'internal/bills')
      return {
        code: 'OK',
        data: {
          items: [
            billDetail({
              status: 'payment_pending',
              type: 'wht',
              type_name: 'Withholding Tax',
              reference: 'WHT-LA-2026-10-000124',
            }),
          ],
          pagination: PAGE,
        },
      };
    if (request.path === `internal/bills/${BILL_ID}`)
      return { code: 'OK', data: detailAnswers[Math.min(detailCalls++, detailAnswers.length - 1)] };
    if (request.path === `internal/bills/${BILL_ID}/items`)
      return {
        code: 'OK',
        data: {
          items: [
            {
              row: 2,
              tax_payer_number: 'N-7654321',
              name: 'Chinedu Properties Ltd',
              amount: '500000.00',
              tax_payable: '50000.00',
              expected_tax: null,
            },
          ],
          pagination: PAGE,
        },
      };
    if (request.path === 'internal/collectors') return { code: 'OK', data: [] };
    return billGateway(request);
  });
}

describe('Bills list', () => {
  it(
    'lists bills with their status; a bill opens in the drawer, which asks again while the payment settles and offers the receipt and the credit ' +
      'notes once paid',
    async () => {
      const pending = billDetail({
        status: 'payment_pending',
        type: 'wht',
        type_name: 'Withholding Tax',
        reference: 'WHT-LA-2026-10-000124',
        paid_at: null,
        receipt_number: null,
      });
      const gateway = listGateway([
        pending,
        { ...pending, status: 'payment_paid', receipt_number: 'RCT-000124', paid_at: '2026-11-03T10:00:05.000Z' },
      ]);
      renderWithProviders(
        <MemoryRouter>
          <BillsList />
        </MemoryRouter>,
      );
      const row = (await screen.findByRole('button', { name: 'WHT-LA-2026-10-000124' })).closest('tr')!;
      expect(within(row).getByText('Payment pending').closest('[data-tone]')).toHaveAttribute('data-tone', 'warning');
      expect(row).toHaveTextContent('₦121,075.00');

      fireEvent.click(within(row).getByRole('button', { name: 'WHT-LA-2026-10-000124' }));
      expect(await screen.findByText('The revenue service is confirming the payment…')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Download receipt' })).not.toBeInTheDocument();
      expect(await screen.findByRole('table', { name: 'Recipients' })).toHaveTextContent('Chinedu Properties Ltd');
      // Credit notes come with the payment.
      expect(screen.queryByRole('button', { name: 'Credit note for Chinedu Properties Ltd' })).not.toBeInTheDocument();

      expect(await screen.findByRole('button', { name: 'Download receipt' }, { timeout: 4000 })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Download all credit notes (ZIP)' })).toBeInTheDocument();
      expect(
        within(screen.getByRole('table', { name: 'Recipients' })).getByRole('button', {
          name: 'Credit note for Chinedu Properties Ltd',
        }),
      ).toBeInTheDocument();
      // Once paid: the receipt's public verify page, and times in Lagos whatever the browser's zone.
      expect(screen.getByRole('link', { name: 'Verify receipt' })).toHaveAttribute('href', billDetail().verify_url);
      expect(screen.getAllByText('03 Nov, 2026 at 11:00 (Lagos time)').length).toBeGreaterThan(0);
      expect(gateway.calls(`internal/bills/${BILL_ID}`).length).toBeGreaterThanOrEqual(2);
      // Settling refreshes the list.
      await waitFor(() => expect(gateway.calls('internal/bills').length).toBeGreaterThanOrEqual(2));
    },
    15_000,
  );

  it('the drawer says a bill paid the PAYE of employees who live in another state, whom, how many and why', async () => {
    const bill = billDetail({
      residents_elsewhere: {
        included: true,
        reason: 'They moved in October; Ogun is registered from November',
        states: [
          {
            code: 'OG',
            name: 'Ogun',
            revenue_service: 'Ogun State Internal Revenue Service',
            message: 'Resident in Ogun: PAYE due to Ogun State Internal Revenue Service',
            employee_count: 52,
            employees: [
              { row: 3, tax_payer_number: 'N-4000002', name: 'Femi Ogunleye' },
              { row: 4, tax_payer_number: 'N-4000003', name: 'Sade Adewale' },
            ],
          },
        ],
      },
    });
    listGateway([bill]);
    renderWithProviders(
      <MemoryRouter>
        <BillsList />
      </MemoryRouter>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'WHT-LA-2026-10-000124' }));
    const said = await screen.findByTestId('bill-residents-elsewhere');
    expect(said).toHaveTextContent('Includes employees who live in another state');
    expect(said).toHaveTextContent(
      'Resident in Ogun: PAYE due to Ogun State Internal Revenue Service: Femi Ogunleye, Sade Adewale and 50 more',
    );
    expect(said).toHaveTextContent('Reason: They moved in October; Ogun is registered from November');
  });

  it('on a corporation, lists only its bills', async () => {
    const gateway = listGateway([billDetail()]);
    renderWithProviders(
      <MemoryRouter>
        <BillsList corporationId={CORPORATION_ID} />
      </MemoryRouter>,
    );
    await screen.findByRole('table', { name: 'Bills' });
    expect(JSON.parse(String(gateway.calls('internal/bills')[0].params?.filters))).toEqual([
      { field: 'corporation_id', value: CORPORATION_ID },
    ]);
    expect(screen.queryByRole('columnheader', { name: 'Corporation' })).not.toBeInTheDocument();
  });
});

describe('Pay Taxes button rules (docs/product.md §6)', () => {
  it('needs both createpayebill and calccharge', () => {
    expect(canPayTaxes(permissionMap([calls.createPayeBill.permission, calls.calculateBillCharge.permission]))).toBe(
      true,
    );
    expect(canPayTaxes(permissionMap([calls.createPayeBill.permission]))).toBe(false);
    expect(canPayTaxes(null)).toBe(false);
  });

  it('is hidden on the corporation bills tab only', () => {
    expect(isCorporationBillsTab(`/corporations/${CORPORATION_ID}/bills`)).toBe(true);
    expect(isCorporationBillsTab(`/corporations/${CORPORATION_ID}/states`)).toBe(false);
    expect(isCorporationBillsTab('/bills')).toBe(false);
  });
});
