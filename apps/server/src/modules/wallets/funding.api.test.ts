import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/raw';
import { createTestApp, ownerWithOrganisation, type TestApp } from '../../../test/harness';
import { paystackFake, postPaystackEvent, type FakeDelivery } from '../../../test/paystack-kit';

// The real Paystack adapter, over HTTP, against the local Paystack fake: every funding behaviour the
// fake reproduces (docs/payment-rails/paystack.md), then an audit of the whole ledger.
let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const answerOf = (delivery: FakeDelivery | null) => ({
  status: delivery?.status,
  ...(JSON.parse(delivery?.body ?? '{}') as { code?: string; message?: string; data?: unknown }),
});

async function walletWithAccount() {
  const owner = await ownerWithOrganisation(test);
  const [wallet] = (
    await test.call('GET', 'core', `internal/organisations/${owner.organisationId}/wallets`, { token: owner.token })
  ).data.wallets;
  const balance = async () =>
    (await test.call('GET', 'core', `internal/organisations/${owner.organisationId}/wallets`, { token: owner.token }))
      .data.wallets[0].balance as string;
  const credit = (body: object) =>
    paystackFake(test.paystackFakeUrl, `/dva/${wallet.virtual_account.account_number}/credit`, body);
  return { owner, wallet, balance, credit };
}

describe('money in through Paystack', () => {
  it('credits a successful transfer once, for the amount Paystack verifies, whatever the notice says', async () => {
    const { balance, credit } = await walletWithAccount();
    const { delivery } = await credit({
      amount_kobo: 1_234_567,
      sender_name: 'Ngozi Adeyemi',
      webhook_amount_kobo: 99_999_999,
    });
    expect(answerOf(delivery)).toMatchObject({
      status: 200,
      code: 'OK',
      message: 'credited',
      data: { credited: true, amount: '12345.67' },
    });
    expect(await balance()).toBe('12345.67');
  });

  it('credits a notice Paystack sends again and again, even all at once, exactly once', async () => {
    const { balance, credit } = await walletWithAccount();
    const { transaction } = await credit({ amount_kobo: 500_000 });
    const { deliveries } = await paystackFake<{ deliveries: FakeDelivery[] }>(
      test.paystackFakeUrl,
      `/transactions/${transaction.reference}/resend`,
      { times: 8 },
    );
    expect(deliveries.map((delivery) => [delivery.status, answerOf(delivery).message])).toEqual(
      Array.from({ length: 8 }, () => [200, 'already credited']),
    );
    expect(await balance()).toBe('5000.00');
  });

  it('refuses a forged notice, however forged, and credits nothing', async () => {
    const { balance, credit } = await walletWithAccount();
    const { transaction } = await credit({ amount_kobo: 300_000, late: true });
    for (const variant of ['wrong-key', 'other-body', 'missing']) {
      const { delivery } = await paystackFake<{ delivery: FakeDelivery }>(
        test.paystackFakeUrl,
        `/transactions/${transaction.reference}/forge`,
        { variant },
      );
      expect([variant, answerOf(delivery)]).toMatchObject([
        variant,
        { status: 401, code: 'NO_AUTH', message: 'The webhook signature is not valid.' },
      ]);
    }
    expect(await balance()).toBe('0.00');
  });

  it('credits nothing for a signed notice of a transaction Paystack does not know (a leaked key), nor of an account no wallet owns', async () => {
    const { wallet, balance } = await walletWithAccount();
    const { delivery } = await paystackFake<{ delivery: FakeDelivery }>(
      test.paystackFakeUrl,
      '/events/unknown-charge',
      { account_number: wallet.virtual_account.account_number, amount_kobo: 900_000 },
    );
    expect(answerOf(delivery)).toMatchObject({ status: 422, code: 'UNPROCESSABLE' });
    expect(answerOf(delivery).message).toMatch(
      /^paystack does not know the transaction dva_[0-9a-f]+: nothing was credited\.$/,
    );
    const stray = await paystackFake(test.paystackFakeUrl, '/dva/0123456789/credit', { amount_kobo: 100_000 });
    expect(answerOf(stray.delivery)).toMatchObject({
      status: 422,
      message: 'No wallet has the account number 0123456789 for this customer: nothing was credited.',
    });
    expect(await balance()).toBe('0.00');
  });

  it('sends no notice for a declined transfer, and credits none if one comes', async () => {
    const { balance, credit } = await walletWithAccount();
    const { transaction, delivery } = await credit({ amount_kobo: 700_004 });
    expect([transaction.status, delivery]).toEqual(['failed', null]);
    const { deliveries } = await paystackFake<{ deliveries: FakeDelivery[] }>(
      test.paystackFakeUrl,
      `/transactions/${transaction.reference}/resend`,
      { times: 1 },
    );
    expect(answerOf(deliveries[0])).toMatchObject({
      status: 200,
      message: 'not credited: paystack says the transaction is failed (dedicated_nuban, NGN)',
    });
    expect(await balance()).toBe('0.00');
  });

  it('answers a notice Paystack cannot verify in time with 503, so Paystack sends it again, and credits it then', async () => {
    const { balance, credit } = await walletWithAccount();
    const { transaction } = await credit({ amount_kobo: 250_000, late: true });
    await paystackFake(test.paystackFakeUrl, `/transactions/${transaction.reference}/slow`);
    const { deliveries } = await paystackFake<{ deliveries: FakeDelivery[] }>(
      test.paystackFakeUrl,
      `/transactions/${transaction.reference}/resend`,
      { times: 1 },
    );
    expect(answerOf(deliveries[0])).toMatchObject({
      status: 503,
      code: 'UNAVAILABLE',
      message: 'Paystack did not answer in time. Nothing was changed; please try again later.',
    });
    expect(await balance()).toBe('0.00');
    await paystackFake(test.paystackFakeUrl, `/transactions/${transaction.reference}/slow`, { slow: false });
    const retried = await paystackFake<{ deliveries: FakeDelivery[] }>(
      test.paystackFakeUrl,
      `/transactions/${transaction.reference}/resend`,
      { times: 1 },
    );
    expect(answerOf(retried.deliveries[0])).toMatchObject({ status: 200, message: 'credited' });
    expect(await balance()).toBe('2500.00');
  });

  it('credits a late transfer found by "I sent money and don\'t see it", days after it was paid, and never a reversed one', async () => {
    const { owner, wallet, balance, credit } = await walletWithAccount();
    const fiveDaysAgo = new Date(Date.now() - 5 * 86_400_000).toISOString();
    const late = await credit({
      amount_kobo: 4_200_000,
      sender_name: 'Late Payer Ltd',
      paid_at: fiveDaysAgo,
      late: true,
    });
    const reversed = await credit({ amount_kobo: 100_000, late: true });
    await paystackFake(test.paystackFakeUrl, `/transactions/${reversed.transaction.reference}/reverse`);
    expect([late.delivery, await balance()]).toEqual([null, '0.00']);

    const requery = await test.call('POST', 'core', `internal/wallets/${wallet.id}/requery`, { token: owner.token });
    expect([requery.code, requery.message, requery.data]).toEqual([
      'OK',
      'Paystack is checking for transfers to this account; any it finds are credited within minutes.',
      { requested: true },
    ]);
    await expect.poll(balance, { timeout: 5_000, interval: 100 }).toBe('42000.00');
    const history = await test.call('GET', 'core', `internal/organisations/${owner.organisationId}/wallets/history`, {
      token: owner.token,
    });
    expect(
      history.data.items.map((item: { description: string; amount: string }) => [item.description, item.amount]),
    ).toEqual([['Bank transfer from Late Payer Ltd', '42000.00']]);
    // Paystack reversed the other after it was paid: verification says so, and nothing is credited.
    expect(await postPaystackEvent(test.app, { event: 'charge.success', data: reversed.transaction })).toMatchObject({
      status: 200,
      message: 'not credited: paystack says the transaction is reversed (dedicated_nuban, NGN)',
    });
  });

  it("requeries only the caller's own wallets", async () => {
    const { wallet } = await walletWithAccount();
    const stranger = await ownerWithOrganisation(test);
    expect(
      (await test.call('POST', 'core', `internal/wallets/${wallet.id}/requery`, { token: stranger.token })).code,
    ).toBe('NOT_FOUND');
    expect((await test.call('POST', 'core', `internal/wallets/${wallet.id}/requery`)).code).toBe('NO_AUTH');
  });

  it('leaves a ledger in which every wallet equals its entries and each Paystack transaction is one credit', async () => {
    const [check] = await queryRows<{
      unbalanced: number;
      drifted: number;
      negative: number;
      duplicated: number;
      credits: number;
      credited: string;
    }>(
      test.database.db,
      sql`select
        (select count(*)::int from (select journal_id from ledger_entries group by journal_id having sum(amount_kobo) <> 0) j) as unbalanced,
        (select count(*)::int from (
          select account_id, sum(amount_kobo) as total,
            (select balance_after_kobo from ledger_entries l where l.account_id = e.account_id order by sequence desc limit 1) as last
          from ledger_entries e group by account_id) a where a.total <> a.last) as drifted,
        (select count(*)::int from ledger_entries where is_wallet and balance_after_kobo < 0) as negative,
        (select count(*)::int from (select reference from ledger_journals group by reference having count(*) > 1) d) as duplicated,
        (select count(*)::int from ledger_journals where kind = 'funding') as credits,
        (select coalesce(sum(e.amount_kobo), 0)::text from ledger_entries e join ledger_journals j on j.id = e.journal_id
          where j.kind = 'funding' and e.is_wallet) as credited`,
    );
    // Credited above: 12,345.67 + 5,000.00 + 2,500.00 + 42,000.00, and nothing for the forged, unknown, declined or reversed.
    expect(check).toEqual({
      unbalanced: 0,
      drifted: 0,
      negative: 0,
      duplicated: 0,
      credits: 4,
      credited: String(1_234_567 + 500_000 + 250_000 + 4_200_000),
    });
  });
});
