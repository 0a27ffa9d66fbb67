import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billKit, PAYE_HEADER } from '../../../test/bill-kit';
import { createTestApp, type TestApp, type TestFile } from '../../../test/harness';
import { RESIDENTS_NAMED } from './bill-file-tasks';

// PAYE is owed where the employee lives (docs/tax-rules.md §8). A Lagos bill leaves out the rows of
// employees who live in Ogun unless its preparer confirms paying them here, with a reason kept on the
// bill (docs/decisions/0046).
let test: TestApp;
const { organisationWithState, fund, generate, billOf } = billKit(() => test);

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test.close();
});

// NTA 2025, a month's PAYE on a gross that is all basic pay (pension at 8%): ₦300,000 → ₦32,180; ₦200,000 → ₦17,600.
const ROWS: Array<[string, string, number, number, string]> = [
  ['N-2000001', 'Bisi Lawal', 300_000, 32_180, 'LA'],
  ['N-2000002', 'Femi Ogunleye', 200_000, 17_600, 'Ogun'],
  ['N-2000003', 'Sade Adewale', 200_000, 17_600, 'OG'],
  ['N-2000004', 'Tayo Bankole', 200_000, 17_600, 'ogun state'],
];

function residencePayroll(rows = ROWS): TestFile {
  const lines = rows.map(
    ([tin, name, gross, tax, residence]) =>
      `${tin},${name},Nigerian,Officer,${gross},${tax},${gross},0,0,0,0,0,0,0,0,0,0,0,${residence}`,
  );
  return {
    field: 'recipients',
    filename: 'residence.csv',
    contentType: 'text/csv',
    content: Buffer.from(`${PAYE_HEADER},state_of_residence\n${lines.join('\n')}\n`),
  };
}

describe('employees who live in another state', () => {
  it('are left out of a bill that does not confirm them, which names them and the state owed', async () => {
    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '1000000');
    const bill = await generate(owner.token, corporationId, 'paye', { start_date: '2026-09' }, [residencePayroll()]);
    expect(bill.code, JSON.stringify(bill)).toBe('OK');
    expect(bill.data).toMatchObject({ recipient_count: 1, amount_due: '32180.00', status: 'payment_paid' });
    expect(bill.data.residents_elsewhere).toEqual({
      included: false,
      reason: null,
      states: [
        {
          code: 'OG',
          name: 'Ogun',
          revenue_service: 'Ogun State Internal Revenue Service',
          message: 'Resident in Ogun: PAYE due to Ogun State Internal Revenue Service',
          employee_count: 3,
          employees: [
            { row: 3, tax_payer_number: 'N-2000002', name: 'Femi Ogunleye' },
            { row: 4, tax_payer_number: 'N-2000003', name: 'Sade Adewale' },
            { row: 5, tax_payer_number: 'N-2000004', name: 'Tayo Bankole' },
          ],
        },
      ],
    });
    const detail = await billOf(owner.token, bill.data.id);
    expect(detail.events[0].note).toContain(
      'left out, as their PAYE is owed where they live: 3 resident in Ogun (PAYE due to Ogun State Internal Revenue Service)',
    );
    const items = await test.call('GET', 'core', `internal/bills/${bill.data.id}/items`, { token: owner.token });
    expect(items.data.items.map((item: { name: string }) => item.name)).toEqual(['Bisi Lawal']);
  });

  it('are paid here only on confirmation with a reason, which the bill keeps', async () => {
    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '1000000');
    const noReason = await generate(
      owner.token,
      corporationId,
      'paye',
      { start_date: '2026-08', include_residents_elsewhere: 'true' },
      [residencePayroll()],
    );
    expect(noReason).toMatchObject({
      code: 'INVALID_INPUT',
      data: {
        residents_elsewhere_reason: 'Give the reason for paying here the PAYE of employees who live in another state',
      },
    });
    const confirmed = await generate(
      owner.token,
      corporationId,
      'paye',
      {
        start_date: '2026-08',
        include_residents_elsewhere: 'true',
        residents_elsewhere_reason: 'Moved to Ogun in September; August still deducted for Lagos',
      },
      [residencePayroll()],
    );
    expect(confirmed.code, JSON.stringify(confirmed)).toBe('OK');
    expect(confirmed.data).toMatchObject({
      recipient_count: 4,
      amount_due: '84980.00',
      residents_elsewhere: {
        included: true,
        reason: 'Moved to Ogun in September; August still deducted for Lagos',
        states: [{ code: 'OG', employee_count: 3 }],
      },
    });
    const receipt = await test.app.inject({
      method: 'GET',
      url: `/service/v1/core/internal/bills/${confirmed.data.id}/receipt`,
      headers: { 'api-token': owner.token },
    });
    expect(receipt.statusCode).toBe(200);
  });

  it('names the first 50 who live in a state and counts them all, however many there are', async () => {
    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '1000000');
    const ogun = Array.from({ length: 120 }, (_, index): [string, string, number, number, string] => [
      `N-${3_000_000 + index}`,
      `Ogun Resident ${index + 1}`,
      200_000,
      17_600,
      'OG',
    ]);
    const bill = await generate(owner.token, corporationId, 'paye', { start_date: '2026-09' }, [
      residencePayroll([ROWS[0], ...ogun]),
    ]);
    expect(bill.code, JSON.stringify(bill)).toBe('OK');
    const [state] = bill.data.residents_elsewhere.states;
    expect(state.employee_count).toBe(120);
    expect(state.employees).toHaveLength(RESIDENTS_NAMED);
    expect(state.employees[0]).toEqual({ row: 3, tax_payer_number: 'N-3000000', name: 'Ogun Resident 1' });
    const detail = await billOf(owner.token, bill.data.id);
    expect(detail.residents_elsewhere.states[0].employee_count).toBe(120);
    expect(detail.events[0].note).toContain('120 resident in Ogun');
  });

  it('refuse a bill whose every employee lives elsewhere, and a residence that names no state', async () => {
    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '1000000');
    const allAway = await generate(owner.token, corporationId, 'paye', { start_date: '2026-07' }, [
      residencePayroll(ROWS.slice(1)),
    ]);
    expect(allAway).toMatchObject({
      code: 'INVALID_INPUT',
      data: {
        recipients:
          'Every employee in this file lives in another state (Ogun): their PAYE is owed there, not to Lagos State Internal Revenue Service.',
      },
    });
    const unknown = await generate(owner.token, corporationId, 'paye', { start_date: '2026-07' }, [
      residencePayroll([['N-2000001', 'Bisi Lawal', 300_000, 32_180, 'Atlantis']]),
    ]);
    expect(unknown.code).toBe('INVALID_INPUT');
    expect(JSON.stringify(unknown)).toContain("'Atlantis' is not a Nigerian state");
  });
});
