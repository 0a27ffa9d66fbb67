import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/raw';
import { billKit, payeFile, THREE_EMPLOYEES } from '../../../test/bill-kit';
import { corporationWithConsent, createTestApp, ownerWithOrganisation, type TestApp } from '../../../test/harness';

// Payroll versions (docs/decisions/0047): each upload is kept as a numbered version with what
// changed since the one before; a PAYE bill records the version it was made from, names the
// employees whose tax is below the law's without a row of a file nobody wrote, and the summary
// compares its employees with the previous month's bill.
let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test.close();
});

const { fund, generate, billOf } = billKit(() => test);

/** Ngozi leaves, Musa's pay rises and Bola joins. */
const NEXT_MONTH = payeFile([
  ['N-1000001', 'Adaeze Okafor', 500_000, 65_300],
  ['N-1000002', 'Musa Bello', 350_000, 40_000],
  ['N-1000004', 'Bola Ade', 200_000, 17_600],
]);

describe('payroll versions and the bills made from them', () => {
  it('keeps each upload as a version, records it on the bill and names employees, not rows of the payroll on file', async () => {
    const owner = await ownerWithOrganisation(test);
    const { corporationId } = await corporationWithConsent(test, owner);
    await fund(owner, '5000000');
    const upload = (file = THREE_EMPLOYEES) =>
      test.upload(`internal/corporations/${corporationId}/states/LA/payrolls/file`, {
        namespace: 'core',
        token: owner.token,
        files: [{ ...file, field: 'file' }],
      });

    // Ngozi Eze declares ₦12,000 where the law says ₦17,600: the upload says so, by name.
    const first = await upload();
    expect(first.code).toBe('OK');
    expect(first.data.version).toMatchObject({ number: 1, employee_count: 3, uploaded_by: expect.any(String) });
    expect(first.data.version.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(first.data.warnings).toEqual([
      expect.objectContaining({
        tax_payer_number: 'N-1000003',
        name: 'Ngozi Eze',
        declared: '12000.00',
        expected: '17600.00',
        message: expect.stringContaining('Ngozi Eze (N-1000003): ₦12,000.00 declared, ₦17,600.00'),
      }),
    ]);
    expect(first.data.changes).toMatchObject({ previous_version: null, joiner_count: 3, leaver_count: 0 });

    const september = await generate(
      owner.token,
      corporationId,
      'paye',
      { start_date: '2026-09', source: 'payroll' },
      [],
    );
    expect(september.code).toBe('OK');
    expect(september.data.payroll).toEqual({ source: 'payroll', version: first.data.version });
    // The payroll on file's rows are of a file the app wrote: the employee is named, no row.
    expect(september.data.warnings).toEqual([
      expect.objectContaining({ row: null, name: 'Ngozi Eze', tax_payer_number: 'N-1000003' }),
    ]);
    expect(september.data.warnings[0].message).toMatch(/^Ngozi Eze \(N-1000003\): ₦12,000\.00 declared, ₦17,600\.00/);

    // The next payroll: version 2, against version 1.
    const second = await upload(NEXT_MONTH);
    expect(second.data.version.number).toBe(2);
    expect(second.data.version.hash).not.toBe(first.data.version.hash);
    expect(second.data.changes).toEqual({
      previous_version: 1,
      previous_uploaded_at: first.data.uploaded_at,
      joiner_count: 1,
      leaver_count: 1,
      pay_changed_count: 1,
      joiners: [
        {
          tax_payer_number: 'N-1000004',
          name: 'Bola Ade',
          gross_before: null,
          gross_after: '200000.00',
          tax_before: null,
          tax_after: '17600.00',
        },
      ],
      leavers: [
        {
          tax_payer_number: 'N-1000003',
          name: 'Ngozi Eze',
          gross_before: '200000.00',
          gross_after: null,
          tax_before: '12000.00',
          tax_after: null,
        },
      ],
      pay_changed: [
        {
          tax_payer_number: 'N-1000002',
          name: 'Musa Bello',
          gross_before: '300000.00',
          gross_after: '350000.00',
          tax_before: '32180.00',
          tax_after: '40000.00',
        },
      ],
    });

    // A bill from a file sent with it keeps the row and names the employee; it records the version then on file.
    const october = await generate(owner.token, corporationId, 'paye', { start_date: '2026-10' }, [THREE_EMPLOYEES]);
    expect(october.data.payroll).toEqual({ source: 'file', version: second.data.version });
    expect(october.data.warnings).toEqual([expect.objectContaining({ row: 4, name: 'Ngozi Eze' })]);
    expect(october.data.warnings[0].message).toMatch(/^Row 4, Ngozi Eze \(N-1000003\): /);

    // The September bill still names version 1.
    expect((await billOf(owner.token, september.data.id)).payroll.version.number).toBe(1);

    // The same file again is a third version with the second's hash.
    const third = await upload(NEXT_MONTH);
    expect(third.data.version).toMatchObject({ number: 3, hash: second.data.version.hash });
    expect(third.data.changes).toMatchObject({
      previous_version: 2,
      joiner_count: 0,
      leaver_count: 0,
      pay_changed_count: 0,
    });
    const versions = await queryRows<{ number: number; employee_count: number; employees: unknown }>(
      test.database.db,
      sql`select v.number, v.employee_count, v.employees from payroll_versions v
        join corporation_states s on s.id = v.corporation_state_id
        where s.corporation_id = ${corporationId} order by v.number`,
    );
    expect(versions.map((version) => version.number)).toEqual([1, 2, 3]);
    expect(versions[0].employees).toEqual([
      ['N-1000001', 'Adaeze Okafor', 50_000_000, 6_530_000],
      ['N-1000002', 'Musa Bello', 30_000_000, 3_218_000],
      ['N-1000003', 'Ngozi Eze', 20_000_000, 1_200_000],
    ]);

    // The summary of November compares with October's bill; October's with September's; September has none before it.
    const previous = (month: string, token = owner.token) =>
      test.call('GET', 'core', 'internal/bills/paye-previous', {
        token,
        params: { corporation_id: corporationId, state: 'LA', start_date: month },
      });
    const beforeNovember = await previous('2026-11');
    expect(beforeNovember.data.bill).toMatchObject({
      id: october.data.id,
      reference: october.data.reference,
      period_start: '2026-10-01',
      payroll: { source: 'file', version: { number: 2 } },
    });
    expect(beforeNovember.data.employees).toEqual([
      { tax_payer_number: 'N-1000001', name: 'Adaeze Okafor', gross_income: '500000.00', tax_payable: '65300.00' },
      { tax_payer_number: 'N-1000002', name: 'Musa Bello', gross_income: '300000.00', tax_payable: '32180.00' },
      { tax_payer_number: 'N-1000003', name: 'Ngozi Eze', gross_income: '200000.00', tax_payable: '12000.00' },
    ]);
    expect((await previous('2026-10')).data.bill.id).toBe(september.data.id);
    expect((await previous('2026-09')).data).toEqual({ bill: null, employees: [] });

    // Another organisation learns nothing of it.
    const stranger = await ownerWithOrganisation(test);
    expect((await previous('2026-11', stranger.token)).code).toBe('NOT_FOUND');
  });

  it('records no payroll for a WHT bill', async () => {
    const owner = await ownerWithOrganisation(test);
    const { corporationId } = await corporationWithConsent(test, owner);
    await fund(owner, '5000000');
    const wht = await generate(
      owner.token,
      corporationId,
      'wht',
      { start_date: '2026-10', payload_type: 'manual', wht_type: 'rent' },
      [
        {
          field: 'recipients',
          filename: 'rent.csv',
          contentType: 'text/csv',
          content: Buffer.from('tax_payer_number,name,tax_payable\nN-1000001,Adaeze Okafor,10000\n'),
        },
      ],
      randomUUID(),
    );
    expect(wht.code).toBe('OK');
    expect(wht.data.payroll).toBeNull();
  });
});
