import { randomUUID } from 'node:crypto';
import { readSource, type SourceLine } from '@levy/statements';
import { addMonths, lagosPeriod } from '@levy/tax';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billKit, PAYE_HEADER, THREE_EMPLOYEES, until, whtAutoFile } from '../../../test/bill-kit';
import { createTestApp, joinAsMember, ownerWithOrganisation, type TestApp, type TestFile } from '../../../test/harness';

// WHT on payments to companies, remitted to the federal Nigeria Revenue Service: NRS
// registered beside the states with the corporation's Tax ID, billed through the same calls at the
// company rates, due by the 21st; PAYE, payroll and consent stay with the State IRS.
let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test.close();
});

const { walletOf, fund, generate, billOf } = billKit(() => test);

const THIS_MONTH = lagosPeriod(new Date());
const THREE_AGO = addMonths(THIS_MONTH, -3);
const NRS_NAME = 'Nigeria Revenue Service';

/** An owner's corporation registered with the NRS under its 13-digit national Tax ID, owing from three months ago. */
async function corporationWithNrs(taxPayerNumber = '1234567890123') {
  const owner = await ownerWithOrganisation(test);
  const corporation = await test.call('POST', 'core', 'internal/corporations', {
    token: owner.token,
    body: { name: `Federal Corp ${randomUUID().slice(0, 6)}` },
  });
  const corporationId = corporation.data.id as string;
  const added = await test.call('POST', 'core', `internal/corporations/${corporationId}/states/NRS`, {
    token: owner.token,
    body: { tax_payer_number: taxPayerNumber, first_tax_month: THREE_AGO },
  });
  if (added.code !== 'OK') throw new Error(`add NRS failed: ${JSON.stringify(added)}`);
  return { owner, corporationId, corporationName: corporation.data.name as string, registration: added.data };
}

async function paidBill(token: string, id: string) {
  return until(async () => {
    const bill = await billOf(token, id);
    return bill.status === 'payment_paid' ? bill : undefined;
  });
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '2026-09-21' → '21 Sep, 2026', as the receipt writes a date. */
const formatDay = (date: string) => `${date.slice(8, 10)} ${MONTHS[Number(date.slice(5, 7)) - 1]}, ${date.slice(0, 4)}`;

const joinLineText = (line: SourceLine) => line.cells.map((cell) => cell.text).join('  ');

describe('the NRS as a collector', () => {
  it('keeps the spec’s states list to the 36 states and the FCT, and offers the NRS where a corporation registers', async () => {
    const owner = await ownerWithOrganisation(test);
    const states = await test.call('GET', 'core', 'internal/states', { token: owner.token });
    expect(states.data).toHaveLength(37);
    expect(states.data.map((state: { code: string }) => state.code)).not.toContain('NRS');
    const collectors = await test.call('GET', 'core', 'internal/collectors', { token: owner.token });
    expect(collectors.data).toHaveLength(38);
    expect(collectors.data.at(-1)).toMatchObject({
      code: 'NRS',
      name: NRS_NAME,
      revenue_service: NRS_NAME,
      abbreviation: 'NRS',
      collector: 'federal',
    });
    expect(collectors.data.filter((state: { collector: string }) => state.collector === 'state')).toHaveLength(37);
    expect((await test.call('GET', 'core', 'internal/collectors', {})).code).toBe('NO_AUTH');
  });

  it('registers the corporation’s C- or 13-digit Tax ID, never an individual’s', async () => {
    const { owner, corporationId, corporationName, registration } = await corporationWithNrs();
    expect(registration).toMatchObject({
      tax_payer_number: '1234567890123',
      tax_payer_name: corporationName,
      first_tax_month: THREE_AGO,
      state: { code: 'NRS', name: NRS_NAME, revenue_service: NRS_NAME, collector: 'federal' },
    });
    const verify = (taxPayerNumber: string) =>
      test.call('POST', 'core', 'internal/corporations/states/NRS/records/verify', {
        token: owner.token,
        body: { tax_payer_number: taxPayerNumber, corporation_id: corporationId },
      });
    expect((await verify('c-0012345')).data).toEqual({
      name: corporationName,
      tax_payer_number: 'C-0012345',
      name_matches: true,
      name_to_confirm: false,
    });
    expect(await verify('N-1234567')).toMatchObject({
      code: 'INVALID_INPUT',
      data: {
        tax_payer_number:
          "Nigeria Revenue Service collects from companies: N-1234567 is an individual's Tax ID. Use the corporation's C- or 13-digit Tax ID.",
      },
    });
    expect(await verify('C-0000000404')).toMatchObject({
      code: 'INVALID_INPUT',
      data: { tax_payer_number: 'Nigeria Revenue Service has no taxpayer with the Tax ID C-0000000404.' },
    });
    // A State IRS still takes N- and C- payer IDs only.
    expect(
      (
        await test.call('POST', 'core', 'internal/corporations/states/LA/records/verify', {
          token: owner.token,
          body: { tax_payer_number: '1234567890123' },
        })
      ).code,
    ).toBe('INVALID_INPUT');
    const listed = await test.call('GET', 'core', `internal/corporations/${corporationId}/states`, {
      token: owner.token,
    });
    expect(listed.data.map((row: { state: { code: string; collector: string } }) => row.state)).toEqual([
      expect.objectContaining({ code: 'NRS', collector: 'federal' }),
    ]);
  });

  it('refuses PAYE, payroll and payroll consent for the NRS, pointing to the State IRS', async () => {
    const { owner, corporationId } = await corporationWithNrs('C-0012345');
    await fund(owner, '1000000');
    const refusal = 'The Nigeria Revenue Service collects WHT on payments to companies only';
    const paye = await generate(
      owner.token,
      corporationId,
      'paye',
      { start_date: '2026-10' },
      [THREE_EMPLOYEES],
      randomUUID(),
      'NRS',
    );
    expect(paye).toMatchObject({
      code: 'UNPROCESSABLE',
      message: `${refusal}: PAYE belongs to the State Internal Revenue Service where the employees live.`,
    });
    const consent = await test.call('POST', 'core', `internal/corporations/${corporationId}/states/NRS/consent`, {
      token: owner.token,
    });
    expect(consent).toMatchObject({
      code: 'UNPROCESSABLE',
      message: `${refusal}: consent to manage payroll belongs to the State Internal Revenue Service where the employees live.`,
    });
    expect(await test.mailbox()).not.toContainEqual(
      expect.objectContaining({ subject: expect.stringContaining(NRS_NAME) }),
    );
    const verifyConsent = await test.call(
      'POST',
      'core',
      `internal/corporations/${corporationId}/states/NRS/consent/verify`,
      { token: owner.token, body: { pin: '123456', token: 'x' } },
    );
    expect(verifyConsent.code).toBe('UNPROCESSABLE');
    const payroll: TestFile = {
      field: 'file',
      filename: 'payroll.csv',
      contentType: 'text/csv',
      content: Buffer.from(
        `${PAYE_HEADER}\nN-1000001,Adaeze Okafor,Nigerian,Officer,500000,65300,500000,0,0,0,0,0,0,0,0,0,0,0\n`,
      ),
    };
    const uploaded = await test.upload(`internal/corporations/${corporationId}/states/NRS/payrolls/file`, {
      namespace: 'core',
      token: owner.token,
      files: [payroll],
    });
    expect(uploaded).toMatchObject({
      code: 'UNPROCESSABLE',
      message: `${refusal}: a payroll belongs to the State Internal Revenue Service where the employees live.`,
    });
    // Nothing was paid or stored.
    expect((await walletOf(owner)).balance).toBe('1000000.00');
    expect((await test.call('GET', 'core', 'internal/bills', { token: owner.token })).data.pagination.total_count).toBe(
      0,
    );
  });
});

describe('NRS WHT bills', () => {
  it('lists the WHT types at the company rates, leaving out those the law levies on individuals alone', async () => {
    const { owner } = await corporationWithNrs();
    const collectors = await test.call('GET', 'core', 'internal/collectors', { token: owner.token });
    const [nrs, lagos] = ['NRS', 'LA'].map((code) =>
      collectors.data.find((state: { code: string }) => state.code === code),
    );
    const typesOf = async (id: number) =>
      (
        await test.call('GET', 'core', `internal/states/${id}/wht/types`, {
          token: owner.token,
          params: { period: '2026-10' },
        })
      ).data as Array<{ id: string; percentage: number; reference: string }>;
    const [federal, state] = [await typesOf(nrs.id), await typesOf(lagos.id)];
    expect(federal.find((type) => type.id === 'royalty')).toMatchObject({
      percentage: 10,
      reference: 'NRS-WHT-ROYALTY',
    });
    expect(state.find((type) => type.id === 'royalty')).toMatchObject({ percentage: 5 });
    expect(federal.map((type) => type.id)).not.toEqual(expect.arrayContaining(['directors_fees']));
    expect(federal.map((type) => type.id)).not.toContain('winnings');
    expect(state.map((type) => type.id)).toContain('directors_fees');
    const calc = (collector?: string) =>
      test.call('POST', 'core', 'internal/bills/wht/tax/calc', {
        token: owner.token,
        body: { wht_type: 'royalty', amount: '1000000', period: '2026-10', collector },
      });
    expect((await calc('federal')).data).toEqual({ tax_payable: '100000.00', rate: 10 });
    expect((await calc()).data).toEqual({ tax_payable: '50000.00', rate: 5 });
    const directors = await test.call('POST', 'core', 'internal/bills/wht/tax/calc', {
      token: owner.token,
      body: { wht_type: 'directors_fees', amount: '1000000', collector: 'federal' },
    });
    expect(directors).toMatchObject({
      code: 'INVALID_INPUT',
      data: { wht_type: "Directors' fees is not subject to WHT when paid to companies" },
    });
  });

  it('bills one company and a bulk file at the company rate, charges and pays them, and settles each with a receipt', async () => {
    const { owner, corporationId, corporationName } = await corporationWithNrs();
    await fund(owner, '2000000');

    // Single payee: the form sends a one-row auto file.
    const single = await generate(
      owner.token,
      corporationId,
      'wht',
      { payload_type: 'auto', wht_type: 'royalty', start_date: THREE_AGO },
      [whtAutoFile('recipients', [['C-3000001', 'Zenith Forge Limited', 1_000_000]])],
      randomUUID(),
      'NRS',
    );
    expect(single.code).toBe('OK');
    expect(single.data).toMatchObject({
      type: 'wht',
      wht_type: 'royalty',
      status: 'payment_pending',
      amount_due: '100000.00',
      recipient_count: 1,
      tax_payer_number: '1234567890123',
      state: { code: 'NRS', name: NRS_NAME, collector: 'federal' },
    });
    expect(single.data.reference).toBe(`WHT-NRS-${THREE_AGO}-000001`);
    expect(Number(single.data.total)).toBeCloseTo(Number(single.data.amount_due) + Number(single.data.charge), 2);

    // Bulk: calculated at the NRS's rates, then billed from the calculation.
    const bulk = await test.upload('internal/bills/wht/tax/calc/bulk', {
      namespace: 'core',
      token: owner.token,
      fields: { wht_type: 'royalty', period: '2026-10', collector: 'federal' },
      files: [
        whtAutoFile('file', [
          ['C-3000002', 'Cedar Bridge Holdings Limited', 2_000_000],
          ['9876543210987', 'Delta Gate Foods Plc', 500_000],
        ]),
      ],
    });
    expect(bulk.code).toBe('OK');
    const items = await test.call('GET', 'core', `internal/bills/wht/tax/calc/records/${bulk.data.id}/items`, {
      token: owner.token,
      params: { page: 1, no_pages: true },
    });
    expect(items.data.aggs).toEqual({ count: 2, sum_tax_payable: '250000.00', sum_amount: '2500000.00' });
    const many = await generate(
      owner.token,
      corporationId,
      'wht',
      { payload_type: 'auto', wht_type: 'royalty', start_date: '2026-10', calc_record_reference: bulk.data.reference },
      [],
      randomUUID(),
      'NRS',
    );
    expect(many.data).toMatchObject({
      status: 'payment_pending',
      amount_due: '250000.00',
      recipient_count: 2,
      state: { code: 'NRS' },
    });

    const balance = 2_000_000 - Number(single.data.total) - Number(many.data.total);
    expect(Number((await walletOf(owner)).balance)).toBeCloseTo(balance, 2);

    const paid = await paidBill(owner.token, single.data.id);
    expect(paid.receipt_number).toMatch(/^FAKE/);
    // Paid after the 21st of the month after: late by the NRS's deadline, not the states' 30th.
    expect(paid.lateness).toMatchObject({ due_date: `${addMonths(THREE_AGO, 1)}-21` });
    expect((await paidBill(owner.token, many.data.id)).status).toBe('payment_paid');

    const response = await test.app.inject({
      method: 'GET',
      url: `/service/v1/core/internal/bills/${single.data.id}/receipt`,
      headers: { 'api-token': owner.token },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/pdf');
    const text = (await readSource(new Uint8Array(response.rawPayload), { mimeType: 'application/pdf' })).lines
      .map(joinLineText)
      .join('\n');
    expect(text).toContain(`Revenue service  Corporation\n${NRS_NAME}  ${corporationName}`);
    expect(text).toContain('Withholding Tax: Royalty (10%)  1234567890123');
    expect(text).toContain(`Tax remitted to ${NRS_NAME}  NGN 100,000.00`);
    expect(text).toContain('C-3000001  Zenith Forge Limited  1,000,000.00  10%  100,000.00');
    expect(text).toContain(`due date, ${formatDay(`${addMonths(THREE_AGO, 1)}-21`)}`);

    const verified = await test.call('GET', 'public', `receipts/verify/${paid.verify_url.split('/verify/')[1]}`, {
      ip: '203.0.113.226',
    });
    expect(verified.data).toMatchObject({
      revenue_service: NRS_NAME,
      tax: 'Withholding Tax: Royalty',
      tax_payer_number: '1234567890123',
    });
  });

  it('refuses individuals as NRS payees, row by row, and a calculation made at the states’ rates', async () => {
    const { owner, corporationId } = await corporationWithNrs();
    await fund(owner, '1000000');
    const payees = whtAutoFile('file', [
      ['C-3000002', 'Cedar Bridge Holdings Limited', 2_000_000],
      ['N-2000001', 'Kelechi Uche', 800_000],
      ['n-2000002', 'Halima Garba', 400_000],
    ]);
    const bulk = await test.upload('internal/bills/wht/tax/calc/bulk', {
      namespace: 'core',
      token: owner.token,
      fields: { wht_type: 'rent', collector: 'federal' },
      files: [payees],
    });
    expect(bulk).toMatchObject({
      code: 'INVALID_INPUT',
      message: '2 payees are individuals: the Nigeria Revenue Service takes WHT on payments to companies only.',
      data: {
        'row_3.tax_payer_number':
          "Row 3, tax_payer_number: N-2000001 is an individual's Tax ID. The Nigeria Revenue Service takes WHT on payments to companies (C- or " +
          "13-digit Tax ID); pay an individual's WHT to the State IRS where they live.",
        'row_4.tax_payer_number': expect.stringContaining('Row 4, tax_payer_number: N-2000002'),
      },
    });
    const manual: TestFile = {
      field: 'recipients',
      filename: 'manual.csv',
      contentType: 'text/csv',
      content: Buffer.from('tax_payer_number,name,tax_payable\nN-2000001,Kelechi Uche,40000\n'),
    };
    const refused = await generate(
      owner.token,
      corporationId,
      'wht',
      { payload_type: 'manual', wht_type: 'rent', start_date: '2026-10' },
      [manual],
      randomUUID(),
      'NRS',
    );
    expect(refused).toMatchObject({
      code: 'INVALID_INPUT',
      message: '1 payee is an individual: the Nigeria Revenue Service takes WHT on payments to companies only.',
    });

    const stateCalc = await test.upload('internal/bills/wht/tax/calc/bulk', {
      namespace: 'core',
      token: owner.token,
      fields: { wht_type: 'royalty', period: '2026-10' },
      files: [whtAutoFile('file', [['C-3000002', 'Cedar Bridge Holdings Limited', 2_000_000]])],
    });
    const mismatched = await generate(
      owner.token,
      corporationId,
      'wht',
      {
        payload_type: 'auto',
        wht_type: 'royalty',
        start_date: '2026-10',
        calc_record_reference: stateCalc.data.reference,
      },
      [],
      randomUUID(),
      'NRS',
    );
    expect(mismatched).toMatchObject({
      code: 'INVALID_INPUT',
      data: {
        calc_record_reference:
          "This calculation was made at a State IRS's rates for individuals. Upload the file again.",
      },
    });
    expect((await walletOf(owner)).balance).toBe('1000000.00');
  });

  it('puts NRS WHT deadlines on the 21st in alerts, the calendar and its iCalendar feed, with the penalty rule, and never PAYE', async () => {
    const { owner, corporationId } = await corporationWithNrs();
    await fund(owner, '1000000');
    const created = await generate(
      owner.token,
      corporationId,
      'wht',
      { payload_type: 'auto', wht_type: 'rent', start_date: THREE_AGO },
      [whtAutoFile('recipients', [['C-3000001', 'Zenith Forge Limited', 1_000_000]])],
      randomUUID(),
      'NRS',
    );
    await paidBill(owner.token, created.data.id);

    const alerts = await test.call('GET', 'core', `internal/organisations/${owner.organisationId}/alerts`, {
      token: owner.token,
    });
    const owed = [addMonths(THREE_AGO, 1), addMonths(THREE_AGO, 2)];
    expect(
      alerts.data.map((alert: { kind: string; tax_month: string; deadline_date: string }) => [
        alert.kind,
        alert.tax_month,
        alert.deadline_date,
      ]),
    ).toEqual(owed.map((month) => ['wht', month, `${addMonths(month, 1)}-21`]));
    // The WHT owed for those months is unknown (one month's rent says nothing of the next): the rule, no figure.
    expect(alerts.data[0]).toMatchObject({
      state: NRS_NAME,
      state_code: 'NRS',
      status: 'overdue',
      penalty: null,
      pay_link: `/bills?pay=wht&corporation=${corporationId}&state=NRS&month=${owed[0]}`,
    });
    expect(alerts.data[0].penalty_rule).toMatch(/NTAA 2025 s\.107/);

    const calendar = await test.call('GET', 'core', `internal/organisations/${owner.organisationId}/deadlines`, {
      token: owner.token,
    });
    expect(calendar.data.entries.length).toBeGreaterThan(10);
    for (const entry of calendar.data.entries)
      expect(entry).toMatchObject({
        kind: 'wht',
        state: { code: 'NRS', name: NRS_NAME },
        deadline_date: expect.stringMatching(/-21$/),
      });

    const ics = await test.app.inject({
      method: 'GET',
      url: `/service/v1/core/internal/organisations/${owner.organisationId}/deadlines/export?format=ics`,
      headers: { 'api-token': owner.token },
    });
    expect(ics.statusCode).toBe(200);
    const firstOwed = owed[0];
    expect(ics.body).toContain(`DTSTART;VALUE=DATE:${addMonths(firstOwed, 1).replace('-', '')}21`);
    // iCalendar folds long lines (RFC 5545 §3.1): unfolded, each event names the NRS.
    expect(ics.body.replace(/\r\n /g, '')).toContain(`, ${NRS_NAME}`);
    expect(ics.body).not.toContain('PAYE');
  });

  it('keeps another organisation out and leaves removal to admins, as for a state', async () => {
    const { owner, corporationId } = await corporationWithNrs();
    await fund(owner, '1000000');
    const created = await generate(
      owner.token,
      corporationId,
      'wht',
      { payload_type: 'auto', wht_type: 'rent', start_date: '2026-10' },
      [whtAutoFile('recipients', [['C-3000001', 'Zenith Forge Limited', 1_000_000]])],
      randomUUID(),
      'NRS',
    );
    await paidBill(owner.token, created.data.id);

    const other = await ownerWithOrganisation(test);
    await fund(other, '1000000');
    const intruding = await generate(
      other.token,
      corporationId,
      'wht',
      { payload_type: 'auto', wht_type: 'rent', start_date: '2026-09' },
      [whtAutoFile('recipients', [['C-3000001', 'Zenith Forge Limited', 1_000_000]])],
      randomUUID(),
      'NRS',
    );
    expect(intruding.code).toBe('NOT_FOUND');
    expect(
      (await test.call('GET', 'core', `internal/corporations/${corporationId}/states`, { token: other.token })).code,
    ).toBe('NOT_FOUND');
    expect(
      (
        await test.call('POST', 'core', `internal/corporations/${corporationId}/states/NRS/remove`, {
          token: other.token,
        })
      ).code,
    ).toBe('NOT_FOUND');
    const receipt = await test.app.inject({
      method: 'GET',
      url: `/service/v1/core/internal/bills/${created.data.id}/receipt`,
      headers: { 'api-token': other.token },
    });
    expect(receipt.statusCode).toBe(404);

    const member = await joinAsMember(test, owner);
    expect(
      (
        await test.call('POST', 'core', `internal/corporations/${corporationId}/states/NRS/remove`, {
          token: member.token,
        })
      ).code,
    ).toBe('FORBIDDEN');
    // A member's NRS bill waits for an admin, as a state's does (approval setting 'members').
    const waiting = await generate(
      member.token,
      corporationId,
      'wht',
      { payload_type: 'auto', wht_type: 'rent', start_date: '2026-09' },
      [whtAutoFile('recipients', [['C-3000001', 'Zenith Forge Limited', 1_000_000]])],
      randomUUID(),
      'NRS',
    );
    expect(waiting.data).toMatchObject({ status: 'awaiting_approval', state: { code: 'NRS' } });
  });
});
