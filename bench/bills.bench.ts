// Bills at scale through the real API: a 100,000-row PAYE file (and the same with the optional
// residence and relief columns) from upload to bill created (parsed,
// every row recomputed, items stored, wallet debited, settled), and a 100,000-row WHT auto bulk
// calculation, each beside Papa Parse's bare parse of the same file in the same run.
// Budgets: ≤ 4× bare parse; peak RSS growth ≤ 400 MB. PostgreSQL when DATABASE_URL is
// set (a scratch database, dropped afterwards), otherwise the embedded PGlite on disk (embedded-database.ts).
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import Papa from 'papaparse';
import type { TestApp, TestFile } from '../apps/server/test/harness';
import { formatInteger, printTable } from './bench-table';
import { benchDatabase } from './embedded-database';
import { payeFixture, payeWithReliefsFixture, whtAutoFixture } from './fixtures';

const ROWS = 100_000;
const TIME_BUDGET = 4;
const MEMORY_BUDGET_MB = 400;

// The harness reads TEST_DATABASE when it loads, so it is loaded after this is set.
if (process.env.DATABASE_URL) process.env.TEST_DATABASE = 'postgres';
const { createTestApp, giveConsent, ownerWithOrganisation } = await import('../apps/server/test/harness');
const collectGarbage = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

/** Runs `work` while sampling the resident set; returns its time and the peak growth over the start. */
async function measure<T>(work: () => Promise<T>): Promise<{ ms: number; peakGrowthMb: number; result: T }> {
  collectGarbage();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const start = performance.now();
  const result = await work();
  const ms = performance.now() - start;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return { ms, peakGrowthMb: (peak - baseline) / 1_048_576, result };
}

/**
 * Each side is timed this many times and its fastest run kept: a busy machine only ever adds time.
 * The runs alternate (bare parse, then the request), so the process's state — its heap, what the
 * garbage collector has to do — is alike for both: timed all bare first, the bare parse moved by a
 * third between runs of this bench.
 */
const RUNS = 5;

async function fastestPair<T>(bare: () => unknown, work: () => Promise<T>) {
  bare();
  let bareMs = Infinity;
  let best: { ms: number; peakGrowthMb: number; result: T } | null = null;
  let peakGrowthMb = 0;
  for (let run = 0; run < RUNS; run++) {
    bareMs = Math.min(bareMs, (await measure(async () => bare())).ms);
    const next = await measure(work);
    peakGrowthMb = Math.max(peakGrowthMb, next.peakGrowthMb);
    if (!best || next.ms < best.ms) best = next;
  }
  return { bareMs, ...best!, peakGrowthMb };
}

function bareParse(text: string): () => unknown {
  return () => Papa.parse(text, { delimiter: ',', header: false, dynamicTyping: false, skipEmptyLines: false });
}

function verdict(ratio: number, growthMb: number): string {
  const time = ratio <= TIME_BUDGET ? `time PASS (≤ ${TIME_BUDGET}×)` : `time OVER (> ${TIME_BUDGET}×)`;
  const memory =
    growthMb <= MEMORY_BUDGET_MB ? `memory PASS (≤ ${MEMORY_BUDGET_MB} MB)` : `memory OVER (> ${MEMORY_BUDGET_MB} MB)`;
  return `${time}; ${memory}`;
}

/** A funded organisation registered in Lagos with payroll consent and a payroll on file, as PAYE bills need. */
async function fundedOrganisation(test: TestApp, payroll: string) {
  const owner = await ownerWithOrganisation(test);
  const corporation = await test.call('POST', 'core', 'internal/corporations', {
    token: owner.token,
    body: { name: 'Bench Holdings' },
  });
  const corporationId = (corporation.data as { id: string }).id;
  await test.call('POST', 'core', `internal/corporations/${corporationId}/states/LA`, {
    token: owner.token,
    body: { tax_payer_number: 'C-0012345' },
  });
  await giveConsent(test, owner.token, corporationId, 'LA');
  const registered = await test.upload(`internal/corporations/${corporationId}/states/LA/payrolls/file`, {
    namespace: 'core',
    token: owner.token,
    files: [{ field: 'file', filename: 'payroll.csv', contentType: 'text/csv', content: Buffer.from(payroll) }],
  });
  if (registered.code !== 'OK') throw new Error(`payroll failed: ${JSON.stringify(registered).slice(0, 500)}`);
  const wallets = await test.call('GET', 'core', `internal/organisations/${owner.organisationId}/wallets`, {
    token: owner.token,
  });
  const funded = await test.call(
    'POST',
    'core',
    `internal/sandbox/wallets/${(wallets.data as { wallets: Array<{ id: string }> }).wallets[0].id}/fund`,
    { token: owner.token, body: { amount: '9000000000000' } },
  );
  if (funded.code !== 'OK') throw new Error(`funding failed: ${JSON.stringify(funded)}`);
  return { token: owner.token, corporationId };
}

const database = benchDatabase('bills');
const test = await createTestApp(database.options);
try {
  const payeText = payeFixture(ROWS);
  const { token, corporationId } = await fundedOrganisation(test, payeText.split(/\r?\n/).slice(0, 4).join('\n'));
  const whtText = whtAutoFixture(ROWS);
  const csv = (field: string, text: string): TestFile => ({
    field,
    filename: 'bench.csv',
    contentType: 'text/csv',
    content: Buffer.from(text),
  });

  // Every run pays October again: each after the first is an additional payment for the month.
  const paye = await fastestPair(bareParse(payeText), () =>
    test.upload(`internal/corporations/${corporationId}/states/LA/paye/bills`, {
      namespace: 'core',
      token,
      fields: { start_date: '2026-10', supplementary: 'true', supplementary_reason: 'Benchmark run' },
      files: [csv('recipients', payeText)],
      headers: { 'idempotency-key': randomUUID() },
    }),
  );
  if (paye.result.code !== 'OK') throw new Error(`PAYE bill failed: ${JSON.stringify(paye.result).slice(0, 500)}`);
  const payeBare = paye.bareMs;

  // The same employees with residence and declared reliefs after the 18 columns.
  const reliefsText = payeWithReliefsFixture(ROWS);
  const reliefs = await fastestPair(bareParse(reliefsText), () =>
    test.upload(`internal/corporations/${corporationId}/states/LA/paye/bills`, {
      namespace: 'core',
      token,
      fields: { start_date: '2026-10', supplementary: 'true', supplementary_reason: 'Benchmark run' },
      files: [csv('recipients', reliefsText)],
      headers: { 'idempotency-key': randomUUID() },
    }),
  );
  if (reliefs.result.code !== 'OK')
    throw new Error(`PAYE bill with reliefs failed: ${JSON.stringify(reliefs.result).slice(0, 500)}`);

  const wht = await fastestPair(bareParse(whtText), () =>
    test.upload('internal/bills/wht/tax/calc/bulk', {
      namespace: 'core',
      token,
      fields: { wht_type: 'rent', period: '2026-10' },
      files: [csv('file', whtText)],
    }),
  );
  if (wht.result.code !== 'OK')
    throw new Error(`WHT bulk calculation failed: ${JSON.stringify(wht.result).slice(0, 500)}`);
  const whtBare = wht.bareMs;

  console.log(
    `Bills through the API on ${test.database.kind}: ${formatInteger(ROWS)} rows per file (PAYE ${(payeText.length / 1_048_576).toFixed(1)} MB, WHT ` +
      `${(whtText.length / 1_048_576).toFixed(1)} MB); fastest of ${RUNS} runs each\n`,
  );
  printTable(
    ['work', 'ms', 'vs bare parse', 'peak RSS growth', 'budget'],
    [
      ['Papa.parse bare, PAYE file', payeBare.toFixed(0), '1.00×', '', ''],
      [
        `PAYE bill: upload → paid (${(paye.result.data as { status: string }).status})`,
        paye.ms.toFixed(0),
        `${(paye.ms / payeBare).toFixed(2)}×`,
        `${paye.peakGrowthMb.toFixed(0)} MB`,
        verdict(paye.ms / payeBare, paye.peakGrowthMb),
      ],
      ['Papa.parse bare, PAYE file with residence and reliefs', reliefs.bareMs.toFixed(0), '1.00×', '', ''],
      [
        'PAYE bill with residence and reliefs: upload → paid',
        reliefs.ms.toFixed(0),
        `${(reliefs.ms / reliefs.bareMs).toFixed(2)}×`,
        `${reliefs.peakGrowthMb.toFixed(0)} MB`,
        verdict(reliefs.ms / reliefs.bareMs, reliefs.peakGrowthMb),
      ],
      ['Papa.parse bare, WHT auto file', whtBare.toFixed(0), '1.00×', '', ''],
      [
        'WHT bulk calculation: upload → stored',
        wht.ms.toFixed(0),
        `${(wht.ms / whtBare).toFixed(2)}×`,
        `${wht.peakGrowthMb.toFixed(0)} MB`,
        verdict(wht.ms / whtBare, wht.peakGrowthMb),
      ],
    ],
  );
} finally {
  await test.close();
  database.remove();
}
