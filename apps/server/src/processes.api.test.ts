import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage, MailTransport } from './adapters/mail/mail-transport';
import { SANDBOX_WEBHOOK_SECRET } from './config';
import { queryRows } from './db/raw';
import { createTestApp, ownerWithOrganisation, signUp, usePostgres, type AppInstance, type TestApp } from '../test/harness';

/** What both apps' mail transport delivered: one list, as one SMTP server would see it. */
const delivered: MailMessage[] = [];
const transport: MailTransport = {
  kind: 'smtp',
  async deliver(message) {
    delivered.push(message);
  },
  close() {},
};

let test: TestApp;
let second: AppInstance;

// Levy as several processes on one PostgreSQL (issue 12): PGlite is one process's database.
describe.skipIf(!usePostgres)('two app instances on one PostgreSQL', () => {
  beforeAll(async () => {
    test = await createTestApp({ mailTransport: transport });
    second = await test.startAnother();
  });
  afterAll(async () => {
    await second?.close();
    await test?.close();
  });

  it('holds the sign-in limit across both under 30 concurrent guesses', async () => {
    const { email, password } = await signUp(test);
    const ip = '192.0.2.60';
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, attempt) =>
        (attempt % 2 === 0 ? test : second).call('POST', 'public', 'authx/authorize', { ip, body: { email, password: attempt === 29 ? password : 'wrong-password' } }),
      ),
    );
    expect(answers.filter((answer) => answer.code !== 'RATE_LIMITED').length).toBeLessThanOrEqual(5);
    expect(answers.filter((answer) => answer.code === 'OK')).toHaveLength(0);
    const [{ attempts }] = await queryRows<{ attempts: number }>(test.database.db, sql`select count(*)::int as attempts from login_failures where email = ${email}`);
    expect(attempts).toBeLessThanOrEqual(5);
  });

  it('sends a mail enqueued through one instance once, though both deliver mail', async () => {
    const { email } = await signUp(test);
    const asked = await second.call('POST', 'public', 'users/password/forgot', { body: { email } });
    expect(asked.code).toBe('OK');
    const resets = () => delivered.filter((message) => message.to === email && message.subject === 'Reset your Levy password');
    const deadline = Date.now() + 10_000;
    while (resets().length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    // Both instances poll the queue every half second: give the other one time to deliver it again, if it could.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(resets()).toHaveLength(1);
    const rows = await queryRows<{ status: string }>(test.database.db, sql`select status from outbox where "to" = ${email} and subject = 'Reset your Levy password'`);
    expect(rows).toEqual([{ status: 'sent' }]);
  });

  it('refuses through one instance a payment webhook already applied through the other', async () => {
    const owner = await ownerWithOrganisation(test);
    const walletsOf = async () => (await test.call('GET', 'core', `internal/organisations/${owner.organisationId}/wallets`, { token: owner.token })).data.wallets;
    const [wallet] = await walletsOf();
    const notice = {
      event: 'transfer.received',
      data: { reference: 'PSK-TWO-PROCESSES', account_number: wallet.virtual_account.account_number, amount: 1000, sender_name: 'Chukwuma Nwosu', paid_at: new Date().toISOString() },
    };
    const post = async (app: FastifyInstance, body: object) => {
      const raw = JSON.stringify(body);
      const response = await app.inject({
        method: 'POST',
        url: '/service/v1/webhooks/payments/sandbox',
        headers: { 'content-type': 'application/json', 'x-levy-signature': createHmac('sha512', SANDBOX_WEBHOOK_SECRET).update(raw).digest('hex') },
        payload: raw,
      });
      return { status: response.statusCode, ...response.json() };
    };
    const first = await post(test.app, notice);
    expect(first).toMatchObject({ status: 200, message: 'Transfer credited', data: { credited: true } });
    const replay = await post(second.app, notice);
    expect(replay).toMatchObject({ status: 200, message: 'Transfer already applied', data: { credited: false } });
    // Another notice arriving at both at once is credited by one of them only.
    const other = { ...notice, data: { ...notice.data, reference: 'PSK-TWO-PROCESSES-2' } };
    const both = await Promise.all([test.app, second.app].map((app) => post(app, other)));
    expect(both.filter((answer) => answer.data.credited)).toHaveLength(1);
    expect((await walletsOf())[0].balance).toBe('2000.00');
  });
});
