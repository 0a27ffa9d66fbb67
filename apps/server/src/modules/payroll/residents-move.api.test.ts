import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billKit, PAYE_HEADER } from '../../../test/bill-kit';
import { createTestApp, giveConsent, ownerWithOrganisation, type TestApp, type TestFile } from '../../../test/harness';

// One action moves the employees of a Lagos payroll who live in Ogun to the corporation's Ogun
// payroll, once Ogun is registered with consent (docs/decisions/0046); each state's PAYE is then
// billed from its own payroll.
let test: TestApp;
const { registerPayroll, fund, generate, billOf } = billKit(() => test);

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test.close();
});

function payroll(rows: Array<[string, string, string]>): TestFile {
  const lines = rows.map(
    ([tin, name, residence]) =>
      `${tin},${name},Nigerian,Officer,200000,17600,200000,0,0,0,0,0,0,0,0,0,0,0,${residence}`,
  );
  return {
    field: 'file',
    filename: 'lagos.csv',
    contentType: 'text/csv',
    content: Buffer.from(`${PAYE_HEADER},state_of_residence\n${lines.join('\n')}\n`),
  };
}

const LAGOS_PAYROLL = payroll([
  ['N-4000001', 'Bisi Lawal', 'LA'],
  ['N-4000002', 'Femi Ogunleye', 'OG'],
  ['N-4000003', 'Sade Adewale', 'OG'],
  ['N-4000004', 'Tayo Bankole', 'OG'],
]);

describe('moving residents to the payroll of the state they live in', () => {
  it('says to register the state first, then consent, then moves them and each state bills its own', async () => {
    const owner = await ownerWithOrganisation(test);
    const corporation = await test.call('POST', 'core', 'internal/corporations', {
      token: owner.token,
      body: { name: `Two States ${randomUUID().slice(0, 6)} Limited` },
    });
    const corporationId = corporation.data.id as string;
    const base = `internal/corporations/${corporationId}/states`;
    expect(
      (await test.call('POST', 'core', `${base}/LA`, { token: owner.token, body: { tax_payer_number: 'C-0040001' } }))
        .code,
    ).toBe('OK');
    await registerPayroll(owner.token, corporationId, 'LA', LAGOS_PAYROLL);
    const move = () =>
      test.call('POST', 'core', `${base}/LA/payrolls/residents/move`, { token: owner.token, body: { to_state: 'OG' } });
    const employeesOf = async (code: string) =>
      (await test.call('GET', 'core', `${base}/${code}/payrolls/employees`, { token: owner.token })).data.items.map(
        (employee: { name: string }) => employee.name,
      );

    const byResidence = async () =>
      (
        await test.call('GET', 'core', `internal/organisations/${owner.organisationId}/paye-by-residence`, {
          token: owner.token,
        })
      ).data;
    expect(await byResidence()).toEqual([
      {
        corporation: { id: corporationId, name: expect.any(String) },
        states: [
          {
            code: 'OG',
            name: 'Ogun',
            revenue_service: 'Ogun State Internal Revenue Service',
            employee_count: 3,
            registered: false,
            on_other_payrolls: [{ code: 'LA', name: 'Lagos', employee_count: 3 }],
          },
          expect.objectContaining({ code: 'LA', employee_count: 1, registered: true, on_other_payrolls: [] }),
        ],
      },
    ]);

    const unregistered = await move();
    expect(unregistered).toMatchObject({
      code: 'UNPROCESSABLE',
      data: { register: { corporation_id: corporationId, state: 'OG' } },
    });
    expect(unregistered.message).toMatch(
      /^Ogun is not registered for Two States .+ Limited: register it with Ogun State Internal Revenue Service and give consent/,
    );
    expect(await employeesOf('LA')).toHaveLength(4);

    expect(
      (await test.call('POST', 'core', `${base}/OG`, { token: owner.token, body: { tax_payer_number: 'C-0040002' } }))
        .code,
    ).toBe('OK');
    expect(await move()).toMatchObject({ code: 'UNPROCESSABLE', data: { consent: { state: 'OG' } } });
    await giveConsent(test, owner.token, corporationId, 'OG');

    const moved = await move();
    expect(moved, JSON.stringify(moved)).toMatchObject({
      code: 'OK',
      message: '3 moved to the Ogun payroll.',
      data: {
        moved: 3,
        from: { code: 'LA', employee_count: 1 },
        to: { code: 'OG', revenue_service: 'Ogun State Internal Revenue Service', employee_count: 3 },
      },
    });
    expect(await employeesOf('LA')).toEqual(['Bisi Lawal']);
    expect(await employeesOf('OG')).toEqual(['Femi Ogunleye', 'Sade Adewale', 'Tayo Bankole']);
    expect((await move()).code).toBe('CONFLICT');
    expect((await byResidence())[0].states).toEqual([
      expect.objectContaining({ code: 'OG', employee_count: 3, registered: true, on_other_payrolls: [] }),
      expect.objectContaining({ code: 'LA', employee_count: 1, registered: true, on_other_payrolls: [] }),
    ]);

    await fund(owner, '1000000');
    const lagos = await generate(owner.token, corporationId, 'paye', { start_date: '2026-10', source: 'payroll' }, []);
    expect(lagos.data, JSON.stringify(lagos)).toMatchObject({
      status: 'payment_paid',
      recipient_count: 1,
      residents_elsewhere: null,
    });
    // Each payroll's list after the move is its next version: a bill names the one whose employees it holds.
    expect((await billOf(owner.token, lagos.data.id)).payroll.version).toMatchObject({ number: 2, employee_count: 1 });
    const ogun = await generate(
      owner.token,
      corporationId,
      'paye',
      { start_date: '2026-10', source: 'payroll' },
      [],
      undefined,
      'OG',
    );
    expect(ogun.data, JSON.stringify(ogun)).toMatchObject({
      status: 'payment_paid',
      recipient_count: 3,
      amount_due: '52800.00',
      residents_elsewhere: null,
    });
    expect((await billOf(owner.token, ogun.data.id)).payroll.version).toMatchObject({ number: 1, employee_count: 3 });
  });
});
