import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/raw';
import { billKit, PAYE_HEADER, payeFile, THREE_EMPLOYEES, until, whtAutoFile } from '../../../test/bill-kit';
import { createTestApp, joinAsMember, staffUser, type TestApp, type TestFile } from '../../../test/harness';

// Bills against the real app and database: PAYE and WHT generated, charged, paid, settled and refunded.
let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test.close();
});

const { organisationWithState, walletOf, fund, generate, billCount } = billKit(() => test);

function nextMonth(): string {
  const now = new Date();
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return next.toISOString().slice(0, 7);
}

describe('bill reference data and calculators', () => {
  it('lists the bill types and the WHT types of a state with their rates', async () => {
    const { owner } = await organisationWithState();
    const types = await test.call('GET', 'core', 'internal/bills/types', { token: owner.token });
    expect(types.data.map((type: { code: string }) => type.code)).toEqual(['paye', 'wht']);
    const states = await test.call('GET', 'core', 'internal/states', { token: owner.token });
    const lagos = states.data.find((state: { code: string }) => state.code === 'LA');
    const whtTypes = await test.call('GET', 'core', `internal/states/${lagos.id}/wht/types`, {
      token: owner.token,
      params: { period: '2026-10' },
    });
    const rent = whtTypes.data.find((type: { id: string }) => type.id === 'rent');
    expect(rent).toMatchObject({ name: 'Rent', reference: 'LA-WHT-RENT', percentage: 10 });
    expect((await test.call('GET', 'core', 'internal/states/999/wht/types', { token: owner.token })).code).toBe(
      'NOT_FOUND',
    );
  });

  it('computes the charge from the schedule and WHT at the type’s rate', async () => {
    const { owner } = await organisationWithState();
    const charge = await test.call('POST', 'core', 'internal/bills/charge/calc', {
      token: owner.token,
      body: { type_id: 1, amount_due: '110230', recipient_count: 3 },
    });
    expect(charge.data).toEqual({
      charge: '698.75',
      amount_due: '110230.00',
      fee: '650.00',
      vat: '48.75',
      total: '110928.75',
    });
    const tax = await test.call('POST', 'core', 'internal/bills/wht/tax/calc', {
      token: owner.token,
      body: { wht_type: 'rent', amount: '1500000', period: '2026-10' },
    });
    expect(tax.data).toEqual({ tax_payable: '150000.00', rate: 10 });
    const unknown = await test.call('POST', 'core', 'internal/bills/wht/tax/calc', {
      token: owner.token,
      body: { wht_type: 'lottery', amount: '1000' },
    });
    expect(unknown).toMatchObject({ code: 'INVALID_INPUT', data: { wht_type: 'Choose a valid WHT type' } });
    const zero = await test.call('POST', 'core', 'internal/bills/charge/calc', {
      token: owner.token,
      body: { type_id: 1, amount_due: '1000', recipient_count: 0 },
    });
    expect(zero).toMatchObject({
      code: 'INVALID_INPUT',
      data: { recipient_count: 'Recipient count must be at least 1' },
    });
  });
});

describe('PAYE bills', () => {
  it('generates, pays and receipts a PAYE bill, flagging the row whose tax differs from the engine’s', async () => {
    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '5000000');
    const created = await generate(owner.token, corporationId, 'paye', { start_date: '2026-10' }, [THREE_EMPLOYEES]);
    expect(created.code).toBe('OK');
    expect(created.message).toBe('Bill generated successfully');
    const bill = created.data;
    expect(bill).toMatchObject({
      type: 'paye',
      status: 'payment_paid',
      amount_due: '109480.00',
      charge: '698.75',
      total: '110178.75',
      recipient_count: 3,
      tax_payer_number: 'C-0012345',
    });
    expect(bill.reference).toMatch(/^PAYE-LA-2026-10-\d{6}$/);
    // Paid through the Remita fake: the RRR before the debit, Remita's payment reference after it.
    expect(bill.agency_reference).toMatch(/^\d{12}$/);
    expect(bill.receipt_number).toMatch(/^FAKE/);
    expect(bill.remittance).toMatchObject({
      gateway: 'remita',
      rrr: bill.agency_reference,
      payment_reference: bill.receipt_number,
      gateway_charge: '0.00',
      last_status: '00 Successful',
      unconfirmed: false,
    });
    expect(bill.remittance.confirmed_at).not.toBeNull();
    expect(bill.warnings).toEqual([
      {
        row: 4,
        tax_payer_number: 'N-1000003',
        name: 'Ngozi Eze',
        declared: '12000.00',
        expected: '17600.00',
        message: 'Row 4, Ngozi Eze (N-1000003): ₦12,000.00 declared, ₦17,600.00 by NTA 2025 s.58',
      },
    ]);
    expect(bill.events.map((event: { status: string }) => event.status)).toEqual([
      'pending',
      'awaiting_payment_confirmation',
      'payment_paid',
    ]);
    expect((await walletOf(owner)).balance).toBe('4889821.25');
    const summary = await test.call('GET', 'auth', `organisations/${owner.organisationId}/onboarding/summary`, {
      token: owner.token,
    });
    expect(summary.data).toMatchObject({ bills_generated: 1, total_balance: '4889821.25' });

    const receipt = await test.app.inject({
      method: 'GET',
      url: `/service/v1/core/internal/bills/${bill.id}/receipt`,
      headers: { 'api-token': owner.token },
    });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect(receipt.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const schedule = await test.app.inject({
      method: 'GET',
      url: `/service/v1/core/internal/bills/${bill.id}/schedule?format=csv`,
      headers: { 'api-token': owner.token },
    });
    expect(schedule.statusCode).toBe(200);
    const lines = schedule.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe(
      'Row,tax_payer_number,name,gross_income (NGN),tax_payable (NGN),PAYE by the engine (NGN),exempt,nationality,designation,basic_salary ' +
        '(NGN),housing (NGN),transport (NGN),furniture (NGN),education (NGN),lunch (NGN),passage (NGN),leave (NGN),bonus (NGN),13th_month (NGN),utility ' +
        '(NGN),other_allowances (NGN)',
    );
    expect(lines[3]).toBe(
      '4,N-1000003,Ngozi Eze,200000.00,12000.00,17600.00,,Nigerian,Officer,200000.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00,0.00',
    );

    const items = await test.call('GET', 'core', `internal/bills/${bill.id}/items`, {
      token: owner.token,
      params: { search: 'musa' },
    });
    expect(items.data.items).toEqual([
      {
        row: 3,
        tax_payer_number: 'N-1000002',
        name: 'Musa Bello',
        amount: '300000.00',
        tax_payable: '32180.00',
        expected_tax: '32180.00',
      },
    ]);
  });

  it('accepts an exempt employee’s ₦0.00 and lists it as exempt; a ₦0.00 where tax is due is refused with the engine’s figure', async () => {
    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '1000000');
    // October 2026, NTA 2025: ₦70,000 a month falls in the zero band.
    const withExempt = payeFile([
      ['N-1000001', 'Adaeze Okafor', 500_000, 65_300],
      ['N-1000005', 'Bisi Cleaner', 70_000, 0],
    ]);
    const created = await generate(owner.token, corporationId, 'paye', { start_date: '2026-10' }, [withExempt]);
    expect(created.data).toMatchObject({
      status: 'payment_paid',
      amount_due: '65300.00',
      recipient_count: 2,
      warnings: [],
    });
    const schedule = await test.app.inject({
      method: 'GET',
      url: `/service/v1/core/internal/bills/${created.data.id}/schedule?format=csv`,
      headers: { 'api-token': owner.token },
    });
    expect(schedule.body).toContain('3,N-1000005,Bisi Cleaner,70000.00,0.00,0.00,yes,');
    const owed = await generate(owner.token, corporationId, 'paye', { start_date: '2026-09' }, [
      payeFile([['N-1000001', 'Adaeze Okafor', 500_000, 0]]),
    ]);
    expect(owed).toMatchObject({
      code: 'INVALID_INPUT',
      data: {
        'row_2.tax_payable':
          'Row 2, tax_payable: tax_payable must be a number greater than zero: ₦65,300.00 is due for this row by NTA 2025 s.58',
      },
    });
  });

  it('makes one bill and one debit for ten identical requests, and answers a replay with the first bill', async () => {
    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '1000000');
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        generate(owner.token, corporationId, 'paye', { start_date: '2026-10' }, [THREE_EMPLOYEES], key),
      ),
    );
    expect(answers.map((answer) => answer.code)).toEqual(Array(10).fill('OK'));
    expect(new Set(answers.map((answer) => answer.data.id)).size).toBe(1);
    expect(await billCount(owner)).toBe(1);
    expect((await walletOf(owner)).balance).toBe('889821.25');
    const replay = await generate(
      owner.token,
      corporationId,
      'paye',
      { start_date: '2026-10' },
      [THREE_EMPLOYEES],
      key,
    );
    expect(replay.data.id).toBe(answers[0].data.id);
    const history = await test.call('GET', 'core', `internal/organisations/${owner.organisationId}/wallets/history`, {
      token: owner.token,
      params: { filters: JSON.stringify([{ field: 'type', value: 'debit' }]) },
    });
    expect(history.data.pagination.total_count).toBe(1);
  });

  it('replays a key only for the same request: concurrent Pays of ₦100 and ₦250 under one key make one bill, the other amount gets UNPROCESSABLE', async () => {
    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '1000000');
    const key = randomUUID();
    const vendor = (tax: number, filename = 'vendors.csv'): TestFile => ({
      field: 'recipients',
      filename,
      contentType: 'text/csv',
      content: Buffer.from(`tax_payer_number,name,tax_payable\nN-2000001,Kelechi Uche,${tax}\n`),
    });
    const fields = { payload_type: 'manual', wht_type: 'rent', start_date: '2026-10' };
    const amounts = [100, 250, 100, 250, 100, 250];
    const answers = await Promise.all(
      amounts.map((tax) => generate(owner.token, corporationId, 'wht', fields, [vendor(tax)], key)),
    );
    const made = answers.filter((answer) => answer.code === 'OK');
    const refused = answers.filter((answer) => answer.code !== 'OK');
    expect(new Set(made.map((answer) => answer.data.id)).size).toBe(1);
    const billed = Number(made[0].data.amount_due);
    // Every request for the billed amount answers with the bill; every other one is refused.
    expect(answers.map((answer, index) => (amounts[index] === billed ? answer.code : answer.status))).toEqual(
      amounts.map((tax) => (tax === billed ? 'OK' : 422)),
    );
    for (const answer of refused)
      expect(answer).toMatchObject({
        code: 'UNPROCESSABLE',
        message: 'This Idempotency-Key was used for a different request',
        data: null,
      });
    expect(await billCount(owner)).toBe(1);

    // Later: another amount, another field or another month under the key is refused; the same bytes under another file name are the same request.
    const later = [
      await generate(owner.token, corporationId, 'wht', fields, [vendor(999)], key),
      await generate(owner.token, corporationId, 'wht', { ...fields, wht_type: 'dividends' }, [vendor(billed)], key),
      await generate(owner.token, corporationId, 'wht', { ...fields, start_date: '2026-09' }, [vendor(billed)], key),
    ];
    expect(later.map((answer) => answer.code)).toEqual(['UNPROCESSABLE', 'UNPROCESSABLE', 'UNPROCESSABLE']);
    const replay = await generate(owner.token, corporationId, 'wht', fields, [vendor(billed, 'renamed.csv')], key);
    expect(replay).toMatchObject({ code: 'OK', data: { id: made[0].data.id } });
    expect(await billCount(owner)).toBe(1);
    expect((await walletOf(owner)).balance).toBe((1_000_000 - Number(made[0].data.total)).toFixed(2));
  });

  it('refuses a bill the wallet cannot pay, naming the shortfall, and creates nothing', async () => {
    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '100000');
    const refused = await generate(owner.token, corporationId, 'paye', { start_date: '2026-10' }, [THREE_EMPLOYEES]);
    expect(refused.code).toBe('UNPROCESSABLE');
    expect(refused.message).toContain('₦110,178.75 is needed');
    expect(refused.message).toContain('short by ₦10,178.75');
    expect(await billCount(owner)).toBe(0);
    expect((await walletOf(owner)).balance).toBe('100000.00');
  });

  it('refuses bad files, zero amounts and future months with the spec’s messages', async () => {
    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '1000000');
    const cases: Array<[Record<string, string>, TestFile[], Record<string, string>]> = [
      [{ start_date: '2026-10' }, [], { recipients: 'No new file selected' }],
      [
        { start_date: '2026-10' },
        [{ ...THREE_EMPLOYEES, filename: 'payroll.pdf', contentType: 'application/pdf' }],
        { recipients: 'The selected document is invalid' },
      ],
      [
        { start_date: '2026-10' },
        [
          {
            ...THREE_EMPLOYEES,
            content: Buffer.from(
              `${PAYE_HEADER.replace('tax_payer_number,name', 'name,tax_payer_number')}\n` +
                `Adaeze Okafor,N-1000001,Nigerian,Officer,500000,65300,500000,0,0,0,0,0,0,0,0,0,0,0\n`,
            ),
          },
        ],
        { recipients: 'Please ensure your file headers matches the template format provided.' },
      ],
      [
        { start_date: '2026-10' },
        [{ ...THREE_EMPLOYEES, content: Buffer.from(`${PAYE_HEADER}\n`) }],
        { recipients: 'Please ensure your file is not empty.' },
      ],
      [
        { start_date: '2026-10' },
        [payeFile([['N-1000001', 'Adaeze Okafor', 500_000, 0]])],
        { recipients: 'Please ensure your file columns data matches the template format provided.' },
      ],
      [{ start_date: nextMonth() }, [THREE_EMPLOYEES], { start_date: 'The month cannot be in the future' }],
    ];
    for (const [fields, files, expected] of cases) {
      const answer = await generate(owner.token, corporationId, 'paye', fields, files);
      expect(answer.code).toBe('INVALID_INPUT');
      expect(answer.data).toMatchObject(expected);
    }
    expect(await billCount(owner)).toBe(0);
    expect((await walletOf(owner)).balance).toBe('1000000.00');
  });

  it('keeps bills inside the organisation and behind their permissions', async () => {
    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '1000000');
    const paid = await generate(owner.token, corporationId, 'paye', { start_date: '2026-10' }, [THREE_EMPLOYEES]);
    const other = await organisationWithState();
    await fund(other.owner, '1000000');

    expect(
      (await generate(other.owner.token, corporationId, 'paye', { start_date: '2026-10' }, [THREE_EMPLOYEES])).code,
    ).toBe('NOT_FOUND');
    expect(
      (
        await generate(
          owner.token,
          corporationId,
          'paye',
          { start_date: '2026-10' },
          [THREE_EMPLOYEES],
          randomUUID(),
          'KN',
        )
      ).code,
    ).toBe('NOT_FOUND');
    for (const path of [
      `internal/bills/${paid.data.id}`,
      `internal/bills/${paid.data.id}/items`,
      `internal/bills/${paid.data.id}/receipt`,
      `internal/bills/${paid.data.id}/schedule`,
    ]) {
      const answer = await test.call('GET', 'core', path, { token: other.owner.token });
      expect(answer).toMatchObject({ code: 'NOT_FOUND', data: null });
    }
    expect(
      (await test.call('GET', 'core', 'internal/bills', { token: other.owner.token })).data.pagination.total_count,
    ).toBe(0);

    const staff = await staffUser(test);
    expect(
      (await generate(staff.token, corporationId, 'paye', { start_date: '2026-10' }, [THREE_EMPLOYEES])).code,
    ).toBe('FORBIDDEN');
    expect(
      (
        await test.call('POST', 'core', 'internal/bills/charge/calc', {
          token: staff.token,
          body: { type_id: 1, amount_due: '1', recipient_count: 1 },
        })
      ).code,
    ).toBe('FORBIDDEN');
    expect((await test.call('GET', 'core', 'internal/bills', { token: null })).code).toBe('NO_AUTH');
    expect(await billCount(owner)).toBe(1);

    const member = await joinAsMember(test, owner);
    // A member prepares; by default an admin approves before money moves (bill-approvals.api.test.ts).
    const byMember = await generate(member.token, corporationId, 'paye', { start_date: '2026-09' }, [THREE_EMPLOYEES]);
    expect(byMember.data.status).toBe('awaiting_approval');
  });

  it('filters, searches, sorts and exports the bills list', async () => {
    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '2000000');
    const september = await generate(owner.token, corporationId, 'paye', { start_date: '2026-09' }, [THREE_EMPLOYEES]);
    await generate(owner.token, corporationId, 'paye', { start_date: '2026-10' }, [THREE_EMPLOYEES]);
    const bySearch = await test.call('GET', 'core', 'internal/bills', {
      token: owner.token,
      params: { search: '2026-09' },
    });
    expect(bySearch.data.items.map((bill: { id: string }) => bill.id)).toEqual([september.data.id]);
    const oldestFirst = await test.call('GET', 'core', 'internal/bills', {
      token: owner.token,
      params: { order_by: 'period_start', is_asc: true },
    });
    expect(oldestFirst.data.items[0].period_start).toBe('2026-09-01');
    const paidWht = await test.call('GET', 'core', 'internal/bills', {
      token: owner.token,
      params: { filters: JSON.stringify([{ field: 'type', value: 'wht' }]) },
    });
    expect(paidWht.data.pagination.total_count).toBe(0);
    const byCorporation = await test.call('GET', 'core', 'internal/bills', {
      token: owner.token,
      params: {
        filters: JSON.stringify([
          { field: 'corporation_id', value: corporationId },
          { field: 'status', value: 'payment_paid' },
        ]),
      },
    });
    expect(byCorporation.data.pagination.total_count).toBe(2);
    expect(byCorporation.data.items[0].corporation.id).toBe(corporationId);
    const exported = await test.app.inject({
      method: 'GET',
      url: '/service/v1/core/internal/bills/export?format=xlsx',
      headers: { 'api-token': owner.token },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    // The CSV names the agency's reference and gives times in Lagos, as every screen shows them.
    const csv = await test.app.inject({
      method: 'GET',
      url: '/service/v1/core/internal/bills/export?format=csv&order_by=period_start&is_asc=true',
      headers: { 'api-token': owner.token },
    });
    const [header, first] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    expect(header.slice(-3)).toEqual(['Created (Lagos time)', 'Paid (Lagos time)', 'Agency reference']);
    const lagos = (iso: string) => new Date(Date.parse(iso) + 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
    expect(september.data.agency_reference).toBeTruthy();
    expect(first.slice(-3)).toEqual([
      lagos(september.data.created_at),
      lagos(september.data.paid_at),
      september.data.agency_reference,
    ]);
    const nothing = await test.call('GET', 'core', 'internal/bills/export', {
      token: owner.token,
      params: { search: 'no-such-bill' },
    });
    expect(nothing).toMatchObject({ code: 'NOT_FOUND', message: 'No Data: No data to download' });
  });
});

describe('WHT bills', () => {
  it('calculates a bulk file, then bills it; the settlement job marks it paid', async () => {
    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '1000000');
    const calc = await test.upload('internal/bills/wht/tax/calc/bulk', {
      namespace: 'core',
      token: owner.token,
      fields: { wht_type: 'rent', period: '2026-10' },
      files: [
        whtAutoFile('file', [
          ['N-2000001', 'Kelechi Uche', 1_200_000],
          ['N-2000002', 'Halima Garba', 800_000],
          ['N-2000003', 'Emeka Nwosu', 450_000],
        ]),
      ],
    });
    expect(calc.code).toBe('OK');
    const items = await test.call('GET', 'core', `internal/bills/wht/tax/calc/records/${calc.data.id}/items`, {
      token: owner.token,
      params: { page: 1, no_pages: true },
    });
    expect(items.data.aggs).toEqual({ count: 3, sum_tax_payable: '245000.00', sum_amount: '2450000.00' });
    expect(items.data.items[2]).toEqual({
      row: 4,
      tax_payer_number: 'N-2000003',
      name: 'Emeka Nwosu',
      amount: '450000.00',
      tax_payable: '45000.00',
    });

    const created = await generate(
      owner.token,
      corporationId,
      'wht',
      {
        payload_type: 'auto',
        wht_type: 'rent',
        start_date: '2026-10',
        end_date: '2026-10-31',
        calc_record_reference: calc.data.reference,
      },
      [],
    );
    expect(created.code).toBe('OK');
    expect(created.message).toBe('A bill has been generated, and the payment is currently being processed.');
    expect(created.data).toMatchObject({
      type: 'wht',
      wht_type: 'rent',
      status: 'payment_pending',
      amount_due: '245000.00',
      recipient_count: 3,
    });
    const paid = await until(async () => {
      const bill = await test.call('GET', 'core', `internal/bills/${created.data.id}`, { token: owner.token });
      return bill.data.status === 'payment_paid' ? bill.data : undefined;
    });
    expect(paid.receipt_number).toMatch(/^FAKE/);
    expect(paid.events.at(-1).note).toBe(
      `Confirmed by Remita: RRR ${paid.agency_reference}, payment reference ${paid.receipt_number}`,
    );
  });

  it('pages a calculation of 2,345 payees across its stored pages, and bills every one of them', async () => {
    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '100000000');
    const payees = Array.from({ length: 2_345 }, (_, index): [string, string, number] => [
      `N-${3_000_000 + index}`,
      `Payee ${index + 1}`,
      1_000 + index,
    ]);
    const calc = await test.upload('internal/bills/wht/tax/calc/bulk', {
      namespace: 'core',
      token: owner.token,
      fields: { wht_type: 'rent', period: '2026-10' },
      files: [whtAutoFile('file', payees)],
    });
    expect(calc.code).toBe('OK');
    const page = async (params: Record<string, unknown>) =>
      (
        await test.call('GET', 'core', `internal/bills/wht/tax/calc/records/${calc.data.id}/items`, {
          token: owner.token,
          params,
        })
      ).data;
    const rows = (items: Array<{ row: number }>) => items.map((item) => item.row);

    // Seven a page: page 143 holds the 995th to the 1,001st payee, across the first stored page's end.
    const across = await page({ page: 143, count: 7 });
    expect(rows(across.items)).toEqual([996, 997, 998, 999, 1000, 1001, 1002]);
    expect(across.items[6]).toEqual({
      row: 1002,
      tax_payer_number: 'N-3001000',
      name: 'Payee 1001',
      amount: '2000.00',
      tax_payable: '200.00',
    });
    expect(across.pagination).toMatchObject({ current_page: 143, total_count: 2_345, total_pages: 335 });
    const last = await page({ page: 24, count: 100 });
    expect(rows(last.items)).toEqual(Array.from({ length: 45 }, (_, index) => 2_302 + index));
    expect((await page({ page: 25, count: 100 })).items).toEqual([]);
    const whole = await page({ page: 1, no_pages: true });
    expect(rows(whole.items)).toEqual(Array.from({ length: 2_345 }, (_, index) => index + 2));
    expect(whole.aggs).toEqual({ count: 2_345, sum_tax_payable: '509334.00', sum_amount: '5093340.00' });

    const created = await generate(
      owner.token,
      corporationId,
      'wht',
      { payload_type: 'auto', wht_type: 'rent', start_date: '2026-10', calc_record_reference: calc.data.reference },
      [],
    );
    expect(created.data).toMatchObject({ recipient_count: 2_345, amount_due: '509334.00' });

    // The bill keeps its recipients the same way: a page across a stored page's end, and a search.
    const billItems = async (params: Record<string, unknown>) =>
      (await test.call('GET', 'core', `internal/bills/${created.data.id}/items`, { token: owner.token, params })).data;
    const billPage = await billItems({ page: 143, count: 7 });
    expect(rows(billPage.items)).toEqual([996, 997, 998, 999, 1000, 1001, 1002]);
    expect(billPage.pagination).toMatchObject({ total_count: 2_345, total_pages: 335 });
    const found = await billItems({ page: 2, count: 5, search: 'PAYEE 100' });
    expect(found.pagination).toMatchObject({ total_count: 11, total_pages: 3 });
    expect(found.items.map((item: { name: string }) => item.name)).toEqual([
      'Payee 1004',
      'Payee 1005',
      'Payee 1006',
      'Payee 1007',
      'Payee 1008',
    ]);
  });

  it('bills one payee from a manual file', async () => {
    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '1000000');
    const file: TestFile = {
      field: 'recipients',
      filename: 'single.csv',
      contentType: 'text/csv',
      content: Buffer.from('tax_payer_number,name,tax_payable\nN-3000001,Folake Balogun,25000\n'),
    };
    const created = await generate(
      owner.token,
      corporationId,
      'wht',
      { payload_type: 'manual', wht_type: 'professional_fees', start_date: '2026-10' },
      [file],
    );
    expect(created.data).toMatchObject({
      status: 'payment_pending',
      amount_due: '25000.00',
      charge: '354.75',
      total: '25354.75',
      period_end: '2026-10-31',
    });
    const unknownType = await generate(
      owner.token,
      corporationId,
      'wht',
      { payload_type: 'manual', wht_type: 'lottery', start_date: '2026-10' },
      [file],
    );
    expect(unknownType).toMatchObject({ code: 'INVALID_INPUT', data: { wht_type: 'Choose a valid WHT type' } });
  });

  it('refuses a WHT end date that is not a real date, and debits nothing for it', async () => {
    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '1000000');
    const file: TestFile = {
      field: 'recipients',
      filename: 'single.csv',
      contentType: 'text/csv',
      content: Buffer.from('tax_payer_number,name,tax_payable\nN-3000001,Folake Balogun,25000\n'),
    };
    const fields = { payload_type: 'manual', wht_type: 'professional_fees', start_date: '2026-10' };
    for (const [endDate, message] of [
      ['2026-13', 'End date must be a real date written YYYY-MM-DD'],
      ['2026-11-31', 'End date must be a real date written YYYY-MM-DD'],
      ['9999-99-99', 'End date must be a real date written YYYY-MM-DD'],
      ['9999-12-31', 'End date must be between 2000 and 2099'],
      ['2026-09-30', 'The end date must be on or after the start of the month'],
    ]) {
      expect(await generate(owner.token, corporationId, 'wht', { ...fields, end_date: endDate }, [file])).toMatchObject(
        { code: 'INVALID_INPUT', data: { end_date: message } },
      );
    }
    expect(
      await generate(owner.token, corporationId, 'paye', { start_date: '2026-11-31' }, [THREE_EMPLOYEES]),
    ).toMatchObject({ code: 'INVALID_INPUT', data: { start_date: 'Month must be written YYYY-MM' } });
    expect(await billCount(owner)).toBe(0);
    expect((await walletOf(owner)).balance).toBe('1000000.00');
    const paid = await generate(owner.token, corporationId, 'wht', { ...fields, end_date: '2026-11' }, [file]);
    expect(paid.data).toMatchObject({ period_start: '2026-10-01', period_end: '2026-11-30' });
  });

  it('refunds a bill the revenue service declines, exactly once', async () => {
    const { owner, corporationId } = await organisationWithState('N-0000000402');
    await fund(owner, '500000');
    const created = await generate(
      owner.token,
      corporationId,
      'wht',
      { payload_type: 'auto', wht_type: 'rent', start_date: '2026-10' },
      [whtAutoFile('recipients', [['N-2000001', 'Kelechi Uche', 1_000_000]])],
    );
    expect(created.data).toMatchObject({ status: 'payment_pending', total: '100354.75' });
    const failed = await until(async () => {
      const bill = await test.call('GET', 'core', `internal/bills/${created.data.id}`, { token: owner.token });
      return bill.data.status === 'failed' ? bill.data : undefined;
    });
    expect(failed.failure_reason).toBe(
      'Remita did not take the payment (02 Declined by the biller: the taxpayer account is not open for remittances: Declined)',
    );
    expect((await walletOf(owner)).balance).toBe('500000.00');
    const history = await test.call('GET', 'core', `internal/organisations/${owner.organisationId}/wallets/history`, {
      token: owner.token,
    });
    expect(history.data.items.map((item: { type: string; amount: string }) => `${item.type} ${item.amount}`)).toEqual([
      'credit 100354.75',
      'debit 100354.75',
      'credit 500000.00',
    ]);
  });

  it('settles a bill that was pending when the server stopped, after it starts again', async () => {
    const { owner, corporationId } = await organisationWithState('N-0000000202');
    await fund(owner, '500000');
    const created = await generate(
      owner.token,
      corporationId,
      'wht',
      { payload_type: 'auto', wht_type: 'rent', start_date: '2026-10' },
      [whtAutoFile('recipients', [['N-2000001', 'Kelechi Uche', 1_000_000]])],
    );
    expect(created.data.status).toBe('payment_pending');
    await test.restart();
    const paid = await until(async () => {
      const bill = await test.call('GET', 'core', `internal/bills/${created.data.id}`, { token: owner.token });
      return bill.data.status === 'payment_paid' ? bill.data : undefined;
    }, 45_000);
    expect(paid.events.map((event: { status: string }) => event.status)).toEqual([
      'pending',
      'payment_pending',
      'payment_paid',
    ]);
    expect((await walletOf(owner)).balance).toBe('399645.25');
  }, 60_000);
});

describe('settling a backlog', () => {
  it('settles 60 pending WHT bills within seconds, each paid once from one debit', async () => {
    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '10000000');
    const created = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        generate(owner.token, corporationId, 'wht', { payload_type: 'auto', wht_type: 'rent', start_date: '2026-10' }, [
          whtAutoFile('recipients', [[`N-${4_000_000 + index}`, `Vendor ${index + 1}`, 100_000]]),
        ]),
      ),
    );
    expect(created.map((answer) => answer.code)).toEqual(Array(60).fill('OK'));
    // One job a polling interval (the old pace) would need about a minute for what is still pending.
    const paid = await until(async () => {
      const list = await test.call('GET', 'core', 'internal/bills', {
        token: owner.token,
        params: { no_pages: true, filters: JSON.stringify([{ field: 'status', value: 'payment_paid' }]) },
      });
      return list.data.pagination.total_count === 60 ? list.data.items : undefined;
    }, 20_000);
    expect(paid).toHaveLength(60);
    const events = await queryRows<{ count: number }>(
      test.database.db,
      sql`select count(*)::int as count from bill_events e join bills b on b.id = e.bill_id where b.organisation_id = ${owner.organisationId} and
        e.status = 'payment_paid'`,
    );
    expect(events[0].count).toBe(60);
    const debits = await test.call('GET', 'core', `internal/organisations/${owner.organisationId}/wallets/history`, {
      token: owner.token,
      params: { filters: JSON.stringify([{ field: 'type', value: 'debit' }]) },
    });
    expect(debits.data.pagination.total_count).toBe(60);
  }, 120_000);
});

describe('the database keeps items with their parents', () => {
  it('refuses an item of a bill that does not exist, and deletes a bill’s items with the bill', async () => {
    const { db } = test.database;
    await expect(
      db.execute(sql`insert into bill_item_pages (bill_id, page, items) values (${randomUUID()}, 0, '[]')`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`insert into wht_calc_pages (record_id, page, items) values (${randomUUID()}, 0, '[]')`),
    ).rejects.toThrow();

    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '5000000');
    const created = await generate(owner.token, corporationId, 'paye', { start_date: '2026-10' }, [THREE_EMPLOYEES]);
    const countItems = async () =>
      (
        await queryRows<{ n: number }>(
          db,
          sql`select coalesce(sum(json_array_length(items::json)), 0)::int as n from bill_item_pages where bill_id = ${created.data.id}`,
        )
      )[0].n;
    expect(await countItems()).toBe(3);
    await db.execute(sql`delete from bills where id = ${created.data.id}`);
    expect(await countItems()).toBe(0);

    const calc = await test.upload('internal/bills/wht/tax/calc/bulk', {
      namespace: 'core',
      token: owner.token,
      fields: { wht_type: 'rent', period: '2026-10' },
      files: [whtAutoFile('file', [['N-2000001', 'Kelechi Uche', 1_200_000]])],
    });
    const countPages = async () =>
      (
        await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from wht_calc_pages where record_id = ${calc.data.id}`,
        )
      )[0].n;
    expect(await countPages()).toBe(1);
    await db.execute(sql`delete from wht_calc_records where id = ${calc.data.id}`);
    expect(await countPages()).toBe(0);
  });
});
