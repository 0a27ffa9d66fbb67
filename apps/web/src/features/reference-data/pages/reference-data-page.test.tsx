import type { ReferenceData } from '@levy/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubGateway } from '../../../test/gateway';
import { grantPermissions, renderWithProviders } from '../../../test/render';
import * as PERMISSIONS from '@levy/contracts/permission-catalogue';
import ReferenceDataPage from './reference-data-page';

const SEED_SCHEDULE =
  'PAYE ₦500.00 + ₦50.00 per employee, capped at ₦20,000.00; WHT ₦300.00 + ₦30.00 per payee, capped at ₦15,000.00; VAT 7.50% on the fee';

const WHT_IN_FORCE: ReferenceData['wht_in_force'] = [
  {
    code: 'rent',
    name: 'Rent',
    company_resident: '10.00%',
    company_non_resident: '10.00%',
    individual_resident: '10.00%',
    individual_non_resident: '10.00%',
  },
  {
    code: 'supply_of_goods',
    name: 'Supply of goods',
    company_resident: '2.00%',
    company_non_resident: null,
    individual_resident: '2.00%',
    individual_non_resident: null,
  },
];

function screenData(
  overrides: {
    mprDue?: boolean;
    mprRows?: ReferenceData['tables'][number]['rows'];
    chargeRows?: ReferenceData['tables'][number]['rows'];
    whtRows?: ReferenceData['tables'][number]['rows'];
  } = {},
): ReferenceData {
  return {
    today: '2026-11-24',
    tables: [
      {
        code: 'mpr',
        title: 'Monetary Policy Rate',
        rows: overrides.mprRows ?? [
          {
            from: '2026-02-24',
            value: '26.50%',
            basis: null,
            source: 'CBN MPC communiqué, 304th meeting',
            origin: 'seed',
            added_by: null,
            added_at: null,
            in_force: true,
          },
          {
            from: '2025-09-23',
            value: '27.00%',
            basis: null,
            source: 'CBN MPC communiqué, 302nd meeting',
            origin: 'seed',
            added_by: null,
            added_at: null,
            in_force: false,
          },
        ],
        reviewed_on: overrides.mprDue === false ? '2026-11-24' : '2026-02-24',
        days_since_review: overrides.mprDue === false ? 0 : 273,
        review_due: overrides.mprDue ?? true,
        last_review: null,
      },
      {
        code: 'holidays',
        title: 'Public holidays',
        rows: [
          {
            from: '2027-03-10',
            value: 'Eid-el-Fitr',
            basis: 'expected',
            source: 'Astronomical estimate',
            origin: 'seed',
            added_by: null,
            added_at: null,
            in_force: true,
          },
        ],
        reviewed_on: '2026-11-20',
        days_since_review: 4,
        review_due: false,
        last_review: {
          by: 'Sade Staff',
          at: '2026-11-20T09:00:00.000Z',
          source: 'Ministry of Interior press releases',
        },
      },
      {
        code: 'charges',
        title: 'Charge schedule',
        rows: overrides.chargeRows ?? [
          {
            from: '2025-01-01',
            value: SEED_SCHEDULE,
            basis: null,
            source: 'Levy pricing decision 0103; VAT 7.5% (Finance Act 2019, NTA 2025)',
            origin: 'seed',
            added_by: null,
            added_at: null,
            in_force: true,
          },
        ],
        reviewed_on: '2026-11-24',
        days_since_review: 0,
        review_due: false,
        last_review: null,
      },
      {
        code: 'wht',
        title: 'WHT rates',
        rows: overrides.whtRows ?? [
          {
            from: '2025-01-01',
            value: 'Schedule of 14 types',
            basis: null,
            source: 'Deduction of Tax at Source (Withholding) Regulations 2024 (S.I. 34), First Schedule',
            origin: 'seed',
            added_by: null,
            added_at: null,
            in_force: true,
          },
          {
            from: '2020-01-01',
            value: 'Schedule of 12 types',
            basis: null,
            source: 'CITA/PITA (Deduction at Source) Regulations 1997',
            origin: 'seed',
            added_by: null,
            added_at: null,
            in_force: false,
          },
        ],
        reviewed_on: '2026-11-24',
        days_since_review: 0,
        review_due: false,
        last_review: null,
      },
    ],
    wht_in_force: WHT_IN_FORCE,
    remittance_routes: [],
    audit: [
      {
        at: '2026-11-20T09:00:00.000Z',
        by: 'Sade Staff',
        action: 'reviewed',
        table: 'holidays',
        summary: 'Public holidays checked and current',
        source: 'Ministry of Interior press releases',
      },
    ],
  };
}

beforeEach(() => grantPermissions([PERMISSIONS.manageReferenceData]));
afterEach(() => vi.unstubAllGlobals());

describe('Reference data (staff)', () => {
  it('shows the MPR in force with "MPR as of", its history, and the review warning', async () => {
    stubGateway(() => ({ code: 'OK', data: screenData() }));
    renderWithProviders(<ReferenceDataPage />);
    expect(await screen.findByTestId('mpr-in-force')).toHaveTextContent(
      'In force: 26.50% from 24 Feb, 2026 · MPR as of 24 Feb, 2026',
    );
    expect(screen.getByTestId('review-warning-mpr')).toHaveTextContent('Not reviewed for 273 days');
    const rows = within(screen.getByRole('table', { name: 'Monetary Policy Rate rows' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('24 Feb, 2026');
    expect(rows[1]).toHaveTextContent('In force');
    expect(rows[2]).toHaveTextContent('CBN MPC communiqué, 302nd meeting');
    expect(rows[2]).toHaveTextContent('Shipped with Levy');
  });

  it('adds a row with its source and shows the answer', async () => {
    const added = screenData({
      mprDue: false,
      mprRows: [
        {
          from: '2026-11-25',
          value: '26.00%',
          basis: null,
          source: 'CBN MPC communiqué, 307th meeting',
          origin: 'staff',
          added_by: 'Sade Staff',
          added_at: '2026-11-24T10:00:00.000Z',
          in_force: false,
        },
        ...screenData().tables[0].rows,
      ],
    });
    const gateway = stubGateway((request) => ({
      code: 'OK',
      data: request.path === 'internal/reference-data/mpr/rows' ? added : screenData(),
    }));
    renderWithProviders(<ReferenceDataPage />);
    const form = await screen.findByRole('form', { name: 'Add an MPR row' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add row' }));
    expect(
      await within(form).findByText('Source is required: name the communiqué, gazette or announcement'),
    ).toBeInTheDocument();
    expect(gateway.calls('internal/reference-data/mpr/rows')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText(/In force from/), { target: { value: '2026-11-25' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /Rate/ }), { target: { value: '26.00' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /Source/ }), {
      target: { value: 'CBN MPC communiqué, 307th meeting' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Add row' }));
    await waitFor(() => expect(gateway.calls('internal/reference-data/mpr/rows')).toHaveLength(1));
    expect(gateway.calls('internal/reference-data/mpr/rows')[0].body).toEqual({
      from: '2026-11-25',
      rate_percent: '26.00',
      source: 'CBN MPC communiqué, 307th meeting',
    });
    const addedRow = (await screen.findByText('Sade Staff, 24 Nov, 2026 at 11:00 (Lagos time)')).closest('tr')!;
    expect(addedRow).toHaveTextContent('26.00%Upcoming');
    expect(screen.queryByTestId('review-warning-mpr')).not.toBeInTheDocument();
  });

  it('keeps a refusal beside the form', async () => {
    const message =
      'A rate from 20 Nov, 2026 would change the late penalty already stated on a paid bill: PAYE-LA-2026-09-000001 (paid late on 24 Nov, 2026). Date ' +
      'the row after 24 Nov, 2026.';
    stubGateway((request) =>
      request.path === 'internal/reference-data/mpr/rows'
        ? { code: 'CONFLICT', message, data: null }
        : { code: 'OK', data: screenData() },
    );
    renderWithProviders(<ReferenceDataPage />);
    const form = await screen.findByRole('form', { name: 'Add an MPR row' });
    fireEvent.change(within(form).getByLabelText(/In force from/), { target: { value: '2026-11-20' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /Rate/ }), { target: { value: '20' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /Source/ }), {
      target: { value: 'CBN MPC communiqué' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Add row' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(message);
  });

  it('marks a table as reviewed with the source checked', async () => {
    const gateway = stubGateway((request) => ({
      code: 'OK',
      data: request.path.endsWith('/reviews') ? screenData({ mprDue: false }) : screenData(),
    }));
    renderWithProviders(<ReferenceDataPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Mark as reviewed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark Monetary Policy Rate as reviewed' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Source checked/ }), {
      target: { value: 'CBN MPC communiqué, 307th meeting: rate held' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as reviewed' }));
    await waitFor(() => expect(gateway.calls('internal/reference-data/mpr/reviews')).toHaveLength(1));
    expect(gateway.calls('internal/reference-data/mpr/reviews')[0].body).toEqual({
      source: 'CBN MPC communiqué, 307th meeting: rate held',
    });
    await waitFor(() => expect(screen.queryByTestId('review-warning-mpr')).not.toBeInTheDocument());
  });

  it('shows the charge schedule on its tab and adds a dated schedule with its source', async () => {
    const newRow = {
      from: '2026-12-01',
      value: SEED_SCHEDULE.replace('PAYE ₦500.00', 'PAYE ₦600.00'),
      basis: null,
      source: 'Levy pricing decision 0131',
      origin: 'staff' as const,
      added_by: 'Sade Staff',
      added_at: '2026-11-24T10:00:00.000Z',
      in_force: false,
    };
    const added = screenData({ chargeRows: [newRow, ...screenData().tables[2].rows] });
    const gateway = stubGateway((request) => ({
      code: 'OK',
      data: request.path === 'internal/reference-data/charges/rows' ? added : screenData(),
    }));
    renderWithProviders(<ReferenceDataPage />);
    fireEvent.click(await screen.findByRole('tab', { name: /Charge schedule/ }));
    expect(await screen.findByTestId('charges-in-force')).toHaveTextContent(
      'In force: from 01 Jan, 2025 · a bill is charged by the schedule in force on the first day of its tax month',
    );
    const seedRow = within(screen.getByRole('table', { name: 'Charge schedule rows' })).getAllByRole('row')[1];
    expect(seedRow).toHaveTextContent(SEED_SCHEDULE);
    expect(seedRow).toHaveTextContent('In force');
    expect(seedRow).toHaveTextContent('Shipped with Levy');

    const form = screen.getByRole('form', { name: 'Add a charge schedule' });
    const fill = (label: RegExp, value: string) =>
      fireEvent.change(within(form).getByLabelText(label), { target: { value } });
    fill(/In force from/, '2026-12-01');
    fill(/VAT on the fee/, '7.50');
    fill(/PAYE base fee/, '600');
    fill(/PAYE fee per employee/, '50');
    fill(/PAYE fee cap/, '20000');
    fill(/WHT base fee/, '300');
    fill(/WHT fee per payee/, '30');
    fill(/WHT fee cap/, '15000');
    fireEvent.click(within(form).getByRole('button', { name: 'Add row' }));
    expect(
      await within(form).findByText('Source is required: name the communiqué, gazette or announcement'),
    ).toBeInTheDocument();
    expect(gateway.calls('internal/reference-data/charges/rows')).toHaveLength(0);

    fill(/^Source/, 'Levy pricing decision 0131');
    fireEvent.click(within(form).getByRole('button', { name: 'Add row' }));
    await waitFor(() => expect(gateway.calls('internal/reference-data/charges/rows')).toHaveLength(1));
    expect(gateway.calls('internal/reference-data/charges/rows')[0].body).toEqual({
      from: '2026-12-01',
      paye_base: '600',
      paye_per_recipient: '50',
      paye_cap: '20000',
      wht_base: '300',
      wht_per_recipient: '30',
      wht_cap: '15000',
      vat_percent: '7.50',
      source: 'Levy pricing decision 0131',
    });
    const addedRow = (await screen.findByText('Sade Staff, 24 Nov, 2026 at 11:00 (Lagos time)')).closest('tr')!;
    expect(addedRow).toHaveTextContent('PAYE ₦600.00');
    expect(addedRow).toHaveTextContent('Upcoming');
  });

  it('shows this month’s WHT rates and adds a rate for one type, payee and residency', async () => {
    const newRow = {
      from: '2027-01-01',
      value: 'Rent, individuals (resident): 7.50%',
      basis: null,
      source: 'Withholding (Amendment) Regulations 2026',
      origin: 'staff' as const,
      added_by: 'Sade Staff',
      added_at: '2026-11-24T10:00:00.000Z',
      in_force: false,
    };
    const added = screenData({ whtRows: [newRow, ...screenData().tables[3].rows] });
    const gateway = stubGateway((request) => ({
      code: 'OK',
      data: request.path === 'internal/reference-data/wht/rows' ? added : screenData(),
    }));
    renderWithProviders(<ReferenceDataPage />);
    fireEvent.click(await screen.findByRole('tab', { name: /WHT rates/ }));
    const rates = within(await screen.findByRole('table', { name: 'WHT rates in force' })).getAllByRole('row');
    expect(rates[2]).toHaveTextContent('Rent10.00%10.00%10.00%10.00%');
    expect(rates[3]).toHaveTextContent('Supply of goods2.00%None2.00%None');
    expect(screen.getByText(/Rates for November 2026/)).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Add a WHT rate' });
    const fill = (label: RegExp, value: string) =>
      fireEvent.change(within(form).getByLabelText(label), { target: { value } });
    fill(/In force from/, '2027-01-01');
    fill(/Rate \(%\)/, '7.50');
    fill(/^Source/, 'Withholding (Amendment) Regulations 2026');
    // The choices start on the first of each list: rent, individuals, resident.
    fireEvent.click(within(form).getByRole('button', { name: 'Add row' }));
    await waitFor(() => expect(gateway.calls('internal/reference-data/wht/rows')).toHaveLength(1));
    expect(gateway.calls('internal/reference-data/wht/rows')[0].body).toEqual({
      from: '2027-01-01',
      wht_type: 'rent',
      payee_kind: 'individual',
      residency: 'resident',
      rate_percent: '7.50',
      source: 'Withholding (Amendment) Regulations 2026',
    });

    const choose = async (label: RegExp, option: string) => {
      fireEvent.click(within(form).getByRole('combobox', { name: label }));
      fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
    };
    await choose(/WHT type/, 'Supply of goods');
    await choose(/Paid to/, 'Companies');
    await choose(/Residency/, 'Non-resident');
    fill(/In force from/, '2027-01-01');
    fill(/Rate \(%\)/, '5');
    fill(/^Source/, 'Withholding (Amendment) Regulations 2026');
    fireEvent.click(within(form).getByRole('button', { name: 'Add row' }));
    await waitFor(() => expect(gateway.calls('internal/reference-data/wht/rows')).toHaveLength(2));
    expect(gateway.calls('internal/reference-data/wht/rows')[1].body).toMatchObject({
      wht_type: 'supply_of_goods',
      payee_kind: 'company',
      residency: 'non_resident',
      rate_percent: '5',
    });
    const addedRow = (await screen.findByText('Sade Staff, 24 Nov, 2026 at 11:00 (Lagos time)')).closest('tr')!;
    expect(addedRow).toHaveTextContent('Rent, individuals (resident): 7.50%Upcoming');
  });
});
