import { createHash } from 'node:crypto';
import { BILL_APPROVAL_MESSAGES } from '@levy/contracts';
import { asKobo, whtPayeesText } from '@levy/tax';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billKit, THREE_EMPLOYEES, until, whtAutoFile } from '../../../test/bill-kit';
import { createTestApp, joinAsMember, staffUser, type TestApp, type TestFile } from '../../../test/harness';

// Approvals that cannot deadlock or pay on stale terms (decision 0041): `above` needs a second
// admin; approval prices the bill again under today's rules and closes one whose registration is
// gone; a bulk WHT calculation pays only its own month; a WHT repeat is named before Pay.
let test: TestApp;
let staff: { token: string };

beforeAll(async () => {
  test = await createTestApp();
  staff = await staffUser(test);
});
afterAll(async () => {
  await test.close();
});

const { organisationWithState, walletOf, fund, generate, billCount, billOf } = billKit(() => test);

type Owner = { token: string; organisationId: string };

function setApproval(owner: Owner, value: Record<string, unknown>) {
  return test.call('POST', 'auth', `organisations/${owner.organisationId}/settings`, {
    token: owner.token,
    body: { setting_code: 'core.organisation.bill_approval', value },
  });
}

async function approvalSetting(owner: Owner) {
  const settings = await test.call('GET', 'auth', `organisations/${owner.organisationId}/settings`, {
    token: owner.token,
  });
  return settings.data.find(
    (setting: { setting_code: string }) => setting.setting_code === 'core.organisation.bill_approval',
  ).value;
}

function approve(token: string, id: string, body: Record<string, unknown> = {}) {
  return test.call('POST', 'core', `internal/bills/${id}/approve`, { token, body });
}

function precheck(token: string, params: Record<string, string>) {
  return test.call('GET', 'core', 'internal/bills/precheck', { token, params: { state: 'LA', ...params } });
}

const fingerprintOf = (payees: Array<[string, number]>) =>
  createHash('sha256')
    .update(whtPayeesText(payees.map(([taxPayerNumber, kobo]) => ({ taxPayerNumber, taxPayableKobo: asKobo(kobo) }))))
    .digest('hex');

const rentTo = (rows: Array<[string, string, number]>): TestFile => whtAutoFile('recipients', rows);

describe('approval above an amount', () => {
  it('is refused with one admin, saying why, and a sole admin’s large bill is refused before anything is made', async () => {
    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '1000000');
    const alone = await setApproval(owner, { mode: 'above', above: '100000' });
    expect(alone).toMatchObject({ code: 'UNPROCESSABLE', message: BILL_APPROVAL_MESSAGES.aboveNeedsTwoAdmins });
    expect(await approvalSetting(owner)).toEqual({ mode: 'members' });

    const second = await joinAsMember(test, owner, 'user.admin');
    expect((await setApproval(owner, { mode: 'above', above: '100000' })).code).toBe('OK');
    // The second admin steps down: the owner is the only admin left under `above`.
    expect(
      (
        await test.call('PUT', 'auth', `organisations/${owner.organisationId}/users/${second.membershipId}`, {
          token: owner.token,
          body: { role_id: 2 },
        })
      ).code,
    ).toBe('OK');

    const checked = await precheck(owner.token, {
      corporation_id: corporationId,
      type: 'paye',
      start_date: '2026-10',
      total: '110178.75',
    });
    expect(checked.data.approval).toEqual({
      required: true,
      reason: 'Bills above ₦100,000.00 wait for an admin other than the one who prepared them.',
      blocked: `Bills above ₦100,000.00 wait for an admin other than the one who prepared them. ${BILL_APPROVAL_MESSAGES.noOtherAdmin}`,
    });
    const refused = await generate(owner.token, corporationId, 'paye', { start_date: '2026-10' }, [THREE_EMPLOYEES]);
    expect(refused).toMatchObject({ code: 'UNPROCESSABLE', message: checked.data.approval.blocked });
    expect(await billCount(owner)).toBe(0);
    expect((await walletOf(owner)).balance).toBe('1000000.00');

    // Below the amount nothing waits; a member's large bill still has the owner to approve it.
    expect(
      (
        await precheck(owner.token, {
          corporation_id: corporationId,
          type: 'wht',
          start_date: '2026-10',
          total: '5000',
        })
      ).data.approval,
    ).toEqual({ required: false, reason: null, blocked: null });
    expect(
      (
        await generate(
          owner.token,
          corporationId,
          'wht',
          { payload_type: 'auto', wht_type: 'rent', start_date: '2026-10' },
          [rentTo([['N-2000001', 'Kelechi Uche', 40_000]])],
        )
      ).data.status,
    ).toBe('payment_pending');
    const fromMember = await generate(second.token, corporationId, 'paye', { start_date: '2026-10' }, [
      THREE_EMPLOYEES,
    ]);
    expect(fromMember.data.status).toBe('awaiting_approval');
  });
});

describe('a bulk WHT calculation', () => {
  it('pays only the month it was made for', async () => {
    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '1000000');
    const payees = whtAutoFile('file', [
      ['N-2000001', 'Kelechi Uche', 1_200_000],
      ['N-2000002', 'Halima Garba', 300_000],
    ]);
    const calc = await test.upload('internal/bills/wht/tax/calc/bulk', {
      namespace: 'core',
      token: owner.token,
      fields: { wht_type: 'rent', period: '2026-09' },
      files: [payees],
    });
    expect(calc.code).toBe('OK');
    const otherMonth = await generate(
      owner.token,
      corporationId,
      'wht',
      { payload_type: 'auto', wht_type: 'rent', start_date: '2026-10', calc_record_reference: calc.data.reference },
      [],
    );
    expect(otherMonth).toMatchObject({
      code: 'INVALID_INPUT',
      data: {
        calc_record_reference:
          'This calculation was made for September 2026, not October 2026. Upload the file again for October 2026.',
      },
    });
    expect(await billCount(owner)).toBe(0);
    const ownMonth = await generate(
      owner.token,
      corporationId,
      'wht',
      { payload_type: 'auto', wht_type: 'rent', start_date: '2026-09', calc_record_reference: calc.data.reference },
      [],
    );
    expect(ownMonth.data).toMatchObject({ reference: 'WHT-LA-2026-09-000001', amount_due: '150000.00' });
  });
});

describe('a WHT repeat before Pay', () => {
  it('names the bill with the same payees and amounts, from the payees sent or the calculation', async () => {
    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '1000000');
    const rows: Array<[string, string, number]> = [
      ['N-2000001', 'Kelechi Uche', 1_000_000],
      ['n-2000002', 'Halima Garba', 400_000],
    ];
    const first = await generate(
      owner.token,
      corporationId,
      'wht',
      { payload_type: 'auto', wht_type: 'rent', start_date: '2026-10' },
      [rentTo(rows)],
    );
    expect(first.code).toBe('OK');

    // The payees as the form holds them, hashed: Tax ID and tax, in any order and case.
    const same = fingerprintOf([
      ['N-2000002', 4_000_000],
      ['n-2000001', 10_000_000],
    ]);
    const repeat = await precheck(owner.token, {
      corporation_id: corporationId,
      type: 'wht',
      start_date: '2026-10',
      payees_fingerprint: same,
    });
    expect(repeat.data.duplicate).toMatch(
      /^October 2026 WHT to the same payees for Lagos (is being paid since|was paid on) \d{1,2} \w{3} \d{4}: WHT-LA-2026-10-000001, ₦/,
    );
    expect(repeat.data.duplicate).toContain('WHT-LA-2026-10-000001');

    const other = fingerprintOf([
      ['N-2000001', 10_000_000],
      ['N-2000002', 4_000_001],
    ]);
    expect(
      (
        await precheck(owner.token, {
          corporation_id: corporationId,
          type: 'wht',
          start_date: '2026-10',
          payees_fingerprint: other,
        })
      ).data.duplicate,
    ).toBeNull();
    expect(
      (
        await precheck(owner.token, {
          corporation_id: corporationId,
          type: 'wht',
          start_date: '2026-09',
          payees_fingerprint: same,
        })
      ).data.duplicate,
    ).toBeNull();
    // Without payees the month's WHT bills are listed, but none is called a repeat.
    const listed = await precheck(owner.token, { corporation_id: corporationId, type: 'wht', start_date: '2026-10' });
    expect(listed.data).toMatchObject({
      duplicate: null,
      month_bills: [expect.objectContaining({ reference: 'WHT-LA-2026-10-000001' })],
    });

    const calc = await test.upload('internal/bills/wht/tax/calc/bulk', {
      namespace: 'core',
      token: owner.token,
      fields: { wht_type: 'rent', period: '2026-10' },
      files: [whtAutoFile('file', rows)],
    });
    const fromCalc = await precheck(owner.token, {
      corporation_id: corporationId,
      type: 'wht',
      start_date: '2026-10',
      calc_record_reference: calc.data.reference,
    });
    expect(fromCalc.data.duplicate).toContain('WHT-LA-2026-10-000001');

    const bad = await precheck(owner.token, {
      corporation_id: corporationId,
      type: 'wht',
      start_date: '2026-10',
      payees_fingerprint: 'N-2000001:10000000',
    });
    expect(bad.code).toBe('INVALID_INPUT');
    const stranger = await organisationWithState();
    const foreign = await test.call('GET', 'core', 'internal/bills/precheck', {
      token: stranger.owner.token,
      params: {
        corporation_id: stranger.corporationId,
        state: 'LA',
        type: 'wht',
        start_date: '2026-10',
        calc_record_reference: calc.data.reference,
      },
    });
    expect(foreign).toMatchObject({
      code: 'INVALID_INPUT',
      data: { calc_record_reference: 'This calculation was not found. Upload the file again.' },
    });
  });
});

describe('approval on today’s terms', () => {
  it('closes a waiting bill whose registration was removed or changed Tax ID: nothing is paid and the preparer is told', async () => {
    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '1000000');
    const member = await joinAsMember(test, owner);
    const waiting = await generate(member.token, corporationId, 'paye', { start_date: '2026-10' }, [THREE_EMPLOYEES]);
    expect(waiting.data.status).toBe('awaiting_approval');
    expect(
      (
        await test.call('PUT', 'core', `internal/corporations/${corporationId}/states/LA`, {
          token: owner.token,
          body: { tax_payer_number: 'C-0054321' },
        })
      ).code,
    ).toBe('OK');
    const changed = await approve(owner.token, waiting.data.id);
    expect(changed.code).toBe('UNPROCESSABLE');
    expect(changed.message).toMatch(
      new RegExp(
        String.raw`is now registered in Lagos under Tax ID C-0054321, not C-0012345 ` +
          String.raw`as when this bill was prepared, so this bill cannot be paid: it has been closed and nothing was paid`,
      ),
    );
    expect(await billOf(owner.token, waiting.data.id)).toMatchObject({
      status: 'cancelled',
      closed_reason: expect.stringContaining('Tax ID C-0054321'),
    });
    expect(
      (await test.mailbox()).some(
        (mail) => mail.to === member.email && mail.subject === `Your bill was closed unpaid: ${waiting.data.reference}`,
      ),
    ).toBe(true);

    const { owner: other, corporationId: otherCorporation } = await organisationWithState();
    await fund(other, '1000000');
    const otherMember = await joinAsMember(test, other);
    const beforeRemoval = await generate(otherMember.token, otherCorporation, 'paye', { start_date: '2026-10' }, [
      THREE_EMPLOYEES,
    ]);
    expect(
      (
        await test.call('POST', 'core', `internal/corporations/${otherCorporation}/states/LA/remove`, {
          token: other.token,
        })
      ).code,
    ).toBe('OK');
    const removed = await approve(other.token, beforeRemoval.data.id);
    expect(removed.code).toBe('UNPROCESSABLE');
    expect(removed.message).toContain('is no longer registered in Lagos');
    expect((await billOf(other.token, beforeRemoval.data.id)).status).toBe('cancelled');
    expect((await walletOf(other)).balance).toBe('1000000.00');
    expect((await approve(other.token, beforeRemoval.data.id)).code).toBe('CONFLICT');
  });

  // Last, in a month no other test pays: staff rows change the rates and charges of every organisation in this app from their month on.
  it('prices a waiting bill again when staff changed the WHT rate or the charges, and pays only the total the approver confirms', async () => {
    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '1000000');
    const member = await joinAsMember(test, owner);
    const rent = await generate(
      member.token,
      corporationId,
      'wht',
      { payload_type: 'auto', wht_type: 'rent', start_date: '2026-11' },
      [
        rentTo([
          ['N-2000001', 'Kelechi Uche', 1_000_000],
          ['N-2000002', 'Halima Garba', 333_332],
        ]),
      ],
    );
    expect(rent.data).toMatchObject({ status: 'awaiting_approval', amount_due: '133333.20' });
    const paye = await generate(member.token, corporationId, 'paye', { start_date: '2026-11' }, [THREE_EMPLOYEES]);
    expect(paye.data.status).toBe('awaiting_approval');

    const source = 'Deduction of Tax at Source (Amendment) Regulations (test)';
    expect(
      (
        await test.call('POST', 'core', 'internal/reference-data/wht/rows', {
          token: staff.token,
          body: {
            from: '2026-11-01',
            wht_type: 'rent',
            payee_kind: 'individual',
            residency: 'resident',
            rate_percent: '7.5',
            source,
          },
        })
      ).code,
    ).toBe('OK');
    const stale = await approve(owner.token, rent.data.id);
    expect(stale.code).toBe('CONFLICT');
    expect(stale.message).toContain('The tax is ₦99,999.90, not ₦133,333.20: the rate for November 2026 is now 7.5%.');
    expect(stale.data).toMatchObject({
      prepared: { amount_due: '133333.20', total: rent.data.total },
      now: { amount_due: '99999.90' },
    });
    const newTotal = stale.data.now.total as string;
    expect((await approve(owner.token, rent.data.id, { confirm_total: rent.data.total })).code).toBe('CONFLICT');
    expect((await walletOf(owner)).balance).toBe('1000000.00');
    expect((await billOf(owner.token, rent.data.id)).status).toBe('awaiting_approval');

    const paid = await approve(owner.token, rent.data.id, { confirm_total: newTotal });
    expect(paid.code).toBe('OK');
    expect(paid.data).toMatchObject({ status: 'payment_pending', amount_due: '99999.90', total: newTotal });
    expect(paid.data.events.some((event: { note: string }) => event.note.includes('Priced again at approval'))).toBe(
      true,
    );
    const items = await test.call('GET', 'core', `internal/bills/${rent.data.id}/items`, { token: owner.token });
    expect(items.data.items.map((item: { tax_payable: string }) => item.tax_payable)).toEqual(['75000.00', '24999.90']);
    await until(async () => ((await billOf(owner.token, rent.data.id)).status === 'payment_paid' ? true : undefined));
    const credit = await test.app.inject({
      method: 'GET',
      url: `/service/v1/core/internal/bills/${rent.data.id}/credit-notes/2`,
      headers: { 'api-token': owner.token },
    });
    expect(credit.statusCode).toBe(200);
    expect((await walletOf(owner)).balance).toBe((1_000_000 - Number(newTotal)).toFixed(2));

    // The charge schedule for November changes: the PAYE bill's tax stays, its charge does not.
    const charges = {
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
        await test.call('POST', 'core', 'internal/reference-data/charges/rows', {
          token: staff.token,
          body: { from: '2026-11-01', ...charges, source: 'Levy pricing decision (test)' },
        })
      ).code,
    ).toBe('OK');
    const expected = await test.call('POST', 'core', 'internal/bills/charge/calc', {
      token: owner.token,
      body: { type_id: 1, amount_due: paye.data.amount_due, recipient_count: 3, period: '2026-11' },
    });
    const recharged = await approve(owner.token, paye.data.id);
    expect(recharged.code).toBe('CONFLICT');
    expect(recharged.message).toContain(`The charge is ₦`);
    expect(recharged.data.now).toEqual({
      amount_due: paye.data.amount_due,
      charge: expected.data.charge,
      total: expected.data.total,
    });
    const approved = await approve(owner.token, paye.data.id, { confirm_total: expected.data.total });
    expect(approved.data).toMatchObject({
      status: 'payment_paid',
      amount_due: paye.data.amount_due,
      charge: expected.data.charge,
      total: expected.data.total,
    });
  });
});
