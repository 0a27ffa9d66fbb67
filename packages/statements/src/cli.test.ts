import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeNotAStatementCsv } from './fixtures/render-broken';
import { FIXTURE_STYLES } from './fixtures/fixture-styles';
import { renderFixture, type Fixture } from './fixtures/render-statement';
import { renderZooEntry } from './fixtures/render-zoo';
import { ZOO, ZOO_PASSWORD } from './fixtures/zoo';

const cli = join(dirname(fileURLToPath(import.meta.url)), 'cli.ts');
const directory = mkdtempSync(join(tmpdir(), 'levy-statement-cli-'));
// Each run starts Node and tsx afresh: seconds, not milliseconds, on a busy two-core machine.
const CLI_TIMEOUT = 60_000;

function runCli(args: string[]): Promise<{ code: number; json: any }> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', cli, ...args],
      { maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        try {
          resolve({ code, json: JSON.parse(stdout) });
        } catch {
          reject(new Error(`CLI printed no JSON (exit ${code}): ${stderr}`));
        }
      },
    );
  });
}

// One fixture per named layout, the formats taken in turn, all read by one run of the CLI.
const FORMATS = ['pdf', 'csv', 'xlsx'] as const;
const fixtures: { file: string; fixture: Fixture }[] = [];

beforeAll(async () => {
  for (const [index, style] of FIXTURE_STYLES.entries()) {
    const format = FORMATS[index % 3];
    const { fixture, bytes } = await renderFixture({ style: style.id, seed: 40 + index, count: 30 }, format);
    const file = join(directory, `${style.id}.${format}`);
    writeFileSync(file, bytes);
    fixtures.push({ file, fixture });
  }
}, CLI_TIMEOUT);

afterAll(() => rmSync(directory, { recursive: true, force: true }));

describe('npm run statement', () => {
  it(
    'prints account, checks, verdict and analysis for one statement per layout',
    async () => {
      const { code, json } = await runCli(fixtures.map((entry) => entry.file));
      expect(code).toBe(0);
      expect(json).toHaveLength(FIXTURE_STYLES.length);
      json.forEach((result: any, index: number) => {
        const { file, fixture } = fixtures[index];
        expect(result.file).toBe(file);
        expect(result.layout.id).toBe(fixture.style.id);
        expect(result.account.number).toBe(fixture.accountNumber);
        expect(result.verdict).toBe('consistent');
        expect(result.reasons).toEqual([]);
        expect(result.computed).toEqual({
          openingBalance: fixture.openingBalance,
          closingBalance: fixture.closingBalance,
          totalDebits: fixture.totalDebits,
          totalCredits: fixture.totalCredits,
          transactionCount: fixture.rows.length,
        });
        expect(result.analysis.totals.inflow).toBe(fixture.totalCredits);
        expect(result.checks.map((check: any) => check.id)).toContain('balance_chain');
        expect(result.transactions).toBeUndefined();
      });
    },
    CLI_TIMEOUT,
  );

  it(
    'opens an encrypted PDF with --password and adds the rows with --rows',
    async () => {
      const { fixture, bytes } = await renderFixture(
        { style: 'stanbic', seed: 60, count: 12, password: 'pw123' },
        'pdf',
      );
      const file = join(directory, 'encrypted.pdf');
      writeFileSync(file, bytes);
      const [missing, { code, json }] = await Promise.all([
        runCli([file]),
        runCli([file, '--password', 'pw123', '--rows']),
      ]);
      expect(missing).toEqual({
        code: 2,
        json: { error: { code: 'PASSWORD_REQUIRED', message: 'This PDF is password-protected: enter its password' } },
      });
      expect(code).toBe(0);
      expect(json.transactions.map((row: any) => [row.date, row.debit, row.credit, row.balance])).toEqual(
        fixture.rows.map((row) => [row.date, row.debit, row.credit, row.balance]),
      );
    },
    CLI_TIMEOUT,
  );

  it(
    'reads a header-less CSV with --map and reports a file that is not a statement',
    async () => {
      const headerless = join(directory, 'headerless.csv');
      writeFileSync(
        headerless,
        '05/01/2025,NIP TRANSFER FROM ACME LTD,,"100,000.00","150,000.00"\n06/01/2025,ATM CASH WITHDRAWAL,"20,000.00",,"130,000.00"\n',
      );
      const contacts = join(directory, 'contacts.csv');
      writeFileSync(contacts, makeNotAStatementCsv());
      const { code, json } = await runCli([
        headerless,
        contacts,
        '--map',
        'date=0,narration=1,debit=2,credit=3,balance=4',
      ]);
      expect(code).toBe(2);
      expect(json[0].layout.id).toBe('manual');
      expect(json[0].computed.transactionCount).toBe(2);
      // The mapping applies to both files; the contact list has no dates in column 0 to read.
      expect(json[1]).toEqual({
        file: contacts,
        error: { code: 'NOT_A_STATEMENT', message: 'This file does not look like a bank statement' },
      });
    },
    CLI_TIMEOUT,
  );

  it(
    'reads one statement of the layout zoo per class of failure, row by row',
    async () => {
      // The first zoo statement of each class; the workbook password is harmless to the others.
      const picked = [1, 2, 3, 4, 5].map((kind) =>
        ZOO.find((entry) => entry.classes.includes(kind) && (kind !== 5 || entry.format === 'encrypted-xlsx'))!,
      );
      const files: { file: string; fixture: Fixture }[] = [];
      for (const entry of picked) {
        const { fixture, bytes, fileName } = await renderZooEntry(entry);
        const file = join(directory, `${entry.id}-${fileName}`);
        writeFileSync(file, bytes);
        files.push({ file, fixture });
      }
      const { code, json } = await runCli([...files.map((entry) => entry.file), '--password', ZOO_PASSWORD, '--rows']);
      expect(code).toBe(0);
      json.forEach((result: any, index: number) => {
        const { fixture } = files[index];
        expect(result.verdict).toBe('consistent');
        expect(result.confidence.reconciledShare).toBe(1);
        expect(result.transactions.map((row: any) => [row.date, row.debit, row.credit, row.balance])).toEqual(
          fixture.rows.map((row) => [row.date, row.debit, row.credit, row.balance]),
        );
      });
    },
    CLI_TIMEOUT,
  );
});
