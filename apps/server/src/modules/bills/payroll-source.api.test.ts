import { randomUUID } from 'node:crypto';
import { addMonths, lagosDate, latePenalty, koboToNairaString, payeDueDate, daysBetween, asKobo } from '@levy/tax';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billKit, payeFile, THREE_EMPLOYEES } from '../../../test/bill-kit';
import { createTestApp, giveConsent, ownerWithOrganisation, type TestApp } from '../../../test/harness';

// PAYE from the payroll on file, and what a late month costs: a bill is filed for the
// employees registered with the state under consent, from a new file or the payroll on file; the
// summary, the bill and its receipt say how late a month is paid and the penalty so far.
let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test.close();
});

const { organisationWithState, registerPayroll, fund, walletOf, generate, billCount, billOf } = billKit(() => test);

/** THREE_EMPLOYEES as declared: ₦65,300 + ₦32,180 + ₦12,000. */
const THREE_EMPLOYEES_TAX = '109480.00';

async function registeredWithoutPayroll(withConsent: boolean) {
  const owner = await ownerWithOrganisation(test);
  const corporation = await test.call('POST', 'core', 'internal/corporations', {
    token: owner.token,
    body: { name: `Kano Foods ${randomUUID().slice(0, 6)}` },
  });
  const corporationId = corporation.data.id as string;
  const added = await test.call('POST', 'core', `internal/corporations/${corporationId}/states/KN`, {
    token: owner.token,
    body: { tax_payer_number: 'C-0012345' },
  });
  expect(added.code).toBe('OK');
  if (withConsent) await giveConsent(test, owner.token, corporationId, 'KN');
  await fund(owner, '5000000');
  return { owner, corporationId };
}

describe('PAYE is filed for the employees registered with the state', () => {
  it('refuses a bill where payroll consent was never given, and changes nothing', async () => {
    const { owner, corporationId } = await registeredWithoutPayroll(false);
    const attempts: Array<Record<string, string>> = [
      { start_date: '2026-10' },
      { start_date: '2026-10', source: 'payroll' },
    ];
    for (const fields of attempts) {
      const refused = await generate(
        owner.token,
        corporationId,
        'paye',
        fields,
        fields.source ? [] : [THREE_EMPLOYEES],
        randomUUID(),
        'KN',
      );
      expect(refused).toMatchObject({
        code: 'UNPROCESSABLE',
        message: 'Give consent to manage payroll in Kano first: PAYE is filed for the employees registered there.',
      });
    }
    expect(await billCount(owner)).toBe(0);
    expect((await walletOf(owner)).balance).toBe('5000000.00');
  });

  it('refuses a bill where consent is given but no payroll is registered, naming Manage Payroll', async () => {
    const { owner, corporationId } = await registeredWithoutPayroll(true);
    const refused = await generate(
      owner.token,
      corporationId,
      'paye',
      { start_date: '2026-10' },
      [THREE_EMPLOYEES],
      randomUUID(),
      'KN',
    );
    expect(refused).toMatchObject({
      code: 'UNPROCESSABLE',
      message:
        'Register the payroll for Kano first (Manage Payroll): PAYE is filed for the employees registered there.',
    });
    expect(await billCount(owner)).toBe(0);

    // Once the payroll is registered, the same bill goes through.
    await registerPayroll(owner.token, corporationId, 'KN');
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
      ).data.status,
    ).toBe('payment_paid');
  });

  it('makes the bill from the payroll on file with source=payroll: the same rows, figures and flags as the file', async () => {
    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '5000000');
    const registrations = await test.call('GET', 'core', `internal/corporations/${corporationId}/states`, {
      token: owner.token,
    });
    const lagos = registrations.data.find(
      (registration: { state: { code: string } }) => registration.state.code === 'LA',
    );
    expect(lagos).toMatchObject({ employee_count: 3, is_control_consent_given: true });
    expect(Date.parse(lagos.payroll_updated_at)).toBeGreaterThan(Date.now() - 60_000);

    const fromFile = await generate(
      owner.token,
      corporationId,
      'paye',
      { start_date: '2026-10', source: 'payroll' },
      [],
    );
    expect(fromFile.code).toBe('OK');
    expect(fromFile.data).toMatchObject({
      status: 'payment_paid',
      amount_due: THREE_EMPLOYEES_TAX,
      recipient_count: 3,
    });
    // Ngozi Eze declared ₦12,000 where the engine says ₦17,600: flagged by name, as from an uploaded
    // file, but with no row: the payroll on file is a file nobody wrote.
    expect(fromFile.data.warnings).toEqual([
      expect.objectContaining({ row: null, name: 'Ngozi Eze', declared: '12000.00', expected: '17600.00' }),
    ]);
    expect(fromFile.data.warnings[0].message).not.toContain('Row');
    const items = await test.call('GET', 'core', `internal/bills/${fromFile.data.id}/items`, { token: owner.token });
    expect(items.data.items.map((item: { name: string }) => item.name)).toEqual([
      'Adaeze Okafor',
      'Musa Bello',
      'Ngozi Eze',
    ]);

    // The same month again from the payroll on file is a repeat like any other.
    expect(
      (await generate(owner.token, corporationId, 'paye', { start_date: '2026-10', source: 'payroll' }, [])).code,
    ).toBe('CONFLICT');
  });

  it('checks the payroll on file against the bill month: an exempt employee owes nothing', async () => {
    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '5000000');
    // ₦70,000 a month (the national minimum wage) is exempt; ₦500,000 is not.
    await registerPayroll(
      owner.token,
      corporationId,
      'LA',
      payeFile([
        ['N-1000001', 'Adaeze Okafor', 500_000, 65_300],
        ['N-1000009', 'Sani Lawal', 70_000, 0],
      ]),
    );
    const paid = await generate(owner.token, corporationId, 'paye', { start_date: '2026-10', source: 'payroll' }, []);
    expect(paid.data).toMatchObject({
      status: 'payment_paid',
      amount_due: '65300.00',
      recipient_count: 2,
      warnings: [],
    });
  });

  it('keeps another organisation out of the payroll on file', async () => {
    const { owner, corporationId } = await organisationWithState();
    const stranger = await ownerWithOrganisation(test);
    expect(
      (await generate(stranger.token, corporationId, 'paye', { start_date: '2026-10', source: 'payroll' }, [])).code,
    ).toBe('NOT_FOUND');
    expect(await billCount(owner)).toBe(0);
  });

  it('refuses an unknown source in the spec’s words', async () => {
    const { owner, corporationId } = await organisationWithState();
    const refused = await generate(
      owner.token,
      corporationId,
      'paye',
      { start_date: '2026-10', source: 'spreadsheet' },
      [THREE_EMPLOYEES],
    );
    expect(refused).toMatchObject({ code: 'INVALID_INPUT' });
    expect(refused.data.source).toBe('Choose a payroll file or the payroll on file');
  });
});

describe('a month paid late says how late and the penalty so far', () => {
  const today = lagosDate(new Date());
  // Three months back: its PAYE fell due at least six weeks ago.
  const lateMonth = addMonths(today.slice(0, 7), -3);

  it('puts the days late and the penalty on the summary (precheck), the paid bill and its receipt', async () => {
    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '5000000');
    const dueDate = payeDueDate(lateMonth);
    const expected = latePenalty({ tax: asKobo(10_948_000), dueDate, asOf: today });

    const precheck = await test.call('GET', 'core', 'internal/bills/precheck', {
      token: owner.token,
      params: {
        corporation_id: corporationId,
        state: 'LA',
        type: 'paye',
        start_date: lateMonth,
        amount_due: THREE_EMPLOYEES_TAX,
      },
    });
    expect(precheck.data.lateness).toEqual({
      due_date: dueDate,
      days_late: daysBetween(dueDate, today),
      penalty: koboToNairaString(expected.total),
      rule: expect.stringContaining('NTAA 2025 s.107'),
      // The seed's MPR was last checked on 24 Feb, 2026: more than the review period before today.
      mpr_caveat: 'Estimated with the MPR of 24 Feb, 2026; the CBN rate may have changed since.',
    });
    expect(Number(precheck.data.lateness.penalty)).toBeGreaterThan(0);

    const paid = await generate(owner.token, corporationId, 'paye', { start_date: lateMonth }, [THREE_EMPLOYEES]);
    expect(paid.data.lateness).toEqual(precheck.data.lateness);
    expect((await billOf(owner.token, paid.data.id)).lateness).toEqual(precheck.data.lateness);
  });

  it('says nothing of lateness for a month not yet due', async () => {
    const { owner, corporationId } = await organisationWithState();
    const lastMonth = addMonths(today.slice(0, 7), -1);
    // Last month's PAYE is due on the 10th of this month: on time until then.
    const precheck = await test.call('GET', 'core', 'internal/bills/precheck', {
      token: owner.token,
      params: {
        corporation_id: corporationId,
        state: 'LA',
        type: 'paye',
        start_date: addMonths(today.slice(0, 7), 0),
        amount_due: THREE_EMPLOYEES_TAX,
      },
    });
    expect(precheck.data.lateness).toBeNull();
    const withoutAmount = await test.call('GET', 'core', 'internal/bills/precheck', {
      token: owner.token,
      params: { corporation_id: corporationId, state: 'LA', type: 'paye', start_date: lastMonth },
    });
    expect(withoutAmount.data.lateness).toBeNull();
  });
});
