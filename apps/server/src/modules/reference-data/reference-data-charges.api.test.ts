import { randomUUID } from 'node:crypto';
import { addMonths, lagosPeriod, PAYE_TEMPLATE_HEADERS } from '@levy/tax';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/raw';
import {
  createTestApp,
  giveConsent,
  joinAsMember,
  ownerWithOrganisation,
  staffUser,
  type TestApp,
  type TestFile,
} from '../../../test/harness';

// Staff rows of the charge schedule (decision 0025): bills are charged by the schedule in
// force on the first day of their tax month, and a row that would change a paid bill's charge is refused.
let test: TestApp;
let staff: { token: string };

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

const PAYE_HEADER = PAYE_TEMPLATE_HEADERS.join(',');
const ONE_EMPLOYEE: TestFile = {
  field: 'recipients',
  filename: 'payroll.csv',
  contentType: 'text/csv',
  content: Buffer.from(
    `${PAYE_HEADER}\nN-1000001,Adaeze Okafor,Nigerian,Officer,500000,65300,500000,0,0,0,0,0,0,0,0,0,0,0\n`,
  ),
};

/** The seed schedule with PAYE's base fee raised to ₦600. */
const PAYE_600 = {
  paye_base: '600',
  paye_per_recipient: '50',
  paye_cap: '20000',
  wht_base: '300',
  wht_per_recipient: '30',
  wht_cap: '15000',
  vat_percent: '7.5',
};

/** An organisation registered in Lagos with its payroll on file and a funded wallet. */
async function payingOrganisation(on: TestApp = test) {
  const owner = await ownerWithOrganisation(on);
  const corporation = await on.call('POST', 'core', 'internal/corporations', {
    token: owner.token,
    body: { name: `Charge Corp ${randomUUID().slice(0, 6)}` },
  });
  const corporationId = corporation.data.id as string;
  await on.call('POST', 'core', `internal/corporations/${corporationId}/states/LA`, {
    token: owner.token,
    body: { tax_payer_number: 'C-0012345', first_tax_month: addMonths(THIS_MONTH, -3) },
  });
  await giveConsent(on, owner.token, corporationId, 'LA');
  const uploaded = await on.upload(`internal/corporations/${corporationId}/states/LA/payrolls/file`, {
    namespace: 'core',
    token: owner.token,
    files: [{ ...ONE_EMPLOYEE, field: 'file' }],
  });
  if (uploaded.code !== 'OK') throw new Error(`payroll upload failed: ${JSON.stringify(uploaded)}`);
  const wallets = await on.call('GET', 'core', `internal/organisations/${owner.organisationId}/wallets`, {
    token: owner.token,
  });
  await on.call('POST', 'core', `internal/sandbox/wallets/${wallets.data.wallets[0].id}/fund`, {
    token: owner.token,
    body: { amount: '1000000' },
  });
  return { owner, corporationId };
}

async function payPaye(corporationId: string, token: string, month: string) {
  const paid = await test.upload(`internal/corporations/${corporationId}/states/LA/paye/bills`, {
    namespace: 'core',
    token,
    fields: { start_date: month },
    files: [ONE_EMPLOYEE],
    headers: { 'idempotency-key': randomUUID() },
  });
  expect(paid.data.status).toBe('payment_paid');
  return paid.data as { id: string; reference: string; fee: string; vat: string; charge: string };
}

const chargeFor = (token: string, period: string, on: Pick<TestApp, 'call'> = test) =>
  on.call('POST', 'core', 'internal/bills/charge/calc', {
    token,
    body: { type_id: 1, amount_due: '65300', recipient_count: 1, period },
  });

async function storedRows(): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    test.database.db,
    sql`select count(*)::int as count from reference_data_rows where "table" = 'charges'`,
  );
  return row.count;
}

describe('charge schedule rows', () => {
  it('refuses owners and members; staff see the seed schedule in force', async () => {
    const owner = await ownerWithOrganisation(test);
    const member = await joinAsMember(test, owner, 'user.member');
    for (const token of [owner.token, member.token]) {
      const added = await test.call('POST', 'core', 'internal/reference-data/charges/rows', {
        token,
        body: { from: `${NEXT_MONTH}-01`, ...PAYE_600, source: 'Levy pricing decision (test)' },
      });
      expect(added.code).toBe('FORBIDDEN');
    }
    expect(await storedRows()).toBe(0);
    const view = await test.call('GET', 'core', 'internal/reference-data', { token: staff.token });
    const charges = view.data.tables.find((table: { code: string }) => table.code === 'charges');
    expect(charges).toMatchObject({ title: 'Charge schedule', reviewed_on: '2025-01-01' });
    expect(charges.rows).toEqual([
      expect.objectContaining({
        from: '2025-01-01',
        value:
          'PAYE ₦500.00 + ₦50.00 per employee, capped at ₦20,000.00; WHT ₦300.00 + ₦30.00 per payee, capped at ₦15,000.00; VAT 7.50% on the fee',
        origin: 'seed',
        in_force: true,
      }),
    ]);
  });

  it('charges bills of months from the row’s date by it, and earlier months by the seed; audited', async () => {
    const { owner, corporationId } = await payingOrganisation();
    expect((await chargeFor(owner.token, THIS_MONTH)).data).toMatchObject({
      fee: '550.00',
      vat: '41.25',
      charge: '591.25',
    });

    const added = await test.call('POST', 'core', 'internal/reference-data/charges/rows', {
      token: staff.token,
      body: { from: `${THIS_MONTH}-01`, ...PAYE_600, source: 'Levy pricing decision (test)' },
    });
    expect(added.code).toBe('OK');
    expect(await storedRows()).toBe(1);
    expect((await chargeFor(owner.token, THIS_MONTH)).data).toMatchObject({
      fee: '650.00',
      vat: '48.75',
      charge: '698.75',
    });
    expect((await chargeFor(owner.token, TWO_AGO)).data).toMatchObject({ fee: '550.00', charge: '591.25' });

    // The bills themselves: this month's at the new price, an earlier month's at the seed's.
    const current = await payPaye(corporationId, owner.token, THIS_MONTH);
    expect(current).toMatchObject({ fee: '650.00', vat: '48.75', charge: '698.75' });
    const earlier = await payPaye(corporationId, owner.token, TWO_AGO);
    expect(earlier).toMatchObject({ fee: '550.00', vat: '41.25', charge: '591.25' });

    const charges = added.data.tables.find((table: { code: string }) => table.code === 'charges');
    expect(charges.rows[0]).toMatchObject({
      from: `${THIS_MONTH}-01`,
      origin: 'staff',
      added_by: 'Sade Staff',
      in_force: true,
      source: 'Levy pricing decision (test)',
    });
    expect(charges.rows[0].value).toMatch(/^PAYE ₦600\.00 \+ ₦50\.00 per employee/);
    expect(added.data.audit[0]).toMatchObject({
      action: 'row_added',
      table: 'charges',
      by: 'Sade Staff',
      source: 'Levy pricing decision (test)',
    });
    expect(added.data.audit[0].summary).toMatch(/^Charges from \w{3} \d{4}: PAYE ₦600\.00/);
    const audited = await queryRows<{ action: string; resource_id: string }>(
      test.database.db,
      sql`select action, resource_id from audit_log where resource_type = 'reference_data'`,
    );
    expect(audited).toEqual([{ action: 'reference_data.row_added', resource_id: 'charges' }]);
  });

  it('refuses a row that would change a paid bill’s charge, naming it, and stores nothing', async () => {
    // The previous test paid this month's PAYE bill at ₦600 base.
    const [paid] = await queryRows<{ reference: string }>(
      test.database.db,
      sql`select reference from bills where status = 'payment_paid' and period_start = ${`${THIS_MONTH}-01`}`,
    );
    const auditBefore = (await test.call('GET', 'core', 'internal/reference-data', { token: staff.token })).data.audit
      .length;
    const refused = await test.call('POST', 'core', 'internal/reference-data/charges/rows', {
      token: staff.token,
      body: { from: `${THIS_MONTH}-01`, ...PAYE_600, paye_base: '700', source: 'Levy pricing decision (test, again)' },
    });
    expect(refused.code).toBe('CONFLICT');
    expect(refused.message).toContain(paid.reference);
    expect(refused.message).toContain(`Date the row from 01 `);
    expect(refused.data.bills).toEqual([{ reference: paid.reference, period: THIS_MONTH }]);
    expect(await storedRows()).toBe(1);
    expect((await test.call('GET', 'core', 'internal/reference-data', { token: staff.token })).data.audit.length).toBe(
      auditBefore,
    );

    // A row changing only WHT, which no paid bill of the month has, and a row from next month pass.
    const whtOnly = await test.call('POST', 'core', 'internal/reference-data/charges/rows', {
      token: staff.token,
      body: { from: `${THIS_MONTH}-01`, ...PAYE_600, wht_base: '350', source: 'Levy pricing decision (test, WHT)' },
    });
    expect(whtOnly.code).toBe('OK');
    const nextMonth = await test.call('POST', 'core', 'internal/reference-data/charges/rows', {
      token: staff.token,
      body: {
        from: `${NEXT_MONTH}-01`,
        ...PAYE_600,
        paye_base: '700',
        source: 'Levy pricing decision (test, next month)',
      },
    });
    expect(nextMonth.code).toBe('OK');
    expect(await storedRows()).toBe(3);
  });

  it('checks input: the first day of a month, a cap at least one recipient’s fee, a source', async () => {
    const midMonth = await test.call('POST', 'core', 'internal/reference-data/charges/rows', {
      token: staff.token,
      body: { from: `${NEXT_MONTH}-15`, ...PAYE_600, source: 'Levy pricing decision' },
    });
    expect(midMonth.data).toEqual({
      from: 'A bill is charged by its tax month: give the first day of a month, YYYY-MM-01',
    });
    const lowCap = await test.call('POST', 'core', 'internal/reference-data/charges/rows', {
      token: staff.token,
      body: { from: `${NEXT_MONTH}-01`, ...PAYE_600, wht_cap: '100', source: 'Levy pricing decision' },
    });
    expect(lowCap.data).toEqual({
      wht_cap: 'The cap must be at least the fee for one recipient (base + per recipient)',
    });
    const noSource = await test.call('POST', 'core', 'internal/reference-data/charges/rows', {
      token: staff.token,
      body: { from: `${NEXT_MONTH}-01`, ...PAYE_600, source: '' },
    });
    expect(noSource.code).toBe('INVALID_INPUT');
    expect(noSource.data.source).toMatch(/Source is required/);
    const badAmount = await test.call('POST', 'core', 'internal/reference-data/charges/rows', {
      token: staff.token,
      body: { from: `${NEXT_MONTH}-01`, ...PAYE_600, paye_base: '-5', source: 'Levy pricing decision' },
    });
    expect(badAmount.data.paye_base).toMatch(/PAYE base fee in naira/);
    expect(await storedRows()).toBe(3);
  });
});
