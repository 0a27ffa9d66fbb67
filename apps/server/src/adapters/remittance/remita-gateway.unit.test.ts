import { createHash } from 'node:crypto';
import { asKobo } from '@levy/tax';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRemitaFake, REMITA_FAKE_TAX_IDS, type RemitaFake } from './remita-fake';
import { createRemitaGateway, transactionHash } from './remita-gateway';
import { SANDBOX_FEE_BILLER, SANDBOX_REMITA, sandboxBillers, sandboxTarget } from './remita-sandbox';
import { outcomeOfCode, RemittanceError, type RemittancePayment } from './remittance-gateway';

// The real adapter over HTTP against the local Remita fake: every behaviour the fake reproduces.
let fake: RemitaFake;
// Generous on a busy machine; the time-out cases shorten it.
const settings = () => ({ ...SANDBOX_REMITA, baseUrl: fake.baseUrl, timeoutMs: 10_000 });
const gateway = () => createRemitaGateway(settings());

function payment(
  taxIdDigits: string,
  amountKobo = 12_345_67,
  overrides: Partial<RemittancePayment> = {},
): RemittancePayment {
  return {
    target: sandboxTarget('LA', 'paye'),
    payer: { taxPayerNumber: `C-${taxIdDigits}`, name: 'Harbour Foods Limited', email: 'finance@harbour.example' },
    period: '2026-10',
    amountKobo: asKobo(amountKobo),
    description: 'October 2026 PAYE',
    ...overrides,
  };
}

async function paid(taxIdDigits: string, notifyTimeoutMs = 10_000) {
  const { rrr, amountDueKobo } = await gateway().reference(payment(taxIdDigits));
  const transactionId = `TX-${rrr}-${Date.now()}`;
  const notifier = createRemitaGateway({ ...settings(), timeoutMs: notifyTimeoutMs });
  return {
    rrr,
    amountDueKobo,
    transactionId,
    answer: await notifier
      .notifyPayment({ rrr, amountKobo: amountDueKobo, transactionId, paymentAuthCode: '4040000123' })
      .catch((error: unknown) => error),
  };
}

beforeAll(async () => {
  fake = await startRemitaFake({
    publicKey: SANDBOX_REMITA.publicKey,
    secretKey: SANDBOX_REMITA.secretKey,
    billers: sandboxBillers([
      { code: 'LA', revenueService: 'Lagos State Internal Revenue Service', collector: 'state' },
    ]),
    lateSettlementSeconds: 1,
    holdMinutes: 1 / 60,
  });
});
afterAll(() => fake.close());

describe('the Remita adapter against the fake', () => {
  it(
    'validates, generates an RRR for the amount due, notifies with a TXN_HASH the fake accepts, ' +
      'and reads the payment back by its transaction id',
    async () => {
      const { rrr, amountDueKobo, transactionId, answer } = await paid('0012345');
      expect(rrr).toMatch(/^\d{12}$/);
      expect(amountDueKobo).toBe(12_345_67);
      expect(answer).toMatchObject({ outcome: 'paid', code: '00', paymentReference: expect.stringMatching(/^FAKE/) });
      expect(fake.notifications().find((seen) => seen.transactionId === transactionId)).toEqual({
        rrr,
        transactionId,
        hashMatched: true,
      });
      const status = await gateway().status(transactionId);
      expect(status).toMatchObject({
        outcome: 'paid',
        paymentReference: (answer as { paymentReference: string }).paymentReference,
      });
      expect(status.paidAt).toBeInstanceOf(Date);
    },
  );

  it('computes TXN_HASH as SHA-512 of rrr, amount, funding source, account, auth code and secret, in that order', () => {
    const fields = {
      rrr: '110000000001',
      amountDebitted: '1000.00',
      fundingSource: 'TOKS',
      debittedAccount: '0001',
      paymentAuthCode: '99',
    };
    expect(transactionHash(fields, 'secret')).toBe(
      createHash('sha512').update('1100000000011000.00TOKS000199secret').digest('hex'),
    );
  });

  it('refuses a notification signed with another secret, and records nothing', async () => {
    const { rrr, amountDueKobo } = await gateway().reference(payment('0012346'));
    const forged = createRemitaGateway({ ...settings(), secretKey: 'not-the-secret' });
    const answer = await forged.notifyPayment({
      rrr,
      amountKobo: amountDueKobo,
      transactionId: `FORGED-${rrr}`,
      paymentAuthCode: '1',
    });
    expect(answer.outcome).not.toBe('paid');
    expect(fake.notifications().find((seen) => seen.transactionId === `FORGED-${rrr}`)?.hashMatched).toBe(false);
    expect((await gateway().status(`FORGED-${rrr}`)).outcome).toBe('absent');
  });

  it('shows Remita’s amount due when its charge makes it differ from the tax', async () => {
    const target = { billerId: SANDBOX_FEE_BILLER.id, serviceTypeId: SANDBOX_FEE_BILLER.products[0].serviceTypeId };
    expect(await gateway().quote(payment('0012347', 100_000_00, { target }))).toEqual({ amountDueKobo: 100_150_00 });
    const { amountDueKobo } = await gateway().reference(payment('0012347', 100_000_00, { target }));
    expect(amountDueKobo).toBe(100_150_00);
  });

  it('refuses invalid details before any reference exists', async () => {
    const refused = await gateway()
      .reference(payment(REMITA_FAKE_TAX_IDS.invalid))
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RemittanceError);
    expect(refused).toMatchObject({ kind: 'refused', message: expect.stringContaining('VALIDATION_FAILED') });
    const unknownProduct = await gateway()
      .reference(payment('0012345', 100, { target: { billerId: 'LEVYSBX-LA', serviceTypeId: 'NO-SUCH' } }))
      .catch((error: unknown) => error);
    expect(unknownProduct).toMatchObject({ kind: 'refused', message: expect.stringContaining('NO-SUCH') });
  });

  it('refuses calls under a wrong public key', async () => {
    const stranger = createRemitaGateway({ ...settings(), publicKey: 'someone-else' });
    expect(await stranger.quote(payment('0012345')).catch((error: unknown) => error)).toMatchObject({
      kind: 'refused',
    });
  });

  it('reads a decline as failed, and the status says so too', async () => {
    const { transactionId, answer } = await paid(REMITA_FAKE_TAX_IDS.declined);
    expect(answer).toMatchObject({ outcome: 'failed', code: '02', paymentReference: null });
    expect((await gateway().status(transactionId)).outcome).toBe('failed');
  });

  it('follows a late settlement from pending to paid', async () => {
    const { transactionId, answer } = await paid(REMITA_FAKE_TAX_IDS.lateSettlement);
    expect(answer).toMatchObject({ outcome: 'pending', code: '021' });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await gateway().status(transactionId)).toMatchObject({
      outcome: 'paid',
      code: '00',
      paymentReference: expect.stringMatching(/^FAKE/),
    });
  });

  it('times out on a notification Remita recorded without answering, and the status then finds it paid', async () => {
    const { transactionId, answer } = await paid(REMITA_FAKE_TAX_IDS.silent, 500);
    expect(answer).toMatchObject({ kind: 'unavailable' });
    expect((await gateway().status(transactionId)).outcome).toBe('paid');
  });

  it('keeps an outcome it does not know as unknown, never paid', async () => {
    const { transactionId, answer } = await paid(REMITA_FAKE_TAX_IDS.unknownOutcome);
    expect(answer).toMatchObject({ outcome: 'unknown', code: '998', paymentReference: null });
    expect((await gateway().status(transactionId)).outcome).toBe('unknown');
  });

  it('is told 503 while the biller holds payments, with nothing recorded, and is paid once it accepts them', async () => {
    const { rrr, amountDueKobo, transactionId, answer } = await paid(REMITA_FAKE_TAX_IDS.held);
    expect(answer).toMatchObject({ kind: 'unavailable' });
    expect((await gateway().status(transactionId)).outcome).toBe('absent');
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(
      (
        await gateway().notifyPayment({
          rrr,
          amountKobo: amountDueKobo,
          transactionId: `${transactionId}-2`,
          paymentAuthCode: '1',
        })
      ).outcome,
    ).toBe('paid');
  });

  it('answers a second notification of a paid RRR with the payment already made, never as a new one', async () => {
    const { rrr, amountDueKobo, answer } = await paid('0012348');
    expect(answer).toMatchObject({ outcome: 'paid' });
    const again = await gateway().notifyPayment({
      rrr,
      amountKobo: amountDueKobo,
      transactionId: `AGAIN-${rrr}`,
      paymentAuthCode: '2',
    });
    expect(again).toMatchObject({ outcome: 'unknown', code: '028' });
    expect((await gateway().status(`AGAIN-${rrr}`)).outcome).toBe('absent');
  });

  it('refuses a part payment', async () => {
    const { rrr, amountDueKobo } = await gateway().reference(payment('0012349'));
    const part = await gateway().notifyPayment({
      rrr,
      amountKobo: asKobo(amountDueKobo - 100),
      transactionId: `PART-${rrr}`,
      paymentAuthCode: '3',
    });
    expect(part.outcome).toBe('failed');
  });

  it('reads a reversal of a paid RRR as failed', async () => {
    const { rrr, transactionId } = await paid('0012350');
    fake.reverse(rrr);
    expect(await gateway().status(transactionId)).toMatchObject({
      outcome: 'failed',
      code: '02',
      paymentReference: null,
    });
  });

  it('reads a connection refused as unavailable', async () => {
    const closed = createRemitaGateway({ ...settings(), baseUrl: 'http://127.0.0.1:9/remita' });
    expect(await closed.status('anything').catch((error: unknown) => error)).toMatchObject({ kind: 'unavailable' });
  });

  it('reads Remita’s codes as documented: 00/01 paid, 021 pending, 02/012 failed, anything else unknown', () => {
    expect(['00', '01', '021', '02', '012', '025', '25', '998', ''].map(outcomeOfCode)).toEqual([
      'paid',
      'paid',
      'pending',
      'failed',
      'failed',
      'unknown',
      'unknown',
      'unknown',
      'unknown',
    ]);
  });
});
