import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { readSource } from '@levy/statements';
import { asKobo, computePaye, defaultPension, naira, type Period, PAYE_TEMPLATE_HEADERS } from '@levy/tax';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/raw';
import { billKit, payeFile } from '../../../test/bill-kit';
import { createTestApp, joinAsMember, ownerWithOrganisation, type TestApp, type TestFile } from '../../../test/harness';

// PAYE months paid on the state portal before Levy, against the real app and database: recorded
// with and without their payroll file, refused where a Levy bill stands or the return is filed,
// then seen in the annual return, the tax cards and the alerts. "Today" is fixed in Lagos.
let test: TestApp;
const { fund, generate, registerPayroll } = billKit(() => test);
const TODAY = new Date('2026-07-20T09:00:00Z');

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test.close();
});
afterEach(() => {
  vi.useRealTimers();
});

function atToday() {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(TODAY);
}

/** The law's PAYE for a month on a salary that is all basic pay, as naira with decimals. */
function lawsTax(period: Period, monthlyGross: number): number {
  const pension = asKobo(defaultPension({ basic: naira(monthlyGross) }) * 12);
  return computePaye({ period, annualGross: naira(monthlyGross * 12), pension }).monthlyTax / 100;
}

const KEMI = ['N-3000001', 'Kemi Adebayo', 400_000] as const;
const TUNDE = ['N-3000002', 'Tunde Bakare', 250_000] as const;

/** A month's payroll file laid out as a payroll officer might: relief columns after the template's, rows out of name order. */
function januaryPayroll(): TestFile {
  const header = PAYE_TEMPLATE_HEADERS.join(',');
  const rows = [TUNDE, KEMI].map(
    ([tin, name, gross]) =>
      `${tin},${name},Nigerian,Analyst,${gross},${lawsTax('2026-01', gross)},${gross},0,0,0,0,0,0,0,0,0,0,0`,
  );
  return {
    field: 'file',
    filename: 'january-2026.csv',
    contentType: 'text/csv',
    content: Buffer.from(`${header}\r\n${rows.join('\r\n')}\r\n`),
  };
}

async function corporationJoiningInJuly() {
  const owner = await ownerWithOrganisation(test);
  const corporation = await test.call('POST', 'core', 'internal/corporations', {
    token: owner.token,
    body: { name: `Before Levy ${randomUUID().slice(0, 6)} Limited` },
  });
  const corporationId = corporation.data.id as string;
  const added = await test.call('POST', 'core', `internal/corporations/${corporationId}/states/LA`, {
    token: owner.token,
    body: { tax_payer_number: 'C-0054321', first_tax_month: '2025-12' },
  });
  expect(added.code, JSON.stringify(added)).toBe('OK');
  await registerPayroll(
    owner.token,
    corporationId,
    'LA',
    payeFile([[KEMI[0], KEMI[1], KEMI[2], lawsTax('2026-07', KEMI[2])]]),
  );
  const base = `internal/corporations/${corporationId}/states/LA`;
  return { owner, corporationId, priorPath: `${base}/paye/prior-payments`, returnPath: `${base}/annual-returns` };
}

type Setup = Awaited<ReturnType<typeof corporationJoiningInJuly>>;

function record(setup: Setup, fields: Record<string, string>, files: TestFile[] = [], token = setup.owner.token) {
  return test.upload(setup.priorPath, { namespace: 'core', token, fields, files });
}

async function payeAlertMonths(setup: Setup): Promise<string[]> {
  const alerts = await test.call('GET', 'core', `internal/organisations/${setup.owner.organisationId}/alerts`, {
    token: setup.owner.token,
  });
  return alerts.data
    .filter(
      (alert: { kind: string; corporation: { id: string } }) =>
        alert.kind === 'paye' && alert.corporation.id === setup.corporationId,
    )
    .map((alert: { tax_month: string }) => alert.tax_month);
}

describe('PAYE months paid before Levy', () => {
  let setup: Setup;
  beforeAll(async () => {
    setup = await corporationJoiningInJuly();
  }, 60_000);

  it('records a month with its payroll file and one with its total only; alerts stop counting them', async () => {
    atToday();
    expect(await payeAlertMonths(setup)).toEqual(expect.arrayContaining(['2026-01', '2026-02']));

    const january = await record(
      setup,
      {
        tax_month: '2026-01',
        amount: String(lawsTax('2026-01', KEMI[2]) + lawsTax('2026-01', TUNDE[2])),
        agency_reference: 'LIRS-RCPT-0001',
        paid_on: '2026-02-08',
      },
      [januaryPayroll()],
    );
    expect(january, JSON.stringify(january)).toMatchObject({
      code: 'OK',
      message: 'Month recorded as paid before Levy.',
      data: {
        tax_month: '2026-01',
        agency_reference: 'LIRS-RCPT-0001',
        paid_on: '2026-02-08',
        file_name: 'january-2026.csv',
        employees: 2,
        removable: true,
      },
    });
    const february = await record(setup, {
      tax_month: '2026-02',
      amount: '91500.50',
      agency_reference: 'LIRS-RCPT-0002',
      paid_on: '2026-03-09',
    });
    expect(february.data).toMatchObject({ tax_month: '2026-02', amount: '91500.50', file_name: null, employees: null });

    const listed = await test.call('GET', 'core', setup.priorPath, { token: setup.owner.token });
    expect(listed.data.map((row: { tax_month: string }) => row.tax_month)).toEqual(['2026-02', '2026-01']);
    const months = await payeAlertMonths(setup);
    expect(months).not.toContain('2026-01');
    expect(months).not.toContain('2026-02');
    expect(months).toContain('2026-03');
  });

  it('refuses a repeat, a future month, a bad or early payment date, no amount, and a bad payroll file, changing nothing', async () => {
    atToday();
    const valid = { tax_month: '2026-03', amount: '80000', agency_reference: 'LIRS-RCPT-0003', paid_on: '2026-04-10' };
    expect(await record(setup, { ...valid, tax_month: '2026-01' })).toMatchObject({
      code: 'CONFLICT',
      message: 'January 2026 is already recorded as paid before Levy in Lagos.',
    });
    expect((await record(setup, { ...valid, tax_month: '2026-08' })).data).toMatchObject({
      tax_month: 'The tax month cannot be in the future',
    });
    expect((await record(setup, { ...valid, tax_month: '1999-12', paid_on: '2000-01-05' })).data.tax_month).toMatch(
      /^Levy keeps PAYE from .+: the tax month cannot be earlier$/,
    );
    expect((await record(setup, { ...valid, paid_on: '2026-02-30' })).data).toMatchObject({
      paid_on: 'Paid on must be a real date',
    });
    expect((await record(setup, { ...valid, paid_on: '2026-02-28' })).data).toMatchObject({
      paid_on: 'Paid on cannot be before March 2026 began',
    });
    expect((await record(setup, { ...valid, paid_on: '2026-07-21' })).data).toMatchObject({
      paid_on: 'Paid on cannot be in the future',
    });
    expect((await record(setup, { ...valid, amount: '0' })).data).toMatchObject({
      amount: 'Amount must be more than ₦0.00',
    });
    expect((await record(setup, { ...valid, agency_reference: ' ' })).code).toBe('INVALID_INPUT');
    const badFile = await record(setup, valid, [
      { field: 'file', filename: 'march.csv', contentType: 'text/csv', content: Buffer.from('name,amount\nKemi,10\n') },
    ]);
    expect(badFile.code).toBe('INVALID_INPUT');
    const listed = await test.call('GET', 'core', setup.priorPath, { token: setup.owner.token });
    expect(listed.data.map((row: { tax_month: string }) => row.tax_month)).toEqual(['2026-02', '2026-01']);
  });

  it('refuses a month a Levy PAYE bill paid, naming the bill', async () => {
    await fund(setup.owner, '500000');
    const paid = await generate(setup.owner.token, setup.corporationId, 'paye', { start_date: '2026-04' }, [
      payeFile([[KEMI[0], KEMI[1], KEMI[2], lawsTax('2026-04', KEMI[2])]]),
    ]);
    expect(paid.data?.status, JSON.stringify(paid)).toBe('payment_paid');
    atToday();
    const refused = await record(setup, {
      tax_month: '2026-04',
      amount: '50000',
      agency_reference: 'LIRS-RCPT-0004',
      paid_on: '2026-05-10',
    });
    expect(refused).toMatchObject({
      code: 'CONFLICT',
      message: `PAYE bill ${paid.data.reference} for April 2026 was paid through Levy: the month cannot also be recorded as paid before Levy.`,
    });
  });

  it('puts the months in the return marked "paid outside Levy", and in the tax cards', async () => {
    atToday();
    const view = (await test.call('GET', 'core', `${setup.returnPath}/2026`, { token: setup.owner.token })).data;
    const outside = view.return.differences.filter(
      (difference: { kind: string }) => difference.kind === 'paid_outside_levy',
    );
    expect(outside).toEqual([
      {
        kind: 'paid_outside_levy',
        period: '2026-01',
        message: expect.stringContaining(
          "paid outside Levy (agency reference LIRS-RCPT-0001). Its payroll file gives each employee's figures.",
        ),
      },
      {
        kind: 'paid_outside_levy',
        period: '2026-02',
        message: expect.stringContaining(
          "₦91,500.50 paid outside Levy (agency reference LIRS-RCPT-0002). The month's split per employee is not on record",
        ),
      },
    ]);
    // The return's bills say which months were paid outside Levy (April's is a Levy bill): the screen counts them apart.
    expect(
      view.return.bills.map((bill: { period: string; paid_outside_levy: boolean }) => [
        bill.period,
        bill.paid_outside_levy,
      ]),
    ).toEqual([
      ['2026-01', true],
      ['2026-02', true],
      ['2026-04', false],
    ]);
    const tunde = view.return.employees.find(
      (employee: { tax_payer_number: string }) => employee.tax_payer_number === TUNDE[0],
    );
    expect(tunde).toMatchObject({
      months: 1,
      monthly: [{ period: '2026-01', bills: ['LIRS-RCPT-0001 (paid outside Levy)'] }],
    });
    const employeesTax = view.return.employees.reduce(
      (total: number, employee: { tax_deducted: string }) => total + Math.round(Number(employee.tax_deducted) * 100),
      0,
    );
    expect(Math.round(Number(view.return.totals.tax_deducted) * 100)).toBe(employeesTax + 9_150_050);
    expect(view.return.reconciled).toBe(true);
    expect(view.return.differences.map((difference: { kind: string }) => difference.kind)).not.toContain('bill_total');

    const card = await test.app.inject({
      method: 'GET',
      url: `/service/v1/core/${setup.returnPath}/2026/tax-cards/${KEMI[0]}`,
      headers: { 'api-token': setup.owner.token },
    });
    expect(card.statusCode).toBe(200);
    const text = (await readSource(new Uint8Array(card.rawPayload), { mimeType: 'application/pdf' })).lines
      .map((line) => line.cells.map((cell) => cell.text).join('  '))
      .join('\n');
    expect(text).toContain('LIRS-RCPT-0001 (paid outside Levy)');
    expect(text).toMatch(/Paid outside Levy \(LIRS-RCPT-0002\)/);
    expect(text).toMatch(/except the months marked paid outside Levy/);
  });

  it('lets members list and add but only admins remove; another organisation sees nothing', async () => {
    atToday();
    const member = await joinAsMember(test, setup.owner, 'user.member');
    expect((await test.call('GET', 'core', setup.priorPath, { token: member.token })).code).toBe('OK');
    expect((await test.call('POST', 'core', `${setup.priorPath}/2026-02/remove`, { token: member.token })).code).toBe(
      'FORBIDDEN',
    );
    const stranger = await ownerWithOrganisation(test);
    expect((await test.call('GET', 'core', setup.priorPath, { token: stranger.token })).code).toBe('NOT_FOUND');
    expect(
      (
        await record(
          setup,
          { tax_month: '2026-05', amount: '1000', agency_reference: 'X', paid_on: '2026-06-01' },
          [],
          stranger.token,
        )
      ).code,
    ).toBe('NOT_FOUND');
    expect((await test.call('POST', 'core', `${setup.priorPath}/2026-02/remove`, { token: stranger.token })).code).toBe(
      'NOT_FOUND',
    );

    const admin = await joinAsMember(test, setup.owner, 'user.admin');
    expect(await test.call('POST', 'core', `${setup.priorPath}/2026-02/remove`, { token: admin.token })).toMatchObject({
      code: 'OK',
      message: 'Month removed.',
    });
    expect((await test.call('POST', 'core', `${setup.priorPath}/2026-02/remove`, { token: admin.token })).code).toBe(
      'NOT_FOUND',
    );
    expect(await payeAlertMonths(setup)).toContain('2026-02');
  });

  it("fixes a year's months once its return is filed: no removal, no new month", async () => {
    atToday();
    const december = await record(setup, {
      tax_month: '2025-12',
      amount: '60000',
      agency_reference: 'LIRS-RCPT-1225',
      paid_on: '2026-01-09',
    });
    expect(december.code, JSON.stringify(december)).toBe('OK');
    const filed = await test.call('POST', 'core', `${setup.returnPath}/2025/submit`, { token: setup.owner.token });
    expect(filed.code, JSON.stringify(filed)).toBe('OK');
    expect(filed.data.return.totals.tax_deducted).toBe('60000.00');

    expect(
      (await test.call('GET', 'core', setup.priorPath, { token: setup.owner.token })).data.find(
        (row: { tax_month: string }) => row.tax_month === '2025-12',
      ),
    ).toMatchObject({ removable: false });
    expect(
      (await test.call('POST', 'core', `${setup.priorPath}/2025-12/remove`, { token: setup.owner.token })).code,
    ).toBe('CONFLICT');
    expect(
      (
        await record(setup, {
          tax_month: '2025-11',
          amount: '60000',
          agency_reference: 'LIRS-RCPT-1125',
          paid_on: '2025-12-09',
        })
      ).code,
    ).toBe('CONFLICT');
    const audited = await queryRows<{ action: string; tax_month: string }>(
      test.database.db,
      sql`select action, details->>'tax_month' as tax_month from audit_log where organisation_id = ${setup.owner.organisationId} and resource_type =
        'prior_paye_payment' order by action, tax_month`,
    );
    expect(audited.map((row) => `${row.action} ${row.tax_month}`)).toEqual([
      'paye.prior_payment_recorded 2025-12',
      'paye.prior_payment_recorded 2026-01',
      'paye.prior_payment_recorded 2026-02',
      'paye.prior_payment_removed 2026-02',
    ]);
  });
});
