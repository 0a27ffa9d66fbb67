// API speed: the real app, started as production starts it (`NODE_ENV=production`, the
// default log level, its own process), on PostgreSQL and on PGlite, against a bare Fastify + pg
// route doing the team list's SQL (bench/bare-team-list.ts) in the same run. Rounds of each call
// alternate with rounds of the bare route, 16 clients each, so the machine's drift hits both. On
// PGlite a bare route on a copy of the same embedded database runs in the rotation too, so the
// table also shows what the app costs over PGlite itself (for information: the budget is the
// PostgreSQL route's).
// Budgets: on PostgreSQL each call ≥ 70% of the bare route's requests/s and p99 ≤ 2× the bare
// route's; on PGlite ≥ 40% (reached through node-postgres like PostgreSQL, decision 0018).
// Needs DATABASE_URL (a server where it may create a database).
import type { ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createScratchPostgresDatabase, createTestApp, ownerWithOrganisation } from '../apps/server/test/harness';
import { median, printTable } from './bench-table';
import { startProcess, stop } from '../apps/server/test/processes';
import { productionEnv } from './production-env';

const CLIENTS = 16;
const WARMUP_MS = 1_500;
const ROUND_MS = 3_000;
const ROUNDS = 3;
const ROWS = 24;
const BUDGET = { postgres: { throughput: 0.7, p99: 2 }, pglite: { throughput: 0.4, p99: null } } as const;
const BARE_PORT = 3321;
const APP_PORT = 3322;
const BARE_PGLITE_PORT = 3323;

if (!process.env.DATABASE_URL) {
  console.log('Skipped: the API bench needs DATABASE_URL (a PostgreSQL server where it may create a database).');
  process.exit(0);
}

interface Call {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

interface Round {
  requests: number;
  ms: number;
  latencies: number[];
}

const workDir = path.resolve('.test-data', `bench-api-${Date.now()}`);
mkdirSync(workDir, { recursive: true });

/** An organisation with a team, corporations and wallet history of ROWS each, and its owner's token. */
async function prepare(keep: { databaseUrl: string } | { dataDir: string }) {
  const test = await createTestApp({ keep });
  try {
    const owner = await ownerWithOrganisation(test);
    const call = async (method: string, namespace: string, path: string, body?: unknown) => {
      const answer = await test.call(method, namespace, path, { token: owner.token, body });
      if (answer.code !== 'OK') throw new Error(`${method} ${path}: ${JSON.stringify(answer)}`);
      return answer.data as Record<string, unknown>;
    };
    const wallets = (await call('GET', 'core', `internal/organisations/${owner.organisationId}/wallets`)) as {
      wallets: Array<{ id: string }>;
    };
    for (let index = 0; index < ROWS; index++) {
      await call('POST', 'auth', 'organisations/users/invite', { email: `bench${index}@example.ng`, role_id: 2 });
      await call('POST', 'core', 'internal/corporations', { name: `Bench Holdings ${index}` });
      await call('POST', 'core', `internal/sandbox/wallets/${wallets.wallets[0].id}/fund`, {
        amount: String(1_000_000 + index),
      });
    }
    return owner;
  } finally {
    await test.close();
  }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });

function send(port: number, call: Call, token: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: call.method,
        path: call.path,
        agent,
        headers: { 'api-token': token, ...(call.body ? { 'content-type': 'application/json' } : {}) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    request.on('error', reject);
    request.end(call.body);
  });
}

/** CLIENTS clients, each sending the call again as soon as its answer arrives, for `ms`. */
async function load(port: number, call: Call, token: string, ms: number): Promise<Round> {
  const latencies: number[] = [];
  const start = performance.now();
  const end = start + ms;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < end) {
        const sent = performance.now();
        const { status } = await send(port, call, token);
        if (status !== 200) throw new Error(`${call.name}: HTTP ${status}`);
        latencies.push(performance.now() - sent);
      }
    }),
  );
  return { requests: latencies.length, ms: performance.now() - start, latencies };
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))];
}

function summarise(rounds: Round[]) {
  const latencies = rounds.flatMap((round) => round.latencies).sort((a, b) => a - b);
  return {
    rps: median(rounds.map((round) => (round.requests / round.ms) * 1000)),
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    requests: latencies.length,
  };
}

function countLines(file: string): number {
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).length;
}

const scratch = await createScratchPostgresDatabase();
const pgliteDir = path.join(workDir, 'pglite');
const children: ChildProcess[] = [];
try {
  const pgOwner = await prepare({ databaseUrl: scratch.url });
  const pgliteOwner = await prepare({ dataDir: pgliteDir });
  // PGlite opens a data directory in one process only: the bare route reads its own copy.
  const barePgliteDir = path.join(workDir, 'pglite-bare');
  cpSync(pgliteDir, barePgliteDir, { recursive: true });
  const bare = await startProcess(workDir, 'bare', 'bench/bare-team-list.ts', BARE_PORT, { DATABASE_URL: scratch.url });
  children.push(bare.child);
  const bareCall: Call = {
    name: 'bare team list',
    method: 'GET',
    path: `/service/v1/auth/organisations/${pgOwner.organisationId}/users`,
  };
  const production = productionEnv(workDir);

  for (const kind of ['postgres', 'pglite'] as const) {
    const owner = kind === 'postgres' ? pgOwner : pgliteOwner;
    const app = await startProcess(
      workDir,
      `app-${kind}`,
      'apps/server/src/server.ts',
      APP_PORT,
      kind === 'postgres' ? { ...production, DATABASE_URL: scratch.url } : { ...production, DATA_DIR: pgliteDir },
    );
    children.push(app.child);
    const barePglite =
      kind === 'pglite'
        ? await startProcess(workDir, 'bare-pglite', 'bench/bare-team-list.ts', BARE_PGLITE_PORT, {
            DATA_DIR: barePgliteDir,
          })
        : null;
    if (barePglite) children.push(barePglite.child);
    const barePgliteCall: Call = {
      ...bareCall,
      path: `/service/v1/auth/organisations/${pgliteOwner.organisationId}/users`,
    };
    const calls: Call[] = [
      { name: 'team list', method: 'GET', path: `/service/v1/auth/organisations/${owner.organisationId}/users` },
      { name: 'corporations list', method: 'GET', path: '/service/v1/core/internal/corporations' },
      {
        name: 'wallet history',
        method: 'GET',
        path: `/service/v1/core/internal/organisations/${owner.organisationId}/wallets/history`,
      },
      {
        name: 'PAYE calculator',
        method: 'POST',
        path: '/service/v1/public/calculator/paye',
        body: JSON.stringify({ period: '2026-01', monthly_gross: 500000, pension: 40000 }),
      },
    ];
    const rows: string[][] = [];
    let appRequests = 0;
    const linesBefore = countLines(app.logFile);
    for (const call of calls) {
      const first = await send(APP_PORT, call, owner.token);
      if (first.status !== 200)
        throw new Error(`${call.name} on ${kind}: HTTP ${first.status} ${first.body.slice(0, 300)}`);
      await load(BARE_PORT, bareCall, pgOwner.token, WARMUP_MS);
      appRequests += (await load(APP_PORT, call, owner.token, WARMUP_MS)).requests + 1;
      if (barePglite) await load(BARE_PGLITE_PORT, barePgliteCall, pgliteOwner.token, WARMUP_MS);
      const bareRounds: Round[] = [];
      const appRounds: Round[] = [];
      const barePgliteRounds: Round[] = [];
      const contenders = barePglite ? (['bare', 'app', 'bare-pglite'] as const) : (['bare', 'app'] as const);
      for (let round = 0; round < ROUNDS; round++) {
        // Alternate the order, so a trend in the machine's load does not favour any.
        for (const which of round % 2 === 0 ? contenders : [...contenders].reverse()) {
          if (which === 'bare') bareRounds.push(await load(BARE_PORT, bareCall, pgOwner.token, ROUND_MS));
          else if (which === 'app') appRounds.push(await load(APP_PORT, call, owner.token, ROUND_MS));
          else barePgliteRounds.push(await load(BARE_PGLITE_PORT, barePgliteCall, pgliteOwner.token, ROUND_MS));
        }
      }
      appRequests += appRounds.reduce((sum, round) => sum + round.requests, 0);
      const bareStats = summarise(bareRounds);
      const appStats = summarise(appRounds);
      const ratio = appStats.rps / bareStats.rps;
      const p99Ratio = appStats.p99 / bareStats.p99;
      const budget = BUDGET[kind];
      const verdicts = [
        ratio >= budget.throughput ? `PASS (≥ ${budget.throughput * 100}%)` : `OVER (< ${budget.throughput * 100}%)`,
      ];
      if (budget.p99 !== null)
        verdicts.push(p99Ratio <= budget.p99 ? `p99 PASS (≤ ${budget.p99}×)` : `p99 OVER (> ${budget.p99}×)`);
      rows.push([
        call.name,
        bareStats.rps.toFixed(0),
        appStats.rps.toFixed(0),
        `${(ratio * 100).toFixed(0)}%`,
        `${bareStats.p50.toFixed(1)} / ${bareStats.p99.toFixed(1)}`,
        `${appStats.p50.toFixed(1)} / ${appStats.p99.toFixed(1)}`,
        `${p99Ratio.toFixed(2)}×`,
        ...(barePglite
          ? [
              summarise(barePgliteRounds).rps.toFixed(0),
              `${((appStats.rps / summarise(barePgliteRounds).rps) * 100).toFixed(0)}%`,
            ]
          : []),
        verdicts.join('; '),
      ]);
    }
    const logLines = countLines(app.logFile) - linesBefore;
    await stop(app.child);
    if (barePglite) await stop(barePglite.child);
    console.log(
      `\nThe app on ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} (NODE_ENV=production, LOG_LEVEL default) vs the bare Fastify + pg team list on ` +
        `PostgreSQL${barePglite ? ' (the budget), and on a copy of the same PGlite database' : ''};`,
    );
    console.log(
      `${CLIENTS} clients, median of ${ROUNDS} interleaved ${ROUND_MS / 1000} s rounds; ${(logLines / appRequests).toFixed(2)} log lines per request\n`,
    );
    const samePglite = barePglite ? ['bare on PGlite req/s', 'app/bare on PGlite'] : [];
    printTable(
      [
        'call',
        'bare req/s',
        'app req/s',
        'app/bare',
        'bare p50/p99 ms',
        'app p50/p99 ms',
        'p99 app/bare',
        ...samePglite,
        'budget',
      ],
      rows,
    );
  }
} finally {
  for (const child of children) await stop(child);
  agent.destroy();
  await scratch.drop();
  rmSync(workDir, { recursive: true, force: true });
}
