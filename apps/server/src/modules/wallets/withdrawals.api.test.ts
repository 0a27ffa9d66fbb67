import { generateNuban } from '@levy/tax';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/raw';
import { createTestApp, joinAsMember, ownerWithOrganisation, staffUser, type TestApp } from '../../../test/harness';
import { paystackFake, postPaystackEvent, type FakeDelivery } from '../../../test/paystack-kit';

// Money out (decision 0043): the real app and the real Paystack adapter against the local fake.
let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

type Owner = Awaited<ReturnType<typeof ownerWithOrganisation>>;
let serials = 7_000;
/** A GTBank account whose serial ends as asked: 051 fails, 052 is reversed, 053 stays pending, others are paid. */
const account = (ending = 1) => {
  serials += 1;
  return generateNuban('058', serials * 1_000 + ending);
};

async function fundedWallet(naira: number) {
  const owner = await ownerWithOrganisation(test);
  const wallets = async (who: { token: string } = owner) =>
    (await test.call('GET', 'core', `internal/organisations/${owner.organisationId}/wallets`, { token: who.token }))
      .data.wallets;
  const [wallet] = await wallets();
  if (naira > 0)
    await paystackFake(test.paystackFakeUrl, `/dva/${wallet.virtual_account.account_number}/credit`, {
      amount_kobo: naira * 100,
    });
  const balance = async () => (await wallets())[0].balance as string;
  return { owner, wallet, balance };
}

const withdraw = (who: { token: string }, walletId: string, body: Record<string, unknown>) =>
  test.call('POST', 'core', `internal/wallets/${walletId}/withdrawals`, { token: who.token, body });

const withdrawalsOf = (owner: Owner, who: { token: string } = owner) =>
  test.call('GET', 'core', `internal/organisations/${owner.organisationId}/withdrawals`, { token: who.token });

function setApproval(owner: Owner, value: Record<string, unknown>) {
  return test.call('POST', 'auth', `organisations/${owner.organisationId}/settings`, {
    token: owner.token,
    body: { setting_code: 'core.organisation.bill_approval', value },
  });
}

describe('banks and account names', () => {
  it('lists the banks and names an account as its bank does; an unknown account is refused on its field', async () => {
    const { owner } = await fundedWallet(0);
    const banks = await test.call('GET', 'core', 'internal/banks', { token: owner.token });
    expect(banks.data).toContainEqual({ code: '058', name: 'Guaranty Trust Bank' });
    const number = account();
    const resolved = await test.call('GET', 'core', 'internal/banks/resolve', {
      token: owner.token,
      params: { bank_code: '058', account_number: number },
    });
    expect(resolved.data).toEqual({
      bank_code: '058',
      bank_name: 'Guaranty Trust Bank',
      account_number: number,
      account_name: expect.any(String),
    });
    const unknown = await test.call('GET', 'core', 'internal/banks/resolve', {
      token: owner.token,
      params: { bank_code: '058', account_number: account(404) },
    });
    expect([unknown.code, unknown.data]).toEqual([
      'INVALID_INPUT',
      { account_number: 'The bank does not know this account number. Check the bank and the 10-digit account number.' },
    ]);
    const short = await test.call('GET', 'core', 'internal/banks/resolve', {
      token: owner.token,
      params: { bank_code: '058', account_number: '12345' },
    });
    expect(short.data).toEqual({ account_number: 'Account number must be the 10 digits of a NUBAN' });
  });
});

describe('withdrawing', () => {
  it('sends money to the bank at once for an admin: the wallet is debited once and the withdrawal is paid', async () => {
    const { owner, wallet, balance } = await fundedWallet(50_000);
    const number = account();
    const answer = await withdraw(owner, wallet.id, { amount: '20,000.50', bank_code: '058', account_number: number });
    expect([answer.code, answer.message]).toEqual([
      'OK',
      'Withdrawal started: the money is on its way to the bank account',
    ]);
    expect(answer.data).toMatchObject({
      status: 'paid',
      amount: '20000.50',
      bank_name: 'Guaranty Trust Bank',
      account_number: number,
      reference: expect.stringMatching(/^levy-wd-[0-9a-f]{24}$/),
      requested_by: { id: owner.userId },
      decided_by: null,
    });
    expect(await balance()).toBe('29999.50');
    const history = await test.call('GET', 'core', `internal/organisations/${owner.organisationId}/wallets/history`, {
      token: owner.token,
    });
    expect(history.data.items[0]).toMatchObject({
      type: 'debit',
      amount: '20000.50',
      status: 'success',
      category: 'withdrawal',
      description: `Withdrawal to ${answer.data.account_name}, Guaranty Trust Bank ••••${number.slice(-4)}`,
    });
    // A late or repeated transfer.success changes nothing.
    const { deliveries } = await paystackFake<{ deliveries: FakeDelivery[] }>(
      test.paystackFakeUrl,
      `/transfers/${answer.data.reference}/resend`,
      { times: 3 },
    );
    expect(deliveries.map((delivery) => JSON.parse(delivery.body).message)).toEqual([
      'already paid',
      'already paid',
      'already paid',
    ]);
    expect(await balance()).toBe('29999.50');
  });

  it('refuses more than the balance, less than ₦100, and a name the bank no longer gives, moving nothing', async () => {
    const { owner, wallet, balance } = await fundedWallet(1_000);
    const number = account();
    const tooMuch = await withdraw(owner, wallet.id, { amount: '1000.01', bank_code: '058', account_number: number });
    expect([tooMuch.code, tooMuch.data]).toEqual([
      'INVALID_INPUT',
      { amount: 'Acme Nigeria Ltd has ₦1,000.00: you can withdraw at most that.' },
    ]);
    const tooLittle = await withdraw(owner, wallet.id, { amount: '99.99', bank_code: '058', account_number: number });
    expect(tooLittle.data).toEqual({ amount: 'The smallest withdrawal is ₦100.00' });
    const renamed = await withdraw(owner, wallet.id, {
      amount: '500',
      bank_code: '058',
      account_number: number,
      account_name: 'SOMEONE ELSE',
    });
    expect(renamed.code).toBe('CONFLICT');
    expect(renamed.message).toMatch(
      /^The bank now names this account [A-Z ]+, not SOMEONE ELSE\. Check it and confirm again\.$/,
    );
    const unknownBank = await withdraw(owner, wallet.id, { amount: '500', bank_code: '999', account_number: number });
    expect(unknownBank.data).toEqual({ bank_code: 'Choose a bank from the list' });
    expect(await balance()).toBe('1000.00');
    expect((await withdrawalsOf(owner)).data.items).toEqual([]);
  });

  it('is for admins of the wallet’s own organisation only', async () => {
    const { owner, wallet, balance } = await fundedWallet(1_000);
    const member = await joinAsMember(test, owner, 'user.member');
    const stranger = await ownerWithOrganisation(test);
    const body = { amount: '500', bank_code: '058', account_number: account() };
    expect((await withdraw(member, wallet.id, body)).code).toBe('FORBIDDEN');
    expect((await withdraw(stranger, wallet.id, body)).code).toBe('NOT_FOUND');
    expect((await test.call('GET', 'core', 'internal/banks', { token: member.token })).code).toBe('FORBIDDEN');
    expect((await withdrawalsOf(owner, stranger)).code).toBe('NOT_FOUND');
    // Members see the organisation's withdrawals (they see its wallet history).
    expect((await withdrawalsOf(owner, member)).code).toBe('OK');
    expect(await balance()).toBe('1000.00');
  });

  it('credits back exactly once a transfer that fails, however often Paystack says so, and mails the admins', async () => {
    const { owner, wallet, balance } = await fundedWallet(10_000);
    const answer = await withdraw(owner, wallet.id, { amount: '4000', bank_code: '058', account_number: account(51) });
    expect(answer.data).toMatchObject({ status: 'failed', note: 'The receiving bank is not available' });
    expect(await balance()).toBe('10000.00');
    const { deliveries } = await paystackFake<{ deliveries: FakeDelivery[] }>(
      test.paystackFakeUrl,
      `/transfers/${answer.data.reference}/resend`,
      { times: 6 },
    );
    expect(new Set(deliveries.map((delivery) => `${delivery.status} ${JSON.parse(delivery.body).message}`))).toEqual(
      new Set(['200 already failed']),
    );
    expect(await balance()).toBe('10000.00');
    const history = await test.call('GET', 'core', `internal/organisations/${owner.organisationId}/wallets/history`, {
      token: owner.token,
    });
    expect(
      history.data.items
        .slice(0, 2)
        .map((item: { type: string; status: string; category: string }) => [item.type, item.category, item.status]),
    ).toEqual([
      ['credit', 'reversal', 'success'],
      ['debit', 'withdrawal', 'failed'],
    ]);
    const mail = (await test.mailbox()).filter(
      (item) => item.to === owner.email && /withdrawal failed/.test(item.subject),
    );
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toBe('A withdrawal failed: ₦4,000.00 returned to the wallet');
    expect(mail[0].text).toContain('The ₦4,000.00 is back in the wallet.');
  });

  it('credits back a transfer reversed after it was paid, once, and a reversal arriving again changes nothing', async () => {
    const { owner, wallet, balance } = await fundedWallet(10_000);
    const paid = await withdraw(owner, wallet.id, { amount: '3000', bank_code: '058', account_number: account() });
    expect([paid.data.status, await balance()]).toEqual(['paid', '7000.00']);
    const reversal = await paystackFake<{ delivery: FakeDelivery }>(
      test.paystackFakeUrl,
      `/transfers/${paid.data.reference}/reverse`,
    );
    expect(JSON.parse(reversal.delivery.body).message).toBe('reversed: credited back');
    const again = await paystackFake<{ deliveries: FakeDelivery[] }>(
      test.paystackFakeUrl,
      `/transfers/${paid.data.reference}/resend`,
      { times: 4 },
    );
    expect(again.deliveries.map((delivery) => JSON.parse(delivery.body).message)).toEqual(
      Array.from({ length: 4 }, () => 'already reversed'),
    );
    expect(await balance()).toBe('10000.00');
    const [listed] = (await withdrawalsOf(owner)).data.items;
    expect(listed).toMatchObject({ status: 'reversed', returned_at: expect.any(String) });
    // The account that Paystack reverses by itself: success, then reversed, before the request answers.
    const bounced = await withdraw(owner, wallet.id, { amount: '1000', bank_code: '058', account_number: account(52) });
    expect([bounced.data.status, await balance()]).toEqual(['reversed', '10000.00']);
    expect(
      (await test.mailbox()).filter((item) => item.to === owner.email && /was reversed/.test(item.subject)),
    ).toHaveLength(2);
  });

  it('credits back once when the reversal and its duplicates all arrive at the same time', async () => {
    const { owner, wallet, balance } = await fundedWallet(8_000);
    const paid = await withdraw(owner, wallet.id, { amount: '5000', bank_code: '058', account_number: account() });
    expect(await balance()).toBe('3000.00');
    const [reversal, duplicates] = await Promise.all([
      paystackFake<{ delivery: FakeDelivery }>(test.paystackFakeUrl, `/transfers/${paid.data.reference}/reverse`),
      paystackFake<{ deliveries: FakeDelivery[] }>(test.paystackFakeUrl, `/transfers/${paid.data.reference}/resend`, {
        times: 8,
      }),
    ]);
    const messages = [reversal.delivery, ...duplicates.deliveries].map(
      (delivery) => JSON.parse(delivery.body).message as string,
    );
    expect(messages.filter((message) => message === 'reversed: credited back')).toHaveLength(1);
    expect(messages.every((message) => /^(reversed: credited back|already reversed|already paid)$/.test(message))).toBe(
      true,
    );
    expect(await balance()).toBe('8000.00');
  });

  it('keeps the money held while the transfer is pending, and refuses forged or unknown transfer notices', async () => {
    const { owner, wallet, balance } = await fundedWallet(5_000);
    const pending = await withdraw(owner, wallet.id, { amount: '2000', bank_code: '058', account_number: account(53) });
    expect([pending.data.status, await balance()]).toEqual(['processing', '3000.00']);
    for (const variant of ['wrong-key', 'other-body', 'missing']) {
      const { delivery } = await paystackFake<{ delivery: FakeDelivery }>(
        test.paystackFakeUrl,
        `/transfers/${pending.data.reference}/forge`,
        { variant },
      );
      expect([delivery.status, JSON.parse(delivery.body).code]).toEqual([401, 'NO_AUTH']);
    }
    const unknown = await postPaystackEvent(test.app, {
      event: 'transfer.failed',
      data: { reference: 'levy-wd-not-a-transfer-at-all', status: 'failed' },
    });
    expect([unknown.status, unknown.message]).toEqual([
      422,
      'paystack does not know the transfer levy-wd-not-a-transfer-at-all: nothing was changed.',
    ]);
    // A notice that says failed, for a transfer Paystack still has pending: verification wins.
    const claimed = await postPaystackEvent(test.app, {
      event: 'transfer.failed',
      data: { reference: pending.data.reference, status: 'failed' },
    });
    expect([claimed.status, claimed.message]).toEqual([200, 'transfer pending']);
    expect(await balance()).toBe('3000.00');
  });

  /** Makes a withdrawal look started two minutes ago, so the list asks Paystack about it again. */
  const ageWithdrawal = (reference: string) =>
    test.database.executeSql(`update withdrawals set created_at = now() - interval '2 minutes' where reference = $1`, [
      reference,
    ]);

  it('keeps a transfer whose request got no answer processing, then sends it again under its reference, paid once', async () => {
    const { owner, wallet, balance } = await fundedWallet(5_000);
    const unanswered = await withdraw(owner, wallet.id, {
      amount: '2000',
      bank_code: '058',
      account_number: account(54),
    });
    expect([unanswered.code, unanswered.data.status, await balance()]).toEqual(['OK', 'processing', '3000.00']);
    // Within the first minute the list leaves it alone: Paystack may still be working on it.
    expect((await withdrawalsOf(owner)).data.items[0]).toMatchObject({ status: 'processing' });
    await ageWithdrawal(unanswered.data.reference);
    const [paid] = (await withdrawalsOf(owner)).data.items;
    expect([paid.reference, paid.status, await balance()]).toEqual([unanswered.data.reference, 'paid', '3000.00']);
    // Listed again: nothing more is sent or moved.
    expect((await withdrawalsOf(owner)).data.items[0].status).toBe('paid');
    expect(await balance()).toBe('3000.00');
  });

  it('finds a transfer made while its answer and its webhook were lost, and marks it paid without sending it again', async () => {
    const { owner, wallet, balance } = await fundedWallet(5_000);
    const lost = await withdraw(owner, wallet.id, { amount: '1500', bank_code: '058', account_number: account(55) });
    expect([lost.data.status, await balance()]).toEqual(['processing', '3500.00']);
    await ageWithdrawal(lost.data.reference);
    expect((await withdrawalsOf(owner)).data.items[0]).toMatchObject({
      reference: lost.data.reference,
      status: 'paid',
    });
    expect(await balance()).toBe('3500.00');
  });

  it('settles an unanswered withdrawal in the daily Paystack check, though no one opens the withdrawals', async () => {
    const { owner, wallet, balance } = await fundedWallet(5_000);
    const unanswered = await withdraw(owner, wallet.id, {
      amount: '1200',
      bank_code: '058',
      account_number: account(54),
    });
    expect(unanswered.data.status).toBe('processing');
    await ageWithdrawal(unanswered.data.reference);
    const staff = await staffUser(test);
    const check = await test.call('POST', 'core', 'internal/reference-data/funding/reconcile', { token: staff.token });
    expect(check.data.withdrawals_rechecked).toBeGreaterThanOrEqual(1);
    const rows = await test.database.executeSql('select status from withdrawals where reference = $1', [
      unanswered.data.reference,
    ]);
    expect([rows.rows, await balance()]).toEqual([[{ status: 'paid' }], '3800.00']);
  });

  it('answers a transfer Paystack refuses with why, and returns the money', async () => {
    const { owner, wallet, balance } = await fundedWallet(5_000);
    // The fake's Paystack balance is short for an amount whose kobo end in 05.
    const refused = await withdraw(owner, wallet.id, {
      amount: '1000.05',
      bank_code: '058',
      account_number: account(),
    });
    expect([refused.code, refused.message]).toEqual([
      'UNPROCESSABLE',
      'Paystack refused the transfer (Your balance is not enough to fulfill this request). The ₦1,000.05 was returned to the wallet.',
    ]);
    expect(await balance()).toBe('5000.00');
    expect((await withdrawalsOf(owner)).data.items[0]).toMatchObject({ status: 'failed' });
  });
});

describe("the organisation's approval rule", () => {
  it('holds a withdrawal above the amount for another admin; its requester cannot approve it; approval pays it', async () => {
    const { owner, wallet, balance } = await fundedWallet(100_000);
    const second = await joinAsMember(test, owner, 'user.admin');
    expect((await setApproval(owner, { mode: 'above', above: '10000' })).code).toBe('OK');
    const small = await withdraw(owner, wallet.id, { amount: '10000', bank_code: '058', account_number: account() });
    expect(small.data.status).toBe('paid');
    const large = await withdraw(owner, wallet.id, { amount: '30000', bank_code: '058', account_number: account() });
    expect([large.message, large.data.status, large.data.note]).toEqual([
      'Withdrawal requested: it waits for another admin to approve it',
      'awaiting_approval',
      'Payments above ₦10,000.00 wait for an admin other than the one who asked for them.',
    ]);
    expect(await balance()).toBe('90000.00');
    expect(
      (await test.mailbox()).some((item) => item.to === second.email && /waits for your approval/.test(item.subject)),
    ).toBe(true);
    const own = await test.call('POST', 'core', `internal/withdrawals/${large.data.id}/approve`, {
      token: owner.token,
    });
    expect([own.code, own.message]).toEqual([
      'FORBIDDEN',
      'You asked for this withdrawal: another admin must approve it.',
    ]);
    const approved = await test.call('POST', 'core', `internal/withdrawals/${large.data.id}/approve`, {
      token: second.token,
    });
    expect([approved.message, approved.data.status, approved.data.decided_by.id]).toEqual([
      'Withdrawal approved: the money is on its way to the bank account',
      'paid',
      second.userId,
    ]);
    expect(await balance()).toBe('60000.00');
    const twice = await test.call('POST', 'core', `internal/withdrawals/${large.data.id}/approve`, {
      token: second.token,
    });
    expect([twice.code, twice.message]).toEqual([
      'CONFLICT',
      'This withdrawal is no longer awaiting approval: it is paid.',
    ]);
    expect(await balance()).toBe('60000.00');
  });

  it('declines a waiting withdrawal without moving money, checks the balance again at approval, and stays in its organisation', async () => {
    const { owner, wallet, balance } = await fundedWallet(20_000);
    const second = await joinAsMember(test, owner, 'user.admin');
    await setApproval(owner, { mode: 'above', above: '1000' });
    const first = await withdraw(owner, wallet.id, { amount: '15000', bank_code: '058', account_number: account() });
    const other = await withdraw(owner, wallet.id, { amount: '15000', bank_code: '058', account_number: account() });
    const stranger = await ownerWithOrganisation(test);
    expect(
      (await test.call('POST', 'core', `internal/withdrawals/${first.data.id}/approve`, { token: stranger.token }))
        .code,
    ).toBe('NOT_FOUND');
    const declined = await test.call('POST', 'core', `internal/withdrawals/${first.data.id}/reject`, {
      token: second.token,
      body: { reason: 'Wrong account' },
    });
    expect([declined.message, declined.data.status, declined.data.note]).toEqual([
      'Withdrawal declined: nothing left the wallet',
      'rejected',
      'Declined: Wrong account',
    ]);
    // Meanwhile the wallet paid something else: the second waits on a balance it no longer has.
    await setApproval(owner, { mode: 'off' });
    expect(
      (await withdraw(second, wallet.id, { amount: '10000', bank_code: '058', account_number: account() })).data.status,
    ).toBe('paid');
    const short = await test.call('POST', 'core', `internal/withdrawals/${other.data.id}/approve`, {
      token: second.token,
    });
    expect(short.code).toBe('UNPROCESSABLE');
    expect(short.message).toMatch(/^Insufficient balance in Acme Nigeria Ltd: ₦15,000\.00 is needed/);
    expect(
      (await withdrawalsOf(owner)).data.items.find((item: { id: string }) => item.id === other.data.id).status,
    ).toBe('awaiting_approval');
    expect(await balance()).toBe('10000.00');
  });
});

describe('the ledger after withdrawals', () => {
  it('balances: every wallet equals its entries, each withdrawal held once and returned at most once', async () => {
    const [check] = await queryRows<{
      unbalanced: number;
      drifted: number;
      negative: number;
      holds_not_one: number;
      returns_wrong: number;
      clearing_mismatch: number;
    }>(
      test.database.db,
      sql`select
        (select count(*)::int from (select journal_id from ledger_entries group by journal_id having sum(amount_kobo) <> 0) j) as unbalanced,
        (select count(*)::int from (
          select account_id, sum(amount_kobo) as total,
            (select balance_after_kobo from ledger_entries l where l.account_id = e.account_id order by sequence desc limit 1) as last
          from ledger_entries e group by account_id) a where a.total <> a.last) as drifted,
        (select count(*)::int from ledger_entries where is_wallet and balance_after_kobo < 0) as negative,
        (select count(*)::int from withdrawals w where (w.status in ('processing', 'paid', 'failed', 'reversed'))
          <> exists (select 1 from withdrawal_journals h where h.withdrawal_id = w.id and h.kind = 'hold')) as holds_not_one,
        (select count(*)::int from withdrawals w where (w.status in ('failed', 'reversed'))
          <> exists (select 1 from withdrawal_journals r where r.withdrawal_id = w.id and r.kind = 'return')) as returns_wrong,
        (select count(*)::int from (select
          (select coalesce(sum(amount_kobo), 0) from withdrawals where status in ('processing', 'paid')) as out,
          (select coalesce(sum(e.amount_kobo), 0) from ledger_entries e join ledger_accounts a on a.id = e.account_id
            where a.kind = 'payout_clearing') as clearing) m where m.out <> m.clearing) as clearing_mismatch`,
    );
    expect(check).toEqual({
      unbalanced: 0,
      drifted: 0,
      negative: 0,
      holds_not_one: 0,
      returns_wrong: 0,
      clearing_mismatch: 0,
    });
  });

  it('refuses in the database a second hold or a second return for a withdrawal', async () => {
    const [row] = await queryRows<{ withdrawal_id: string; journal_id: string }>(
      test.database.db,
      sql`select withdrawal_id, journal_id from withdrawal_journals where kind = 'return' limit 1`,
    );
    await expect(
      queryRows(
        test.database.db,
        sql`insert into withdrawal_journals (withdrawal_id, kind, journal_id)
          values (${row.withdrawal_id}, 'return', (select id from ledger_journals where id <> ${row.journal_id} limit 1))`,
      ),
    ).rejects.toThrow();
  });
});
