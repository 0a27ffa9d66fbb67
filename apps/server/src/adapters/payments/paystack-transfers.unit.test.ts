import { asKobo, generateNuban } from '@levy/tax';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TransferRefusedError } from './funding-provider';
import { createPaystackFunding } from './paystack';
import { startPaystackFake, type PaystackFake } from './paystack-fake';

// The real Paystack adapter over HTTP against the local fake: banks, account resolution, recipients,
// transfers and their signed webhooks (docs/payment-rails/paystack.md "Money out").
const SECRET = 'sk_test_transfers_adapter';
let fake: PaystackFake;
let received: Array<{ body: string; headers: Record<string, string> }> = [];
const paystack = () => createPaystackFunding({ baseUrl: fake.url, secretKey: SECRET, timeoutMs: 5_000 });

beforeAll(async () => {
  fake = await startPaystackFake({
    secretKey: SECRET,
    retryDelaysMs: [],
    deliver: async (body, headers) => {
      received.push({ body, headers });
      return { status: 200, body: '{}' };
    },
  });
});
afterAll(() => fake.close());
beforeEach(() => {
  received = [];
});

/** A GTBank NUBAN whose serial ends as asked (the fake's outcome by account ending). */
const gtbAccount = (serial: number) => generateNuban('058', serial);
let serials = 1_000;
const nextSerial = (ending: number) => {
  serials += 1;
  return serials * 1_000 + ending;
};

/** What the app would read of each webhook received: whether its signature is Paystack's, and the event. */
const readReceived = () =>
  received.map(({ body, headers }) => ({
    signed: paystack().isSignatureValid(Buffer.from(body), headers['x-paystack-signature']),
    event: paystack().readEvent(Buffer.from(body)),
    status: (JSON.parse(body) as { data: { status: string } }).data.status,
  }));

async function transferTo(accountNumber: string, amount = 2_500_000) {
  const { recipientCode } = await paystack().createRecipient({ bankCode: '058', accountNumber, name: 'Acme' });
  const reference = `levy-wd-test-${accountNumber}-${amount}`;
  const queued = await paystack().initiateTransfer({
    amount: asKobo(amount),
    recipientCode,
    reference,
    reason: 'Levy withdrawal',
  });
  return { recipientCode, reference, queued };
}

describe('Paystack money out, against the fake', () => {
  it('lists Nigerian banks with the codes the other calls take', async () => {
    const banks = await paystack().listBanks();
    expect(banks).toContainEqual({ code: '058', name: 'Guaranty Trust Bank' });
    expect(banks).toContainEqual({ code: '50211', name: 'Kuda Bank' });
  });

  it('resolves a NUBAN to the name its bank gives it, and knows no invalid or unknown account', async () => {
    const account = gtbAccount(nextSerial(1));
    expect(await paystack().resolveAccount({ bankCode: '058', accountNumber: account })).toEqual({
      accountName: expect.stringMatching(/^[A-Z ]+$/),
    });
    const wrongCheckDigit = `${account.slice(0, 9)}${(Number(account[9]) + 1) % 10}`;
    expect(await paystack().resolveAccount({ bankCode: '058', accountNumber: wrongCheckDigit })).toBeNull();
    expect(await paystack().resolveAccount({ bankCode: '058', accountNumber: gtbAccount(nextSerial(404)) })).toBeNull();
  });

  it('gives one recipient per bank account however often it is created', async () => {
    const account = gtbAccount(nextSerial(2));
    const first = await paystack().createRecipient({ bankCode: '058', accountNumber: account, name: 'Acme' });
    const again = await paystack().createRecipient({ bankCode: '058', accountNumber: account, name: 'Acme' });
    expect(first.recipientCode).toMatch(/^RCP_/);
    expect(again).toEqual(first);
  });

  it('queues a transfer and announces its success, signed; verification agrees', async () => {
    const { reference, queued } = await transferTo(gtbAccount(nextSerial(3)));
    expect(queued).toMatchObject({
      reference,
      status: 'pending',
      amount: 2_500_000,
      transferCode: expect.stringMatching(/^TRF_/),
    });
    expect(readReceived()).toEqual([
      { signed: true, event: { kind: 'transfer', reference, event: 'transfer.success' }, status: 'success' },
    ]);
    expect(await paystack().verifyTransfer(reference)).toMatchObject({
      reference,
      status: 'success',
      amount: 2_500_000,
    });
  });

  it('announces a failed transfer, and a reversed one after its success', async () => {
    const failed = await transferTo(gtbAccount(nextSerial(51)));
    const reversed = await transferTo(gtbAccount(nextSerial(52)));
    expect(readReceived().map(({ event, status, signed }) => [event, status, signed])).toEqual([
      [{ kind: 'transfer', reference: failed.reference, event: 'transfer.failed' }, 'failed', true],
      [{ kind: 'transfer', reference: reversed.reference, event: 'transfer.success' }, 'success', true],
      [{ kind: 'transfer', reference: reversed.reference, event: 'transfer.reversed' }, 'reversed', true],
    ]);
    expect(await paystack().verifyTransfer(failed.reference)).toMatchObject({
      status: 'failed',
      reason: 'The receiving bank is not available',
    });
    expect((await paystack().verifyTransfer(reversed.reference))?.status).toBe('reversed');
    expect(await paystack().verifyTransfer('levy-wd-no-such-transfer')).toBeNull();
  });

  it('treats the same reference again as a retry of the same transfer, and refuses it for another', async () => {
    const { reference, recipientCode } = await transferTo(gtbAccount(nextSerial(53)));
    const retry = await paystack().initiateTransfer({
      amount: asKobo(2_500_000),
      recipientCode,
      reference,
      reason: 'Levy withdrawal',
    });
    expect(retry).toMatchObject({ reference, status: 'pending' });
    await expect(
      paystack().initiateTransfer({ amount: asKobo(100_000), recipientCode, reference, reason: 'Levy withdrawal' }),
    ).rejects.toThrow(new TransferRefusedError('Duplicate Transfer Reference'));
  });

  it('refuses a transfer its balance cannot cover', async () => {
    await expect(transferTo(gtbAccount(nextSerial(4)), 1_000_005)).rejects.toThrow(
      new TransferRefusedError('Your balance is not enough to fulfill this request'),
    );
  });

  it('resends a transfer event as often as asked, and forges it on request', async () => {
    const { reference } = await transferTo(gtbAccount(nextSerial(5)));
    received = [];
    await fetch(`${fake.url}/__fake/paystack/transfers/${reference}/resend`, {
      method: 'POST',
      body: JSON.stringify({ times: 3 }),
    });
    expect(new Set(received.map((each) => each.body)).size).toBe(1);
    expect(readReceived().map((each) => each.signed)).toEqual([true, true, true]);
    received = [];
    for (const variant of ['wrong-key', 'other-body', 'missing'])
      await fetch(`${fake.url}/__fake/paystack/transfers/${reference}/forge`, {
        method: 'POST',
        body: JSON.stringify({ variant }),
      });
    expect(readReceived().map((each) => each.signed)).toEqual([false, false, false]);
  });
});
