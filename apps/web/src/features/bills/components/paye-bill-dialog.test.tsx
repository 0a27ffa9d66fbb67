import { BILL_APPROVAL_MESSAGES } from '@levy/contracts';
import { describePayeMismatch, formatNaira, PAYE_TEMPLATE_HEADERS, parseNaira, regimeForPeriod } from '@levy/tax';
import { notifications } from '@mantine/notifications';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultMonthValue, toPeriod } from '../model/bill-period';
import { billDetail, billGateway, CORPORATION_ID, LAGOS, payeFile, WALLET_BALANCE } from '../testing/bill-fixtures';
import { useSessionStore } from '../../../lib/session-store';
import { PayeBillDialog } from './paye-bill-dialog';
import { stubGateway, stubUploads } from '../../../test/gateway';
import { grantPermissions, renderWithProviders } from '../../../test/render';
import * as calls from '@levy/contracts/calls';

beforeEach(() =>
  grantPermissions([
    calls.createPayeBill.permission,
    calls.calculateBillCharge.permission,
    calls.listBills.permission,
    calls.listCorporations.permission,
  ]),
);
afterEach(() => vi.unstubAllGlobals());

async function choose(label: RegExp, option: string) {
  fireEvent.click(await screen.findByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

function attach(file: File) {
  const input = document.body.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [file] } });
}

/** A new file for the month, in place of the payroll on file. */
async function uploadInstead(file: File) {
  fireEvent.click(await screen.findByRole('radio', { name: 'Upload a payroll file for this month' }));
  attach(file);
}

async function fillStepOne(file: File) {
  await choose(/Corporation/, 'Adire Textiles Limited');
  await choose(/^State/, 'Lagos · C-0012345');
  await uploadInstead(file);
  fireEvent.click(screen.getByRole('button', { name: 'Proceed' }));
}

/** The gateway, and the payroll on file served as the download it is (a GET without a body). */
function stubGatewayAndPayroll(answer: Parameters<typeof stubGateway>[0], payroll: File) {
  const gateway = stubGateway(answer);
  const gatewayFetch = globalThis.fetch;
  const downloads: string[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (init?.body !== undefined) return gatewayFetch(url, init);
    downloads.push(url);
    return {
      ok: true,
      status: 200,
      headers: new Headers({ 'content-disposition': 'attachment; filename="payroll-on-file-LA.csv"' }),
      blob: async () => payroll,
    };
  });
  return { ...gateway, downloads };
}

describe('PAYE Generate Bill', () => {
  it('says what is missing before reading anything', async () => {
    const gateway = stubGateway(billGateway);
    renderWithProviders(<PayeBillDialog onClose={() => undefined} onCreated={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(await screen.findByText('Corporation is required')).toBeInTheDocument();
    expect(screen.getByText('State is required')).toBeInTheDocument();
    expect(gateway.calls('internal/bills/charge/calc')).toHaveLength(0);
  });

  it('Proceed reads the file, asks the charge and shows amount, charge, total and the row whose tax differs', async () => {
    const gateway = stubGateway(billGateway);
    const period = toPeriod(defaultMonthValue());
    const payroll = payeFile(period);
    renderWithProviders(<PayeBillDialog onClose={() => undefined} onCreated={() => undefined} />);
    await fillStepOne(payroll.file);

    expect(await screen.findByTestId('summary-amount')).toHaveTextContent(
      formatNaira(parseNaira(payroll.totalDeclared)),
    );
    expect(screen.getByTestId('summary-charge')).toHaveTextContent('₦1,075.00');
    expect(screen.getByTestId('summary-total')).toHaveTextContent(
      formatNaira(parseNaira((Number(payroll.totalDeclared) + 1075).toFixed(2))),
    );
    expect(gateway.calls('internal/bills/charge/calc')[0].body).toEqual({
      type_id: 1,
      amount_due: payroll.totalDeclared,
      recipient_count: 3,
      period,
    });
    const warning = describePayeMismatch(payroll.mismatch, regimeForPeriod(period));
    expect(warning).toMatch(/^Row 4, [^:]+ \([NC]-\d+\): ₦[\d,]+\.\d\d declared, ₦[\d,]+\.\d\d by /);
    expect(screen.getByText('1 row differs from the tax engine')).toBeInTheDocument();
    expect(screen.getByText(warning)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate' })).toBeEnabled();
  });

  it('names the employees a payroll officer would check (gross not its components, pay below the minimum wage), never blocking', async () => {
    stubGateway(billGateway);
    const lines = [
      PAYE_TEMPLATE_HEADERS.join(','),
      'N-3000001,Bisi Lawal,Nigerian,Officer,200000,17600,150000,0,0,0,0,0,0,0,0,0,0,0',
      'N-3000002,Kemi Ade,Nigerian,Cleaner,50000,0,50000,0,0,0,0,0,0,0,0,0,0,0',
    ];
    renderWithProviders(<PayeBillDialog onClose={() => undefined} onCreated={() => undefined} />);
    await fillStepOne(new File([`${lines.join('\n')}\n`], 'checks.csv', { type: 'text/csv' }));
    const checks = (await screen.findByText('Worth checking before you pay')).closest('[role="alert"]')!;
    expect(checks).toHaveTextContent(
      'Bisi Lawal (N-3000001): gross income ₦200,000.00 is not the sum of its pay components, ₦150,000.00',
    );
    expect(checks).toHaveTextContent(
      /Kemi Ade \(N-3000002\): gross income ₦50,000\.00 is below the national minimum wage of ₦70,000\.00/,
    );
    expect(screen.getByRole('button', { name: 'Generate' })).toBeEnabled();
  });

  it('Generate posts the file with one Idempotency-Key however often it is clicked, then hands back the paid bill', async () => {
    stubGateway(billGateway);
    const uploads = stubUploads(() => ({ code: 'OK', message: 'Bill generated successfully', data: billDetail() }));
    const onCreated = vi.fn();
    const onClose = vi.fn();
    const period = toPeriod(defaultMonthValue());
    renderWithProviders(<PayeBillDialog onClose={onClose} onCreated={onCreated} />);
    await fillStepOne(payeFile(period).file);
    const generate = await screen.findByRole('button', { name: 'Generate' });
    fireEvent.click(generate);
    fireEvent.click(generate);
    await waitFor(() => expect(uploads.sent).toHaveLength(1));
    uploads.respond();
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(billDetail()));
    expect(onClose).toHaveBeenCalled();

    const [request] = uploads.sent;
    expect(request.url).toBe(`/service/v1/internal/corporations/${CORPORATION_ID}/states/LA/paye/bills`);
    expect(request.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(request.fields.start_date).toBe(period);
    expect(request.fields.namespace).toBe('core');
    expect((request.fields.recipients as File).name).toBe('payroll-october.csv');
  });

  it('says an insufficient balance in the dialog, and a retry sends the same key', async () => {
    stubGateway(billGateway);
    const shortfall =
      'Insufficient balance: the wallet has ₦50,000.00 and this bill needs ₦121,075.00 (₦71,075.00 short).';
    const uploads = stubUploads(() => ({ code: 'UNPROCESSABLE', message: shortfall, data: null }));
    renderWithProviders(<PayeBillDialog onClose={() => undefined} onCreated={() => undefined} />);
    await fillStepOne(payeFile(toPeriod(defaultMonthValue())).file);
    fireEvent.click(await screen.findByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(uploads.sent).toHaveLength(1));
    uploads.respond();
    expect(within(await screen.findByTestId('payment-error')).getByText(shortfall)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(uploads.sent).toHaveLength(2));
    expect(uploads.sent[1].headers['Idempotency-Key']).toBe(uploads.sent[0].headers['Idempotency-Key']);
  });

  it('a month already paid stops Generate until it is confirmed as supplementary with a reason, which Pay sends', async () => {
    const repeat = 'October 2026 PAYE for Lagos was paid on 24 Nov 2026: PAYE-LA-2026-10-000001, ₦121,075.00';
    stubGateway((request) =>
      request.path === 'internal/bills/precheck'
        ? {
            code: 'OK',
            data: {
              month_bills: [],
              duplicate: repeat,
              wallet: { name: 'Demo wallet', balance: '50000.00' },
              shortfall: '71075.00',
              approval: { required: false, reason: null, blocked: null },
              remittance: { route: 'Remita: biller LEVYSBX-LA, service type LA-PAYE', missing: null, amount_due: null },
            },
          }
        : billGateway(request),
    );
    const uploads = stubUploads(() => ({
      code: 'OK',
      message: 'Bill generated successfully',
      data: billDetail({ supplementary: true }),
    }));
    renderWithProviders(<PayeBillDialog onClose={() => undefined} onCreated={() => undefined} />);
    await fillStepOne(payeFile(toPeriod(defaultMonthValue())).file);

    expect(await screen.findByText(repeat)).toBeInTheDocument();
    expect(screen.getByTestId('summary-balance')).toHaveTextContent('₦50,000.00');
    expect(screen.getByTestId('summary-shortfall')).toHaveTextContent('The wallet is short by ₦71,075.00');
    const generate = screen.getByRole('button', { name: 'Generate' });
    expect(generate).toBeDisabled();
    fireEvent.click(screen.getByRole('checkbox', { name: 'This is an additional payment for the same month' }));
    fireEvent.click(generate);
    expect(await screen.findByText('Give the reason for an additional payment for the same month')).toBeInTheDocument();
    expect(uploads.sent).toHaveLength(0);
    fireEvent.change(screen.getByRole('textbox', { name: /Reason for the additional payment/ }), {
      target: { value: 'A late joiner' },
    });
    fireEvent.click(generate);
    await waitFor(() => expect(uploads.sent).toHaveLength(1));
    expect(uploads.sent[0].fields).toMatchObject({ supplementary: 'true', supplementary_reason: 'A late joiner' });
  });

  it('chooses the only corporation and its only state by itself, so the file and Proceed are all it takes', async () => {
    stubGateway(billGateway);
    renderWithProviders(<PayeBillDialog onClose={() => undefined} onCreated={() => undefined} />);
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^State/ })).toHaveValue('Lagos · C-0012345'));
    expect(screen.getByRole('combobox', { name: /Corporation/ })).toHaveValue('Adire Textiles Limited');
    await uploadInstead(payeFile(toPeriod(defaultMonthValue())).file);
    fireEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(await screen.findByTestId('summary-total')).toBeInTheDocument();
  });

  it('a file that is not the template stays on step 1 with the spec message', async () => {
    stubGateway(billGateway);
    renderWithProviders(<PayeBillDialog onClose={() => undefined} onCreated={() => undefined} />);
    await fillStepOne(new File(['name,amount\nAda,100\n'], 'wrong.csv', { type: 'text/csv' }));
    expect(
      await screen.findByText('Please ensure your file matches the template format provided.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Row 1: The header row has 2 columns; the template has 18')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Generate' })).not.toBeInTheDocument();
  });

  it('Back from the summary keeps the month, the choice of a new file and the file itself', async () => {
    const gateway = stubGateway(billGateway);
    renderWithProviders(<PayeBillDialog onClose={() => undefined} onCreated={() => undefined} />);
    await fillStepOne(payeFile(toPeriod(defaultMonthValue())).file);
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));

    expect(await screen.findByRole('radio', { name: 'Upload a payroll file for this month' })).toBeChecked();
    expect(screen.getByText('payroll-october.csv')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(await screen.findByTestId('summary-total')).toBeInTheDocument();
    expect(gateway.calls('internal/bills/charge/calc')).toHaveLength(2);
  });

  it('compares a new file with the payroll on file it is sent instead of: who joined, left or changed pay', async () => {
    const period = toPeriod(defaultMonthValue());
    const onFile = payeFile(period);
    const [header, first, second] = (await onFile.file.text()).split('\n');
    const newcomer = 'N-9000001,Kola Ade,Nigerian,Officer,100000,5000,100000,0,0,0,0,0,0,0,0,0,0,0';
    const gateway = stubGatewayAndPayroll(billGateway, onFile.file);
    renderWithProviders(<PayeBillDialog onClose={() => undefined} onCreated={() => undefined} />);
    await screen.findByRole('radio', { name: /^Use the payroll on file: 3 employees/ });
    await uploadInstead(new File([[header, first, second, newcomer].join('\n')], 'november.csv', { type: 'text/csv' }));
    fireEvent.click(screen.getByRole('button', { name: 'Proceed' }));

    const changes = await screen.findByTestId('payroll-on-file-changes');
    expect(changes).toHaveTextContent(
      /^Since the payroll on file \(updated 24 Nov, 2026\): 1 employee joined, 1 left, 0 with changed pay or tax/,
    );
    expect(changes).toHaveTextContent('Joined: Kola Ade (N-9000001)');
    expect(changes).toHaveTextContent(`Left: ${onFile.mismatch.name} (${onFile.mismatch.taxPayerNumber})`);
    expect(gateway.downloads).toHaveLength(1);
  });

  it('offers the payroll on file first, reads it like a file, and Generate sends source=payroll without a file', async () => {
    const period = toPeriod(defaultMonthValue());
    const payroll = payeFile(period);
    const gateway = stubGatewayAndPayroll(billGateway, payroll.file);
    const uploads = stubUploads(() => ({ code: 'OK', message: 'Bill generated successfully', data: billDetail() }));
    renderWithProviders(<PayeBillDialog onClose={() => undefined} onCreated={() => undefined} />);
    const onFile = await screen.findByRole('radio', {
      name: 'Use the payroll on file: 3 employees, updated 24 Nov, 2026',
    });
    expect(onFile).toBeChecked();
    expect(document.body.querySelector('input[type="file"]')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Proceed' }));

    expect(await screen.findByTestId('summary-amount')).toHaveTextContent(
      formatNaira(parseNaira(payroll.totalDeclared)),
    );
    expect(gateway.downloads).toEqual([
      `/service/v1/core/internal/corporations/${CORPORATION_ID}/states/LA/payrolls/file?`,
    ]);
    expect(screen.getByText('3 (the payroll on file)')).toBeInTheDocument();
    // The payroll on file is a file the app wrote: the employee is named, never a row of it.
    expect(screen.getByText('1 employee’s tax differs from the tax engine')).toBeInTheDocument();
    expect(
      screen.getByText(describePayeMismatch({ ...payroll.mismatch, row: null }, regimeForPeriod(period))),
    ).toBeInTheDocument();
    expect(screen.queryByText(/^Row 4,/)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(uploads.sent).toHaveLength(1));
    expect(uploads.sent[0].fields).toMatchObject({ start_date: period, source: 'payroll' });
    expect(uploads.sent[0].fields.recipients).toBeUndefined();
  });

  it("compares the summary's employees with the previous month's bill: who joined, left and whose pay changed", async () => {
    const period = toPeriod(defaultMonthValue());
    const payroll = payeFile(period);
    const gateway = stubGatewayAndPayroll(
      (request) =>
        request.path === 'internal/bills/paye-previous'
          ? {
              code: 'OK',
              data: {
                bill: {
                  id: 'b0',
                  reference: 'PAYE-LA-2026-09-000001',
                  period_start: '2026-09-01',
                  status: 'payment_paid',
                  recipient_count: 3,
                  payroll: {
                    source: 'payroll',
                    version: {
                      id: 'v2',
                      number: 2,
                      uploaded_at: '2026-09-20T09:00:00.000Z',
                      uploaded_by: 'Ada Obi',
                      employee_count: 3,
                      hash: 'f'.repeat(64),
                    },
                  },
                },
                employees: [
                  {
                    tax_payer_number: 'N-1234567',
                    name: 'Adaeze Okafor',
                    gross_income: '450000.00',
                    tax_payable: '1.00',
                  },
                  {
                    tax_payer_number: 'N-7654321',
                    name: 'Musa Ibrahim',
                    gross_income: '250000.00',
                    tax_payable: '2.00',
                  },
                  { tax_payer_number: 'N-9999999', name: 'Kemi Oni', gross_income: '200000.00', tax_payable: '3.00' },
                ],
              },
            }
          : billGateway(request),
      payroll.file,
    );
    renderWithProviders(<PayeBillDialog onClose={() => undefined} onCreated={() => undefined} />);
    await screen.findByRole('radio', { name: /Use the payroll on file/ });
    fireEvent.click(screen.getByRole('button', { name: 'Proceed' }));

    const changes = await screen.findByTestId('previous-bill-changes');
    expect(gateway.calls('internal/bills/paye-previous')[0].params).toEqual({
      corporation_id: CORPORATION_ID,
      state: 'LA',
      start_date: period,
    });
    expect(changes).toHaveTextContent(
      'Since PAYE-LA-2026-09-000001 (September 2026, payroll version 2): 1 employee joined, 1 left, 2 with changed pay or tax',
    );
    expect(
      within(changes).getByText(/^Joined: Funke Adeyemi \(N-2468135\), gross ₦320,000\.00, tax/),
    ).toBeInTheDocument();
    expect(within(changes).getByText('Left: Kemi Oni (N-9999999), gross ₦200,000.00, tax ₦3.00')).toBeInTheDocument();
    expect(
      within(changes).getByText(
        /^Changed: Adaeze Okafor \(N-1234567\), gross ₦450,000\.00 → ₦500,000\.00, tax ₦1\.00 → /,
      ),
    ).toBeInTheDocument();
  });

  it('says when there is no earlier PAYE bill to compare with', async () => {
    const period = toPeriod(defaultMonthValue());
    const payroll = payeFile(period);
    stubGatewayAndPayroll(
      (request) =>
        request.path === 'internal/bills/paye-previous'
          ? { code: 'OK', data: { bill: null, employees: [] } }
          : billGateway(request),
      payroll.file,
    );
    renderWithProviders(<PayeBillDialog onClose={() => undefined} onCreated={() => undefined} />);
    await screen.findByRole('radio', { name: /Use the payroll on file/ });
    fireEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(await screen.findByTestId('previous-bill-changes')).toHaveTextContent(
      'No earlier PAYE bill for Lagos to compare these employees with.',
    );
  });

  it('a state without consent or payroll says so and opens Manage Payroll from the dialog; Proceed waits', async () => {
    stubGateway((request) =>
      request.path === `internal/corporations/${CORPORATION_ID}/states`
        ? {
            code: 'OK',
            data: [{ ...LAGOS, is_control_consent_given: false, employee_count: 0, payroll_updated_at: null }],
          }
        : billGateway(request),
    );
    renderWithProviders(<PayeBillDialog onClose={() => undefined} onCreated={() => undefined} />);
    const needed = await screen.findByTestId('payroll-needed');
    expect(needed).toHaveTextContent('Register the payroll for Lagos first');
    expect(needed).toHaveTextContent(
      "Lagos State Internal Revenue Service needs the taxpayer's consent and the payroll before PAYE can be filed.",
    );
    expect(screen.getByRole('button', { name: 'Proceed' })).toBeDisabled();
    expect(screen.queryByRole('radio', { name: /payroll on file/ })).not.toBeInTheDocument();
    fireEvent.click(within(needed).getByRole('button', { name: 'Manage Payroll' }));
    expect(await screen.findByRole('dialog', { name: 'Manage Payroll' })).toBeInTheDocument();
    expect(screen.getByText('Consent to manage payroll with Lagos State Internal Revenue Service')).toBeInTheDocument();
  });

  it('starts at the oldest month not yet paid for the chosen state (alerts of other states aside)', async () => {
    useSessionStore.setState({ organisation: { id: 'org-1', name: 'Demo' } as never });
    const owed = (month: string) => ({
      kind: 'paye',
      corporation: { id: CORPORATION_ID, name: 'Adire Textiles Limited' },
      state_code: 'LA',
      tax_month: month,
    });
    stubGateway((request) =>
      request.path === 'internal/organisations/org-1/alerts'
        ? { code: 'OK', data: [owed('2026-09'), owed('2026-08'), { ...owed('2026-07'), state_code: 'KN' }] }
        : billGateway(request),
    );
    renderWithProviders(<PayeBillDialog onClose={() => undefined} onCreated={() => undefined} />);
    await waitFor(() => expect(screen.getByRole('button', { name: /Tax month/ })).toHaveTextContent('August 2026'));
    expect(screen.getByText('The oldest month not yet paid here')).toBeInTheDocument();
    useSessionStore.setState({ organisation: null });
  });

  it('says how late a month is paid and the penalty so far, before Generate', async () => {
    const lateness = {
      due_date: '2026-10-10',
      days_late: 45,
      penalty: '4612.87',
      rule: '10% a year plus interest at the CBN Monetary Policy Rate (26.50% now), pro rata by day (NTAA 2025 s.107)',
      mpr_caveat: 'Estimated with the MPR of 24 Feb, 2026; the CBN rate may have changed since.',
    };
    stubGatewayAndPayroll(
      (request) =>
        request.path === 'internal/bills/precheck'
          ? {
              code: 'OK',
              data: {
                month_bills: [],
                duplicate: null,
                wallet: { name: 'Demo wallet', balance: WALLET_BALANCE },
                shortfall: null,
                approval: { required: false, reason: null, blocked: null },
                remittance: {
                  route: 'Remita: biller LEVYSBX-LA, service type LA-PAYE',
                  missing: null,
                  amount_due: null,
                },
                lateness,
              },
            }
          : billGateway(request),
      payeFile(toPeriod(defaultMonthValue())).file,
    );
    renderWithProviders(<PayeBillDialog onClose={() => undefined} onCreated={() => undefined} />);
    await screen.findByRole('radio', { name: /Use the payroll on file/ });
    fireEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    const late = await screen.findByTestId('summary-lateness');
    expect(late).toHaveTextContent('Paid 45 days late');
    expect(late).toHaveTextContent('This month was due on 10 Oct, 2026. The late penalty so far is ₦4,612.87');
    expect(late).toHaveTextContent('NTAA 2025 s.107');
    expect(late).toHaveTextContent('Estimated with the MPR of 24 Feb, 2026; the CBN rate may have changed since.');
  });

  it('says before Generate when no other admin could approve the bill, and does not offer to submit it', async () => {
    const reason = 'Bills above ₦100,000.00 wait for an admin other than the one who prepared them.';
    const blocked = `${reason} ${BILL_APPROVAL_MESSAGES.noOtherAdmin}`;
    stubGatewayAndPayroll(
      (request) =>
        request.path === 'internal/bills/precheck'
          ? {
              code: 'OK',
              data: {
                month_bills: [],
                duplicate: null,
                wallet: { name: 'Demo wallet', balance: WALLET_BALANCE },
                shortfall: null,
                approval: { required: true, reason, blocked },
                remittance: {
                  route: 'Remita: biller LEVYSBX-LA, service type LA-PAYE',
                  missing: null,
                  amount_due: null,
                },
                lateness: null,
              },
            }
          : billGateway(request),
      payeFile(toPeriod(defaultMonthValue())).file,
    );
    renderWithProviders(<PayeBillDialog onClose={() => undefined} onCreated={() => undefined} />);
    await screen.findByRole('radio', { name: /Use the payroll on file/ });
    fireEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    const approval = await screen.findByTestId('summary-approval');
    expect(approval).toHaveTextContent('No other admin can approve this bill');
    expect(approval).toHaveTextContent(blocked);
    expect(screen.getByRole('button', { name: 'Submit for approval' })).toBeDisabled();
  });
});

describe('employees who live in another state', () => {
  const STATES = [
    { id: 25, code: 'LA', name: 'Lagos', revenue_service: 'Lagos State Internal Revenue Service' },
    { id: 28, code: 'OG', name: 'Ogun', revenue_service: 'Ogun State Internal Revenue Service' },
  ];
  const header = `${PAYE_TEMPLATE_HEADERS.join(',')},state_of_residence`;
  const row = (tin: string, name: string, tax: number, residence: string) =>
    `${tin},${name},Nigerian,Officer,200000,${tax},200000,0,0,0,0,0,0,0,0,0,0,0,${residence}`;
  const file = () =>
    new File(
      [
        [
          header,
          row('N-2000001', 'Bisi Lawal', 17600, 'Lagos'),
          row('N-2000002', 'Femi Ogunleye', 17600, 'Ogun'),
          row('N-2000003', 'Sade Adewale', 17600, 'OG'),
        ].join('\n') + '\n',
      ],
      'residence.csv',
      { type: 'text/csv' },
    );

  it('are named with the state owed and left out unless confirmed with a reason, which Pay sends', async () => {
    const gateway = stubGateway((request) =>
      request.path === 'internal/states' ? { code: 'OK', data: STATES } : billGateway(request),
    );
    const uploads = stubUploads(() => ({ code: 'OK', message: 'Bill generated successfully', data: billDetail() }));
    renderWithProviders(<PayeBillDialog onClose={() => undefined} onCreated={() => undefined} />);
    await fillStepOne(file());

    const notice = await screen.findByTestId('residents-elsewhere');
    expect(within(notice).getByText('Resident in Ogun: PAYE due to Ogun State Internal Revenue Service')).toBeVisible();
    expect(notice).toHaveTextContent('Femi Ogunleye (N-2000002), Sade Adewale (N-2000003): ₦35,200.00 declared.');
    expect(notice).toHaveTextContent('They are left out of this bill');
    // Priced both ways: left out (one employee) and included (three).
    const priced = gateway.calls('internal/bills/charge/calc').map((call) => call.body);
    expect(priced).toContainEqual(expect.objectContaining({ amount_due: '17600.00', recipient_count: 1 }));
    expect(priced).toContainEqual(expect.objectContaining({ amount_due: '52800.00', recipient_count: 3 }));
    expect(screen.getByTestId('summary-amount')).toHaveTextContent('₦17,600.00');

    fireEvent.click(within(notice).getByRole('checkbox', { name: 'Include them in this Lagos bill anyway' }));
    expect(screen.getByTestId('summary-amount')).toHaveTextContent('₦52,800.00');
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect(
      await screen.findByText('Give the reason for paying here the PAYE of employees who live in another state'),
    ).toBeInTheDocument();
    expect(uploads.sent).toHaveLength(0);
    fireEvent.change(screen.getByRole('textbox', { name: /Reason for paying their PAYE here/ }), {
      target: { value: 'They moved in October' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(uploads.sent).toHaveLength(1));
    expect(uploads.sent[0].fields).toMatchObject({
      include_residents_elsewhere: 'true',
      residents_elsewhere_reason: 'They moved in October',
    });
  });

  it("moved to their state's payroll from the summary, says so and goes back to the form to read the payroll again", async () => {
    const show = vi.spyOn(notifications, 'show');
    // The month follows the state's alerts while the payroll changes under the dialog.
    useSessionStore.setState({ organisation: { id: 'org-1', name: 'Demo' } as never });
    const owed = {
      kind: 'paye',
      corporation: { id: CORPORATION_ID },
      state_code: 'LA',
      tax_month: toPeriod(defaultMonthValue()),
    };
    const OGUN = { ...LAGOS, id: 'r2', tax_payer_number: 'C-0054321', state: { ...STATES[1], collector: 'state' } };
    const movePath = `internal/corporations/${CORPORATION_ID}/states/LA/payrolls/residents/move`;
    const gateway = stubGatewayAndPayroll((request) => {
      if (request.path === 'internal/states') return { code: 'OK', data: STATES };
      if (request.path === 'internal/organisations/org-1/alerts') return { code: 'OK', data: [owed] };
      if (request.path === `internal/corporations/${CORPORATION_ID}/states`) return { code: 'OK', data: [LAGOS, OGUN] };
      if (request.path === movePath)
        return {
          code: 'OK',
          data: {
            moved: 2,
            employees: [],
            from: { code: 'LA', name: 'Lagos', employee_count: 1 },
            to: { ...STATES[1], employee_count: 2 },
          },
        };
      return billGateway(request);
    }, file());
    renderWithProviders(<PayeBillDialog onClose={() => undefined} onCreated={() => undefined} />);
    await choose(/Corporation/, 'Adire Textiles Limited');
    await choose(/^State/, 'Lagos · C-0012345');
    fireEvent.click(await screen.findByRole('button', { name: 'Proceed' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Move to Ogun payroll' }));

    expect(await screen.findByRole('button', { name: 'Proceed' })).toBeInTheDocument();
    expect(gateway.calls(movePath)[0].body).toEqual({ to_state: 'OG' });
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({
        message: '2 moved to the Ogun payroll: their PAYE is now billed to Ogun State Internal Revenue Service.',
      }),
    );
    expect(screen.getByRole('combobox', { name: /^State/ })).toHaveValue('Lagos · C-0012345');
    fireEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(await screen.findByTestId('summary-total')).toBeInTheDocument();
    expect(gateway.downloads).toHaveLength(2);
    show.mockRestore();
    useSessionStore.setState({ organisation: null });
  });
});
