import type { TaxInsight } from '@levy/contracts';
import { screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_VIEWPORT, setViewportWidth } from '../../../test/viewport';
import { TaxInsightPanel } from './tax-insight-panel';
import { stubGateway } from '../../../test/gateway';
import { renderWithProviders } from '../../../test/render';

const STATEMENT_ID = '9f8e7d6c-5b4a-4321-8fed-cba987654321';

const insight: TaxInsight = {
  statement_id: STATEMENT_ID,
  window_days: 7,
  bill_matches: [
    {
      transaction: { index: 40, date: '2025-03-10', narration: 'LIRS PAYE FEB 2025 REMITA 2201', amount: '184500.00' },
      bill: {
        id: 'b1c2d3e4-0000-4000-8000-000000000001',
        reference: 'LVY-PAYE-000123',
        type: 'paye',
        period_start: '2025-02-01',
        amount_due: '184500.00',
        total: '184500.00',
        paid_at: '2025-03-08T10:00:00.000Z',
      },
      matched_on: 'total',
      days_apart: 2,
    },
  ],
  unmatched_tax_payments: [{ index: 77, date: '2025-04-11', narration: 'FIRS VAT MARCH', amount: '52000.00' }],
  wht_vendors: [
    {
      vendor: 'LAGOS CLEANERS SERVICES',
      payments: 3,
      months: ['2025-01', '2025-02', '2025-03'],
      total: '700502.00',
      wht: '14010.04',
      wht_withheld_through_levy: '0.00',
      wht_outstanding: '14010.04',
      rate: 2,
      wht_type: 'other_services',
      wht_type_source: 'assumed',
      wht_form: {
        wht_type: 'other_services',
        month: '2025-03',
        amount: '700502.00',
        beneficiary_name: 'LAGOS CLEANERS SERVICES',
      },
      wht_link: '/pay-taxes?wht=1',
    },
    {
      vendor: 'ADEOLA PROPERTIES LTD',
      payments: 2,
      months: ['2025-01', '2025-02'],
      total: '500000.00',
      wht: '50000.00',
      wht_withheld_through_levy: '50000.00',
      wht_outstanding: '0.00',
      rate: 10,
      wht_type: 'rent',
      wht_type_source: 'narration',
      wht_form: { wht_type: 'rent', month: '2025-02', amount: '500000.00', beneficiary_name: 'ADEOLA PROPERTIES LTD' },
      wht_link: '/pay-taxes?wht=2',
    },
  ],
  bank_charges_vat: '68.66',
};

function renderAt(width: number) {
  setViewportWidth(width);
  stubGateway(() => ({ code: 'OK', data: insight }));
  return renderWithProviders(
    <MemoryRouter>
      <TaxInsightPanel statementId={STATEMENT_ID} />
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  setViewportWidth(DEFAULT_VIEWPORT.width);
});

describe('Tax insight', () => {
  it('counts only the WHT not already withheld through Levy, and offers no payment for a vendor paid in full', async () => {
    renderAt(1280);
    const vendors = await screen.findByRole('table', { name: 'Vendors that may be owed WHT' });
    expect(screen.queryByText('₦64,010.04')).toBeNull();
    const paidRow = within(vendors).getByText('ADEOLA PROPERTIES LTD').closest('tr')!;
    expect(within(paidRow).getByText('Paid through Levy')).toBeVisible();
    expect(within(paidRow).queryByRole('link', { name: 'Pay WHT' })).toBeNull();
    expect(within(paidRow).getByTestId('wht-withheld-through-levy')).toHaveTextContent(
      '₦50,000.00 already withheld through Levy in these months; ₦0.00 outstanding.',
    );
  });

  it('shows every column at desktop width', async () => {
    renderAt(1280);
    const vendors = await screen.findByRole('table', { name: 'Vendors that may be owed WHT' });
    expect(within(vendors).getByRole('columnheader', { name: 'Paid' })).toBeVisible();
    expect(within(vendors).getByText('WHT ₦14,010.04 on ₦700,502.00 paid in 3 payments')).not.toBeVisible();
    const payments = screen.getByRole('table', { name: 'Tax payments' });
    expect(within(payments).getByRole('columnheader', { name: 'Date' })).toBeVisible();
    expect(within(payments).getByRole('columnheader', { name: 'Levy bill' })).toBeVisible();
  });

  it('on a phone, sums up a vendor’s figures under its name and keeps each payment’s date and bill', async () => {
    renderAt(390);
    const vendors = await screen.findByRole('table', { name: 'Vendors that may be owed WHT' });
    for (const column of ['Payments', 'Paid', 'WHT'])
      expect(within(vendors).getByText(column, { selector: 'th' })).not.toBeVisible();
    expect(within(vendors).getByText('WHT ₦14,010.04 on ₦700,502.00 paid in 3 payments')).toBeVisible();
    expect(within(vendors).getAllByRole('link', { name: 'Pay WHT' })).toHaveLength(1);

    const payments = screen.getByRole('table', { name: 'Tax payments' });
    // The narration's cell: its date comes under it.
    const matchedNarration = within(payments).getByText('LIRS PAYE FEB 2025 REMITA 2201');
    expect(within(matchedNarration).getByText('10 Mar, 2025')).toBeVisible();
    const matched = matchedNarration.closest('tr')!;
    expect(within(matched).getByText('₦184,500.00')).toBeVisible();
    expect(within(matched).getByRole('link', { name: 'LVY-PAYE-000123' })).toBeVisible();
    const unmatchedNarration = within(payments).getByText('FIRS VAT MARCH');
    expect(within(unmatchedNarration).getByText('11 Apr, 2025')).toBeVisible();
    expect(within(unmatchedNarration.closest('tr')!).getByText('No matching bill')).toBeVisible();
  });
});
