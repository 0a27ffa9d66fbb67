import { randomUUID } from 'node:crypto';
import { addMonths, lagosPeriod, PAYE_TEMPLATE_HEADERS } from '@levy/tax';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/raw';
import {
  createTestApp,
  giveConsent,
  joinAsMember,
  ownerWithOrganisation,
  type TestApp,
  type TestFile,
} from '../../../test/harness';
import { DEADLINE_DIGEST_JOB, DIGEST_WINDOW_DAYS } from './alerts.service';

// Alerts, checklist, metrics, the deadline calendar and the digest against the real app and database.
let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test.close();
});

const THIS_MONTH = lagosPeriod(new Date());
const [THREE_AGO, TWO_AGO, LAST] = [addMonths(THIS_MONTH, -3), addMonths(THIS_MONTH, -2), addMonths(THIS_MONTH, -1)];

const PAYE_HEADER = PAYE_TEMPLATE_HEADERS.join(',');
const ONE_EMPLOYEE: TestFile = {
  field: 'recipients',
  filename: 'payroll.csv',
  contentType: 'text/csv',
  content: Buffer.from(
    `${PAYE_HEADER}\nN-1000001,Adaeze Okafor,Nigerian,Officer,500000,65300,500000,0,0,0,0,0,0,0,0,0,0,0\n`,
  ),
};

/** An organisation whose corporation registered Lagos in the middle of the month three months ago. */
async function registeredThreeMonthsAgo() {
  const owner = await ownerWithOrganisation(test);
  const corporation = await test.call('POST', 'core', 'internal/corporations', {
    token: owner.token,
    body: { name: `Deadline Corp ${randomUUID().slice(0, 6)}` },
  });
  const corporationId = corporation.data.id as string;
  const added = await test.call('POST', 'core', `internal/corporations/${corporationId}/states/LA`, {
    token: owner.token,
    body: { tax_payer_number: 'C-0012345', first_tax_month: THREE_AGO },
  });
  if (added.code !== 'OK') throw new Error(`add state failed: ${JSON.stringify(added)}`);
  return { owner, corporationId };
}

async function fund(owner: { token: string; organisationId: string }, amount: string) {
  const wallets = await test.call('GET', 'core', `internal/organisations/${owner.organisationId}/wallets`, {
    token: owner.token,
  });
  const funded = await test.call('POST', 'core', `internal/sandbox/wallets/${wallets.data.wallets[0].id}/fund`, {
    token: owner.token,
    body: { amount },
  });
  if (funded.code !== 'OK') throw new Error(`fund failed: ${JSON.stringify(funded)}`);
}

/** PAYE for a month; the first payment gives consent and registers ONE_EMPLOYEE, as a bill needs. */
async function payPaye(owner: { token: string }, corporationId: string, month: string) {
  const registrations = await test.call('GET', 'core', `internal/corporations/${corporationId}/states`, {
    token: owner.token,
  });
  if (!registrations.data[0].is_control_consent_given) {
    await giveConsent(test, owner.token, corporationId, 'LA');
    const uploaded = await test.upload(`internal/corporations/${corporationId}/states/LA/payrolls/file`, {
      namespace: 'core',
      token: owner.token,
      files: [{ ...ONE_EMPLOYEE, field: 'file' }],
    });
    if (uploaded.code !== 'OK') throw new Error(`payroll upload failed: ${JSON.stringify(uploaded)}`);
  }
  const created = await test.upload(`internal/corporations/${corporationId}/states/LA/paye/bills`, {
    namespace: 'core',
    token: owner.token,
    fields: { start_date: month },
    files: [ONE_EMPLOYEE],
    headers: { 'idempotency-key': randomUUID() },
  });
  if (created.data?.status !== 'payment_paid') throw new Error(`pay failed: ${JSON.stringify(created)}`);
}

function download(token: string, organisationId: string, format: 'ics' | 'csv') {
  return test.app.inject({
    method: 'GET',
    url: `/service/v1/core/internal/organisations/${organisationId}/deadlines/export?format=${format}`,
    headers: { 'api-token': token },
  });
}

describe('alerts', () => {
  it('lists every unpaid month since registration up to the last completed month, and the session carries them', async () => {
    const { owner, corporationId } = await registeredThreeMonthsAgo();
    await fund(owner, '1000000');
    await payPaye(owner, corporationId, LAST);
    const alerts = await test.call('GET', 'core', `internal/organisations/${owner.organisationId}/alerts`, {
      token: owner.token,
    });
    expect(alerts.code).toBe('OK');
    const payeMonths = (list: Array<{ kind: string; tax_month: string }>) =>
      list.filter((alert) => alert.kind === 'paye').map((alert) => alert.tax_month);
    expect(payeMonths(alerts.data)).toEqual([THREE_AGO, TWO_AGO]);
    // WHT is owed from the same first month: no WHT bill was made, so every month is open.
    expect(alerts.data.filter((alert: { kind: string }) => alert.kind === 'wht')).toHaveLength(3);
    expect(alerts.data[0]).toMatchObject({
      kind: 'paye',
      state: 'Lagos',
      state_code: 'LA',
      start_date: `${THREE_AGO}-01`,
      status: 'overdue',
      corporation: { id: corporationId },
    });
    expect(alerts.data[0].message).toMatch(/^PAYE tax for \w+ \d{4}, due by \d{2} \w{3}, \d{4}$/);
    // Overdue: the penalty so far is estimated on the payroll on file's ₦65,300 with the rule's source.
    expect(alerts.data[0].penalty.basis).toBe('65300.00');
    expect(alerts.data[0].penalty_rule).toMatch(/NTAA 2025 s\.107/);
    expect(alerts.data[0].pay_link).toBe(`/bills?pay=paye&corporation=${corporationId}&state=LA&month=${THREE_AGO}`);

    const session = await test.call('GET', 'auth', 'users/me', { token: owner.token });
    expect(payeMonths(session.data.alerts)).toEqual([THREE_AGO, TWO_AGO]);
    // Login fills the session's alerts too (after its transaction: PGlite has a single connection).
    const login = await test.call('POST', 'public', 'authx/authorize', {
      body: { email: owner.email, password: 'correct-horse-1' },
    });
    expect(login.code).toBe('OK');
    expect(payeMonths(login.data.alerts)).toEqual([THREE_AGO, TWO_AGO]);

    // Paying a month removes its alert: nothing is stored, so nothing is stale.
    await payPaye(owner, corporationId, THREE_AGO);
    const after = await test.call('GET', 'core', `internal/organisations/${owner.organisationId}/alerts`, {
      token: owner.token,
    });
    expect(payeMonths(after.data)).toEqual([TWO_AGO]);
  });

  it("answers only for the caller's own organisation", async () => {
    const { owner } = await registeredThreeMonthsAgo();
    const other = await ownerWithOrganisation(test);
    for (const path of ['alerts', 'checklist', 'bills/metrics/monthly', 'deadlines']) {
      const answer = await test.call('GET', 'core', `internal/organisations/${owner.organisationId}/${path}`, {
        token: other.token,
      });
      expect(answer.code, path).toBe('NOT_FOUND');
    }
    expect((await download(other.token, owner.organisationId, 'ics')).statusCode).toBe(404);
    expect((await test.call('GET', 'core', `internal/organisations/${owner.organisationId}/alerts`)).code).toBe(
      'NO_AUTH',
    );
    expect(
      (
        await test.call('GET', 'core', `internal/organisations/${owner.organisationId}/bills/metrics/yearly`, {
          token: owner.token,
        })
      ).code,
    ).toBe('NOT_FOUND');
  });
});

describe('checklist', () => {
  it('ticks each step as it is done, for the owner only', async () => {
    const owner = await ownerWithOrganisation(test);
    const path = `internal/organisations/${owner.organisationId}/checklist`;
    const fresh = await test.call('GET', 'core', path, { token: owner.token });
    expect(
      fresh.data.steps.map((step: { code: string; done: boolean; route: string }) => [
        step.code,
        step.done,
        step.route,
      ]),
    ).toEqual([
      ['account', true, '/settings'],
      ['corporation', false, '/corporations'],
      ['states', false, '/corporations'],
      ['fund', false, '/dashboard'],
      ['bills', false, '/bills'],
    ]);
    expect(fresh.data.completed).toBe(false);

    const corporation = await test.call('POST', 'core', 'internal/corporations', {
      token: owner.token,
      body: { name: 'Checklist Corp' },
    });
    await test.call('POST', 'core', `internal/corporations/${corporation.data.id}/states/LA`, {
      token: owner.token,
      body: { tax_payer_number: 'C-0012345' },
    });
    await fund(owner, '1000000');
    await payPaye(owner, corporation.data.id as string, LAST);
    const done = await test.call('GET', 'core', path, { token: owner.token });
    expect(done.data.steps.find((step: { code: string }) => step.code === 'states').route).toBe(
      `/corporations/${corporation.data.id}/states`,
    );
    expect(done.data.completed).toBe(true);

    const admin = await joinAsMember(test, owner, 'user.admin');
    expect((await test.call('GET', 'core', path, { token: admin.token })).code).toBe('FORBIDDEN');
  });
});

describe('metrics and the deadline calendar', () => {
  it('sums the tax paid by tax month and type and lists the calendar as JSON, iCalendar and CSV', async () => {
    const { owner, corporationId } = await registeredThreeMonthsAgo();
    await fund(owner, '1000000');
    await payPaye(owner, corporationId, LAST);

    const metrics = await test.call(
      'GET',
      'core',
      `internal/organisations/${owner.organisationId}/bills/metrics/monthly`,
      { token: owner.token },
    );
    expect(metrics.data.months).toHaveLength(12);
    // Last month's PAYE, paid this month, counts for last month: the month the tax is for.
    expect(metrics.data.months.at(-1)).toMatchObject({ month: THIS_MONTH, paye: '0.00', wht: '0.00' });
    expect(metrics.data.months.at(-2)).toMatchObject({ month: LAST, paye: '65300.00', wht: '0.00' });
    expect(metrics.data.months[0].month).toBe(addMonths(THIS_MONTH, -11));
    expect(metrics.data.total).toBe('65300.00');

    const calendar = await test.call('GET', 'core', `internal/organisations/${owner.organisationId}/deadlines`, {
      token: owner.token,
    });
    const statuses = calendar.data.entries.map(
      (entry: { tax_month: string; status: string }) => `${entry.tax_month} ${entry.status}`,
    );
    expect(statuses).toContain(`${THREE_AGO} overdue`);
    expect(statuses).toContain(`${TWO_AGO} overdue`);
    // Twelve months ahead: the month ten ahead is always due inside the window; the month eleven ahead
    // only once its deadline (the 10th of the month after) is within a year of today.
    expect(statuses).toContain(`${addMonths(THIS_MONTH, 10)} due`);
    const to = calendar.data.to as string;
    for (const entry of calendar.data.entries as Array<{ deadline_date: string }>) {
      expect(entry.deadline_date <= to).toBe(true);
    }
    expect(
      statuses.filter((status: string) => status.endsWith(' due') || status.endsWith(' paid')).length,
    ).toBeGreaterThanOrEqual(12);

    const ics = await download(owner.token, owner.organisationId, 'ics');
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toMatch(/^text\/calendar/);
    expect(ics.headers['content-disposition']).toMatch(/attachment; filename="?tax-deadlines-\d{4}-\d{2}-\d{2}\.ics/);
    const body = ics.body;
    expect(body.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(body.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
    expect(body.match(/BEGIN:VEVENT/g)).toHaveLength(calendar.data.entries.length);
    expect(body).toMatch(/DTSTART;VALUE=DATE:\d{8}\r\n/);

    const csv = await download(owner.token, owner.organisationId, 'csv');
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Corporation,State,Tax,Tax month,Due date,Pay by (working day),Status,Days overdue,Penalty so far (NGN),Per extra week (NGN),Late remittance rule',
    );
    expect(lines).toHaveLength(calendar.data.entries.length + 1);
  });
});

describe('the deadline feed', () => {
  /** The feed address's path, as a calendar app asks for it: no token, no session. */
  function readFeed(url: string) {
    return test.app.inject({ method: 'GET', url: new URL(url).pathname });
  }

  it('serves the calendar without a session at an unguessable address, which a reset invalidates', async () => {
    const { owner, corporationId } = await registeredThreeMonthsAgo();
    const feedPath = `internal/organisations/${owner.organisationId}/deadlines/feed`;
    const first = await test.call('GET', 'core', feedPath, { token: owner.token });
    expect(first.code).toBe('OK');
    expect(first.data.url).toMatch(
      new RegExp(
        `^http://levy\\.test/service/v1/public/feeds/deadlines/${owner.organisationId.replace(/-/g, '')}[A-Za-z0-9_-]{43}\\.ics$`,
      ),
    );
    // Asking again gives the same address: calendar apps keep it.
    expect((await test.call('GET', 'core', feedPath, { token: owner.token })).data.url).toBe(first.data.url);

    const feed = await readFeed(first.data.url);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    const calendar = await test.call('GET', 'core', `internal/organisations/${owner.organisationId}/deadlines`, {
      token: owner.token,
    });
    expect(feed.body.match(/BEGIN:VEVENT/g)).toHaveLength(calendar.data.entries.length);
    expect(feed.body.replace(/\r\n[ \t]/g, '')).toContain(`-${corporationId}-LA@levy.${owner.organisationId}`);
    // Through the JSON gateway too, without a token.
    const token = /deadlines\/(.+)\.ics$/.exec(first.data.url)![1];
    const viaGateway = await test.app.inject({
      method: 'POST',
      url: '/service/v1',
      payload: { method: 'GET', namespace: 'public', path: `feeds/deadlines/${token}.ics` },
    });
    expect(viaGateway.statusCode).toBe(200);
    expect(viaGateway.body.startsWith('BEGIN:VCALENDAR')).toBe(true);

    // A member reads the address but cannot reset it; the owner can, and the old address is gone.
    const member = await joinAsMember(test, owner, 'user.member');
    expect((await test.call('GET', 'core', feedPath, { token: member.token })).data.url).toBe(first.data.url);
    expect((await test.call('POST', 'core', `${feedPath}/reset`, { token: member.token })).code).toBe('FORBIDDEN');
    const reset = await test.call('POST', 'core', `${feedPath}/reset`, { token: owner.token });
    expect(reset.code).toBe('OK');
    expect(reset.data.url).not.toBe(first.data.url);
    const old = await readFeed(first.data.url);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await readFeed(reset.data.url)).statusCode).toBe(200);
    expect((await test.call('GET', 'core', feedPath, { token: owner.token })).data.url).toBe(reset.data.url);
  });

  it("never shows another organisation's deadlines: each secret opens only its own organisation", async () => {
    const { owner } = await registeredThreeMonthsAgo();
    const other = await registeredThreeMonthsAgo();
    const mine = (
      await test.call('GET', 'core', `internal/organisations/${owner.organisationId}/deadlines/feed`, {
        token: owner.token,
      })
    ).data.url as string;
    const theirs = (
      await test.call('GET', 'core', `internal/organisations/${other.owner.organisationId}/deadlines/feed`, {
        token: other.owner.token,
      })
    ).data.url as string;
    const secretOf = (url: string) => /deadlines\/[0-9a-f]{32}(.+)\.ics$/.exec(url)![1];
    const hexOf = (organisationId: string) => organisationId.replace(/-/g, '');
    // My organisation with their secret, and an organisation that does not exist: not found, like a malformed address.
    for (const path of [
      `feeds/deadlines/${hexOf(owner.organisationId)}${secretOf(theirs)}.ics`,
      `feeds/deadlines/${hexOf(randomUUID())}${secretOf(mine)}.ics`,
      `feeds/deadlines/${hexOf(owner.organisationId)}.ics`,
      `feeds/deadlines/${hexOf(owner.organisationId)}${secretOf(mine)}`,
      // Longer than the router reads a path parameter (100 characters): wrong like any other.
      `feeds/deadlines/${hexOf(owner.organisationId)}${secretOf(mine).repeat(3)}.ics`,
    ]) {
      const answer = await test.app.inject({ method: 'GET', url: `/service/v1/public/${path}` });
      expect(answer.statusCode, path).toBe(404);
    }
    const feed = (await readFeed(mine)).body.replace(/\r\n[ \t]/g, '');
    expect(feed).toContain(`@levy.${owner.organisationId}`);
    expect(feed).not.toContain(other.owner.organisationId);
    expect(feed).not.toContain(other.corporationId);
    // Another organisation's owner can neither read nor reset my address.
    expect(
      (
        await test.call('GET', 'core', `internal/organisations/${owner.organisationId}/deadlines/feed`, {
          token: other.owner.token,
        })
      ).code,
    ).toBe('NOT_FOUND');
    expect(
      (
        await test.call('POST', 'core', `internal/organisations/${owner.organisationId}/deadlines/feed/reset`, {
          token: other.owner.token,
        })
      ).code,
    ).toBe('NOT_FOUND');
    // The secret is not a setting anyone lists.
    const settings = await test.call('GET', 'auth', `organisations/${owner.organisationId}/settings`, {
      token: owner.token,
    });
    expect(JSON.stringify(settings.data)).not.toContain(secretOf(mine));
  });
});

describe('deadline digest', () => {
  async function runDigest() {
    const [job] = await queryRows<{ id: string }>(
      test.database.db,
      sql`insert into pgboss.job (name, data) values (${DEADLINE_DIGEST_JOB}, '{}'::jsonb) returning id`,
    );
    const deadline = Date.now() + 20_000;
    for (;;) {
      const [row] = await queryRows<{ state: string }>(
        test.database.db,
        sql`select state from pgboss.job where id = ${job.id}`,
      );
      if (row?.state === 'completed') return;
      if (row?.state === 'failed' || Date.now() > deadline) throw new Error(`digest job ended ${row?.state}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  it('mails each admin once a day, and nothing when the organisation turned it off', async () => {
    const { owner } = await registeredThreeMonthsAgo();
    const admin = await joinAsMember(test, owner, 'user.admin');
    const member = await joinAsMember(test, owner, 'user.member');
    const quiet = await registeredThreeMonthsAgo();
    const setting = await test.call('POST', 'auth', `organisations/${quiet.owner.organisationId}/settings`, {
      token: quiet.owner.token,
      body: { setting_code: 'core.organisation.deadline_digest', value: false },
    });
    expect(setting.data).toEqual({ setting_code: 'core.organisation.deadline_digest', value: false });

    await runDigest();
    await runDigest();
    const digests = (await test.mailbox()).filter((mail) => /overdue tax payment/.test(mail.subject));
    expect(digests.filter((mail) => mail.to === owner.email)).toHaveLength(1);
    expect(digests.filter((mail) => mail.to === admin.email)).toHaveLength(1);
    expect(digests.filter((mail) => mail.to === member.email)).toHaveLength(0);
    expect(digests.filter((mail) => mail.to === quiet.owner.email)).toHaveLength(0);
    const mail = digests.find((item) => item.to === owner.email)!;
    const alerts = await test.call('GET', 'core', `internal/organisations/${owner.organisationId}/alerts`, {
      token: owner.token,
    });
    const overdue = alerts.data.filter((alert: { status: string }) => alert.status === 'overdue').length;
    expect(overdue).toBeGreaterThanOrEqual(2); // three and two months ago are always past their deadlines
    expect(mail.subject).toBe(`${overdue} overdue tax payments for Acme Nigeria Ltd`);
    // Every overdue alert and every one due within the window; later ones wait for a later digest.
    for (const alert of alerts.data as Array<{ status: string; days_left: number | null; message: string }>) {
      if (alert.status === 'overdue' || (alert.days_left ?? 0) <= DIGEST_WINDOW_DAYS) {
        expect(mail.text).toContain(alert.message);
      } else {
        expect(mail.text).not.toContain(alert.message);
      }
    }
    expect(mail.text).toContain('Overdue:');
    expect(mail.text).toContain('Settings → Organisation');
    const [sent] = await queryRows<{ count: number }>(
      test.database.db,
      sql`select count(*)::int as count from deadline_digests where organisation_id = ${owner.organisationId}`,
    );
    expect(sent.count).toBe(1);
  });
});
