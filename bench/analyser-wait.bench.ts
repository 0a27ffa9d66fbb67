// What other people feel while a large statement is stored: a 200,000-row CSV statement, then a
// spreadsheet of as many rows as the 10 MB upload limit lets in (330,000), is uploaded and parsed
// while another user keeps opening their folder list (one call every 20 ms).
// The longest of those calls, from upload to analysed, against the same call on an idle app.
// Budget: no call waits longer than 250 ms. On the embedded database (PGlite) every query runs
// on one connection and on the event loop's thread, so a save held in one long transaction made
// other users wait for all of it. PostgreSQL when DATABASE_URL is set (a scratch database,
// dropped afterwards), otherwise PGlite on disk (embedded-database.ts). STATEMENT_ROWS changes the size.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { formatInteger, median, printTable } from './bench-table';
import { benchDatabase } from './embedded-database';

const ROWS = Number(process.env.STATEMENT_ROWS ?? 200_000);
/** Rows of the spreadsheet: its five columns of varied figures come to 9.3 MB, under the 10 MB limit. */
const SPREADSHEET_ROWS = Number(process.env.SPREADSHEET_ROWS ?? 330_000);
const WAIT_BUDGET_MS = 250;
const PROBE_EVERY_MS = 20;

if (process.env.DATABASE_URL) process.env.TEST_DATABASE = 'postgres';
const { createTestApp, ownerWithOrganisation } = await import('../apps/server/test/harness');

const PAYEES = ['POS SHOPRITE', 'TRF ADAEZE', 'NIP BELLO', 'AIRTIME MTN', 'ATM IKEJA', 'SMS ALERT'];

/** A plain bank statement's rows (date, narration, debit, credit, balance): short narrations, a running balance that chains. */
function* statementRows(rows: number): Generator<[string, string, number | null, number | null, number]> {
  let balance = 5_000_000_00;
  const day = Date.UTC(2015, 0, 1);
  for (let row = 0; row < rows; row++) {
    const amount = 1_000 + ((row * 7_919) % 500_000);
    const isCredit = row % 3 === 0;
    balance += isCredit ? amount : -amount;
    const date = new Date(day + Math.floor(row / 50) * 86_400_000).toISOString().slice(0, 10);
    yield [date, PAYEES[row % PAYEES.length], isCredit ? null : amount, isCredit ? amount : null, balance];
  }
}

const HEADER = ['Date', 'Narration', 'Debit', 'Credit', 'Balance'];

/** The statement as CSV, kept under the 10 MB upload limit. */
function largeStatementCsv(rows: number): Buffer {
  const naira = (kobo: number | null) => (kobo === null ? '' : (kobo / 100).toFixed(2));
  const lines = [HEADER.join(',')];
  for (const [date, narration, debit, credit, balance] of statementRows(rows))
    lines.push(`${date},${narration},${naira(debit)},${naira(credit)},${naira(balance)}`);
  return Buffer.from(lines.join('\n'));
}

/** The statement as a spreadsheet, its figures as numbers, written by a streaming writer. */
async function largeStatementXlsx(rows: number): Promise<Buffer> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'levy-statement-')), 'statement.xlsx');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true });
  const sheet = workbook.addWorksheet('Statement');
  sheet.addRow(HEADER).commit();
  const naira = (kobo: number | null) => (kobo === null ? null : kobo / 100);
  for (const [date, narration, debit, credit, balance] of statementRows(rows))
    sheet.addRow([date, narration, naira(debit), naira(credit), naira(balance)]).commit();
  await workbook.commit();
  const bytes = fs.readFileSync(file);
  fs.rmSync(path.dirname(file), { recursive: true, force: true });
  return bytes;
}

const statements = [
  {
    name: `${formatInteger(ROWS)}-row CSV`,
    rows: ROWS,
    file: { filename: 'statement.csv', contentType: 'text/csv', content: largeStatementCsv(ROWS) },
  },
  {
    name: `${formatInteger(SPREADSHEET_ROWS)}-row spreadsheet`,
    rows: SPREADSHEET_ROWS,
    file: {
      filename: 'statement.xlsx',
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      content: await largeStatementXlsx(SPREADSHEET_ROWS),
    },
  },
];
const database = benchDatabase('analyser-wait');
const test = await createTestApp(database.options);
try {
  const analyst = await ownerWithOrganisation(test);
  const neighbour = await ownerWithOrganisation(test);
  const folder = await test.call('POST', 'bank', 'statement-folders', {
    token: analyst.token,
    body: { name: 'Large statements' },
  });
  const record = await test.call('POST', 'bank', `statement-folders/${(folder.data as { id: string }).id}/records`, {
    token: analyst.token,
    body: { name: 'Bello Stores' },
  });
  await test.call('POST', 'bank', 'statement-folders', { token: neighbour.token, body: { name: 'Neighbour' } });

  /** The neighbour's folder list, timed: a light call that needs the database. */
  async function probe(): Promise<number> {
    const start = performance.now();
    const reply = await test.call('GET', 'bank', 'statement-folders', { token: neighbour.token });
    if (reply.code !== 'OK') throw new Error(`the neighbour's call failed: ${JSON.stringify(reply).slice(0, 300)}`);
    return performance.now() - start;
  }

  async function probeWhile(isBusy: () => boolean): Promise<number[]> {
    const waits: number[] = [];
    while (isBusy()) {
      waits.push(await probe());
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
    return waits;
  }

  const idleUntil = performance.now() + 2_000;
  const idle = await probeWhile(() => performance.now() < idleUntil);

  /** The neighbour's waits while `statement` is uploaded and parsed, and how long that took. */
  async function whileStored(statement: (typeof statements)[number]): Promise<{ waits: number[]; totalMs: number }> {
    let isParsing = true;
    const started = performance.now();
    const parsed = (async () => {
      try {
        const uploaded = await test.upload(`statement-records/${(record.data as { id: string }).id}/statements`, {
          namespace: 'bank',
          token: analyst.token,
          files: [{ field: 'file', ...statement.file }],
        });
        if (uploaded.code !== 'OK') throw new Error(`upload failed: ${JSON.stringify(uploaded).slice(0, 500)}`);
        const id = (uploaded.data as { id: string }).id;
        for (;;) {
          const read = await test.call('GET', 'bank', `statements/${id}`, { token: analyst.token });
          const data = read.data as {
            status: string;
            error_message: string | null;
            totals: { transaction_count: number } | null;
          };
          if (data.status === 'failed')
            throw new Error(`the ${statement.name} statement failed: ${data.error_message}`);
          if (data.status === 'analysed') {
            if (data.totals?.transaction_count !== statement.rows)
              throw new Error(`stored ${data.totals?.transaction_count} of ${statement.rows} rows`);
            return performance.now() - started;
          }
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
      } finally {
        isParsing = false;
      }
    })();
    const waits = await probeWhile(() => isParsing);
    return { waits, totalMs: await parsed };
  }

  const longest = (waits: number[]) => Math.max(...waits);
  const rows: string[][] = [
    ['idle app', String(idle.length), median(idle).toFixed(0), longest(idle).toFixed(0), '', ''],
  ];
  for (const statement of statements) {
    const { waits, totalMs } = await whileStored(statement);
    const slow = waits.filter((ms) => ms > WAIT_BUDGET_MS).length;
    rows.push([
      `while a ${statement.name} (${(statement.file.content.length / 1_048_576).toFixed(1)} MB) is stored`,
      String(waits.length),
      median(waits).toFixed(0),
      longest(waits).toFixed(0),
      (totalMs / 1000).toFixed(1),
      longest(waits) <= WAIT_BUDGET_MS
        ? `PASS (≤ ${WAIT_BUDGET_MS} ms)`
        : `OVER BUDGET (${slow} calls > ${WAIT_BUDGET_MS} ms)`,
    ]);
    if (longest(waits) > WAIT_BUDGET_MS) process.exitCode = 1;
  }
  console.log(
    `Another user's calls while large statements are uploaded, parsed and stored, on ${test.database.kind}\n`,
  );
  printTable(['neighbour calls', 'count', 'median ms', 'longest ms', 'upload → analysed s', 'budget'], rows);
} finally {
  await test.close();
  database.remove();
}
