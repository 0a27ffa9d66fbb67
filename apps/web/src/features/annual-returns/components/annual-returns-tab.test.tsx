import type { AnnualReturnView } from '@levy/contracts';
import * as calls from '@levy/contracts/calls';
import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CorporationState } from '../../../api/corporations-api';
import { stubGateway, type GatewayRequest } from '../../../test/gateway';
import { grantPermissions, renderWithProviders } from '../../../test/render';
import { AnnualReturnsTab } from './annual-returns-tab';

const CORPORATION_ID = '8d5c1f62-7a57-4a0e-9a1f-0b6d1b0c2a11';
const lagos: CorporationState = {
  id: 'reg-1',
  tax_payer_number: 'C-0054321',
  tax_payer_name: 'Adire Textiles Limited',
  is_control_consent_given: true,
  consent_given_at: '2025-01-02T09:00:00.000Z',
  consent_requested_at: '2025-01-02T08:55:00.000Z',
  employee_count: 2,
  payroll_updated_at: '2025-01-02T08:00:00.000Z',
  state: {
    id: 25,
    code: 'LA',
    name: 'Lagos',
    revenue_service: 'Lagos State Internal Revenue Service',
    collector: 'state',
  },
  created_at: '2025-01-01T09:00:00.000Z',
  first_tax_month: '2025-01',
  name_matches: true,
};

const content: AnnualReturnView['return'] = {
  months_owed: ['2025-01', '2025-12'],
  income_columns: ['Basic salary'],
  employees: [
    {
      tax_payer_number: 'N-2000001',
      name: 'Adaeze Okafor',
      designation: 'Officer',
      months: 11,
      gross: '5500000.00',
      incomes: ['5500000.00'],
      pension_relief: '440000.00',
      reliefs: {
        pension: '440000.00',
        nhf: '0.00',
        nhis: '0.00',
        life_assurance: '0.00',
        mortgage_interest: '0.00',
        rent_relief: '0.00',
        cra: '1212000.00',
      },
      declared_reliefs: [],
      reliefs_basis:
        'Declared: none. Pension at the 8% default of basic, housing and transport. Not declared, so none assumed: NHF, NHIS, life assurance, mortgage ' +
        'interest and rent.',
      total_reliefs: '1652000.00',
      chargeable_income: '3848000.00',
      tax_deducted: '736853.37',
      expected_tax: '736853.37',
      monthly: [],
    },
  ],
  totals: {
    employees: 1,
    gross: '5500000.00',
    incomes: ['5500000.00'],
    total_reliefs: '1652000.00',
    tax_deducted: '736853.37',
    expected_tax: '736853.37',
    bills_amount_due: '736853.37',
  },
  bills: [
    {
      reference: 'PAYE-LA-2025-01-000001',
      period: '2025-01',
      supplementary: false,
      amount_due: '66986.67',
      paid_outside_levy: false,
    },
  ],
  reconciled: true,
  differences: [{ kind: 'missing_month', period: '2025-12', message: 'December 2025: no paid PAYE bill.' }],
};

const notFiled: AnnualReturnView = {
  corporation: { id: CORPORATION_ID, name: 'Adire Textiles Limited' },
  state: { code: 'LA', name: 'Lagos', revenue_service: 'Lagos State Internal Revenue Service' },
  tax_payer_number: 'C-0054321',
  year: 2025,
  due_date: '2026-01-31',
  status: 'not_filed',
  can_submit: true,
  cannot_submit_reason: null,
  filed: null,
  versions: [],
  changed_since_filing: false,
  late_filing: {
    months_late: 10,
    penalty: '550000.00',
    rule: '₦100,000 for the first month late and ₦50,000 for each month after (NTAA 2025 s.101)',
    as_of: '2026-11-24',
  },
  return: content,
  preview: null,
};
const version = {
  version: 1,
  reference: 'LA-H1-2025-V1-ABCDEF123456',
  filed_manually: false,
  filed_by: 'Kemi Balogun',
  filed_at: '2026-11-24T09:00:00.000Z',
  reason: null,
  employees: 1,
  tax_deducted: '736853.37',
};
const filed: AnnualReturnView = {
  ...notFiled,
  status: 'filed',
  filed: version,
  versions: [version],
  late_filing: { ...notFiled.late_filing!, as_of: '2026-11-24' },
};

function answer(request: GatewayRequest) {
  if (request.path === `internal/corporations/${CORPORATION_ID}/states`) return { code: 'OK', data: [lagos] };
  if (request.path.endsWith('/submit')) return { code: 'OK', data: filed };
  if (request.path.includes('/annual-returns/')) return { code: 'OK', data: notFiled };
  return { code: 'OK', data: [] };
}

function renderTab() {
  return renderWithProviders(
    <MemoryRouter initialEntries={[`/corporations/${CORPORATION_ID}/annual-returns?state=LA&year=2025`]}>
      <AnnualReturnsTab corporationId={CORPORATION_ID} />
    </MemoryRouter>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('Annual returns', () => {
  it('previews the return with its differences and the penalty so far, and submits only after the dialog says what will happen', async () => {
    grantPermissions([calls.getAnnualReturn.permission, calls.submitAnnualReturn.permission]);
    const gateway = stubGateway(answer);
    renderTab();
    expect(await screen.findByText('Annual return (Form H1) for 2025')).toBeInTheDocument();
    expect(gateway.requests.find((request) => request.path.includes('/annual-returns/'))).toMatchObject({
      method: 'GET',
      path: `internal/corporations/${CORPORATION_ID}/states/LA/annual-returns/2025`,
    });
    expect(screen.getByText('December 2025: no paid PAYE bill.')).toBeInTheDocument();
    expect(screen.getByText('Overdue: the late-filing penalty is growing')).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Employees on the annual return' })).getByText('Adaeze Okafor'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download all tax cards (ZIP)' })).toBeEnabled();
    // Each relief the year was given, beside the total.
    expect(screen.getByTestId('reliefs-N-2000001')).toHaveTextContent('pension ₦440,000.00, CRA ₦1,212,000.00');

    fireEvent.click(screen.getByRole('button', { name: 'Submit to Lagos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit the 2025 annual return' });
    expect(within(dialog).getByText(/Once submitted, the return is filed and read-only/)).toBeInTheDocument();
    expect(gateway.requests.some((request) => request.path.endsWith('/submit'))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit the 2025 return' }));
    expect(await screen.findByText('Filed: reference LA-H1-2025-V1-ABCDEF123456')).toBeInTheDocument();
    expect(gateway.requests.find((request) => request.path.endsWith('/submit'))).toMatchObject({ method: 'POST' });
    expect(screen.getByRole('list', { name: 'Versions filed' })).toHaveTextContent(
      'Version 1 · LA-H1-2025-V1-ABCDEF123456',
    );
    expect(screen.getByRole('button', { name: 'Amend' })).toBeInTheDocument();
  });

  it('says which months were paid outside Levy, apart from the differences to read, in the totals and before submitting', async () => {
    grantPermissions([calls.getAnnualReturn.permission, calls.submitAnnualReturn.permission]);
    const outside =
      'February 2025: ₦66,986.67 paid outside Levy (agency reference LIRS-7781). Its payroll file gives each employee’s figures.';
    const withPriorMonth: AnnualReturnView = {
      ...notFiled,
      return: {
        ...content,
        bills: [
          ...content.bills,
          {
            reference: 'LIRS-7781 (paid outside Levy)',
            period: '2025-02',
            supplementary: false,
            amount_due: '66986.67',
            paid_outside_levy: true,
          },
        ],
        differences: [...content.differences, { kind: 'paid_outside_levy', period: '2025-02', message: outside }],
      },
    };
    stubGateway((request) =>
      request.path.includes('/annual-returns/') ? { code: 'OK', data: withPriorMonth } : answer(request),
    );
    renderTab();
    const paidOutside = await screen.findByRole('alert', { name: 'Paid outside Levy' });
    expect(paidOutside).toHaveTextContent(outside);
    const differences = screen.getByRole('alert', { name: '1 difference from the paid PAYE bills' });
    expect(differences).not.toHaveTextContent('paid outside Levy');
    expect(screen.getByText('1 bill through Levy · 1 month paid outside Levy')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Submit to Lagos' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit the 2025 annual return' });
    expect(dialog).toHaveTextContent('from 1 paid PAYE bill and 1 month paid outside Levy');
    expect(dialog).toHaveTextContent('1 difference from the paid bills, as listed on this page');
  });

  it('offers a member the preview and downloads, not Submit', async () => {
    grantPermissions([calls.getAnnualReturn.permission]);
    stubGateway(answer);
    renderTab();
    expect(await screen.findByText('Annual return (Form H1) for 2025')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit to Lagos' })).not.toBeInTheDocument();
    expect(screen.getByText('Only an admin of the organisation can submit or amend the return.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export PDF' })).toBeEnabled();
  });
});
