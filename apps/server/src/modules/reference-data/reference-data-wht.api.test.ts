import { addMonths, lagosPeriod } from '@levy/tax';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/raw';
import { billKit, until, whtAutoFile } from '../../../test/bill-kit';
import { createTestApp, joinAsMember, ownerWithOrganisation, staffUser, type TestApp } from '../../../test/harness';

// Staff WHT rate rows (decision 0025): a rate for one type, kind of payee and residency
// from the first day of a tax month. Bills, calculators, receipts and credit notes of months from
// then on use it; a row that would change the rate stated on a paid bill is refused.
let test: TestApp;
let staff: { token: string };
const { organisationWithState, fund, generate, billOf } = billKit(() => test);

beforeAll(async () => {
  test = await createTestApp();
  staff = await staffUser(test);
});
afterAll(async () => {
  await test.close();
});

const THIS_MONTH = lagosPeriod(new Date());
const TWO_AGO = addMonths(THIS_MONTH, -2);
const NEXT_MONTH = addMonths(THIS_MONTH, 1);
const RENT_TO_INDIVIDUALS = {
  wht_type: 'rent',
  payee_kind: 'individual',
  residency: 'resident',
  rate_percent: '7.5',
  source: 'Deduction of Tax at Source (Amendment) Regulations (test)',
};
const monthName = (month: string) =>
  ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(month.slice(5, 7)) - 1];
const PAYEES: Array<[string, string, number]> = [['N-2000001', 'Kelechi Uche', 1_000_000]];

const addRow = (body: Record<string, string>, token = staff.token, on: Pick<TestApp, 'call'> = test) =>
  on.call('POST', 'core', 'internal/reference-data/wht/rows', { token, body });
const taxOn = (
  token: string,
  period: string,
  collector: 'state' | 'federal' = 'state',
  on: Pick<TestApp, 'call'> = test,
) =>
  on.call('POST', 'core', 'internal/bills/wht/tax/calc', {
    token,
    body: { wht_type: 'rent', amount: '100000', period, collector },
  });

async function storedRows(): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    test.database.db,
    sql`select count(*)::int as count from reference_data_rows where "table" = 'wht'`,
  );
  return row.count;
}

async function paidRentBill(owner: { token: string }, corporationId: string, month: string) {
  const created = await generate(
    owner.token,
    corporationId,
    'wht',
    { payload_type: 'auto', wht_type: 'rent', start_date: month },
    [whtAutoFile('recipients', PAYEES)],
  );
  expect(created.code).toBe('OK');
  return until(async () => {
    const bill = await billOf(owner.token, created.data.id);
    return bill.status === 'payment_paid' ? bill : undefined;
  });
}

describe('WHT rate rows', () => {
  it('refuses owners and members; staff see the shipped schedules and the rates in force', async () => {
    const owner = await ownerWithOrganisation(test);
    const member = await joinAsMember(test, owner, 'user.member');
    for (const token of [owner.token, member.token])
      expect((await addRow({ from: `${NEXT_MONTH}-01`, ...RENT_TO_INDIVIDUALS }, token)).code).toBe('FORBIDDEN');
    expect(await storedRows()).toBe(0);

    const view = await test.call('GET', 'core', 'internal/reference-data', { token: staff.token });
    const wht = view.data.tables.find((table: { code: string }) => table.code === 'wht');
    expect(wht).toMatchObject({ title: 'WHT rates', reviewed_on: '2025-01-01' });
    expect(wht.rows).toEqual([
      expect.objectContaining({ from: '2025-01-01', value: 'Schedule of 14 types', origin: 'seed', in_force: true }),
      expect.objectContaining({ from: '2020-01-01', value: 'Schedule of 12 types', origin: 'seed', in_force: false }),
    ]);
    expect(view.data.wht_in_force.find((type: { code: string }) => type.code === 'rent')).toEqual({
      code: 'rent',
      name: 'Rent',
      company_resident: '10.00%',
      company_non_resident: '10.00%',
      individual_resident: '10.00%',
      individual_non_resident: '10.00%',
    });
    expect(view.data.wht_in_force.find((type: { code: string }) => type.code === 'supply_of_goods')).toMatchObject({
      company_non_resident: null,
    });
  });

  it('charges the rate from its month on, for its cell only, in bills, calculators and credit notes; audited', async () => {
    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '5000000');
    const earlier = await paidRentBill(owner, corporationId, TWO_AGO);
    expect(earlier.amount_due).toBe('100000.00');

    const added = await addRow({ from: `${THIS_MONTH}-01`, ...RENT_TO_INDIVIDUALS });
    expect(added.code).toBe('OK');
    expect(await storedRows()).toBe(1);
    const wht = added.data.tables.find((table: { code: string }) => table.code === 'wht');
    expect(wht.rows[0]).toMatchObject({
      from: `${THIS_MONTH}-01`,
      value: 'Rent, individuals (resident): 7.50%',
      origin: 'staff',
      added_by: 'Sade Staff',
      in_force: true,
    });
    expect(added.data.wht_in_force.find((type: { code: string }) => type.code === 'rent')).toMatchObject({
      individual_resident: '7.50%',
      company_resident: '10.00%',
    });
    expect(added.data.audit[0]).toMatchObject({
      action: 'row_added',
      table: 'wht',
      by: 'Sade Staff',
      summary: `WHT from ${monthName(THIS_MONTH)} ${THIS_MONTH.slice(0, 4)}: Rent, individuals (resident): 7.50%`,
    });

    // A State IRS's rate (individuals) from this month; the month before and the NRS (companies) keep 10%.
    expect((await taxOn(owner.token, THIS_MONTH)).data).toEqual({ tax_payable: '7500.00', rate: 7.5 });
    expect((await taxOn(owner.token, TWO_AGO)).data).toEqual({ tax_payable: '10000.00', rate: 10 });
    expect((await taxOn(owner.token, THIS_MONTH, 'federal')).data).toEqual({ tax_payable: '10000.00', rate: 10 });
    const states = await test.call('GET', 'core', 'internal/states', { token: owner.token });
    const lagos = states.data.find((state: { code: string }) => state.code === 'LA');
    const types = await test.call('GET', 'core', `internal/states/${lagos.id}/wht/types`, {
      token: owner.token,
      params: { period: THIS_MONTH },
    });
    expect(types.data.find((type: { id: string }) => type.id === 'rent')).toMatchObject({ percentage: 7.5 });

    // The public calculator answers at the staff rate too.
    const calculator = await test.call('POST', 'public', 'calculator/wht', {
      body: {
        period: THIS_MONTH,
        type: 'rent',
        payee_kind: 'individual',
        resident: true,
        has_tax_id: true,
        amount: 100000,
      },
    });
    expect(calculator.data).toMatchObject({ rate: 7.5, tax: '7500.00' });

    // This month's bill is made at 7.5%, and its credit note says so.
    const current = await paidRentBill(owner, corporationId, THIS_MONTH);
    expect(current.amount_due).toBe('75000.00');
    await test.call('PUT', 'core', 'internal/vendors/N-2000001', {
      token: owner.token,
      body: { email: 'kelechi.rates@example.ng' },
    });
    expect(
      (await test.call('POST', 'core', `internal/bills/${current.id}/credit-notes/2/send`, { token: owner.token }))
        .code,
    ).toBe('OK');
    const mail = (await test.mailbox()).find((item) => item.to === 'kelechi.rates@example.ng');
    expect(mail?.text).toContain('WHT type and rate: Rent at 7.5%');

    const audited = await queryRows<{ action: string; resource_id: string }>(
      test.database.db,
      sql`select action, resource_id from audit_log where resource_type = 'reference_data'`,
    );
    expect(audited).toEqual([{ action: 'reference_data.row_added', resource_id: 'wht' }]);
  });

  it('refuses a row that would change the rate of a paid bill, naming it, and stores nothing', async () => {
    // The previous test paid rent bills two months ago (10%) and this month (7.5%).
    const paid = await queryRows<{ reference: string; period_start: string }>(
      test.database.db,
      sql`select reference, period_start from bills where type = 'wht' and status = 'payment_paid' order by period_start`,
    );
    expect(paid.map((bill) => bill.period_start)).toEqual([`${TWO_AGO}-01`, `${THIS_MONTH}-01`]);
    const auditBefore = (await test.call('GET', 'core', 'internal/reference-data', { token: staff.token })).data.audit
      .length;

    const fromTwoAgo = await addRow({ from: `${TWO_AGO}-01`, ...RENT_TO_INDIVIDUALS, rate_percent: '8' });
    expect(fromTwoAgo.code).toBe('CONFLICT');
    // This month's staff rate still holds from its own date: only the earlier bill would change.
    expect(fromTwoAgo.message).toBe(
      `A rate from 01 ${monthName(TWO_AGO)}, ${TWO_AGO.slice(0, 4)} would change the rate already stated on a paid bill: ${paid[0].reference} ` +
        `(${monthName(TWO_AGO)} ${TWO_AGO.slice(0, 4)}). ` +
        `Date the row from 01 ${monthName(addMonths(TWO_AGO, 1))}, ${addMonths(TWO_AGO, 1).slice(0, 4)} or later.`,
    );
    expect(fromTwoAgo.data.bills).toEqual([{ reference: paid[0].reference, period: TWO_AGO }]);
    const thisMonthAgain = await addRow({ from: `${THIS_MONTH}-01`, ...RENT_TO_INDIVIDUALS, rate_percent: '6' });
    expect(thisMonthAgain.code).toBe('CONFLICT');
    expect(thisMonthAgain.data.bills).toEqual([{ reference: paid[1].reference, period: THIS_MONTH }]);
    expect(await storedRows()).toBe(1);
    expect((await test.call('GET', 'core', 'internal/reference-data', { token: staff.token })).data.audit.length).toBe(
      auditBefore,
    );

    // The same rate again changes nothing paid; companies' cell (the NRS's) no state bill reads; next month is clear.
    expect(
      (
        await addRow({
          from: `${TWO_AGO}-01`,
          ...RENT_TO_INDIVIDUALS,
          rate_percent: '10',
          source: 'Regulations re-read (test)',
        })
      ).code,
    ).toBe('OK');
    expect(
      (await addRow({ from: `${TWO_AGO}-01`, ...RENT_TO_INDIVIDUALS, payee_kind: 'company', rate_percent: '8' })).code,
    ).toBe('OK');
    expect((await addRow({ from: `${NEXT_MONTH}-01`, ...RENT_TO_INDIVIDUALS, rate_percent: '6' })).code).toBe('OK');
    expect(await storedRows()).toBe(4);
  });

  it('checks input: the first day of a month from 2025, a known type, a rate above 0%, a source', async () => {
    const refusals = [
      [
        { from: `${NEXT_MONTH}-15` },
        { from: 'WHT is charged by the tax month: give the first day of a month, YYYY-MM-01' },
      ],
      [
        { from: '2024-12-01' },
        { from: 'Rates before 01 Jan, 2025 are those of the old regulations: give Jan 2025 or later' },
      ],
      [{ wht_type: 'gifts' }, { wht_type: 'Choose a WHT type from the list' }],
      [{ rate_percent: '0' }, { rate_percent: 'The rate must be above 0%' }],
      [{ rate_percent: '7.505' }, { rate_percent: 'Give the rate in percent with up to two decimals, e.g. 7.50' }],
      [{ payee_kind: 'partnership' }, { payee_kind: 'Choose who is paid: a company or an individual' }],
    ] as const;
    for (const [change, errors] of refusals) {
      const refused = await addRow({ from: `${NEXT_MONTH}-01`, ...RENT_TO_INDIVIDUALS, ...change });
      expect(refused.code).toBe('INVALID_INPUT');
      expect(refused.data).toEqual(errors);
    }
    const noSource = await addRow({ from: `${NEXT_MONTH}-01`, ...RENT_TO_INDIVIDUALS, source: '' });
    expect(noSource.data.source).toMatch(/Source is required/);
    expect(await storedRows()).toBe(4);
  });
});
