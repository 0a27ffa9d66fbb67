import { describePayeMismatch, formatNaira, parseNaira, regimeForPeriod } from '@levy/tax';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { grantPermissions, renderFeature, stubGateway } from '../../corporations/testing/render-feature';
import { defaultMonthValue, toPeriod } from '../model/bill-period';
import { billDetail, billGateway, CORPORATION_ID, payeFile, stubUploads } from '../testing/bill-fixtures';
import { PayeBillDialog } from './paye-bill-dialog';

beforeEach(() => grantPermissions(['core-internal.bill.createpayebill', 'core-internal.bill.calccharge', 'core-internal.bill.getall', 'core-internal.corporation.getall']));
afterEach(() => vi.unstubAllGlobals());

async function choose(label: RegExp, option: string) {
  fireEvent.click(await screen.findByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

function attach(file: File) {
  const input = document.body.querySelector<HTMLInputElement>('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [file] } });
}

async function fillStepOne(file: File) {
  await choose(/Corporation/, 'Adire Textiles Limited');
  await choose(/^State/, 'Lagos · C-0012345');
  attach(file);
  fireEvent.click(screen.getByRole('button', { name: 'Proceed' }));
}

describe('PAYE Generate Bill', () => {
  it('says what is missing before reading anything', async () => {
    const gateway = stubGateway(billGateway);
    renderFeature(<PayeBillDialog onClose={() => undefined} onCreated={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(await screen.findByText('Corporation is required')).toBeInTheDocument();
    expect(screen.getByText('State is required')).toBeInTheDocument();
    expect(screen.getByText('No new file selected')).toBeInTheDocument();
    expect(gateway.calls('internal/bills/charge/calc')).toHaveLength(0);
  });

  it('Proceed reads the file, asks the charge and shows amount, charge, total and the row whose tax differs', async () => {
    const gateway = stubGateway(billGateway);
    const period = toPeriod(defaultMonthValue());
    const payroll = payeFile(period);
    renderFeature(<PayeBillDialog onClose={() => undefined} onCreated={() => undefined} />);
    await fillStepOne(payroll.file);

    expect(await screen.findByTestId('summary-amount')).toHaveTextContent(formatNaira(parseNaira(payroll.totalDeclared)));
    expect(screen.getByTestId('summary-charge')).toHaveTextContent('₦1,075.00');
    expect(screen.getByTestId('summary-total')).toHaveTextContent(formatNaira(parseNaira((Number(payroll.totalDeclared) + 1075).toFixed(2))));
    expect(gateway.calls('internal/bills/charge/calc')[0].body).toEqual({ type_id: 1, amount_due: payroll.totalDeclared, recipient_count: 3 });
    const warning = describePayeMismatch(payroll.mismatch, regimeForPeriod(period));
    expect(warning).toMatch(/^Row 4: ₦[\d,]+\.\d\d declared, ₦[\d,]+\.\d\d by /);
    expect(screen.getByText('1 row differs from the tax engine')).toBeInTheDocument();
    expect(screen.getByText(warning)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate' })).toBeEnabled();
  });

  it('Generate posts the file with one Idempotency-Key however often it is clicked, then hands back the paid bill', async () => {
    stubGateway(billGateway);
    const uploads = stubUploads(() => ({ code: 'OK', message: 'Bill generated successfully', data: billDetail() }));
    const onCreated = vi.fn();
    const onClose = vi.fn();
    const period = toPeriod(defaultMonthValue());
    renderFeature(<PayeBillDialog onClose={onClose} onCreated={onCreated} />);
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
    const shortfall = 'Insufficient balance: the wallet has ₦50,000.00 and this bill needs ₦121,075.00 (₦71,075.00 short).';
    const uploads = stubUploads(() => ({ code: 'UNPROCESSABLE', message: shortfall, data: null }));
    renderFeature(<PayeBillDialog onClose={() => undefined} onCreated={() => undefined} />);
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
        ? { code: 'OK', data: { month_bills: [], duplicate: repeat, wallet: { name: 'Demo wallet', balance: '50000.00' }, shortfall: '71075.00', approval: { required: false, reason: null } } }
        : billGateway(request),
    );
    const uploads = stubUploads(() => ({ code: 'OK', message: 'Bill generated successfully', data: billDetail({ supplementary: true }) }));
    renderFeature(<PayeBillDialog onClose={() => undefined} onCreated={() => undefined} />);
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
    fireEvent.change(screen.getByRole('textbox', { name: /Reason for the additional payment/ }), { target: { value: 'A late joiner' } });
    fireEvent.click(generate);
    await waitFor(() => expect(uploads.sent).toHaveLength(1));
    expect(uploads.sent[0].fields).toMatchObject({ supplementary: 'true', supplementary_reason: 'A late joiner' });
  });

  it('chooses the only corporation and its only state by itself, so the file and Proceed are all it takes', async () => {
    stubGateway(billGateway);
    renderFeature(<PayeBillDialog onClose={() => undefined} onCreated={() => undefined} />);
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^State/ })).toHaveValue('Lagos · C-0012345'));
    expect(screen.getByRole('combobox', { name: /Corporation/ })).toHaveValue('Adire Textiles Limited');
    attach(payeFile(toPeriod(defaultMonthValue())).file);
    fireEvent.click(screen.getByRole('button', { name: 'Proceed' }));
    expect(await screen.findByTestId('summary-total')).toBeInTheDocument();
  });

  it('a file that is not the template stays on step 1 with the spec message', async () => {
    stubGateway(billGateway);
    renderFeature(<PayeBillDialog onClose={() => undefined} onCreated={() => undefined} />);
    await fillStepOne(new File(['name,amount\nAda,100\n'], 'wrong.csv', { type: 'text/csv' }));
    expect(await screen.findByText('Please ensure your file matches the template format provided.')).toBeInTheDocument();
    expect(screen.getByText('Row 1: The header row has 2 columns; the template has 18')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Generate' })).not.toBeInTheDocument();
  });
});
