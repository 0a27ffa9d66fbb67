// Bank statement analyser through the real API: the 200-page, 10,000-row statement PDF from
// upload to analysed (file checked and kept, parse job picked up, rows, pages and analysis stored),
// beside the engine alone (readStatement) on the same file in the same run. Budget:
// ≤ 1.5× the engine alone. PostgreSQL when DATABASE_URL is set (a scratch database, dropped
// afterwards), otherwise the embedded PGlite in memory.
import { performance } from 'node:perf_hooks';
import { readStatement } from '@levy/statements';
import { formatInteger, median, printTable } from './bench-table';
import { statementPdfFixture } from './fixtures';

const RUNS = 3;
const TIME_BUDGET = 1.5;
const POLL_MS = 250;

// The harness reads TEST_DATABASE when it loads, so it is loaded after this is set.
if (process.env.DATABASE_URL) process.env.TEST_DATABASE = 'postgres';
const { createTestApp, ownerWithOrganisation } = await import('../apps/server/test/harness');
const collectGarbage = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

const { fixture, bytes, path } = await statementPdfFixture();
const test = await createTestApp();
try {
  const owner = await ownerWithOrganisation(test);
  const folder = await test.call('POST', 'bank', 'statement-folders', { token: owner.token, body: { name: 'Bench' } });
  const record = await test.call('POST', 'bank', `statement-folders/${(folder.data as { id: string }).id}/records`, {
    token: owner.token,
    body: { name: fixture.accountName },
  });
  const recordId = (record.data as { id: string }).id;

  async function engineAlone(): Promise<number> {
    collectGarbage();
    const start = performance.now();
    const result = await readStatement(bytes);
    const ms = performance.now() - start;
    if (result.transactions.length !== fixture.rows.length)
      throw new Error(`the engine read ${result.transactions.length} of ${fixture.rows.length} rows`);
    return ms;
  }

  /** Upload, then poll the statement as a screen would (every quarter second) until it is analysed: what a person waiting sees. */
  async function throughApi(): Promise<{ total: number; upload: number }> {
    collectGarbage();
    const start = performance.now();
    const uploaded = await test.upload(`statement-records/${recordId}/statements`, {
      namespace: 'bank',
      token: owner.token,
      files: [
        { field: 'file', filename: 'statement.pdf', contentType: 'application/pdf', content: Buffer.from(bytes) },
      ],
    });
    const upload = performance.now() - start;
    if (uploaded.code !== 'OK') throw new Error(`upload failed: ${JSON.stringify(uploaded).slice(0, 500)}`);
    const id = (uploaded.data as { id: string }).id;
    for (;;) {
      const statement = await test.call('GET', 'bank', `statements/${id}`, { token: owner.token });
      const data = statement.data as {
        status: string;
        verdict: string;
        error_message: string | null;
        totals: { transaction_count: number } | null;
      };
      if (data.status === 'failed') throw new Error(`the statement failed: ${data.error_message}`);
      if (data.status === 'analysed') {
        const total = performance.now() - start;
        if (data.totals?.transaction_count !== fixture.rows.length)
          throw new Error(`stored ${data.totals?.transaction_count} of ${fixture.rows.length} rows`);
        if (data.verdict !== 'consistent') throw new Error(`verdict ${data.verdict}`);
        return { total, upload };
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  // Warm up both, then alternate so drift in machine load hits both alike.
  await engineAlone();
  await throughApi();
  const engineTimes: number[] = [];
  const apiTimes: number[] = [];
  const uploadTimes: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    engineTimes.push(await engineAlone());
    const api = await throughApi();
    apiTimes.push(api.total);
    uploadTimes.push(api.upload);
  }
  const engine = median(engineTimes);
  const api = median(apiTimes);
  // Each run times the engine and then the API back to back, so their ratio is taken under one
  // machine load; the median of those ratios is what the budget is held to.
  const ratios = apiTimes.map((ms, run) => ms / engineTimes[run]);
  const ratio = median(ratios);

  console.log(
    `Analyser on ${test.database.kind}: ${formatInteger(fixture.rows.length)} rows, ${(bytes.length / 1_048_576).toFixed(1)} MB ` +
      `(${path.replace(process.cwd() + '/', '')}); median of ${RUNS} runs\n`,
  );
  printTable(
    ['work', 'median ms', 'vs engine', 'budget'],
    [
      ['readStatement alone (engine)', engine.toFixed(0), '1.00×', ''],
      ['  upload call (checked, kept, job queued)', median(uploadTimes).toFixed(0), '', ''],
      [
        'upload → analysed through the API',
        api.toFixed(0),
        `${ratio.toFixed(2)}×`,
        ratio <= TIME_BUDGET ? `PASS (≤ ${TIME_BUDGET}×)` : `OVER BUDGET (> ${TIME_BUDGET}×)`,
      ],
    ],
  );
  console.log(
    `\nruns (engine ms / API ms = ratio): ${engineTimes
      .map((ms, run) => `${ms.toFixed(0)} / ${apiTimes[run].toFixed(0)} = ` + `${ratios[run].toFixed(2)}×`)
      .join(', ')}; 'vs engine' is the median of these ratios`,
  );
  if (ratio > TIME_BUDGET) process.exitCode = 1;
} finally {
  await test.close();
}
