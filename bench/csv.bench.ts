// PAYE CSV parsing: parsePayeCsv (parse + template, header and cell validation, amounts and
// totals) against Papa Parse's bare parse of the same 100,000-row file. Budget: within 2× bare.
import { performance } from 'node:perf_hooks';
import Papa from 'papaparse';
import { parsePayeCsv } from '@levy/tax';
import { formatInteger, median, printTable } from './bench-table';
import { payeFixture, fixturePath } from './fixtures';

const ROWS = 100_000;
const RUNS = 7;
const BUDGET = 2;
const fixture = fixturePath(`paye-${ROWS}.csv`);

const text = payeFixture(ROWS);

const PAPA_OPTIONS = { delimiter: ',', header: false, dynamicTyping: false, skipEmptyLines: false } as const;

// With --expose-gc (scripts/bench.mjs passes it), start every timed run with a clean heap so
// no run pays for the previous run's garbage.
const collectGarbage = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

function time(run: () => unknown): number {
  collectGarbage();
  const start = performance.now();
  run();
  return performance.now() - start;
}

// Check the work first: the fixture must parse cleanly and the two must see the same rows.
const checked = parsePayeCsv(text);
if (!checked.ok)
  throw new Error(`fixture did not parse: ${checked.message} ${JSON.stringify(checked.errors.slice(0, 3))}`);
const bareRows = Papa.parse<string[]>(text, PAPA_OPTIONS).data.length;

// Warm both up, then alternate runs so drift in machine load hits both alike.
for (let i = 0; i < 2; i++) {
  Papa.parse(text, PAPA_OPTIONS);
  Papa.parse(text);
  parsePayeCsv(text);
}
const bareTimes: number[] = [];
const defaultTimes: number[] = [];
const oursTimes: number[] = [];
for (let i = 0; i < RUNS; i++) {
  bareTimes.push(time(() => Papa.parse(text, PAPA_OPTIONS)));
  defaultTimes.push(time(() => Papa.parse(text)));
  oursTimes.push(time(() => parsePayeCsv(text)));
}
const bare = median(bareTimes);
const papaDefault = median(defaultTimes);
const ours = median(oursTimes);
const ratio = ours / bare;

console.log(
  `PAYE CSV: ${formatInteger(checked.recipientCount)} data rows, ${(text.length / 1_048_576).toFixed(1)} MB ` +
    `(${fixture.replace(process.cwd() + '/', '')}); median of ${RUNS} runs\n`,
);
printTable(
  ['parse', 'median ms', 'rows/s', 'vs bare', 'budget'],
  [
    [
      'Papa.parse bare (same options: delimiter ",")',
      bare.toFixed(1),
      formatInteger((ROWS / bare) * 1000),
      '1.00×',
      '',
    ],
    [
      'Papa.parse defaults (delimiter guessed)',
      papaDefault.toFixed(1),
      formatInteger((ROWS / papaDefault) * 1000),
      `${(papaDefault / bare).toFixed(2)}×`,
      '',
    ],
    [
      'parsePayeCsv (validate + totals)',
      ours.toFixed(1),
      formatInteger((ROWS / ours) * 1000),
      `${ratio.toFixed(2)}×`,
      ratio <= BUDGET ? `PASS (≤ ${BUDGET}×)` : `OVER BUDGET (> ${BUDGET}×)`,
    ],
  ],
);
console.log(
  `\namount_due ${checked.amountDue} kobo; bare parse saw ${bareRows - 2} data rows (plus header and final empty line)`,
);
