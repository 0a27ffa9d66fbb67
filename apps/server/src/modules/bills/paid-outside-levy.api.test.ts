import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/raw';
import { billKit, THREE_EMPLOYEES } from '../../../test/bill-kit';
import {
  createTestApp,
  joinAsMember,
  multipartBody,
  usePostgres,
  type AppInstance,
  type Envelope,
  type TestApp,
} from '../../../test/harness';

// A PAYE month is paid once: through Levy or outside it, never both (docs/decisions/0046). Against the
// real app and database: each order refused with its reason, approval refused too, and the two
// requests made at the same moment, where exactly one of them stands.
let test: TestApp;
let second: AppInstance | null = null;
const { organisationWithState, fund, generate, billCount } = billKit(() => test);

beforeAll(async () => {
  test = await createTestApp();
  // On PostgreSQL the racing request comes from another process's pool, as a second server would send it.
  if (usePostgres) second = await test.startAnother();
});
afterAll(async () => {
  await second?.close();
  await test.close();
});

type Owner = { token: string; organisationId: string };

async function payingCorporation() {
  const { owner, corporationId } = await organisationWithState();
  await fund(owner, '5000000');
  return { owner, corporationId, priorPath: `internal/corporations/${corporationId}/states/LA/paye/prior-payments` };
}

function recordPrior(
  setup: { owner: Owner; priorPath: string },
  month: string,
  reference: string,
  via: Pick<TestApp, 'upload'> = test,
) {
  const [year, monthNumber] = month.split('-').map(Number);
  const paidOn = `${monthNumber === 12 ? year + 1 : year}-${String((monthNumber % 12) + 1).padStart(2, '0')}-09`;
  return via.upload(setup.priorPath, {
    namespace: 'core',
    token: setup.owner.token,
    fields: { tax_month: month, amount: '109480', agency_reference: reference, paid_on: paidOn },
    files: [],
  });
}

function uploadVia(instance: AppInstance): Pick<TestApp, 'upload'> {
  return {
    upload: async (path, options) => {
      const { payload, contentType } = multipartBody(
        { namespace: options.namespace, ...options.fields },
        options.files ?? [],
      );
      const response = await instance.app.inject({
        method: 'POST',
        url: `/service/v1/${path}`,
        headers: { 'content-type': contentType, ...(options.token ? { 'api-token': options.token } : {}) },
        payload,
      });
      return { status: response.statusCode, ...response.json<Omit<Envelope, 'status'>>() };
    },
  };
}

async function monthsOf(corporationId: string) {
  const bills = await queryRows<{ period: string; status: string }>(
    test.database.db,
    sql`select substr(period_start, 1, 7) as period, status from bills where corporation_id = ${corporationId} and type = 'paye'`,
  );
  const prior = await queryRows<{ tax_month: string }>(
    test.database.db,
    sql`select tax_month from prior_paye_payments where corporation_id = ${corporationId}`,
  );
  return { bills, prior: prior.map((row) => row.tax_month) };
}

describe('a PAYE month paid outside Levy', () => {
  it('refuses a bill for it, from a file or from the payroll on file, saying when and under what reference it was paid', async () => {
    const setup = await payingCorporation();
    expect((await recordPrior(setup, '2026-08', 'LIRS-RCPT-0808')).code).toBe('OK');
    const before = await billCount(setup.owner);

    const fromFile = await generate(setup.owner.token, setup.corporationId, 'paye', { start_date: '2026-08' }, [
      THREE_EMPLOYEES,
    ]);
    expect(fromFile).toMatchObject({
      code: 'CONFLICT',
      message:
        'August 2026 PAYE for Lagos was recorded as paid outside Levy on 9 Sept 2026 with reference LIRS-RCPT-0808: ' +
        "Levy does not bill that month again. If that record is wrong, remove it under the corporation's Lagos registration " +
        '(Months paid before Levy), then prepare the bill again.',
    });
    const fromPayroll = await generate(
      setup.owner.token,
      setup.corporationId,
      'paye',
      { start_date: '2026-08', source: 'payroll' },
      [],
    );
    expect(fromPayroll.code).toBe('CONFLICT');
    expect(fromPayroll.message).toContain('with reference LIRS-RCPT-0808');
    // Even marked as an additional payment for the month: it was not paid through Levy at all.
    const additional = await generate(
      setup.owner.token,
      setup.corporationId,
      'paye',
      { start_date: '2026-08', supplementary: 'true', supplementary_reason: 'Late joiner' },
      [THREE_EMPLOYEES],
    );
    expect(additional.code).toBe('CONFLICT');
    expect(await billCount(setup.owner)).toBe(before);

    // Removed because it was wrong: the month can then be billed.
    const removed = await test.call('POST', 'core', `${setup.priorPath}/2026-08/remove`, { token: setup.owner.token });
    expect(removed.code).toBe('OK');
    const paid = await generate(setup.owner.token, setup.corporationId, 'paye', { start_date: '2026-08' }, [
      THREE_EMPLOYEES,
    ]);
    expect(paid.data?.status, JSON.stringify(paid)).toBe('payment_paid');
  });

  it('refuses to record a month whose Levy bill was paid or is waiting for approval, naming the bill', async () => {
    const setup = await payingCorporation();
    const paid = await generate(setup.owner.token, setup.corporationId, 'paye', { start_date: '2026-07' }, [
      THREE_EMPLOYEES,
    ]);
    expect(paid.data?.status).toBe('payment_paid');
    expect(await recordPrior(setup, '2026-07', 'LIRS-RCPT-0707')).toMatchObject({
      code: 'CONFLICT',
      message: `PAYE bill ${paid.data.reference} for July 2026 was paid through Levy: the month cannot also be recorded as paid before Levy.`,
    });

    const member = await joinAsMember(test, setup.owner);
    const waiting = await generate(member.token, setup.corporationId, 'paye', { start_date: '2026-06' }, [
      THREE_EMPLOYEES,
    ]);
    expect(waiting.data?.status, JSON.stringify(waiting)).toBe('awaiting_approval');
    expect(await recordPrior(setup, '2026-06', 'LIRS-RCPT-0606')).toMatchObject({
      code: 'CONFLICT',
      message: `PAYE bill ${waiting.data.reference} for June 2026 is being paid through Levy: the month cannot also be recorded as paid before Levy.`,
    });
    expect((await monthsOf(setup.corporationId)).prior).toEqual([]);
  });

  it('refuses to approve a waiting bill of a month found paid outside Levy, paying nothing', async () => {
    const setup = await payingCorporation();
    const member = await joinAsMember(test, setup.owner);
    const waiting = await generate(member.token, setup.corporationId, 'paye', { start_date: '2026-05' }, [
      THREE_EMPLOYEES,
    ]);
    expect(waiting.data?.status).toBe('awaiting_approval');
    // A record older than this rule: stored directly, as no call can store it now.
    await queryRows(
      test.database.db,
      sql`insert into prior_paye_payments (organisation_id, corporation_id, state_id, tax_month, amount_kobo, agency_reference, paid_on)
          select ${setup.owner.organisationId}, ${setup.corporationId}, state_id, '2026-05', 10948000, 'LIRS-RCPT-0505', '2026-06-09'
          from bills where id = ${waiting.data.id}`,
    );
    const approved = await test.call('POST', 'core', `internal/bills/${waiting.data.id}/approve`, {
      token: setup.owner.token,
      body: {},
    });
    expect(approved.code).toBe('CONFLICT');
    expect(approved.message).toContain('May 2026 PAYE for Lagos was recorded as paid outside Levy on 9 Jun 2026');
    const bill = await test.call('GET', 'core', `internal/bills/${waiting.data.id}`, { token: setup.owner.token });
    expect(bill.data.status).toBe('awaiting_approval');
  });

  it('lets exactly one of a bill and a record of the same month stand when both are sent at once', async () => {
    const setup = await payingCorporation();
    const other = second ? uploadVia(second) : test;
    const months = ['2026-01', '2026-02', '2026-03', '2026-04'];
    const outcomes = await Promise.all(
      months.map(async (month, index) => {
        const bill = () =>
          generate(setup.owner.token, setup.corporationId, 'paye', { start_date: month }, [THREE_EMPLOYEES]);
        const prior = () => recordPrior(setup, month, `LIRS-RACE-${index}`, other);
        // Alternate which is sent first, so each order meets the other mid-way.
        const [a, b] = index % 2 === 0 ? await Promise.all([bill(), prior()]) : await Promise.all([prior(), bill()]);
        return [a.code, b.code].sort();
      }),
    );
    for (const codes of outcomes) expect(codes).toEqual(['CONFLICT', 'OK']);
    const stored = await monthsOf(setup.corporationId);
    for (const month of months) {
      const billed = stored.bills.some((row) => row.period === month && row.status !== 'failed');
      expect(billed !== stored.prior.includes(month), month).toBe(true);
    }
  });
});
