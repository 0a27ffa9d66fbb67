import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailMessage, MailTransport } from './adapters/mail/mail-transport';
import { queryRows } from './db/raw';
import { paystackFake, postPaystackEvent } from '../test/paystack-kit';
import {
  createTestApp,
  ownerWithOrganisation,
  signUp,
  usePostgres,
  type AppInstance,
  type TestApp,
} from '../test/harness';

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

// Levy as several processes on one PostgreSQL: PGlite is one process's database.
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
        (attempt % 2 === 0 ? test : second).call('POST', 'public', 'authx/authorize', {
          ip,
          body: { email, password: attempt === 29 ? password : 'wrong-password' },
        }),
      ),
    );
    expect(answers.filter((answer) => answer.code !== 'RATE_LIMITED').length).toBeLessThanOrEqual(5);
    expect(answers.filter((answer) => answer.code === 'OK')).toHaveLength(0);
    const [{ attempts }] = await queryRows<{ attempts: number }>(
      test.database.db,
      sql`select count(*)::int as attempts from login_failures where email = ${email}`,
    );
    expect(attempts).toBeLessThanOrEqual(5);
  });

  it('sends a mail enqueued through one instance once, though both deliver mail', async () => {
    const { email } = await signUp(test);
    const asked = await second.call('POST', 'public', 'users/password/forgot', { body: { email } });
    expect(asked.code).toBe('OK');
    const resets = () =>
      delivered.filter((message) => message.to === email && message.subject === 'Reset your Levy password');
    const deadline = Date.now() + 10_000;
    while (resets().length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    // Both instances poll the queue every half second: give the other one time to deliver it again, if it could.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(resets()).toHaveLength(1);
    const rows = await queryRows<{ status: string }>(
      test.database.db,
      sql`select status from outbox where "to" = ${email} and subject = 'Reset your Levy password'`,
    );
    expect(rows).toEqual([{ status: 'sent' }]);
  });

  it('credits through one instance a transfer already credited through the other only once', async () => {
    const owner = await ownerWithOrganisation(test);
    const walletsOf = async () =>
      (await test.call('GET', 'core', `internal/organisations/${owner.organisationId}/wallets`, { token: owner.token }))
        .data.wallets;
    const [wallet] = await walletsOf();
    // The fake delivers to the first instance; the second gets the very same signed notice.
    const account = wallet.virtual_account.account_number;
    const { transaction, delivery } = await paystackFake(test.paystackFakeUrl, `/dva/${account}/credit`, {
      amount_kobo: 100_000,
      sender_name: 'Chukwuma Nwosu',
    });
    expect(JSON.parse(delivery!.body)).toMatchObject({ message: 'credited', data: { credited: true } });
    expect(await postPaystackEvent(second.app, { event: 'charge.success', data: transaction })).toMatchObject({
      status: 200,
      message: 'already credited',
      data: { credited: false },
    });
    // Another transfer (late: the fake has not announced it) announced to both at once is credited by one of them only.
    const other = await paystackFake(test.paystackFakeUrl, `/dva/${account}/credit`, {
      amount_kobo: 100_000,
      late: true,
    });
    const both = await Promise.all(
      [test.app, second.app].map((app) => postPaystackEvent(app, { event: 'charge.success', data: other.transaction })),
    );
    expect(both.filter((answer) => answer.data?.credited)).toHaveLength(1);
    expect((await walletsOf())[0].balance).toBe('2000.00');
  });
});
