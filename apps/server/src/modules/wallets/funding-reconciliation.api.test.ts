import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ownerWithOrganisation, staffUser, type TestApp } from '../../../test/harness';
import { paystackFake, type FakeDelivery } from '../../../test/paystack-kit';

// The daily funding reconciliation (decision 0044), run now by staff, against the local Paystack
// fake: a transfer whose notice was lost, an amount Paystack changed, a credit Paystack reversed.
let test: TestApp;
let staff: { token: string };

beforeAll(async () => {
  test = await createTestApp();
  staff = await staffUser(test);
});
afterAll(() => test.close());

interface Difference {
  kind: string;
  resolution: string;
  transaction_id: string;
  provider_amount: string | null;
  ledger_amount: string | null;
  provider_status: string | null;
  what_happened: string;
  what_to_do: string;
  wallet: { id: string; name: string };
}

const reconcile = async () => {
  const answer = await test.call('POST', 'core', 'internal/reference-data/funding/reconcile', { token: staff.token });
  expect([answer.code, answer.message]).toEqual(['OK', 'Paystack transfers checked against the ledger']);
  return answer.data as { matched: number; differences: Difference[] };
};

async function walletWithAccount() {
  const owner = await ownerWithOrganisation(test);
  const wallets = () =>
    test.call('GET', 'core', `internal/organisations/${owner.organisationId}/wallets`, { token: owner.token });
  const [wallet] = (await wallets()).data.wallets;
  const balance = async () => (await wallets()).data.wallets[0].balance as string;
  const credit = (body: object) =>
    paystackFake(test.paystackFakeUrl, `/dva/${wallet.virtual_account.account_number}/credit`, body);
  const differences = async () =>
    (
      await test.call('GET', 'core', `internal/organisations/${owner.organisationId}/wallets/differences`, {
        token: owner.token,
      })
    ).data as Difference[];
  const mails = async () => (await test.mailbox()).filter((mail) => mail.to === owner.email);
  return { owner, wallet, balance, credit, differences, mails };
}

const ofTransaction = (differences: Difference[], id: number) =>
  differences.filter((difference) => difference.transaction_id === String(id));

describe('funding reconciliation', () => {
  it('credits a transfer whose notice never came, exactly once, even when the notice arrives later', async () => {
    const { wallet, balance, credit, differences, mails } = await walletWithAccount();
    const { transaction, delivery } = await credit({
      amount_kobo: 750_000,
      sender_name: 'Lost Notice Ltd',
      lost: true,
    });
    expect([delivery, await balance()]).toEqual([null, '0.00']);

    const first = await reconcile();
    expect(ofTransaction(first.differences, transaction.id)).toEqual([
      expect.objectContaining({
        kind: 'missing_credit',
        resolution: 'credited',
        provider_amount: '7500.00',
        ledger_amount: '7500.00',
        wallet: { id: wallet.id, name: wallet.name },
        what_to_do: 'Nothing: the money is in your wallet. This notice is only so the credit does not surprise you.',
      }),
    ]);
    expect(await balance()).toBe('7500.00');

    // Paystack's notice finally arrives, several times: the transfer is already credited.
    const { deliveries } = await paystackFake<{ deliveries: FakeDelivery[] }>(
      test.paystackFakeUrl,
      `/transactions/${transaction.reference}/resend`,
      { times: 3 },
    );
    expect(deliveries.map((each) => JSON.parse(each.body).message)).toEqual(Array(3).fill('already credited'));
    expect(await balance()).toBe('7500.00');

    // The next run finds it matched and records nothing again; the admins were told once.
    expect(ofTransaction((await reconcile()).differences, transaction.id)).toEqual([]);
    expect(await balance()).toBe('7500.00');
    const shown = await differences();
    expect(shown).toHaveLength(1);
    expect(shown[0].what_happened).toMatch(
      new RegExp(
        String.raw`^Paystack received a transfer of ₦7,500\.00 into this wallet's account, but its notice never reached Levy\. ` +
          String.raw`The daily check on \d{1,2} \w{3} \d{4} found it and credited the wallet, once\.$`,
      ),
    );
    await expect.poll(async () => (await mails()).filter((mail) => /daily check/.test(mail.subject)).length).toBe(1);
  });

  it('records and mails an amount Paystack changed after the credit, once however often it runs', async () => {
    const { balance, credit, differences, mails } = await walletWithAccount();
    const { transaction } = await credit({ amount_kobo: 500_000, sender_name: 'Ngozi Adeyemi' });
    expect(await balance()).toBe('5000.00');
    await paystackFake(test.paystackFakeUrl, `/transactions/${transaction.reference}/amend`, { amount_kobo: 450_000 });

    const first = await reconcile();
    expect(ofTransaction(first.differences, transaction.id)).toEqual([
      expect.objectContaining({
        kind: 'amount_mismatch',
        resolution: 'to_check',
        provider_amount: '4500.00',
        ledger_amount: '5000.00',
      }),
    ]);
    expect(ofTransaction((await reconcile()).differences, transaction.id)).toEqual([]);
    // Nothing is moved on the wallet: a person decides.
    expect(await balance()).toBe('5000.00');
    const [shown] = await differences();
    expect(shown.what_happened).toBe(
      `The wallet was credited ₦5,000.00 for Paystack transaction ${transaction.id} (reference ${transaction.reference}), but Paystack now says it ` +
        `received ₦4,500.00.`,
    );
    await expect
      .poll(async () => (await mails()).filter((mail) => /needs checking/.test(mail.subject)))
      .toEqual([expect.objectContaining({ text: expect.stringContaining(`What to do: ${shown.what_to_do}`) })]);
    // A third run: still one mail.
    await reconcile();
    expect((await mails()).filter((mail) => /needs checking/.test(mail.subject))).toHaveLength(1);
  });

  it('records a credit Paystack no longer lists as a successful transfer (reversed)', async () => {
    const { credit, differences } = await walletWithAccount();
    const { transaction } = await credit({ amount_kobo: 120_000 });
    await paystackFake(test.paystackFakeUrl, `/transactions/${transaction.reference}/reverse`);
    expect(ofTransaction((await reconcile()).differences, transaction.id)).toEqual([
      expect.objectContaining({
        kind: 'unknown_credit',
        resolution: 'to_check',
        provider_status: 'reversed',
        ledger_amount: '1200.00',
      }),
    ]);
    expect((await differences())[0].what_happened).toMatch(
      /Paystack does not list it as a successful transfer \(it says reversed\)\.$/,
    );
  });

  it('lets only staff run it, and shows an organisation only its own differences', async () => {
    const { owner } = await walletWithAccount();
    const stranger = await ownerWithOrganisation(test);
    expect(
      (await test.call('POST', 'core', 'internal/reference-data/funding/reconcile', { token: owner.token })).code,
    ).toBe('FORBIDDEN');
    expect(
      (
        await test.call('GET', 'core', `internal/organisations/${owner.organisationId}/wallets/differences`, {
          token: stranger.token,
        })
      ).code,
    ).toBe('NOT_FOUND');
  });
});
