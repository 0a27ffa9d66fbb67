// Month-end load: two app processes (NODE_ENV=production, TRUST_PROXY=1, their default
// pools) on one PostgreSQL database, and 100 organisations doing what they do on the 10th for
// 60 s, each a person who waits about a second between calls: sign-ins, the dashboard and its
// alerts, bill lists and exports, PAYE bills from 50-row files, WHT bills settled in the background
// by the settlement job, wallet fundings by Paystack's signed webhook (the real Paystack adapter in
// both processes against one local fake of Paystack, which verifies each), statement uploads. Calls
// alternate between the processes as a load balancer would. Afterwards the ledger is audited.
// The fakes of Paystack and Remita run in this process, not in an app process: in production the
// counterparts are elsewhere, and their work is not the app's.
// Beside the load, one person at a time asks a bare Fastify + pg route (bench/bare-team-list.ts) for
// the team list the app also serves in the mix: what the busy machine alone adds to a call.
// Budget: no errors; no audit differences; p99 of interactive calls (everything but uploads and
// exports) ≤ 500 ms; the settlement queue empty within 10 s of the last bill.
// Needs DATABASE_URL (a server where it may create a database).
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import pg from 'pg';
import { renderFixture } from '../packages/statements/src/fixtures/render-statement';
import { formatInteger, printTable } from './bench-table';
import { payeFixture } from './fixtures';
import { startProcess, stop } from '../apps/server/test/processes';
import { productionEnv } from './production-env';

if (!process.env.DATABASE_URL) {
  console.log('Skipped: the month-end bench needs DATABASE_URL (a PostgreSQL server where it may create a database).');
  process.exit(0);
}
process.env.TEST_DATABASE = 'postgres';
const { createScratchPostgresDatabase, createTestApp, multipartBody } = await import('../apps/server/test/harness');
const { billKit, THREE_EMPLOYEES, until } = await import('../apps/server/test/bill-kit');
const { startPaystackFake } = await import('../apps/server/src/adapters/payments/paystack-fake');
const { SANDBOX_PAYSTACK_SECRET_KEY } = await import('../apps/server/src/config');
type WebhookDelivery = import('../apps/server/src/adapters/payments/paystack-fake').WebhookDelivery;
type TestFile = import('../apps/server/test/harness').TestFile;

const ORGANISATIONS = 100;
const LOAD_MS = 60_000;
const THINK_MS = { min: 500, max: 1_500 };
const PORTS = [3500, 3501];
const BARE_PORT = 3502;
const BARE_EVERY_MS = 250;
const P99_BUDGET_MS = 500;
const DRAIN_BUDGET_MS = 10_000;
const SETUP_AT_ONCE = 4;
const PAYE_ROWS = 50;
const STATEMENT_ROWS = 200;

interface Organisation {
  index: number;
  email: string;
  password: string;
  token: string;
  organisationId: string;
  corporationId: string;
  recordId: string;
  accountNumber: string;
  address: string;
}

const workDir = path.resolve('.test-data', `bench-month-end-${Date.now()}`);
mkdirSync(workDir, { recursive: true });
// One Paystack fake for the setup app and both processes: its webhooks go to whoever is serving.
let webhookTarget: WebhookDelivery = async () => ({ status: 503, body: 'nobody is serving yet' });
const paystack = await startPaystackFake({
  secretKey: SANDBOX_PAYSTACK_SECRET_KEY,
  deliver: (body, headers) => webhookTarget(body, headers),
});
const paystackEnv = {
  PAYMENT_PROVIDER: 'paystack',
  PAYSTACK_SECRET_KEY: SANDBOX_PAYSTACK_SECRET_KEY,
  PAYSTACK_BASE_URL: paystack.url,
};
const env: Record<string, string> = { ...productionEnv(workDir), ...paystackEnv, TRUST_PROXY: '1' };

/** A transfer into an account at the Paystack fake; true when the app's webhook answered 200. */
async function transferIn(accountNumber: string, amountKobo: number): Promise<boolean> {
  const response = await fetch(`${paystack.url}/__fake/paystack/dva/${accountNumber}/credit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ amount_kobo: amountKobo, sender_name: 'Month End Ltd' }),
  });
  const answer = (await response.json()) as { delivery: { status: number; body: string } | null };
  if (answer.delivery?.status !== 200 && failures.length < 10)
    failures.push(`funding webhook: ${answer.delivery?.status} ${answer.delivery?.body.slice(0, 300)}`);
  return answer.delivery?.status === 200;
}

/** 100 organisations as the API makes them: owner signed up, corporation registered in Lagos with payroll
 * consent and a payroll on file, wallet funded, last month's PAYE bill, a statement record.
 */
async function prepare(databaseUrl: string): Promise<Organisation[]> {
  // The setup app starts the sandbox's Remita fake on the deploy's port, here; the app processes find it there.
  const test = await createTestApp({
    keep: { databaseUrl },
    env: { ...paystackEnv, REMITA_SANDBOX_PORT: env.REMITA_SANDBOX_PORT },
  });
  webhookTarget = async (body, headers) => {
    const answer = await test.app.inject({
      method: 'POST',
      url: '/service/v1/webhooks/payments/paystack',
      headers,
      payload: body,
    });
    return { status: answer.statusCode, body: answer.body };
  };
  const kit = billKit(() => test);
  const organisations: Organisation[] = [];
  try {
    let next = 0;
    // Consent reads the newest code in the shared mailbox, so that step is taken one at a time.
    let consentTurn = Promise.resolve();
    await Promise.all(
      Array.from({ length: SETUP_AT_ONCE }, async () => {
        while (next < ORGANISATIONS) {
          const index = next++;
          const ready = consentTurn.then(() => kit.organisationWithState(`C-${String(1_000_000 + index)}`));
          consentTurn = ready.then(() => undefined);
          const { owner, corporationId } = await ready;
          const wallets = await test.call('GET', 'core', `internal/organisations/${owner.organisationId}/wallets`, {
            token: owner.token,
          });
          const accountNumber = (wallets.data as { wallets: Array<{ virtual_account: { account_number: string } }> })
            .wallets[0].virtual_account.account_number;
          if (!(await transferIn(accountNumber, 100_000_000_000)))
            throw new Error(`funding failed: ${failures.join('; ')}`);
          // Last month's bill: the history every organisation has at month end (and its export is not empty).
          const september = await kit.generate(owner.token, corporationId, 'paye', { start_date: '2026-09' }, [
            THREE_EMPLOYEES,
          ]);
          if (september.code !== 'OK')
            throw new Error(`September bill failed: ${JSON.stringify(september).slice(0, 300)}`);
          const folder = await test.call('POST', 'bank', 'statement-folders', {
            token: owner.token,
            body: { name: 'Bank statements' },
          });
          const record = await test.call(
            'POST',
            'bank',
            `statement-folders/${(folder.data as { id: string }).id}/records`,
            { token: owner.token, body: { name: 'Main account' } },
          );
          if (record.code !== 'OK') throw new Error(`record failed: ${JSON.stringify(record)}`);
          organisations.push({
            index,
            email: owner.email,
            password: 'correct-horse-1',
            token: owner.token,
            organisationId: owner.organisationId,
            corporationId,
            recordId: (record.data as { id: string }).id,
            accountNumber,
            address: `10.27.${Math.floor(index / 250)}.${(index % 250) + 1}`,
          });
        }
      }),
    );
  } finally {
    await test.close();
  }
  return organisations.sort((a, b) => a.index - b.index);
}

interface Sample {
  kind: string;
  ms: number;
  ok: boolean;
}

const samples: Sample[] = [];
const bareSamples: number[] = [];
const failures: string[] = [];
let turn = 0;
let lastBillAt = 0;

/** One call to the next process in turn; its time and outcome are recorded under `kind`. Answers whether it succeeded. */
async function timed(
  kind: string,
  organisation: Organisation,
  request: {
    method: string;
    path: string;
    headers?: Record<string, string>;
    body?: Buffer | string;
    download?: boolean;
  },
): Promise<boolean> {
  const port = PORTS[turn++ % PORTS.length];
  const start = performance.now();
  let ok = false;
  try {
    const response = await fetch(`http://127.0.0.1:${port}${request.path}`, {
      method: request.method,
      headers: { 'x-forwarded-for': organisation.address, ...request.headers },
      body:
        typeof request.body === 'string' || request.body === undefined ? request.body : new Uint8Array(request.body),
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    if (request.download) ok = response.status === 200 && bytes.length > 0;
    else {
      const envelope = JSON.parse(bytes.toString('utf8')) as { code: string };
      ok = response.status === 200 && envelope.code === 'OK';
    }
    if (!ok && failures.length < 10)
      failures.push(`${kind}: HTTP ${response.status} ${bytes.toString('utf8').slice(0, 300)}`);
  } catch (error) {
    if (failures.length < 10) failures.push(`${kind}: ${(error as Error).message}`);
  }
  samples.push({ kind, ms: performance.now() - start, ok });
  return ok;
}

function gateway(
  kind: string,
  organisation: Organisation,
  method: string,
  namespace: string,
  callPath: string,
  extra: { params?: Record<string, unknown>; body?: unknown; token?: string | null } = {},
) {
  const token = extra.token === undefined ? organisation.token : extra.token;
  return timed(kind, organisation, {
    method: 'POST',
    path: '/service/v1',
    headers: { 'content-type': 'application/json', ...(token ? { 'api-token': token } : {}) },
    body: JSON.stringify({ method, namespace, path: callPath, params: extra.params, body: extra.body }),
  });
}

function upload(
  kind: string,
  organisation: Organisation,
  callPath: string,
  namespace: string,
  fields: Record<string, string>,
  files: TestFile[],
  headers: Record<string, string> = {},
) {
  const { payload, contentType } = multipartBody({ namespace, ...fields }, files);
  return timed(kind, organisation, {
    method: 'POST',
    path: `/service/v1/${callPath}`,
    headers: { 'content-type': contentType, 'api-token': organisation.token, ...headers },
    body: payload,
  });
}

const payeFile: TestFile = {
  field: 'recipients',
  filename: 'payroll.csv',
  contentType: 'text/csv',
  content: Buffer.from(payeFixture(PAYE_ROWS)),
};
let payee = 0;
let statementSeed = 0;

/** What an organisation does at month end, by weight: mostly reading, a bill or a funding now and then. */
const ACTIONS: Array<{ weight: number; run(organisation: Organisation): Promise<unknown> }> = [
  {
    weight: 3,
    run: (o) =>
      gateway('sign-in', o, 'POST', 'public', 'authx/authorize', {
        token: null,
        body: { email: o.email, password: o.password },
      }),
  },
  {
    weight: 16,
    run: async (o) => {
      await Promise.all([
        gateway(
          'dashboard: bill metrics',
          o,
          'GET',
          'core',
          `internal/organisations/${o.organisationId}/bills/metrics/monthly`,
        ),
        gateway('dashboard: checklist', o, 'GET', 'core', `internal/organisations/${o.organisationId}/checklist`),
        gateway('dashboard: wallets', o, 'GET', 'core', `internal/organisations/${o.organisationId}/wallets`),
        gateway('dashboard: deadlines', o, 'GET', 'core', `internal/organisations/${o.organisationId}/deadlines`),
      ]);
    },
  },
  { weight: 10, run: (o) => gateway('alerts', o, 'GET', 'core', `internal/organisations/${o.organisationId}/alerts`) },
  {
    weight: 14,
    run: (o) => gateway('bills list', o, 'GET', 'core', 'internal/bills', { params: { page: 1, count: 10 } }),
  },
  { weight: 3, run: (o) => gateway('team list', o, 'GET', 'auth', `organisations/${o.organisationId}/users`) },
  {
    weight: 4,
    run: (o) =>
      gateway('wallet history', o, 'GET', 'core', `internal/organisations/${o.organisationId}/wallets/history`, {
        params: { page: 1, count: 10 },
      }),
  },
  {
    weight: 3,
    run: (o) =>
      timed('bills export (CSV)', o, {
        method: 'GET',
        path: '/service/v1/core/internal/bills/export?format=csv',
        headers: { 'api-token': o.token },
        download: true,
      }),
  },
  {
    weight: 6,
    run: async (o) => {
      const made = await upload(
        'PAYE bill (50 rows)',
        o,
        `internal/corporations/${o.corporationId}/states/LA/paye/bills`,
        'core',
        { start_date: '2026-10', supplementary: 'true', supplementary_reason: 'Month-end load' },
        [payeFile],
        { 'idempotency-key': randomUUID() },
      );
      if (made) lastBillAt = performance.now();
    },
  },
  {
    weight: 6,
    run: async (o) => {
      // Other payees each time: the same payees and amounts in a month would be a repeat.
      const rows = Array.from(
        { length: 3 },
        () => `N-${String(2_000_000 + ++payee)},Kelechi Uche,${250_000 + (payee % 1000)}`,
      );
      const file: TestFile = {
        field: 'recipients',
        filename: 'vendors.csv',
        contentType: 'text/csv',
        content: Buffer.from(`tax_payer_number,name,amount\n${rows.join('\n')}\n`),
      };
      const made = await upload(
        'WHT bill (3 payees)',
        o,
        `internal/corporations/${o.corporationId}/states/LA/wht/bills`,
        'core',
        { payload_type: 'auto', wht_type: 'rent', start_date: '2026-10' },
        [file],
        { 'idempotency-key': randomUUID() },
      );
      if (made) lastBillAt = performance.now();
    },
  },
  {
    weight: 5,
    // The fake receives the transfer and posts its signed charge.success to a process, which verifies it with the fake.
    run: async (o) => {
      const start = performance.now();
      const ok = await transferIn(o.accountNumber, 25_000_000);
      samples.push({ kind: 'funding webhook', ms: performance.now() - start, ok });
      return ok;
    },
  },
  {
    weight: 2,
    run: async (o) => {
      const { bytes } = await renderFixture({ style: 'gtbank', seed: ++statementSeed, count: STATEMENT_ROWS }, 'csv');
      await upload(
        `statement upload (${STATEMENT_ROWS} rows)`,
        o,
        `statement-records/${o.recordId}/statements`,
        'bank',
        {},
        [{ field: 'file', filename: 'statement.csv', contentType: 'text/csv', content: Buffer.from(bytes) }],
      );
    },
  },
];
const INTERACTIVE = (kind: string) => !/upload|export|bill \(/.test(kind);
const totalWeight = ACTIONS.reduce((sum, action) => sum + action.weight, 0);

function pick(): (typeof ACTIONS)[number] {
  let roll = Math.random() * totalWeight;
  for (const action of ACTIONS) {
    roll -= action.weight;
    if (roll < 0) return action;
  }
  return ACTIONS[0];
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
}

/** Bills the settlement job has still to settle, and the sessions waiting on a lock. */
async function sample(client: pg.Pool): Promise<{ settling: number; lockWaits: number }> {
  const [row] = (
    await client.query<{ settling: string; lock_waits: string }>(
      `select (select count(*) from bills where status in ('awaiting_payment_confirmation', 'payment_pending')) as settling,
              (select count(*) from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock') as lock_waits`,
    )
  ).rows;
  return { settling: Number(row.settling), lockWaits: Number(row.lock_waits) };
}

/** The ledger after the load: each count is of things that are wrong. */
async function audit(client: pg.Pool) {
  const [row] = (
    await client.query<Record<string, string>>(`
    select
      (select count(*) from (select account_id, sum(amount_kobo) as total, (array_agg(balance_after_kobo order by sequence desc))[1] as latest
                             from ledger_entries group by account_id) a where total <> latest) as wrong_balances,
      (select count(*) from ledger_entries where is_wallet and balance_after_kobo < 0) as negative_wallets,
      (select count(*) from (select journal_id from ledger_entries group by journal_id having sum(amount_kobo) <> 0) j) as unbalanced_journals,
      (select count(*) from bills b
        where (select count(*) from ledger_journals j where j.reference = 'BILL-' || b.reference || '-' || upper(replace(left(b.id::text, 13), '-', ''))) <> 1
           or b.payment_journal_id is null
           or (select coalesce(sum(e.amount_kobo), 0) from ledger_entries e
               where e.journal_id = b.payment_journal_id and e.is_wallet) <> -b.total_kobo) as bills_without_one_debit,
      (select count(*) from bills where status = 'payment_paid' and receipt_number is null) as settled_without_receipt,
      (select count(*) from bills where status = 'failed' and refund_journal_id is null) as failed_without_refund,
      (select count(*) from bills) as bills,
      (select count(*) from bills where status = 'payment_paid') as settled,
      (select count(*) from ledger_entries) as entries`)
  ).rows;
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, Number(value)]));
}

const scratch = await createScratchPostgresDatabase();
const children: Array<Awaited<ReturnType<typeof startProcess>>['child']> = [];
try {
  const setupStart = performance.now();
  const organisations = await prepare(scratch.url);
  const setupMs = performance.now() - setupStart;
  for (const [index, port] of PORTS.entries())
    children.push(
      (
        await startProcess(workDir, `app-${index + 1}`, 'apps/server/src/server.ts', port, {
          ...env,
          DATABASE_URL: scratch.url,
        })
      ).child,
    );
  // Paystack's notices reach the processes as a load balancer would hand them out.
  let webhookTurn = 0;
  webhookTarget = async (body, headers) => {
    const response = await fetch(
      `http://127.0.0.1:${PORTS[webhookTurn++ % PORTS.length]}/service/v1/webhooks/payments/paystack`,
      { method: 'POST', headers, body },
    );
    return { status: response.status, body: await response.text() };
  };
  children.push(
    (await startProcess(workDir, 'bare', 'bench/bare-team-list.ts', BARE_PORT, { DATABASE_URL: scratch.url })).child,
  );

  const client = new pg.Pool({ connectionString: scratch.url, max: 2 });
  try {
    const settings = Object.fromEntries(
      (
        await client.query<{ name: string; setting: string; unit: string | null }>(
          `select name, setting, unit from pg_settings where name in ('server_version', 'max_connections', 'shared_buffers', 'work_mem', 'synchronous_commit')`,
        )
      ).rows.map((row) => [
        row.name,
        row.unit === '8kB'
          ? `${(Number(row.setting) * 8) / 1024} MB`
          : row.unit === 'kB'
            ? `${Number(row.setting) / 1024} MB`
            : row.setting,
      ]),
    );
    const billsBefore = Number((await client.query<{ count: string }>(`select count(*) from bills`)).rows[0].count);

    let deepestQueue = 0;
    const lockWaits: number[] = [];
    const watcher = setInterval(
      () =>
        void sample(client).then((seen) => {
          deepestQueue = Math.max(deepestQueue, seen.settling);
          lockWaits.push(seen.lockWaits);
        }),
      1_000,
    );
    // The load's own delay: a busy driver would add its lateness to every call it times.
    const driverDelay = monitorEventLoopDelay({ resolution: 5 });
    driverDelay.enable();
    const loadStart = performance.now();
    const end = loadStart + LOAD_MS;
    const [first] = organisations;
    await Promise.all([
      (async () => {
        while (performance.now() < end) {
          const sent = performance.now();
          const response = await fetch(
            `http://127.0.0.1:${BARE_PORT}/service/v1/auth/organisations/${first.organisationId}/users`,
            { headers: { 'api-token': first.token } },
          );
          await response.arrayBuffer();
          if (response.status !== 200) throw new Error(`the bare route answered ${response.status}`);
          bareSamples.push(performance.now() - sent);
          await pause(BARE_EVERY_MS);
        }
      })(),
      ...organisations.map(async (organisation) => {
        // People arrive over the first seconds, not on the same millisecond.
        await pause(Math.random() * THINK_MS.max);
        while (performance.now() < end) {
          await pick().run(organisation);
          await pause(THINK_MS.min + Math.random() * (THINK_MS.max - THINK_MS.min));
        }
      }),
    ]);
    const loadMs = performance.now() - loadStart;
    driverDelay.disable();
    clearInterval(watcher);
    await until(async () => ((await sample(client)).settling === 0 ? true : undefined), 120_000);
    const drainMs = Math.max(0, performance.now() - lastBillAt);
    const found = await audit(client);

    const load = loadavg()[0].toFixed(1);
    console.log(
      `Month-end load: ${PORTS.length} app processes (NODE_ENV=production, pool of 10 each) on PostgreSQL ${settings.server_version} ` +
        `(max_connections ${settings.max_connections}, shared_buffers ${settings.shared_buffers}, work_mem ${settings.work_mem}, synchronous_commit ` +
        `${settings.synchronous_commit});`,
    );
    console.log(
      `${ORGANISATIONS} organisations prepared through the API in ${(setupMs / 1000).toFixed(0)} s; each a person waiting ` +
        `${THINK_MS.min}–${THINK_MS.max} ms between calls for ${(loadMs / 1000).toFixed(0)} s; ` +
        `machine: ${cpus().length} cores, load average ${load} at the end\n`,
    );
    const kinds = [...new Set(samples.map((sample) => sample.kind))];
    printTable(
      ['call', 'calls', 'errors', 'p50 ms', 'p95 ms', 'p99 ms', 'interactive'],
      kinds.map((kind) => {
        const times = samples
          .filter((sample) => sample.kind === kind)
          .map((sample) => sample.ms)
          .sort((a, b) => a - b);
        const errors = samples.filter((sample) => sample.kind === kind && !sample.ok).length;
        return [
          kind,
          formatInteger(times.length),
          String(errors),
          percentile(times, 0.5).toFixed(0),
          percentile(times, 0.95).toFixed(0),
          percentile(times, 0.99).toFixed(0),
          INTERACTIVE(kind) ? 'yes' : '',
        ];
      }),
    );
    const interactive = samples
      .filter((sample) => INTERACTIVE(sample.kind))
      .map((sample) => sample.ms)
      .sort((a, b) => a - b);
    const errors = samples.filter((sample) => !sample.ok).length;
    const billsMade = found.bills - billsBefore;
    console.log(
      `\nThroughput: ${formatInteger(samples.length)} calls in ${(loadMs / 1000).toFixed(1)} s = ${(samples.length / (loadMs / 1000)).toFixed(1)} ` +
        `calls/s; ${formatInteger(billsMade)} bills made (${(billsMade / (loadMs / 60_000)).toFixed(0)} a minute), ${formatInteger(found.settled)} of ` +
        `${formatInteger(found.bills)} bills settled; deepest settlement queue ${deepestQueue}`,
    );
    const bare = [...bareSamples].sort((a, b) => a - b);
    console.log(
      `Baseline, the bare Fastify + pg team list asked one at a time beside the load: p50 ${percentile(bare, 0.5).toFixed(0)} ms, p95 ` +
        `${percentile(bare, 0.95).toFixed(0)} ms, p99 ${percentile(bare, 0.99).toFixed(0)} ms (${bare.length} calls)`,
    );
    console.log(
      `The load driver's event loop (it also runs the Paystack and Remita fakes) was late by p50 ` +
        `${(driverDelay.percentile(50) / 1e6).toFixed(0)} ms, p99 ${(driverDelay.percentile(99) / 1e6).toFixed(0)} ms`,
    );
    console.log(
      `Sessions waiting on a lock (sampled each second): ` +
        `mean ${(lockWaits.reduce((sum, value) => sum + value, 0) / Math.max(1, lockWaits.length)).toFixed(1)}, ` +
        `peak ${Math.max(0, ...lockWaits)}`,
    );
    console.log(
      `Interactive calls: p50 ${percentile(interactive, 0.5).toFixed(0)} ms, p95 ${percentile(interactive, 0.95).toFixed(0)} ms, p99 ` +
        `${percentile(interactive, 0.99).toFixed(0)} ms`,
    );
    if (failures.length > 0) console.log(`First errors:\n  ${failures.join('\n  ')}`);
    const { bills: _bills, settled: _settled, entries, ...differences } = found;
    const auditDifferences = Object.values(differences).reduce((sum, value) => sum + value, 0);
    console.log(
      `\nLedger audit over ${formatInteger(entries)} entries and ${formatInteger(found.bills)} bills: ${Object.entries(
        differences,
      )
        .map(([name, value]) => `${name.replaceAll('_', ' ')} ${value}`)
        .join(', ')}\n`,
    );
    const verdict = (pass: boolean) => (pass ? 'PASS' : 'OVER');
    printTable(
      ['budget', 'measured', 'verdict'],
      [
        ['errors: 0', String(errors), verdict(errors === 0)],
        ['audit differences: 0', String(auditDifferences), verdict(auditDifferences === 0)],
        [
          `interactive p99 ≤ ${P99_BUDGET_MS} ms`,
          `${percentile(interactive, 0.99).toFixed(0)} ms`,
          verdict(percentile(interactive, 0.99) <= P99_BUDGET_MS),
        ],
        [
          `settlement queue empty ≤ ${DRAIN_BUDGET_MS / 1000} s after the last bill`,
          `${(drainMs / 1000).toFixed(1)} s`,
          verdict(drainMs <= DRAIN_BUDGET_MS),
        ],
      ],
    );
  } finally {
    await client.end();
  }
} finally {
  for (const child of children) await stop(child);
  await paystack.close();
  await scratch.drop();
  rmSync(workDir, { recursive: true, force: true });
}
