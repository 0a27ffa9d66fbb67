import { randomUUID } from 'node:crypto';
import { addDays, addMonths, daysBetween, lagosDate, parseNaira, payeDueDate, PAYE_TEMPLATE_HEADERS } from '@levy/tax';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/raw';
import {
  createTestApp,
  giveConsent,
  joinAsMember,
  ownerWithOrganisation,
  staffUser,
  usePostgres,
  type AppInstance,
  type TestApp,
  type TestFile,
} from '../../../test/harness';

// The staff reference-data screen's calls against the real app and database (decision 0025).
let test: TestApp;
let staff: { token: string };

beforeAll(async () => {
  test = await createTestApp();
  staff = await staffUser(test);
});
afterAll(async () => {
  await test.close();
});

const TODAY = lagosDate(new Date());
const THIS_MONTH = TODAY.slice(0, 7);
const THREE_AGO = addMonths(THIS_MONTH, -3);
const TWO_AGO = addMonths(THIS_MONTH, -2);
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const label = (date: string) => `${date.slice(8, 10)} ${MONTHS[Number(date.slice(5, 7)) - 1]}, ${date.slice(0, 4)}`;

const PAYE_HEADER = PAYE_TEMPLATE_HEADERS.join(',');
const ONE_EMPLOYEE: TestFile = {
  field: 'recipients',
  filename: 'payroll.csv',
  contentType: 'text/csv',
  content: Buffer.from(
    `${PAYE_HEADER}\nN-1000001,Adaeze Okafor,Nigerian,Officer,500000,65300,500000,0,0,0,0,0,0,0,0,0,0,0\n`,
  ),
};
/** The payroll's monthly PAYE, the penalty basis while no bill is paid. */
const BASIS_KOBO = 6_530_000;

/** An organisation registered in Lagos three months ago with its payroll on file and nothing paid. */
async function overdueOrganisation(on: TestApp = test) {
  const owner = await ownerWithOrganisation(on);
  const corporation = await on.call('POST', 'core', 'internal/corporations', {
    token: owner.token,
    body: { name: `MPR Corp ${randomUUID().slice(0, 6)}` },
  });
  const corporationId = corporation.data.id as string;
  await on.call('POST', 'core', `internal/corporations/${corporationId}/states/LA`, {
    token: owner.token,
    body: { tax_payer_number: 'C-0012345', first_tax_month: THREE_AGO },
  });
  await giveConsent(on, owner.token, corporationId, 'LA');
  const uploaded = await on.upload(`internal/corporations/${corporationId}/states/LA/payrolls/file`, {
    namespace: 'core',
    token: owner.token,
    files: [{ ...ONE_EMPLOYEE, field: 'file' }],
  });
  if (uploaded.code !== 'OK') throw new Error(`payroll upload failed: ${JSON.stringify(uploaded)}`);
  return { owner, corporationId };
}

async function alertFor(
  owner: { token: string; organisationId: string },
  month: string,
  on: Pick<TestApp, 'call'> = test,
) {
  const alerts = await on.call('GET', 'core', `internal/organisations/${owner.organisationId}/alerts`, {
    token: owner.token,
  });
  return alerts.data.find((alert: { tax_month: string }) => alert.tax_month === month);
}

/** Interest in kobo on the basis for `days` days at each rate (bps), rounded once half away from zero. */
function interest(spans: Array<[rateBps: number, days: number]>): number {
  const rateDays = spans.reduce((sum, [rate, days]) => sum + BigInt(rate) * BigInt(days), 0n);
  const numerator = BigInt(BASIS_KOBO) * rateDays;
  const denominator = 10_000n * 365n;
  return Number((2n * numerator + denominator) / (2n * denominator));
}

const toKobo = (naira: string) => Number(parseNaira(naira));

async function storedRows(): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    test.database.db,
    sql`select count(*)::int as count from reference_data_rows`,
  );
  return row.count;
}

describe('reference data', () => {
  it('refuses customers, owners and members alike; staff see the tables', async () => {
    const owner = await ownerWithOrganisation(test);
    const member = await joinAsMember(test, owner, 'user.member');
    for (const token of [owner.token, member.token]) {
      expect((await test.call('GET', 'core', 'internal/reference-data', { token })).code).toBe('FORBIDDEN');
      const added = await test.call('POST', 'core', 'internal/reference-data/mpr/rows', {
        token,
        body: { from: TODAY, rate_percent: '10.00', source: 'CBN MPC communiqué' },
      });
      expect(added.code).toBe('FORBIDDEN');
      expect(
        (
          await test.call('POST', 'core', 'internal/reference-data/holidays/reviews', {
            token,
            body: { source: 'Ministry of Interior' },
          })
        ).code,
      ).toBe('FORBIDDEN');
    }
    expect((await test.call('GET', 'core', 'internal/reference-data')).code).toBe('NO_AUTH');
    expect(await storedRows()).toBe(0);

    const view = await test.call('GET', 'core', 'internal/reference-data', { token: staff.token });
    expect(view.code).toBe('OK');
    const mpr = view.data.tables[0];
    expect(mpr).toMatchObject({ code: 'mpr', title: 'Monetary Policy Rate', reviewed_on: '2026-02-24' });
    expect(mpr.rows.find((row: { in_force: boolean }) => row.in_force)).toMatchObject({
      from: '2026-02-24',
      value: '26.50%',
      origin: 'seed',
    });
  });

  it('changes penalties from the row’s date and not before, says "MPR as of", and writes the audit log', async () => {
    const { owner } = await overdueOrganisation();
    const due = payeDueDate(THREE_AGO);
    const overdue = daysBetween(due, TODAY);
    const before = await alertFor(owner, THREE_AGO);
    expect(toKobo(before.penalty.interest)).toBe(interest([[2_650, overdue]]));
    expect(before.penalty.mpr_as_of).toBe('2026-02-24');

    // A cut to 10% six days after the due date: six days at 26.50%, the rest at 10%.
    const from = addDays(due, 7);
    const added = await test.call('POST', 'core', 'internal/reference-data/mpr/rows', {
      token: staff.token,
      body: { from, rate_percent: '10', source: 'CBN MPC communiqué (test)' },
    });
    expect(added.code).toBe('OK');
    const after = await alertFor(owner, THREE_AGO);
    expect(toKobo(after.penalty.interest)).toBe(
      interest([
        [2_650, 6],
        [1_000, overdue - 6],
      ]),
    );
    expect(after.penalty.penalty).toBe(before.penalty.penalty);
    expect(after.penalty.mpr_as_of).toBe(TODAY);
    expect(after.penalty_rule).toContain(`(10.00% from ${label(from)}; MPR as of ${label(TODAY)})`);

    // A row from tomorrow changes nothing so far, only the week ahead.
    const tomorrow = addDays(TODAY, 1);
    await test.call('POST', 'core', 'internal/reference-data/mpr/rows', {
      token: staff.token,
      body: { from: tomorrow, rate_percent: '30.00', source: 'CBN MPC communiqué (test, next day)' },
    });
    const later = await alertFor(owner, THREE_AGO);
    expect(later.penalty.interest).toBe(after.penalty.interest);
    const weekBefore = toKobo(after.penalty.per_extra_week);
    expect(toKobo(later.penalty.per_extra_week)).toBeGreaterThan(weekBefore);

    const view = await test.call('GET', 'core', 'internal/reference-data', { token: staff.token });
    const rows = view.data.tables[0].rows;
    expect(rows[0]).toMatchObject({
      from: tomorrow,
      value: '30.00%',
      origin: 'staff',
      added_by: 'Sade Staff',
      in_force: false,
    });
    expect(rows.find((row: { in_force: boolean }) => row.in_force)).toMatchObject({
      from,
      value: '10.00%',
      source: 'CBN MPC communiqué (test)',
    });
    expect(view.data.audit[0]).toMatchObject({
      action: 'row_added',
      table: 'mpr',
      by: 'Sade Staff',
      summary: `MPR 30.00% from ${label(tomorrow)}`,
      source: 'CBN MPC communiqué (test, next day)',
    });
    const audited = await queryRows<{ action: string; actor_user_id: string | null }>(
      test.database.db,
      sql`select action, actor_user_id from audit_log where resource_type = 'reference_data' order by created_at`,
    );
    expect(audited.map((entry) => entry.action)).toEqual(['reference_data.row_added', 'reference_data.row_added']);
    expect(audited.every((entry) => entry.actor_user_id !== null)).toBe(true);
  });

  it('refuses a row dated on or before a late payment it would change, and stores nothing', async () => {
    const { owner, corporationId } = await overdueOrganisation();
    const wallets = await test.call('GET', 'core', `internal/organisations/${owner.organisationId}/wallets`, {
      token: owner.token,
    });
    await test.call('POST', 'core', `internal/sandbox/wallets/${wallets.data.wallets[0].id}/fund`, {
      token: owner.token,
      body: { amount: '1000000' },
    });
    const paid = await test.upload(`internal/corporations/${corporationId}/states/LA/paye/bills`, {
      namespace: 'core',
      token: owner.token,
      fields: { start_date: TWO_AGO },
      files: [ONE_EMPLOYEE],
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(paid.data.status).toBe('payment_paid');
    const rowsBefore = await storedRows();
    const auditBefore = (await test.call('GET', 'core', 'internal/reference-data', { token: staff.token })).data.audit
      .length;

    const refused = await test.call('POST', 'core', 'internal/reference-data/mpr/rows', {
      token: staff.token,
      body: { from: TODAY, rate_percent: '20.00', source: 'CBN MPC communiqué (test)' },
    });
    expect(refused.code).toBe('CONFLICT');
    expect(refused.message).toContain(paid.data.reference);
    expect(refused.message).toContain(`Date the row after ${label(TODAY)}`);
    expect(refused.data.bills).toEqual([{ reference: paid.data.reference, paid_on: TODAY }]);
    expect(await storedRows()).toBe(rowsBefore);
    expect((await test.call('GET', 'core', 'internal/reference-data', { token: staff.token })).data.audit.length).toBe(
      auditBefore,
    );
    // The receipt's "Paid late" figure is what it was.
    const bill = await test.call('GET', 'core', `internal/bills/${paid.data.id}`, { token: owner.token });
    expect(bill.data.lateness.rule).toContain('MPR as of');

    // After the payment, the row is accepted.
    const accepted = await test.call('POST', 'core', 'internal/reference-data/mpr/rows', {
      token: staff.token,
      body: { from: addDays(TODAY, 2), rate_percent: '20.00', source: 'CBN MPC communiqué (test)' },
    });
    expect(accepted.code).toBe('OK');
    expect(await storedRows()).toBe(rowsBefore + 1);
  });

  it('checks input: source, rate and dates', async () => {
    const noSource = await test.call('POST', 'core', 'internal/reference-data/mpr/rows', {
      token: staff.token,
      body: { from: addDays(TODAY, 3), rate_percent: '20.00', source: ' ' },
    });
    expect(noSource.code).toBe('INVALID_INPUT');
    expect(noSource.data.source).toMatch(/Source is required/);
    const badRate = await test.call('POST', 'core', 'internal/reference-data/mpr/rows', {
      token: staff.token,
      body: { from: addDays(TODAY, 3), rate_percent: '0', source: 'CBN' },
    });
    expect(badRate.data).toEqual({ rate_percent: 'The rate must be above 0% and at most 100%' });
    const badDate = await test.call('POST', 'core', 'internal/reference-data/mpr/rows', {
      token: staff.token,
      body: { from: '2026-02-30', rate_percent: '20', source: 'CBN' },
    });
    expect(badDate.code).toBe('INVALID_INPUT');
  });

  it('adds a declared holiday that moves the safe day of a deadline ahead; refuses past days and existing holidays', async () => {
    const { owner } = await overdueOrganisation();
    const due = payeDueDate(THIS_MONTH);
    const past = await test.call('POST', 'core', 'internal/reference-data/holidays/rows', {
      token: staff.token,
      body: { date: addDays(TODAY, -1), name: 'Sallah holiday', source: 'Ministry of Interior' },
    });
    expect(past.code).toBe('CONFLICT');
    expect(past.message).toContain('is past');
    const christmas = await test.call('POST', 'core', 'internal/reference-data/holidays/rows', {
      token: staff.token,
      body: { date: `${Number(TODAY.slice(0, 4)) + 1}-12-25`, name: 'Christmas again', source: 'Ministry of Interior' },
    });
    expect(christmas.message).toBe(
      `${label(`${Number(TODAY.slice(0, 4)) + 1}-12-25`)} is already a public holiday: Christmas Day.`,
    );

    const added = await test.call('POST', 'core', 'internal/reference-data/holidays/rows', {
      token: staff.token,
      body: { date: due, name: 'Test declared holiday', source: 'Federal Ministry of Interior (test)' },
    });
    expect(added.code).toBe('OK');
    const holidays = added.data.tables[1];
    expect(holidays.rows.find((row: { from: string }) => row.from === due)).toMatchObject({
      value: 'Test declared holiday',
      basis: 'declared',
      origin: 'staff',
      in_force: true,
    });
    const calendar = await test.call('GET', 'core', `internal/organisations/${owner.organisationId}/deadlines`, {
      token: owner.token,
    });
    const entry = calendar.data.entries.find(
      (item: { tax_month: string; kind: string }) => item.tax_month === THIS_MONTH && item.kind === 'paye',
    );
    expect(entry.safe_note).toMatch(/^Falls on Test declared holiday \(public holiday\): pay by /);
  });

  it('warns when a table was not reviewed for 90 days; "Mark as reviewed" clears it', async () => {
    await test.call('POST', 'core', 'internal/reference-data/holidays/reviews', {
      token: staff.token,
      body: { source: 'Federal Ministry of Interior press releases' },
    });
    let view = await test.call('GET', 'core', 'internal/reference-data', { token: staff.token });
    expect(view.data.tables[1]).toMatchObject({
      review_due: false,
      days_since_review: 0,
      last_review: { by: 'Sade Staff', source: 'Federal Ministry of Interior press releases' },
    });
    expect(view.data.audit[0]).toMatchObject({ action: 'reviewed', table: 'holidays' });

    // Ninety-one days on, with nothing added since: the warning is back.
    await test.database.db.execute(
      sql`update reference_data_reviews set reviewed_at = reviewed_at - interval '91 days'`,
    );
    await test.database.db.execute(sql`update reference_data_rows set created_at = created_at - interval '91 days'`);
    await test.restart();
    view = await test.call('GET', 'core', 'internal/reference-data', { token: staff.token });
    expect(view.data.tables[1]).toMatchObject({ review_due: true, days_since_review: 91 });
    expect(view.data.tables[0]).toMatchObject({ review_due: true, days_since_review: 91 });
  });
});

describe.skipIf(!usePostgres)('reference data across processes', () => {
  let shared: TestApp;
  let second: AppInstance;
  beforeAll(async () => {
    shared = await createTestApp({ env: { REFERENCE_DATA_RECHECK_MS: '0' } });
    second = await shared.startAnother();
  });
  afterAll(async () => {
    await second.close();
    await shared.close();
  });

  it('a second app on the same PostgreSQL reads a row the first one added', async () => {
    const { owner } = await overdueOrganisation(shared);
    const before = await alertFor(owner, THREE_AGO, second);
    const sharedStaff = await staffUser(shared);
    const added = await shared.call('POST', 'core', 'internal/reference-data/mpr/rows', {
      token: sharedStaff.token,
      body: { from: addDays(TODAY, 1), rate_percent: '40.00', source: 'CBN MPC communiqué (test)' },
    });
    expect(added.code).toBe('OK');
    const after = await alertFor(owner, THREE_AGO, second);
    expect(toKobo(after.penalty.per_extra_week)).toBeGreaterThan(toKobo(before.penalty.per_extra_week));
    const view = await second.call('GET', 'core', 'internal/reference-data', { token: sharedStaff.token });
    expect(view.data.tables[0].rows[0]).toMatchObject({ value: '40.00%', origin: 'staff' });
  });

  it('a second app charges bills and WHT by schedule and rate rows the first one added', async () => {
    const owner = await ownerWithOrganisation(shared);
    const sharedStaff = await staffUser(shared);
    const from = `${THIS_MONTH}-01`;
    const schedule = {
      paye_base: '600',
      paye_per_recipient: '50',
      paye_cap: '20000',
      wht_base: '300',
      wht_per_recipient: '30',
      wht_cap: '15000',
      vat_percent: '7.5',
    };
    expect(
      (
        await shared.call('POST', 'core', 'internal/reference-data/charges/rows', {
          token: sharedStaff.token,
          body: { from, ...schedule, source: 'Levy pricing decision (test)' },
        })
      ).code,
    ).toBe('OK');
    const rate = {
      wht_type: 'rent',
      payee_kind: 'individual',
      residency: 'resident',
      rate_percent: '7.5',
      source: 'Withholding (Amendment) Regulations (test)',
    };
    expect(
      (
        await shared.call('POST', 'core', 'internal/reference-data/wht/rows', {
          token: sharedStaff.token,
          body: { from, ...rate },
        })
      ).code,
    ).toBe('OK');
    const charge = await second.call('POST', 'core', 'internal/bills/charge/calc', {
      token: owner.token,
      body: { type_id: 1, amount_due: '65300', recipient_count: 1, period: THIS_MONTH },
    });
    expect(charge.data).toMatchObject({ fee: '650.00' });
    const wht = await second.call('POST', 'core', 'internal/bills/wht/tax/calc', {
      token: owner.token,
      body: { wht_type: 'rent', amount: '100000', period: THIS_MONTH },
    });
    expect(wht.data).toEqual({ tax_payable: '7500.00', rate: 7.5 });
  });
});
