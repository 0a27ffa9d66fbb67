import { PAYE_TEMPLATE_HEADERS } from '@levy/tax';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CorporationState } from '../../api/corporations-api';
import { ManagePayrollDialog } from './manage-payroll-dialog';
import { stubGateway, stubUploads } from '../../test/gateway';
import { grantPermissions, renderWithProviders } from '../../test/render';
import * as calls from '@levy/contracts/calls';

const CORPORATION_ID = '8d5c1f62-7a57-4a0e-9a1f-0b6d1b0c2a11';
const BASE = `internal/corporations/${CORPORATION_ID}/states/LA`;

function registration(consent: boolean): CorporationState {
  return {
    id: 'reg-1',
    tax_payer_number: 'C-0054321',
    tax_payer_name: 'Delta Harbour Foods Plc',
    is_control_consent_given: consent,
    consent_given_at: consent ? '2026-11-02T09:00:00.000Z' : null,
    consent_requested_at: consent ? '2026-11-02T08:55:00.000Z' : null,
    employee_count: 0,
    payroll_updated_at: null,
    state: {
      id: 25,
      code: 'LA',
      name: 'Lagos',
      revenue_service: 'Lagos State Internal Revenue Service',
      collector: 'state',
    },
    created_at: '2026-11-01T09:00:00.000Z',
    first_tax_month: '2026-11',
    name_matches: true,
  };
}

const EMPTY_PAGE = { items: [], pagination: { count: 10, current_page: 1, total_count: 0, total_pages: 1 } };

/** The PAYE bill paid last, for October: what an upload's employees are compared with too. */
const OCTOBER_BILL = {
  bill: {
    id: 'b1',
    reference: 'PAYE-LA-2026-10-000001',
    period_start: '2026-10-01',
    status: 'payment_paid',
    recipient_count: 2,
    payroll: null,
  },
  employees: [
    { tax_payer_number: 'N-1000001', name: 'Chioma Eze', gross_income: '500000.00', tax_payable: '65300.00' },
    { tax_payer_number: 'N-1000003', name: 'Bola Ade', gross_income: '400000.00', tax_payable: '48000.00' },
  ],
};

function payrollServer() {
  return stubGateway((request) => {
    if (request.path === `${BASE}/consent`)
      return { code: 'OK', data: { token: 'consent-token', email: 'd**o@levy.ng' } };
    if (request.path === `${BASE}/consent/verify`) {
      const { pin } = request.body as { pin: string };
      if (pin !== '482913') return { code: 'INVALID_INPUT', data: { pin: 'The code is not correct. 4 tries left.' } };
      return { code: 'OK', data: registration(true) };
    }
    if (request.path === `${BASE}/payrolls/employees`) return { code: 'OK', data: EMPTY_PAGE };
    if (request.path === 'internal/bills/paye-previous') return { code: 'OK', data: OCTOBER_BILL };
    return { code: 'NOT_FOUND', message: 'Not found.', data: null };
  });
}

const ALL = [
  calls.requestStateConsent.permission,
  calls.verifyStateConsent.permission,
  calls.uploadPayroll.permission,
  calls.listPayrollEmployees.permission,
];

function digit(index: number) {
  return screen.getByRole('textbox', { name: `Consent code digit ${index} of 6` });
}

beforeEach(() => grantPermissions(ALL));
afterEach(() => vi.unstubAllGlobals());

describe('Manage Payroll', () => {
  it('goes straight to the upload view and the employees when consent is already given', async () => {
    const gateway = payrollServer();
    renderWithProviders(
      <ManagePayrollDialog
        corporationId={CORPORATION_ID}
        corporationName="Adire Textiles Limited"
        registration={registration(true)}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByText('Payroll file')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Proceed' })).not.toBeInTheDocument();
    expect(
      await screen.findByText('Upload the payroll template to register employees with the state.'),
    ).toBeInTheDocument();
    expect(gateway.calls(`${BASE}/consent`)).toHaveLength(0);
  });

  it('Decline closes without asking for a code', () => {
    const gateway = payrollServer();
    const onClose = vi.fn();
    renderWithProviders(
      <ManagePayrollDialog
        corporationId={CORPORATION_ID}
        corporationName="Adire Textiles Limited"
        registration={registration(false)}
        onClose={onClose}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(onClose).toHaveBeenCalled();
    // Only the deployment is read (whether consent is by code or attested): no code is asked for.
    expect(gateway.requests.filter((request) => request.path !== 'deployment')).toHaveLength(0);
  });

  it(
    'Proceed mails a code to the masked address; the code takes digits only; ' +
      'a wrong code is said at the field; the right one opens the upload view',
    async () => {
      const gateway = payrollServer();
      renderWithProviders(
        <ManagePayrollDialog
          corporationId={CORPORATION_ID}
          corporationName="Adire Textiles Limited"
          registration={registration(false)}
          onClose={() => undefined}
        />,
      );
      fireEvent.click(screen.getByRole('button', { name: 'Proceed' }));
      expect(await screen.findByTestId('consent-email')).toHaveTextContent('d**o@levy.ng');

      fireEvent.change(digit(1), { target: { value: 'a' } });
      expect(digit(1)).toHaveValue('');
      fireEvent.click(screen.getByRole('button', { name: 'Verify code' }));
      expect(await screen.findByText('Enter the 6-digit code')).toBeInTheDocument();
      expect(gateway.calls(`${BASE}/consent/verify`)).toHaveLength(0);

      fireEvent.change(digit(1), { target: { value: '111111' } });
      fireEvent.click(screen.getByRole('button', { name: 'Verify code' }));
      expect(await screen.findByText('The code is not correct. 4 tries left.')).toBeInTheDocument();

      fireEvent.change(digit(1), { target: { value: '482913' } });
      fireEvent.click(screen.getByRole('button', { name: 'Verify code' }));
      expect(await screen.findByText('Payroll file')).toBeInTheDocument();
      expect(gateway.calls(`${BASE}/consent/verify`).at(-1)?.body).toEqual({ pin: '482913', token: 'consent-token' });
    },
  );

  it('says No new file selected when Upload is pressed without a new file', async () => {
    const gateway = payrollServer();
    renderWithProviders(
      <ManagePayrollDialog
        corporationId={CORPORATION_ID}
        corporationName="Adire Textiles Limited"
        registration={registration(true)}
        onClose={() => undefined}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Upload payroll' }));
    expect(await screen.findByText('No new file selected')).toBeInTheDocument();
    await waitFor(() => expect(gateway.calls(`${BASE}/payrolls/employees`)).toHaveLength(1));
  });

  it('names, before upload, the employee whose declared tax is below the law’s, and still lets the file go', async () => {
    payrollServer();
    renderWithProviders(
      <ManagePayrollDialog
        corporationId={CORPORATION_ID}
        corporationName="Adire Textiles Limited"
        registration={registration(true)}
        onClose={() => undefined}
      />,
    );
    const header = PAYE_TEMPLATE_HEADERS.join(',');
    // ₦500,000 a month, all basic, owes ₦65,300.00 under NTA 2025; the second row declares less.
    const rows = [
      'N-1000001,Chioma Eze,Nigerian,Accountant,500000,65300,500000,0,0,0,0,0,0,0,0,0,0,0',
      'N-1000002,Tunde Bakare,Nigerian,Driver,500000,40000,500000,0,0,0,0,0,0,0,0,0,0,0',
    ];
    const input = document.body.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, {
      target: { files: [new File([[header, ...rows].join('\n')], 'payroll.csv', { type: 'text/csv' })] },
    });
    expect(await screen.findByText('1 employee’s tax differs from the law’s')).toBeInTheDocument();
    expect(
      screen.getByText(/^Row 3, Tunde Bakare \(N-1000002\): ₦40,000\.00 declared, ₦65,300\.00 by NTA 2025 s\.58$/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload payroll' })).toBeEnabled();
  });

  it('after the upload, names the version kept and who joined, left or changed pay or tax since the one before', async () => {
    payrollServer();
    const change = (name: string, tin: string, before: [string, string] | null, after: [string, string] | null) => ({
      tax_payer_number: tin,
      name,
      gross_before: before?.[0] ?? null,
      gross_after: after?.[0] ?? null,
      tax_before: before?.[1] ?? null,
      tax_after: after?.[1] ?? null,
    });
    const uploads = stubUploads(() => ({
      code: 'OK',
      message: 'Payroll updated successfully.',
      data: {
        upload_id: 'u2',
        employee_count: 2,
        total_tax_payable: '130600.00',
        agency_reference: 'LA-PAYROLL-000002',
        uploaded_at: '2026-11-20T10:00:00.000Z',
        warnings: [],
        checks: [],
        residence: [],
        changes: {
          previous_version: 1,
          previous_uploaded_at: '2026-10-20T10:00:00.000Z',
          joiner_count: 1,
          leaver_count: 1,
          pay_changed_count: 1,
          joiners: [change('Emeka Obi', 'N-1000004', null, ['500000.00', '65300.00'])],
          leavers: [change('Tunde Bakare', 'N-1000002', ['500000.00', '65300.00'], null)],
          pay_changed: [change('Chioma Eze', 'N-1000001', ['500000.00', '65300.00'], ['500000.00', '60000.00'])],
        },
        version: {
          id: 'v2',
          number: 2,
          uploaded_at: '2026-11-20T10:00:00.000Z',
          uploaded_by: 'Ada Obi',
          employee_count: 2,
          hash: 'a'.repeat(64),
        },
      },
    }));
    renderWithProviders(
      <ManagePayrollDialog
        corporationId={CORPORATION_ID}
        corporationName="Adire Textiles Limited"
        registration={registration(true)}
        onClose={() => undefined}
      />,
    );
    const header = PAYE_TEMPLATE_HEADERS.join(',');
    const rows = [
      'N-1000001,Chioma Eze,Nigerian,Accountant,500000,65300,500000,0,0,0,0,0,0,0,0,0,0,0',
      'N-1000004,Emeka Obi,Nigerian,Driver,500000,65300,500000,0,0,0,0,0,0,0,0,0,0,0',
    ];
    const input = document.body.querySelector<HTMLInputElement>('input[type="file"]')!;
    fireEvent.change(input, {
      target: { files: [new File([[header, ...rows].join('\n')], 'payroll.csv', { type: 'text/csv' })] },
    });
    await screen.findByTestId('payroll-preview-summary');
    fireEvent.click(screen.getByRole('button', { name: 'Upload payroll' }));
    await waitFor(() => expect(uploads.sent).toHaveLength(1));
    uploads.respond();

    expect(await screen.findByText(/kept as payroll version 2$/)).toBeInTheDocument();
    const changes = screen.getByTestId('payroll-upload-changes');
    expect(changes).toHaveTextContent(
      /^Since payroll version 1 of .+: 1 employee joined, 1 left, 1 with changed pay or tax/,
    );
    expect(screen.getByText('Joined: Emeka Obi (N-1000004), gross ₦500,000.00, tax ₦65,300.00')).toBeInTheDocument();
    expect(screen.getByText('Left: Tunde Bakare (N-1000002), gross ₦500,000.00, tax ₦65,300.00')).toBeInTheDocument();
    expect(
      screen.getByText('Changed: Chioma Eze (N-1000001), gross ₦500,000.00, tax ₦65,300.00 → ₦60,000.00'),
    ).toBeInTheDocument();
    // And against the last month's PAYE bill: Emeka joined and Bola left since it; Chioma is paid as then.
    const sinceBill = await screen.findByTestId('previous-bill-changes');
    expect(sinceBill).toHaveTextContent(/^Since PAYE-LA-2026-10-000001 \(October 2026\): 1 employee joined, 1 left/);
    expect(sinceBill).toHaveTextContent('Left: Bola Ade (N-1000003), gross ₦400,000.00, tax ₦48,000.00');
    expect(sinceBill).not.toHaveTextContent('Chioma Eze');
  });

  it('without consent permissions, Proceed is disabled and says why', () => {
    grantPermissions([calls.listPayrollEmployees.permission]);
    payrollServer();
    renderWithProviders(
      <ManagePayrollDialog
        corporationId={CORPORATION_ID}
        corporationName="Adire Textiles Limited"
        registration={registration(false)}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByRole('button', { name: 'Proceed' })).toBeDisabled();
    expect(screen.getByText(/You do not have permission to request consent/)).toBeInTheDocument();
  });
});
