// Deterministic fixtures for the benchmarks, generated once into bench/.fixtures (ignored by git).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { PAYE_TEMPLATE_HEADERS } from '@levy/tax';
import { buildFixture, renderPdf, type Fixture } from '../packages/statements/src/fixtures/render-statement';
import { createRandom } from './bench-table';

const fixtureDir = join(dirname(fileURLToPath(import.meta.url)), '.fixtures');

export function fixturePath(name: string): string {
  return join(fixtureDir, name);
}

function cached(name: string, generate: () => string): string {
  const path = fixturePath(name);
  if (!existsSync(path)) {
    mkdirSync(fixtureDir, { recursive: true });
    writeFileSync(path, generate());
  }
  return readFileSync(path, 'utf8');
}

const FIRST = ['Adaeze', 'Musa', 'Chinedu', 'Funke', 'Ibrahim', 'Ngozi', 'Tunde', 'Aisha', 'Emeka', 'Bola'];
const LAST = ['Okafor', 'Ibrahim', 'Eze', 'Adeyemi', 'Bello', 'Nwosu', 'Bakare', 'Yusuf', 'Obi', 'Afolabi'];
const ROLES = ['Accountant', 'Engineer', 'Sales Officer', 'Driver', 'HR Manager', '"Head of Finance, Lagos"'];

function money(value: number): string {
  return value.toFixed(2);
}

function generatePayeFixture(rows: number): string {
  const random = createRandom(100_000);
  const lines: string[] = [PAYE_TEMPLATE_HEADERS.join(',')];
  for (let row = 0; row < rows; row++) {
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

/** A PAYE template file with `rows` employees (the same file on every run). */
export function payeFixture(rows: number): string {
  return cached(`paye-${rows}.csv`, () => generatePayeFixture(rows));
}

/**
 * The same PAYE file with all seven optional columns after the 18 (decision 0037), in another order
 * than the template's: residence on every row, a declared pension on half of them, NHF, NHIS, life
 * assurance and mortgage interest on some, and a year's rent on a third.
 */
export function payeWithReliefsFixture(rows: number): string {
  return cached(`paye-all-reliefs-${rows}.csv`, () => {
    const [header, ...lines] = payeFixture(rows).split('\r\n');
    const when = (row: number, every: number, amount: number) => (row % every === 0 ? money(amount) : '');
    const extended = lines.map((line, row) =>
      line === ''
        ? line
        : [
            line,
            row % 4 === 0 ? 'OG' : 'LA',
            when(row, 3, 1_200_000),
            row % 2 === 0 ? money(20_000 + (row % 7) * 1_000) : '',
            when(row, 5, 2_500),
            when(row, 6, 1_500),
            when(row, 8, 4_000),
            when(row, 10, 15_000),
          ].join(','),
    );
    return [
      `${header},state_of_residence,annual_rent,pension,nhf,nhis,life_assurance,mortgage_interest`,
      ...extended,
    ].join('\r\n');
  });
}

/** A WHT auto template file (tax_payer_number, name, amount) with `rows` payees. */
export function whtAutoFixture(rows: number): string {
  return cached(`wht-auto-${rows}.csv`, () => {
    const random = createRandom(rows);
    const lines = ['tax_payer_number,name,amount'];
    for (let row = 0; row < rows; row++) {
      lines.push(
        `N-${String(2_000_000 + row).padStart(7, '0')},${FIRST[row % 10]} ${LAST[Math.floor(row / 10) % 10]},` +
          `${money(Math.round(10_000 + random() * 5_000_000))}`,
      );
    }
    return `${lines.join('\r\n')}\r\n`;
  });
}

export const STATEMENT_ROWS = 10_000;
// Fidelity's layout: one line per row for most narrations, so 10,000 rows fill about 200 pages.
const STATEMENT_FIXTURE = {
  style: 'fidelity',
  seed: 2025,
  count: STATEMENT_ROWS,
  perDay: 6,
  start: '2022-01-01',
  openingBalance: 500_000_000,
} as const;

/** The 200-page statement PDF of about 10,000 rows, with the truth it was printed from. */
export async function statementPdfFixture(): Promise<{ fixture: Fixture; bytes: Uint8Array; path: string }> {
  const fixture = buildFixture(STATEMENT_FIXTURE);
  const path = fixturePath(`statement-${STATEMENT_ROWS}.pdf`);
  if (!existsSync(path)) {
    mkdirSync(fixtureDir, { recursive: true });
    const started = performance.now();
    writeFileSync(path, await renderPdf(fixture, STATEMENT_FIXTURE));
    console.log(
      `generated ${path.replace(process.cwd() + '/', '')} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }
  return { fixture, bytes: new Uint8Array(readFileSync(path)), path };
}
