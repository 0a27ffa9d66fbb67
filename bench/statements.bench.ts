// Bank statement engine: readStatement (read, rebuild rows, check, analyse) on a generated
// 200-page PDF of about 10,000 rows, against pdfjs-dist's bare text extraction of the same file
// in the same run. Budgets: within 2× bare extraction; peak RSS growth at most 300 MB.
import { performance } from 'node:perf_hooks';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { readStatement } from '@levy/statements';
import { formatInteger, median, printTable } from './bench-table';
import { statementPdfFixture } from './fixtures';

const RUNS = 3;
const TIME_BUDGET = 2;
const RSS_BUDGET_MB = 300;

const collectGarbage = (globalThis as { gc?: () => void }).gc ?? (() => undefined);
const rssMb = () => process.memoryUsage.rss() / 1_048_576;
const maxRssMb = () => process.resourceUsage().maxRSS / 1024;

const { fixture, bytes, path: fixturePath } = await statementPdfFixture();

/** What any reader of a PDF must do at least: open it and extract every page's text. */
async function extractBare(): Promise<number> {
  const document = await getDocument({
    data: bytes.slice(),
    isEvalSupported: false,
    disableFontFace: true,
    verbosity: 0,
  }).promise;
  let items = 0;
  for (let pageNumber = 1; pageNumber <= document.numPages; pageNumber++) {
    const page = await document.getPage(pageNumber);
    items += (await page.getTextContent()).items.length;
    page.cleanup();
  }
  await document.destroy();
  return items;
}

// Peak memory first, on a clean heap, before anything else has grown the process. Most of it is
// pdfjs's own: its bare extraction alone grows a fresh process by about 210 MB on this file.
collectGarbage();
const baseline = rssMb();
const peakBefore = maxRssMb();
const checked = await readStatement(bytes);
const rssGrowth = Math.max(maxRssMb(), peakBefore) - baseline;

// Check the work: every row read, the chain intact, the totals the generator printed.
if (checked.transactions.length !== fixture.rows.length)
  throw new Error(`read ${checked.transactions.length} of ${fixture.rows.length} rows`);
if (checked.verdict !== 'consistent') throw new Error(`verdict ${checked.verdict}: ${checked.reasons.join('; ')}`);
if (checked.computed.totalCredits !== fixture.totalCredits) throw new Error('credit total differs');
const bareItems = await extractBare();

async function time(run: () => Promise<unknown>): Promise<number> {
  collectGarbage();
  const start = performance.now();
  await run();
  return performance.now() - start;
}

// Warm up both, then alternate so drift in machine load hits both alike.
await extractBare();
await readStatement(bytes);
const bareTimes: number[] = [];
const oursTimes: number[] = [];
for (let run = 0; run < RUNS; run++) {
  bareTimes.push(await time(extractBare));
  oursTimes.push(await time(() => readStatement(bytes)));
}
const bare = median(bareTimes);
const ours = median(oursTimes);
const ratio = ours / bare;

console.log(
  `Statement PDF: ${checked.pageCount} pages, ${formatInteger(checked.transactions.length)} rows, ` +
    `${(bytes.length / 1_048_576).toFixed(1)} MB (${fixturePath.replace(process.cwd() + '/', '')}); median of ${RUNS} runs\n`,
);
printTable(
  ['work', 'median ms', 'pages/s', 'vs bare', 'budget'],
  [
    ['pdfjs-dist bare text extraction', bare.toFixed(0), formatInteger((checked.pageCount / bare) * 1000), '1.00×', ''],
    [
      'readStatement (read + rows + checks + analysis)',
      ours.toFixed(0),
      formatInteger((checked.pageCount / ours) * 1000),
      `${ratio.toFixed(2)}×`,
      ratio <= TIME_BUDGET ? `PASS (≤ ${TIME_BUDGET}×)` : `OVER BUDGET (> ${TIME_BUDGET}×)`,
    ],
  ],
);
console.log(
  `\npeak RSS growth during readStatement: ${rssGrowth.toFixed(0)} MB ` +
    (rssGrowth <= RSS_BUDGET_MB ? `PASS (≤ ${RSS_BUDGET_MB} MB)` : `OVER BUDGET (> ${RSS_BUDGET_MB} MB)`) +
    `; bare extraction saw ${formatInteger(bareItems)} text runs; verdict ${checked.verdict}`,
);
if (ratio > TIME_BUDGET || rssGrowth > RSS_BUDGET_MB) process.exitCode = 1;
