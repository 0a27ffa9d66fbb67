import { createHash } from 'node:crypto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { defaultMonthValue, lastDayOfPeriod, toPeriod } from '../model/bill-period';
import { billDetail, billGateway, CORPORATION_ID, LAGOS, NRS_REGISTRATION } from '../testing/bill-fixtures';
import { WhtBillDialog } from './wht-bill-dialog';
import { stubGateway, stubUploads } from '../../../test/gateway';
import { grantPermissions, renderWithProviders } from '../../../test/render';
import * as calls from '@levy/contracts/calls';
import * as PERMISSIONS from '@levy/contracts/permission-catalogue';

beforeEach(() =>
  grantPermissions([
    calls.createWhtBill.permission,
    PERMISSIONS.createWhtBill,
    calls.calculateBillCharge.permission,
    calls.listBills.permission,
  ]),
);
afterEach(() => vi.unstubAllGlobals());

async function choose(label: RegExp, option: string) {
  fireEvent.click(await screen.findByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
}

async function singlePayeeDetails() {
  await choose(/Corporation/, 'Adire Textiles Limited');
  await choose(/Agency/, 'Lagos · C-0012345');
  fireEvent.change(screen.getByRole('textbox', { name: /Beneficiary Tax ID/ }), { target: { value: 'n-7654321' } });
  fireEvent.change(screen.getByRole('textbox', { name: /Beneficiary name/ }), {
    target: { value: 'Chinedu Properties, Ltd' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
}

describe('Withholding Tax form', () => {
  it(
    'single, manual: step 1 checks the beneficiary, changing the method clears the amount, Back from the summary goes to the amount, Pay sends a ' +
      'one-row file',
    async () => {
      const gateway = stubGateway(billGateway);
      const uploads = stubUploads(() => ({
        code: 'OK',
        message: 'A bill has been generated, and the payment is currently being processed.',
        data: billDetail({ type: 'wht', status: 'payment_pending' }),
      }));
      const onCreated = vi.fn();
      renderWithProviders(<WhtBillDialog onClose={() => undefined} onCreated={onCreated} />);

      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
      expect(await screen.findByText('Corporation is required')).toBeInTheDocument();
      expect(screen.getAllByText('This field is required').length).toBeGreaterThan(0);
      await singlePayeeDetails();

      fireEvent.click(await screen.findByRole('radio', { name: 'Auto calculate', hidden: true }));
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
      await choose(/WHT type/, 'Rent (10%)');
      fireEvent.change(screen.getByRole('textbox', { name: /Amount paid/ }), { target: { value: '500000' } });
      expect(screen.getByTestId('live-tax')).toHaveTextContent('Working out…');
      await waitFor(() => expect(screen.getByTestId('live-tax')).toHaveTextContent('₦50,000.00'), { timeout: 3000 });
      expect(gateway.calls('internal/bills/wht/tax/calc').map((call) => call.body)).toEqual([
        { wht_type: 'rent', amount: '500000', period: toPeriod(defaultMonthValue()), collector: 'state' },
      ]);
      fireEvent.click(screen.getByRole('button', { name: 'Back' }));
      fireEvent.click(await screen.findByRole('radio', { name: 'Manual', hidden: true }));
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
      await choose(/WHT type/, 'Rent (10%)');
      expect(screen.getByRole('textbox', { name: /Tax payable/ })).toHaveValue('');

      fireEvent.change(screen.getByRole('textbox', { name: /Tax payable/ }), { target: { value: '25000' } });
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
      expect(await screen.findByTestId('summary-total')).toHaveTextContent('₦26,075.00');
      expect(gateway.calls('internal/bills/charge/calc').at(-1)!.body).toEqual({
        type_id: 2,
        amount_due: '25000',
        recipient_count: 1,
        period: toPeriod(defaultMonthValue()),
      });

      fireEvent.click(screen.getByRole('button', { name: 'Back' }));
      expect(await screen.findByRole('textbox', { name: /Tax payable/ })).toHaveValue('₦25,000');
      fireEvent.click(screen.getByRole('button', { name: 'Next' }));
      fireEvent.click(await screen.findByRole('button', { name: 'Pay' }));
      await waitFor(() => expect(uploads.sent).toHaveLength(1));
      uploads.respond();
      await waitFor(() => expect(onCreated).toHaveBeenCalled());

      const period = toPeriod(defaultMonthValue());
      const [request] = uploads.sent;
      expect(request.url).toBe(`/service/v1/internal/corporations/${CORPORATION_ID}/states/LA/wht/bills`);
      expect(request.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
      expect(request.fields).toMatchObject({
        payload_type: 'manual',
        wht_type: 'rent',
        start_date: period,
        end_date: lastDayOfPeriod(period),
      });
      expect(await (request.fields.recipients as File).text()).toBe(
        'tax_payer_number,name,tax_payable\nN-7654321,"Chinedu Properties, Ltd",25000\n',
      );
    },
    20_000,
  );

  it('to the NRS: a company payee only, the company rate, and the bill made at the NRS', async () => {
    const gateway = stubGateway((request) => {
      if (request.path === `internal/corporations/${CORPORATION_ID}/states`)
        return { code: 'OK', data: [LAGOS, NRS_REGISTRATION] };
      if (request.path === 'internal/states/38/wht/types')
        return {
          code: 'OK',
          data: [
            { id: 'royalty', name: 'Royalty', reference: 'NRS-WHT-ROYALTY', percentage: 10, description: 'Royalties' },
          ],
        };
      return billGateway(request);
    });
    const uploads = stubUploads(() => ({
      code: 'OK',
      message: 'A bill has been generated, and the payment is currently being processed.',
      data: billDetail({ type: 'wht', status: 'payment_pending' }),
    }));
    renderWithProviders(<WhtBillDialog onClose={() => undefined} onCreated={() => undefined} />);
    await choose(/Corporation/, 'Adire Textiles Limited');
    await choose(/Agency/, 'Nigeria Revenue Service · 1234567890123');
    expect(screen.getByRole('textbox', { name: /Beneficiary Tax ID/ })).toHaveAttribute('placeholder', 'C-0012345');
    fireEvent.change(screen.getByRole('textbox', { name: /Beneficiary Tax ID/ }), { target: { value: 'N-7654321' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Beneficiary name/ }), {
      target: { value: 'Chinedu Okafor' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText(/The Nigeria Revenue Service takes WHT on payments to companies/),
    ).toBeInTheDocument();

    fireEvent.change(screen.getByRole('textbox', { name: /Beneficiary Tax ID/ }), { target: { value: 'C-3000001' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Beneficiary name/ }), {
      target: { value: 'Zenith Forge Limited' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'Auto calculate', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await choose(/WHT type/, 'Royalty (10%)');
    fireEvent.change(screen.getByRole('textbox', { name: /Amount paid/ }), { target: { value: '1000000' } });
    await waitFor(() => expect(screen.getByTestId('live-tax')).toHaveTextContent('₦100,000.00'), { timeout: 3000 });
    expect(gateway.calls('internal/bills/wht/tax/calc').at(-1)!.body).toMatchObject({
      wht_type: 'royalty',
      collector: 'federal',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByTestId('summary-total', {}, { timeout: 5000 })).toHaveTextContent('₦101,075.00');
    expect(screen.getByText('Royalty (10%)')).toBeInTheDocument();
    expect(screen.getAllByText('Nigeria Revenue Service').length).toBeGreaterThan(0);
    expect(screen.queryByText('Nigeria Revenue Service (Nigeria Revenue Service)')).not.toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(uploads.sent).toHaveLength(1));
    expect(uploads.sent[0].url).toBe(`/service/v1/internal/corporations/${CORPORATION_ID}/states/NRS/wht/bills`);
  }, 20_000);

  it('multiple, manual: the file is previewed (step 4) before the summary, which names a repeat of the same payees and amounts before Pay', async () => {
    // The server's fingerprint of these payees: SHA-256 of their Tax IDs and tax in kobo, sorted.
    const samePayees = createHash('sha256').update('C-0076543:250000\nN-1234567:100050').digest('hex');
    const repeat =
      'October 2026 WHT to the same payees for Lagos was paid on 3 Nov 2026: WHT-LA-2026-10-000007, ₦4,040.50';
    const gateway = stubGateway((request) => {
      if (request.path !== 'internal/bills/precheck') return billGateway(request);
      const answer = billGateway(request) as { code: string; data: Record<string, unknown> };
      return {
        ...answer,
        data: { ...answer.data, duplicate: request.params?.payees_fingerprint === samePayees ? repeat : null },
      };
    });
    renderWithProviders(<WhtBillDialog onClose={() => undefined} onCreated={() => undefined} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Multiple beneficiaries (file)', hidden: true }));
    await choose(/Corporation/, 'Adire Textiles Limited');
    await choose(/Agency/, 'Lagos · C-0012345');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'Manual', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await choose(/WHT type/, 'Rent (10%)');
    const csv = 'tax_payer_number,name,tax_payable\nN-1234567,Ada Stores,1000.50\nC-0076543,Bola Haulage,2500\n';
    fireEvent.change(document.body.querySelector<HTMLInputElement>('input[type="file"]')!, {
      target: { files: [new File([csv], 'suppliers.csv', { type: 'text/csv' })] },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByTestId('preview-summary')).toHaveTextContent('2 payees · tax payable ₦3,500.50');
    expect(screen.getByRole('table', { name: 'File preview' })).toHaveTextContent('Bola Haulage');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByTestId('summary-amount')).toHaveTextContent('₦3,500.50');
    expect(await screen.findByTestId('summary-repeat')).toHaveTextContent(repeat);
    expect(gateway.calls('internal/bills/precheck').at(-1)!.params).toMatchObject({
      type: 'wht',
      payees_fingerprint: samePayees,
    });
    expect(screen.getByRole('button', { name: 'Pay' })).toBeDisabled();
    fireEvent.click(screen.getByRole('checkbox', { name: 'This is an additional payment for the same month' }));
    expect(screen.getByRole('button', { name: 'Pay' })).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByTestId('preview-summary')).toBeInTheDocument();
  }, 20_000);

  it('opens prefilled from the bank analyser: beneficiary, auto calculation, WHT type and amount survive choosing the agency', async () => {
    stubGateway(billGateway);
    const prefill = {
      corporationId: null,
      stateCode: null,
      month: null,
      whtType: 'rent',
      amount: '500000.00',
      beneficiaryName: 'Brightpath Ventures Ltd',
    };
    renderWithProviders(<WhtBillDialog prefill={prefill} onClose={() => undefined} onCreated={() => undefined} />);
    expect(screen.getByRole('textbox', { name: /Beneficiary name/ })).toHaveValue('Brightpath Ventures Ltd');
    await choose(/Corporation/, 'Adire Textiles Limited');
    await choose(/Agency/, 'Lagos · C-0012345');
    fireEvent.change(screen.getByRole('textbox', { name: /Beneficiary Tax ID/ }), { target: { value: 'C-0076543' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('radio', { name: 'Auto calculate', hidden: true })).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('textbox', { name: /Amount paid/ })).toHaveValue('₦500,000.00');
    await waitFor(() => expect(screen.getByTestId('live-tax')).toHaveTextContent('₦50,000.00'), { timeout: 3000 });
  });
  it('suggests known vendors as the beneficiary is typed: picking one fills the Tax ID, the name and their usual WHT type', async () => {
    const vendor = {
      tax_payer_number: 'C-0076543',
      name: 'Bola Haulage Limited',
      email: null,
      usual_wht_type: { code: 'rent', name: 'Rent' },
      years: [{ year: 2026, gross: '800000.00', tax_withheld: '80000.00', notes: 1 }],
    };
    const gateway = stubGateway((request) => {
      if (request.path !== 'internal/vendors') return billGateway(request);
      const search = (typeof request.params?.search === 'string' ? request.params.search : '').toLowerCase();
      const items =
        vendor.name.toLowerCase().includes(search) || vendor.tax_payer_number.toLowerCase().includes(search)
          ? [vendor]
          : [];
      return {
        code: 'OK',
        data: { items, pagination: { count: 5, current_page: 1, total_count: items.length, total_pages: 1 } },
      };
    });
    renderWithProviders(<WhtBillDialog onClose={() => undefined} onCreated={() => undefined} />);
    await choose(/Corporation/, 'Adire Textiles Limited');
    await choose(/Agency/, 'Lagos · C-0012345');
    fireEvent.change(screen.getByRole('textbox', { name: /Beneficiary name/ }), { target: { value: 'bola' } });
    const suggestion = await screen.findByRole(
      'button',
      { name: 'Bola Haulage Limited · C-0076543 · usually Rent' },
      { timeout: 3000 },
    );
    expect(gateway.calls('internal/vendors').at(-1)!.params).toMatchObject({ search: 'bola', count: 5 });
    expect(screen.getByRole('group', { name: 'Known vendors' })).toBeInTheDocument();
    fireEvent.click(suggestion);
    expect(screen.getByRole('textbox', { name: /Beneficiary Tax ID/ })).toHaveValue('C-0076543');
    expect(screen.getByRole('textbox', { name: /Beneficiary name/ })).toHaveValue('Bola Haulage Limited');
    expect(screen.queryByRole('group', { name: 'Known vendors' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'Auto calculate', hidden: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('combobox', { name: /WHT type/ })).toHaveValue('Rent (10%)');

    // Nothing known matches: no suggestions.
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    fireEvent.change(await screen.findByRole('textbox', { name: /Beneficiary Tax ID/ }), { target: { value: 'N-99' } });
    await waitFor(() => expect(gateway.calls('internal/vendors').at(-1)!.params).toMatchObject({ search: 'N-99' }), {
      timeout: 3000,
    });
    expect(screen.queryByRole('group', { name: 'Known vendors' })).not.toBeInTheDocument();
  }, 20_000);
});
