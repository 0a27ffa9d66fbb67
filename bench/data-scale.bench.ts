// Data scale: the list, search, filter, export and alert calls of one organisation on a
// large PostgreSQL database (1,000 organisations, 200,000 bills with their item pages, 1,000,000
// ledger entries, 500,000 statement rows) against the same calls on a small one holding only that
// organisation, whose own data is the same in both. Budget: each call's p95 within 2× of the small
// database's, and no sequential scan of a large table in the plans of the calls' queries (every
// query the calls ran is EXPLAINed on the large database). The data is written with bulk SQL that
// keeps the ledger's rules (decision 0004: journals balance, each entry's balance_after is the
// running sum, no wallet below zero); the audit at the end checks them.
// Needs DATABASE_URL (a server where it may create databases).
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { median, printTable } from './bench-table';

const collectGarbage = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

if (!process.env.DATABASE_URL) {
  console.log('Skipped: the data-scale bench needs DATABASE_URL (a PostgreSQL server where it may create databases).');
  process.exit(0);
}
process.env.TEST_DATABASE = 'postgres';
const { createScratchPostgresDatabase, createTestApp, ownerWithOrganisation } =
  await import('../apps/server/test/harness');

const LARGE = {
  organisations: 1_000,
  billsPerOrganisation: 200,
  journalsPerOrganisation: 500,
  statementOrganisations: 100,
  rowsPerStatement: 5_000,
};
const SMALL = { ...LARGE, organisations: 1, statementOrganisations: 1 };
/** Runs per call on each database: with 30, a p95 of a few milliseconds was decided by one slow sample. */
const TIMED_RUNS = 100;
const P95_BUDGET = 2;
/** A table of at least this many rows is large: a sequential scan of it is reported (PostgreSQL rightly scans a table of 100 rows). */
const LARGE_TABLE_ROWS = 10_000;

type Shape = typeof LARGE;

/** The queries the app sends while `recording` is on (node-postgres is shared with the app in this process). */
const recorded: Array<{ text: string; values: unknown[] }> = [];
let recording = false;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const [config, values] = args as [string | { text?: string; values?: unknown[] }, unknown];
  if (recording) {
    const text = typeof config === 'string' ? config : config?.text;
    if (text)
      recorded.push({
        text,
        values: (Array.isArray(values) ? values : typeof config === 'object' ? config.values : undefined) ?? [],
      });
  }
  return (originalQuery as (...rest: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

/** Fills the database around the organisation `template` (number 0): its data is the same whatever the shape. */
async function fill(
  url: string,
  template: { organisationId: string; corporationId: string; userId: string },
  shape: Shape,
): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const start = performance.now();
  try {
    // Bulk load: row triggers (the ledger's balance trigger, foreign keys) are off for this session;
    // the SQL below computes what they would, and the audit checks it afterwards.
    await client.query(`set session_replication_role = replica`);
    await client.query(`begin`);
    await client.query(
      `create temp table scale_orgs on commit drop as
       select 0 as n, $1::uuid as id, $2::uuid as corporation_id,
              (select id from ledger_accounts where organisation_id = $1 and kind = 'organisation_wallet') as wallet_id
       union all select n, gen_random_uuid(), gen_random_uuid(), gen_random_uuid() from generate_series(1, $3::int - 1) as n`,
      [template.organisationId, template.corporationId, shape.organisations],
    );
    await client.query(
      `insert into organisations (id, name, owner_user_id) select id, 'Scale organisation ' || n, $1 from scale_orgs where n > 0`,
      [template.userId],
    );
    await client.query(
      `insert into corporations (id, organisation_id, name) select corporation_id, id, 'Scale corporation ' || n from scale_orgs where n > 0`,
    );
    await client.query(
      `insert into ledger_accounts (id, kind, organisation_id, name) select wallet_id, 'organisation_wallet', id, 'Wallet' from scale_orgs where n > 0`,
    );

    // Journals: three fundings of ₦20 then a ₦10 bill payment, over and over: wallets never go below zero.
    await client.query(
      `create temp table scale_journals on commit drop as
       select gen_random_uuid() as id, o.n, o.id as organisation_id, o.wallet_id, j,
              case when j % 4 = 3 then -1000 else 2000 end::bigint as amount,
              now() - ((${shape.journalsPerOrganisation} - j) || ' hours')::interval as created_at
       from scale_orgs o, generate_series(0, ${shape.journalsPerOrganisation - 1}) as j`,
    );
    await client.query(
      `insert into ledger_journals (id, organisation_id, kind, reference, description, status, created_at)
       select id, organisation_id, case when amount < 0 then 'bill_payment' else 'funding' end, 'SCALE-' || n || '-' || j,
              case when amount < 0 then 'Bill payment' else 'Wallet funding' end, 'success', created_at
       from scale_journals order by n, j`,
    );
    await client.query(
      `insert into ledger_entries (journal_id, account_id, amount_kobo, balance_after_kobo, is_wallet, created_at)
       select id, wallet_id, amount, sum(amount) over (partition by n order by j), true, created_at from scale_journals order by n, j`,
    );
    await client.query(
      `insert into ledger_entries (journal_id, account_id, amount_kobo, balance_after_kobo, is_wallet, created_at)
       select s.id, a.id, -s.amount, coalesce((select balance_after_kobo from ledger_entries where account_id = a.id order by sequence desc limit 1), 0)
              + sum(-s.amount) over (partition by a.id order by s.n, s.j), false, s.created_at
       from scale_journals s join ledger_accounts a
            on a.organisation_id is null and a.kind = case when s.amount < 0 then 'agency_settlement' else 'funding_clearing' end
       order by s.n, s.j`,
    );

    // Bills over the last 24 months, each with one page of three recipients.
    await client.query(
      `create temp table scale_bills on commit drop as
       select gen_random_uuid() as id, o.n, o.id as organisation_id, o.corporation_id, b,
              to_char(date_trunc('month', now()) - ((b % 24) || ' months')::interval, 'YYYY-MM') as period,
              case when b % 3 = 0 then 'wht' else 'paye' end as type
       from scale_orgs o, generate_series(0, ${shape.billsPerOrganisation - 1}) as b`,
    );
    await client.query(
      `insert into bills (id, reference, organisation_id, corporation_id, state_id, type, wht_type, tax_payer_number, period_start, period_end,
                          amount_due_kobo, fee_kobo, vat_kobo, charge_kobo, total_kobo, recipient_count, status, agency_reference, receipt_number,
                          created_by, created_by_name, created_at, paid_at, supplementary)
       select id, upper(type) || '-LA-' || period || '-' || lpad((b + 1)::text, 6, '0'), organisation_id, corporation_id,
              (select id from states where code = 'LA'), type, case when type = 'wht' then 'rent' end, 'C-' || lpad(n::text, 7, '0'),
              period || '-01', period || '-28', 10000000 + b * 100, 50000, 3750, 53750, 10053750 + b * 100, 3,
              case when b % 10 = 9 then 'failed' else 'payment_paid' end, 'LA-' || n || '-' || b,
              case when b % 10 = 9 then null else 'RCPT-' || n || '-' || b end,
              $1, 'Scale Owner', (period || '-10')::timestamptz, case when b % 10 = 9 then null else (period || '-10')::timestamptz end, b >= 24
       from scale_bills order by n, b`,
      [template.userId],
    );
    await client.query(
      `insert into bill_item_pages (bill_id, page, items)
       select id, 0, json_build_array(json_build_array(2, 'N-1000001', 'Adaeze Okafor', 50000000, 6530000, null, null, null, null),
                                      json_build_array(3, 'N-1000002', 'Musa Bello', 30000000, 3218000, null, null, null, null),
                                      json_build_array(4, 'N-1000003', 'Ngozi Eze', 20000000, 1200000, null, null, null, null))::text
       from scale_bills order by n, b`,
    );

    // Statements: one analysed CSV of rowsPerStatement rows for each of the first statementOrganisations.
    await client.query(
      `create temp table scale_statements on commit drop as
       select gen_random_uuid() as id, gen_random_uuid() as record_id, gen_random_uuid() as folder_id, n, id as organisation_id
       from scale_orgs where n < ${shape.statementOrganisations}`,
    );
    await client.query(
      `insert into analyser_folders (id, organisation_id, name) select folder_id, organisation_id, 'Statements ' || n from scale_statements`,
    );
    await client.query(
      `insert into analyser_records (id, organisation_id, folder_id, name) select record_id, organisation_id, folder_id, 'Main account' from scale_statements`,
    );
    await client.query(
      `insert into analyser_statements (id, organisation_id, record_id, file_name, format, mime_type, file_size, file_sha256,
                                        status, stage, transaction_count, verdict, period_start, period_end, analysed_at)
       select id, organisation_id, record_id, 'statement.csv', 'csv', 'text/csv', 4, encode(sha256(id::text::bytea), 'hex'),
              'analysed', 'done',
              ${shape.rowsPerStatement}, 'consistent', '2025-01-01', '2025-12-31', now()
       from scale_statements`,
    );
    await client.query(
      `insert into analyser_transactions (statement_id, index, date, narration, debit_kobo, credit_kobo, balance_kobo, category, page, y)
       select s.id, r, to_char(date '2025-01-01' + (r / 14), 'YYYY-MM-DD'),
              case when r % 3 = 0 then 'NIP TRANSFER FROM ADA OKAFOR ' else 'POS PURCHASE SHOPRITE LEKKI ' end || r,
              case when r % 3 = 0 then 0 else 1000 + r % 97 end, case when r % 3 = 0 then 2000 + r % 89 else 0 end, 100000000 + r,
              case when r % 3 = 0 then 'transfer_in' else 'pos' end, 1, r
       from scale_statements s, generate_series(0, ${shape.rowsPerStatement - 1}) as r order by s.n, r`,
    );
    await client.query(`commit`);
    await client.query(`set session_replication_role = origin`);
    await client.query(`analyze`);
  } finally {
    await client.end();
  }
  return performance.now() - start;
}

/** The ledger's rules on the filled database: every journal balances; every account's latest balance_after is the sum of its entries; no wallet below zero. */
async function audit(
  url: string,
): Promise<{ unbalancedJournals: number; wrongBalances: number; negativeWallets: number; entries: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const [row] = (
      await client.query<{ unbalanced: string; wrong: string; negative: string; entries: string }>(`
      select (select count(*) from (select journal_id from ledger_entries group by journal_id having sum(amount_kobo) <> 0) j) as unbalanced,
             (select count(*) from (select account_id, sum(amount_kobo) as total, (array_agg(balance_after_kobo order by sequence desc))[1] as latest
                                    from ledger_entries group by account_id) a where total <> latest) as wrong,
             (select count(*) from ledger_entries where is_wallet and balance_after_kobo < 0) as negative,
             (select count(*) from ledger_entries) as entries`)
    ).rows;
    return {
      unbalancedJournals: Number(row.unbalanced),
      wrongBalances: Number(row.wrong),
      negativeWallets: Number(row.negative),
      entries: Number(row.entries),
    };
  } finally {
    await client.end();
  }
}

interface TimedCall {
  name: string;
  run(): Promise<{ ok: boolean; detail: string }>;
}

/** A database of `shape` with the organisation whose calls are timed; the app on it. */
const cleanups: Array<() => Promise<void>> = [];

async function prepare(shape: Shape) {
  const scratch = await createScratchPostgresDatabase();
  cleanups.push(scratch.drop);
  const test = await createTestApp({ keep: { databaseUrl: scratch.url } });
  cleanups.unshift(() => test.close());
  const owner = await ownerWithOrganisation(test);
  const corporation = await test.call('POST', 'core', 'internal/corporations', {
    token: owner.token,
    body: { name: 'Scale Holdings' },
  });
  // The organisation's wallet is opened on first sight.
  await test.call('GET', 'core', `internal/organisations/${owner.organisationId}/wallets`, { token: owner.token });
  const fillMs = await fill(
    scratch.url,
    {
      organisationId: owner.organisationId,
      corporationId: (corporation.data as { id: string }).id,
      userId: owner.userId,
    },
    shape,
  );
  const [statement] = (
    await test.database.executeSql(`select id from analyser_statements where organisation_id = $1`, [
      owner.organisationId,
    ])
  ).rows as Array<{ id: string }>;
  const [bill] = (
    await test.database.executeSql(`select id from bills where organisation_id = $1 order by created_at desc limit 1`, [
      owner.organisationId,
    ])
  ).rows as Array<{ id: string }>;
  const org = owner.organisationId;
  const call = (namespace: string, path: string, params?: Record<string, unknown>) => async () => {
    const answer = await test.call('GET', namespace, path, { token: owner.token, params });
    return { ok: answer.code === 'OK', detail: answer.code === 'OK' ? '' : JSON.stringify(answer).slice(0, 300) };
  };
  const download = (path: string) => async () => {
    const answer = await test.app.inject({
      method: 'GET',
      url: `/service/v1/${path}`,
      headers: { 'api-token': owner.token },
    });
    return { ok: answer.statusCode === 200, detail: answer.statusCode === 200 ? '' : answer.body.slice(0, 300) };
  };
  const calls: TimedCall[] = [
    { name: 'bills list', run: call('core', 'internal/bills', { page: 1, count: 10 }) },
    { name: 'bills search', run: call('core', 'internal/bills', { page: 1, count: 10, search: 'PAYE-LA' }) },
    {
      name: 'bills filtered (status, type)',
      run: call('core', 'internal/bills', {
        page: 1,
        count: 10,
        filters: JSON.stringify([
          { field: 'status', value: 'failed' },
          { field: 'type', value: 'wht' },
        ]),
      }),
    },
    { name: 'bill items', run: call('core', `internal/bills/${bill.id}/items`, { page: 1, count: 10 }) },
    { name: 'bills export (CSV)', run: download('core/internal/bills/export?format=csv') },
    { name: 'bill metrics', run: call('core', `internal/organisations/${org}/bills/metrics/monthly`) },
    { name: 'checklist', run: call('core', `internal/organisations/${org}/checklist`) },
    { name: 'deadlines', run: call('core', `internal/organisations/${org}/deadlines`) },
    { name: 'alerts', run: call('core', `internal/organisations/${org}/alerts`) },
    { name: 'wallets', run: call('core', `internal/organisations/${org}/wallets`) },
    {
      name: 'wallet history',
      run: call('core', `internal/organisations/${org}/wallets/history`, { page: 1, count: 10 }),
    },
    {
      name: 'wallet history filtered (debits)',
      run: call('core', `internal/organisations/${org}/wallets/history`, {
        page: 1,
        count: 10,
        filters: JSON.stringify([{ field: 'type', value: 'debit' }]),
      }),
    },
    {
      name: 'wallet history export (CSV)',
      run: download(`core/internal/organisations/${org}/wallets/history/export?format=csv`),
    },
    { name: 'statement rows', run: call('bank', `statements/${statement.id}/transactions`, { page: 1, count: 20 }) },
    {
      name: 'statement rows search',
      run: call('bank', `statements/${statement.id}/transactions`, { page: 1, count: 20, search: 'SHOPRITE' }),
    },
    {
      name: 'statement rows filtered (credits)',
      run: call('bank', `statements/${statement.id}/transactions`, { page: 1, count: 20, type: 'credit' }),
    },
    {
      name: 'statement rows export (CSV)',
      run: download(`bank/statements/${statement.id}/transactions/export?format=csv`),
    },
    { name: 'statement folders', run: call('bank', 'statement-folders') },
  ];
  return { scratch, test, calls, fillMs };
}

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
}

/**
 * Each call TIMED_RUNS times on both databases after a warm-up, in turns that swap which goes first so
 * drift in machine load hits both alike, garbage collected before each run so it pays only for its own;
 * a failure stops the bench.
 */
async function timeCalls(
  smallCalls: TimedCall[],
  largeCalls: TimedCall[],
): Promise<{ small: Map<string, number[]>; large: Map<string, number[]> }> {
  const times = { small: new Map<string, number[]>(), large: new Map<string, number[]>() };
  for (const [index, smallCall] of smallCalls.entries()) {
    const pair = { small: smallCall, large: largeCalls[index] };
    for (const side of ['small', 'large'] as const) {
      const first = await pair[side].run();
      if (!first.ok) throw new Error(`${pair[side].name} failed on the ${side} database: ${first.detail}`);
      times[side].set(smallCall.name, []);
    }
    for (let run = 0; run < TIMED_RUNS; run++) {
      for (const side of run % 2 === 0 ? (['small', 'large'] as const) : (['large', 'small'] as const)) {
        collectGarbage();
        const start = performance.now();
        await pair[side].run();
        times[side].get(smallCall.name)!.push(performance.now() - start);
      }
    }
  }
  return times;
}

/** Sequential scans of large tables in the plans of the queries the calls ran (on the large database). */
async function sequentialScans(
  url: string,
  calls: TimedCall[],
): Promise<Array<{ call: string; table: string; query: string }>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const found: Array<{ call: string; table: string; query: string }> = [];
  try {
    const large = new Set(
      (
        await client.query<{ relname: string }>(
          `select relname from pg_class where relkind = 'r' and relnamespace = 'public'::regnamespace and reltuples >= $1`,
          [LARGE_TABLE_ROWS],
        )
      ).rows.map((row) => row.relname),
    );
    for (const timed of calls) {
      recorded.length = 0;
      recording = true;
      await timed.run();
      recording = false;
      for (const query of recorded.splice(0)) {
        if (!/^\s*(select|with)\b/i.test(query.text) || /pgboss/i.test(query.text)) continue;
        const plan = (
          await client.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${query.text}`, query.values)
        ).rows[0]['QUERY PLAN'];
        const scans = new Set<string>();
        const walk = (node: { 'Node Type'?: string; 'Relation Name'?: string; Plans?: unknown[] }) => {
          if (node['Node Type'] === 'Seq Scan' && node['Relation Name'] && large.has(node['Relation Name']))
            scans.add(node['Relation Name']);
          for (const child of node.Plans ?? []) walk(child as typeof node);
        };
        walk((plan as Array<{ Plan: Parameters<typeof walk>[0] }>)[0].Plan);
        for (const table of scans)
          found.push({ call: timed.name, table, query: query.text.replace(/\s+/g, ' ').slice(0, 160) });
      }
    }
  } finally {
    recording = false;
    await client.end();
  }
  return found;
}

try {
  const small = await prepare(SMALL);
  const large = await prepare(LARGE);
  const ledger = await audit(large.scratch.url);
  const { small: smallTimes, large: largeTimes } = await timeCalls(small.calls, large.calls);
  const scans = await sequentialScans(large.scratch.url, large.calls);

  console.log(
    `Data scale on PostgreSQL: large database filled in ${(large.fillMs / 1000).toFixed(0)} s (${LARGE.organisations.toLocaleString('en-US')} organisations, ` +
      `${(LARGE.organisations * LARGE.billsPerOrganisation).toLocaleString('en-US')} bills, ${ledger.entries.toLocaleString('en-US')} ledger entries, ` +
      `${(LARGE.statementOrganisations * LARGE.rowsPerStatement).toLocaleString('en-US')} statement rows); small: the same organisation alone. ` +
      `${TIMED_RUNS} runs per call.\n`,
  );
  let over = 0;
  printTable(
    ['call', 'small p50', 'small p95', 'large p50', 'large p95', 'p95 ratio', `budget (≤ ${P95_BUDGET}×)`],
    small.calls.map(({ name }) => {
      const s = smallTimes.get(name)!;
      const l = largeTimes.get(name)!;
      const ratio = percentile(l, 0.95) / percentile(s, 0.95);
      if (ratio > P95_BUDGET) over++;
      return [
        name,
        median(s).toFixed(1),
        percentile(s, 0.95).toFixed(1),
        median(l).toFixed(1),
        percentile(l, 0.95).toFixed(1),
        `${ratio.toFixed(2)}×`,
        ratio <= P95_BUDGET ? 'PASS' : 'OVER BUDGET',
      ];
    }),
  );
  console.log(
    `\nLedger audit (large database): ${ledger.unbalancedJournals} unbalanced journals, ${ledger.wrongBalances} accounts whose balance is not the sum ` +
      `of their entries, ${ledger.negativeWallets} wallet entries below zero`,
  );
  if (scans.length === 0)
    console.log(
      `Sequential scans of large tables (≥ ${LARGE_TABLE_ROWS.toLocaleString('en-US')} rows) in the calls' plans: none`,
    );
  else for (const scan of scans) console.log(`Sequential scan of ${scan.table} (${scan.call}): ${scan.query}`);
  if (over > 0 || scans.length > 0 || ledger.unbalancedJournals + ledger.wrongBalances + ledger.negativeWallets > 0)
    process.exitCode = 1;
} finally {
  for (const cleanup of cleanups) await cleanup();
}
