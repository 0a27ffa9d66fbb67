// PAYE CSV parsing: parsePayeCsv (parse + template, header and cell validation, amounts and
// totals) against Papa Parse's bare parse of the same 100,000-row file. Budget: within 2× bare.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import Papa from 'papaparse';
import { PAYE_TEMPLATE_HEADERS, parsePayeCsv } from '@levy/tax';
import { createRandom, formatInteger, median, printTable } from './bench-table';

const ROWS = 100_000;
const RUNS = 7;
const BUDGET = 2;
const fixtureDir = join(dirname(fileURLToPath(import.meta.url)), '.fixtures');
const fixture = join(fixtureDir, `paye-${ROWS}.csv`);

const FIRST = ['Adaeze', 'Musa', 'Chinedu', 'Funke', 'Ibrahim', 'Ngozi', 'Tunde', 'Aisha', 'Emeka', 'Bola'];
const LAST = ['Okafor', 'Ibrahim', 'Eze', 'Adeyemi', 'Bello', 'Nwosu', 'Bakare', 'Yusuf', 'Obi', 'Afolabi'];
const ROLES = ['Accountant', 'Engineer', 'Sales Officer', 'Driver', 'HR Manager', '"Head of Finance, Lagos"'];

function money(value: number): string {
  return value.toFixed(2);
}

function generateFixture(): string {
  const random = createRandom(100_000);
  const lines: string[] = [PAYE_TEMPLATE_HEADERS.join(',')];
  for (let row = 0; row < ROWS; row++) {
    const basic = Math.round(60_000 + random() * 900_000);
    const housing = Math.round(basic * 0.5);
    const transport = Math.round(basic * 0.2);
    const lunch = Math.round(random() * 30_000);
    const utility = Math.round(random() * 20_000);
    const other = Math.round(random() * 50_000);
    const gross = basic + housing + transport + lunch + utility + other;
    const tax = Math.max(1, gross * 0.12);
    lines.push(
      [
        `N-${String(1_000_000 + row).padStart(7, '0')}`,
        `${FIRST[row % 10]} ${LAST[Math.floor(row / 10) % 10]}`,
        'Nigerian',
        ROLES[row % ROLES.length],
        money(gross),
        money(tax),
        money(basic),
        money(housing),
        money(transport),
        '0.00',
        '0.00',
        money(lunch),
        '0.00',
        '0.00',
        '0.00',
        '0.00',
        money(utility),
        money(other),
      ].join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

if (!existsSync(fixture)) {
  mkdirSync(fixtureDir, { recursive: true });
  writeFileSync(fixture, generateFixture());
}
const text = readFileSync(fixture, 'utf8');

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
if (!checked.ok) throw new Error(`fixture did not parse: ${checked.message} ${JSON.stringify(checked.errors.slice(0, 3))}`);
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
    ['Papa.parse bare (same options: delimiter ",")', bare.toFixed(1), formatInteger((ROWS / bare) * 1000), '1.00×', ''],
    ['Papa.parse defaults (delimiter guessed)', papaDefault.toFixed(1), formatInteger((ROWS / papaDefault) * 1000), `${(papaDefault / bare).toFixed(2)}×`, ''],
    [
      'parsePayeCsv (validate + totals)',
      ours.toFixed(1),
      formatInteger((ROWS / ours) * 1000),
      `${ratio.toFixed(2)}×`,
      ratio <= BUDGET ? `PASS (≤ ${BUDGET}×)` : `OVER BUDGET (> ${BUDGET}×)`,
    ],
  ],
);
console.log(`\namount_due ${checked.amountDue} kobo; bare parse saw ${bareRows - 2} data rows (plus header and final empty line)`);
