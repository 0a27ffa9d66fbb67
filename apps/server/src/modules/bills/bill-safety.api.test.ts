import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/raw';
import { billKit, payeFile, THREE_EMPLOYEES, until, whtAutoFile } from '../../../test/bill-kit';
import { createTestApp, joinAsMember, type TestApp, type TestFile } from '../../../test/harness';

// No payment by mistake: one payment per month unless marked supplementary, approvals
// by an admin other than the preparer, cancellation before the agency accepts, admins-only
// destructive actions, and bill numbers without gaps — on the real app and database.
let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
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

function decide(
  token: string,
  id: string,
  action: 'approve' | 'reject' | 'cancel',
  body: Record<string, unknown> = {},
) {
  return test.call('POST', 'core', `internal/bills/${id}/${action}`, { token, body });
}

async function debitCount(owner: Owner) {
  const history = await test.call('GET', 'core', `internal/organisations/${owner.organisationId}/wallets/history`, {
    token: owner.token,
    params: { filters: JSON.stringify([{ field: 'type', value: 'debit' }]) },
  });
  return history.data.pagination.total_count as number;
}

async function auditActions(organisationId: string) {
  const rows = await queryRows<{ action: string }>(
    test.database.db,
    sql`select action from audit_log where organisation_id = ${organisationId} and resource_type = 'bill' order by created_at`,
  );
  return rows.map((row) => row.action);
}

const ONE_PAYEE = (tin: string, amount: number): TestFile => whtAutoFile('recipients', [[tin, 'Kelechi Uche', amount]]);
const whtFields = { payload_type: 'auto', wht_type: 'rent', start_date: '2026-10' };

describe('one payment per month', () => {
  it('names the month already paid, refuses a repeat that is not supplementary, and labels one that is', async () => {
    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '1000000');
    const first = await generate(owner.token, corporationId, 'paye', { start_date: '2026-10' }, [THREE_EMPLOYEES]);
    expect(first.data).toMatchObject({
      status: 'payment_paid',
      reference: 'PAYE-LA-2026-10-000001',
      supplementary: false,
    });

    const precheck = await test.call('GET', 'core', 'internal/bills/precheck', {
      token: owner.token,
      params: { corporation_id: corporationId, state: 'LA', type: 'paye', start_date: '2026-10', total: '110178.75' },
    });
    expect(precheck.data.duplicate).toMatch(
      /^October 2026 PAYE for Lagos was paid on \d{1,2} \w{3} \d{4}: PAYE-LA-2026-10-000001, ₦110,178\.75$/,
    );
    expect(precheck.data.month_bills.map((bill: { reference: string }) => bill.reference)).toEqual([
      'PAYE-LA-2026-10-000001',
    ]);
    expect(precheck.data).toMatchObject({
      wallet: { balance: '889821.25' },
      shortfall: null,
      approval: { required: false },
    });

    const repeated = await generate(owner.token, corporationId, 'paye', { start_date: '2026-10' }, [THREE_EMPLOYEES]);
    expect(repeated.code).toBe('CONFLICT');
    expect(repeated.message).toContain('October 2026 PAYE for Lagos was paid on');
    expect(repeated.data).toMatchObject({
      bill: 'PAYE-LA-2026-10-000001',
      existing: { id: first.data.id, status: 'payment_paid', total: '110178.75' },
    });
    const noReason = await generate(
      owner.token,
      corporationId,
      'paye',
      { start_date: '2026-10', supplementary: 'true' },
      [THREE_EMPLOYEES],
    );
    expect(noReason).toMatchObject({
      code: 'INVALID_INPUT',
      data: { supplementary_reason: 'Give the reason for an additional payment for the same month' },
    });
    expect(await billCount(owner)).toBe(1);
    expect(await debitCount(owner)).toBe(1);

    const extra = await generate(
      owner.token,
      corporationId,
      'paye',
      { start_date: '2026-10', supplementary: 'true', supplementary_reason: 'Two staff hired mid-month were left out' },
      [payeFile([['N-1000004', 'Bola Ade', 300_000, 32_180]])],
    );
    expect(extra.data).toMatchObject({
      status: 'payment_paid',
      reference: 'PAYE-LA-2026-10-000002',
      supplementary: true,
      supplementary_reason: 'Two staff hired mid-month were left out',
    });
    expect(extra.data.events[0].note).toContain(
      'additional payment for the month: Two staff hired mid-month were left out',
    );
    const listed = await test.call('GET', 'core', 'internal/bills', {
      token: owner.token,
      params: { search: '000002' },
    });
    expect(listed.data.items[0]).toMatchObject({ supplementary: true });
    const exported = await test.app.inject({
      method: 'GET',
      url: '/service/v1/core/internal/bills/export?format=csv',
      headers: { 'api-token': owner.token },
    });
    expect(exported.body).toContain('Yes: Two staff hired mid-month were left out');
    const receipt = await test.app.inject({
      method: 'GET',
      url: `/service/v1/core/internal/bills/${extra.data.id}/receipt`,
      headers: { 'api-token': owner.token },
    });
    expect(receipt.statusCode).toBe(200);

    // Another month, and the same month in another state, are not repeats.
    expect(
      (await generate(owner.token, corporationId, 'paye', { start_date: '2026-09' }, [THREE_EMPLOYEES])).data.reference,
    ).toBe('PAYE-LA-2026-09-000001');
  });

  it('treats WHT to other payees in the same month as a new bill, and the same payees and amounts as a repeat', async () => {
    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '2000000');
    const first = await generate(owner.token, corporationId, 'wht', whtFields, [ONE_PAYEE('N-2000001', 1_000_000)]);
    expect(first.code).toBe('OK');
    const otherVendor = await generate(owner.token, corporationId, 'wht', whtFields, [
      ONE_PAYEE('N-2000002', 1_000_000),
    ]);
    expect(otherVendor.code).toBe('OK');
    const otherAmount = await generate(owner.token, corporationId, 'wht', whtFields, [ONE_PAYEE('N-2000001', 500_000)]);
    expect(otherAmount.code).toBe('OK');
    const repeated = await generate(owner.token, corporationId, 'wht', whtFields, [ONE_PAYEE('N-2000001', 1_000_000)]);
    expect(repeated.code).toBe('CONFLICT');
    expect(repeated.message).toContain('October 2026 WHT to the same payees for Lagos');
    expect(repeated.data.bill).toBe(first.data.reference);
    expect(await billCount(owner)).toBe(3);
    expect([first, otherVendor, otherAmount].map((answer) => answer.data.reference)).toEqual([
      'WHT-LA-2026-10-000001',
      'WHT-LA-2026-10-000002',
      'WHT-LA-2026-10-000003',
    ]);
  });

  it('makes at most one bill of ten concurrent Pays for the same month without supplementary', async () => {
    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '5000000');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        generate(owner.token, corporationId, 'paye', { start_date: '2026-10' }, [THREE_EMPLOYEES], randomUUID()),
      ),
    );
    expect(answers.filter((answer) => answer.code === 'OK')).toHaveLength(1);
    expect(answers.filter((answer) => answer.code === 'CONFLICT')).toHaveLength(9);
    expect(await billCount(owner)).toBe(1);
    expect(await debitCount(owner)).toBe(1);
    expect((await walletOf(owner)).balance).toBe('4889821.25');
  });
});

describe('gapless bill numbers', () => {
  it('leaves no gap for a refused payment or a refused repeat, and numbers each corporation on its own', async () => {
    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '40000');
    const vendor = (tin: string) => ONE_PAYEE(tin, 100_000);
    expect((await generate(owner.token, corporationId, 'wht', whtFields, [vendor('N-2000001')])).data.reference).toBe(
      'WHT-LA-2026-10-000001',
    );
    const tooBig = await generate(owner.token, corporationId, 'wht', whtFields, [ONE_PAYEE('N-2000009', 10_000_000)]);
    expect(tooBig.code).toBe('UNPROCESSABLE');
    expect(tooBig.message).toContain('short by');
    expect((await generate(owner.token, corporationId, 'wht', whtFields, [vendor('N-2000001')])).code).toBe('CONFLICT');
    expect((await generate(owner.token, corporationId, 'wht', whtFields, [vendor('N-2000002')])).data.reference).toBe(
      'WHT-LA-2026-10-000002',
    );

    const other = await organisationWithState();
    await fund(other.owner, '40000');
    expect(
      (await generate(other.owner.token, other.corporationId, 'wht', whtFields, [vendor('N-2000001')])).data.reference,
    ).toBe('WHT-LA-2026-10-000001');
  });

  it('numbers concurrent bills of one month 1 to n, each once', async () => {
    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '5000000');
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        generate(owner.token, corporationId, 'wht', whtFields, [ONE_PAYEE(`N-20000${10 + index}`, 100_000)]),
      ),
    );
    expect(answers.map((answer) => answer.code)).toEqual(Array(8).fill('OK'));
    expect(answers.map((answer) => answer.data.reference).sort()).toEqual(
      Array.from({ length: 8 }, (_, index) => `WHT-LA-2026-10-00000${index + 1}`),
    );
  });
});

describe('approvals', () => {
  it('holds a member’s bill for an admin, who approves it: the wallet is debited then, and the preparer told', async () => {
    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '1000000');
    const member = await joinAsMember(test, owner);
    const precheck = await test.call('GET', 'core', 'internal/bills/precheck', {
      token: member.token,
      params: { corporation_id: corporationId, state: 'LA', type: 'paye', start_date: '2026-10', total: '2000000' },
    });
    expect(precheck.data).toMatchObject({
      approval: { required: true, reason: 'Bills prepared by members wait for an admin to approve them.' },
      shortfall: '1000000.00',
    });

    const prepared = await generate(member.token, corporationId, 'paye', { start_date: '2026-10' }, [THREE_EMPLOYEES]);
    expect(prepared.message).toBe('The bill is waiting for an admin to approve it. Nothing has been paid yet.');
    expect(prepared.data).toMatchObject({
      status: 'awaiting_approval',
      reference: 'PAYE-LA-2026-10-000001',
      created_by_id: member.userId,
    });
    expect((await walletOf(owner)).balance).toBe('1000000.00');
    const mail = (await test.mailbox()).find(
      (item) => item.subject === `A bill is waiting for your approval: ${prepared.data.reference}`,
    );
    expect(mail?.links[0]).toContain(`/bills?bill=${prepared.data.id}`);

    // Waiting holds the month; members cannot approve, nor can anyone their own bill.
    expect(
      (await generate(owner.token, corporationId, 'paye', { start_date: '2026-10' }, [THREE_EMPLOYEES])).message,
    ).toContain('is awaiting approval');
    expect((await decide(member.token, prepared.data.id, 'approve')).code).toBe('FORBIDDEN');
    const waiting = await test.call('GET', 'core', 'internal/bills', {
      token: owner.token,
      params: { filters: JSON.stringify([{ field: 'status', value: 'awaiting_approval' }]) },
    });
    expect(waiting.data.pagination.total_count).toBe(1);

    const approved = await decide(owner.token, prepared.data.id, 'approve');
    expect(approved.code).toBe('OK');
    expect(approved.data).toMatchObject({ status: 'payment_paid', approved_by: expect.stringMatching(/\S+ \S+/) });
    expect(approved.data.events.map((event: { status: string }) => event.status)).toEqual([
      'pending',
      'awaiting_approval',
      'awaiting_payment_confirmation',
      'payment_paid',
    ]);
    expect(approved.data.events[2].note).toMatch(/^Approved by .+; ₦110,178\.75 paid from /);
    expect((await walletOf(owner)).balance).toBe('889821.25');
    expect(
      (await test.mailbox()).some(
        (item) => item.to === member.email && item.subject === `Your bill was approved: ${prepared.data.reference}`,
      ),
    ).toBe(true);
    expect(await auditActions(owner.organisationId)).toEqual(['bill.submitted_for_approval', 'bill.approved']);
    expect((await decide(owner.token, prepared.data.id, 'approve')).code).toBe('CONFLICT');
  });

  it('declines with a reason the preparer is mailed; nothing is debited', async () => {
    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '1000000');
    const member = await joinAsMember(test, owner);
    const prepared = await generate(member.token, corporationId, 'wht', whtFields, [ONE_PAYEE('N-2000001', 1_000_000)]);
    expect((await decide(owner.token, prepared.data.id, 'reject', { reason: ' ' })).data).toEqual({
      reason: 'Reason is required',
    });
    const declined = await decide(owner.token, prepared.data.id, 'reject', {
      reason: 'The rent is paid by the landlord this year',
    });
    expect(declined.data).toMatchObject({
      status: 'declined',
      closed_reason: 'The rent is paid by the landlord this year',
    });
    expect(
      (await test.mailbox()).find(
        (item) => item.to === member.email && item.subject.startsWith('Your bill was declined'),
      )?.text,
    ).toContain('The rent is paid by the landlord this year');
    expect(await debitCount(owner)).toBe(0);
    // A declined bill holds nothing: the month can be paid.
    expect(
      (await generate(owner.token, corporationId, 'wht', whtFields, [ONE_PAYEE('N-2000001', 1_000_000)])).code,
    ).toBe('OK');
  });

  it('keeps a bill waiting when the wallet cannot pay at approval, naming the shortfall', async () => {
    const { owner, corporationId } = await organisationWithState();
    const member = await joinAsMember(test, owner);
    const prepared = await generate(member.token, corporationId, 'paye', { start_date: '2026-10' }, [THREE_EMPLOYEES]);
    const refused = await decide(owner.token, prepared.data.id, 'approve');
    expect(refused.code).toBe('UNPROCESSABLE');
    expect(refused.message).toContain('short by ₦110,178.75');
    expect((await billOf(owner.token, prepared.data.id)).status).toBe('awaiting_approval');
    await fund(owner, '200000');
    expect((await decide(owner.token, prepared.data.id, 'approve')).data.status).toBe('payment_paid');
  });

  it('holds bills above an amount for an admin other than the preparer; five concurrent approvals make one debit', async () => {
    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '5000000');
    const admins = await Promise.all([
      joinAsMember(test, owner, 'user.admin'),
      joinAsMember(test, owner, 'user.admin'),
    ]);
    expect((await setApproval(owner, { mode: 'above' })).data).toEqual({
      'value.above': 'Enter the amount above which bills wait for approval',
    });
    expect((await setApproval(owner, { mode: 'above', above: '100000' })).code).toBe('OK');
    const small = await generate(owner.token, corporationId, 'wht', whtFields, [ONE_PAYEE('N-2000001', 500_000)]);
    expect(small.data.status).toBe('payment_pending');
    const large = await generate(owner.token, corporationId, 'paye', { start_date: '2026-10' }, [THREE_EMPLOYEES]);
    expect(large.data.status).toBe('awaiting_approval');
    expect((await decide(owner.token, large.data.id, 'approve')).message).toBe(
      'You prepared this bill: another admin must approve it.',
    );

    const debitsBefore = await debitCount(owner);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, index) => decide(admins[index % 2].token, large.data.id, 'approve')),
    );
    expect(answers.filter((answer) => answer.code === 'OK')).toHaveLength(1);
    expect(answers.filter((answer) => answer.code === 'CONFLICT')).toHaveLength(4);
    expect(await debitCount(owner)).toBe(debitsBefore + 1);

    await setApproval(owner, { mode: 'off' });
    const member = await joinAsMember(test, owner);
    expect(
      (await generate(member.token, corporationId, 'paye', { start_date: '2026-09' }, [THREE_EMPLOYEES])).data.status,
    ).toBe('payment_paid');
  });
});

describe('cancelling what has not been paid', () => {
  it('lets the preparer withdraw a waiting bill, and nobody else but an admin', async () => {
    const { owner, corporationId } = await organisationWithState();
    const [preparer, colleague] = [await joinAsMember(test, owner), await joinAsMember(test, owner)];
    const prepared = await generate(preparer.token, corporationId, 'paye', { start_date: '2026-10' }, [
      THREE_EMPLOYEES,
    ]);
    expect((await decide(colleague.token, prepared.data.id, 'cancel')).code).toBe('FORBIDDEN');
    const withdrawn = await decide(preparer.token, prepared.data.id, 'cancel', { reason: 'Wrong month' });
    expect(withdrawn.data).toMatchObject({ status: 'cancelled', closed_reason: 'Wrong month' });
    expect((await decide(owner.token, prepared.data.id, 'approve')).code).toBe('CONFLICT');
  });

  it('cancels a WHT bill the agency has not accepted, refunding the wallet exactly once', async () => {
    const { owner, corporationId } = await organisationWithState('N-0000000209');
    await fund(owner, '500000');
    const created = await generate(owner.token, corporationId, 'wht', whtFields, [ONE_PAYEE('N-2000001', 1_000_000)]);
    expect(created.data).toMatchObject({ status: 'payment_pending', total: '100354.75' });
    expect((await walletOf(owner)).balance).toBe('399645.25');
    const member = await joinAsMember(test, owner);
    expect((await decide(member.token, created.data.id, 'cancel')).code).toBe('FORBIDDEN');

    // The first settlement attempt runs at once and is told "still processing"; cancel after it.
    await until(async () =>
      (
        await queryRows(
          test.database.db,
          sql`select 1 from bills where id = ${created.data.id} and settling_until is null`,
        )
      ).length
        ? true
        : undefined,
    );
    const answers = await Promise.all([
      decide(owner.token, created.data.id, 'cancel'),
      decide(owner.token, created.data.id, 'cancel'),
    ]);
    expect(answers.map((answer) => answer.code).sort()).toEqual(['CONFLICT', 'OK']);
    const cancelled = answers.find((answer) => answer.code === 'OK')!.data;
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.events.at(-1).note).toContain('₦100,354.75 was returned to the wallet');
    expect((await walletOf(owner)).balance).toBe('500000.00');
    const history = await test.call('GET', 'core', `internal/organisations/${owner.organisationId}/wallets/history`, {
      token: owner.token,
    });
    expect(history.data.items.map((item: { type: string; amount: string }) => `${item.type} ${item.amount}`)).toEqual([
      'credit 100354.75',
      'debit 100354.75',
      'credit 500000.00',
    ]);
    // The admins are told, once, that the money came back and the month is still unpaid.
    const mails = (await test.mailbox()).filter(
      (item) => item.subject === `Cancelled and refunded: ${created.data.reference}`,
    );
    expect(mails.map((item) => item.to)).toEqual([owner.email]);
    expect(mails[0].text).toContain('₦100,354.75 was returned to the wallet it was paid from.');
    expect(mails[0].text).toContain('is still unpaid');
  });

  it('explains why a paid bill cannot be cancelled and what to do instead', async () => {
    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '1000000');
    const paid = await generate(owner.token, corporationId, 'paye', { start_date: '2026-10' }, [THREE_EMPLOYEES]);
    const refused = await decide(owner.token, paid.data.id, 'cancel');
    expect(refused.code).toBe('UNPROCESSABLE');
    expect(refused.message).toContain('Lagos State Internal Revenue Service');
    expect(refused.message).toContain(
      `refund or a credit against a later bill, quoting the agency reference ${paid.data.agency_reference}`,
    );
    expect((await billOf(owner.token, paid.data.id)).status).toBe('payment_paid');
  });

  it('keeps bills of other organisations out of reach', async () => {
    const { owner, corporationId } = await organisationWithState();
    const member = await joinAsMember(test, owner);
    const prepared = await generate(member.token, corporationId, 'paye', { start_date: '2026-10' }, [THREE_EMPLOYEES]);
    const stranger = await organisationWithState();
    for (const action of ['approve', 'reject', 'cancel'] as const) {
      expect((await decide(stranger.owner.token, prepared.data.id, action, { reason: 'no' })).code).toBe('NOT_FOUND');
    }
    expect(
      (
        await test.call('GET', 'core', 'internal/bills/precheck', {
          token: stranger.owner.token,
          params: { corporation_id: corporationId, state: 'LA', type: 'paye', start_date: '2026-10' },
        })
      ).code,
    ).toBe('NOT_FOUND');
  });
});

describe('member rights that fit the money', () => {
  it('leaves changing or removing a state registration and the wallet setting to admins', async () => {
    const { owner, corporationId } = await organisationWithState();
    const member = await joinAsMember(test, owner);
    const changeTaxId = (token: string) =>
      test.call('PUT', 'core', `internal/corporations/${corporationId}/states/LA`, {
        token,
        body: { tax_payer_number: 'C-0054321' },
      });
    const remove = (token: string) =>
      test.call('POST', 'core', `internal/corporations/${corporationId}/states/LA/remove`, { token });
    const walletSetting = (token: string) =>
      test.call('POST', 'auth', `organisations/${owner.organisationId}/settings`, {
        token,
        body: { setting_code: 'core.organisation.do_corporation_have_wallet', value: true },
      });
    expect((await changeTaxId(member.token)).code).toBe('FORBIDDEN');
    expect((await remove(member.token)).code).toBe('FORBIDDEN');
    expect((await walletSetting(member.token)).code).toBe('FORBIDDEN');
    expect(
      (await setApproval({ token: member.token, organisationId: owner.organisationId }, { mode: 'off' })).code,
    ).toBe('FORBIDDEN');
    const states = await test.call('GET', 'core', `internal/corporations/${corporationId}/states`, {
      token: owner.token,
    });
    expect(states.data.map((state: { tax_payer_number: string }) => state.tax_payer_number)).toEqual(['C-0012345']);

    expect((await changeTaxId(owner.token)).code).toBe('OK');
    expect((await remove(owner.token)).code).toBe('OK');
    expect((await walletSetting(owner.token)).code).toBe('OK');
  });
});
