import { describe, expect, it } from 'vitest';
import { makeNotAStatementCsv, renderImageOnlyPdf, renderNotAStatementPdf } from './fixtures/render-broken';
import { buildFixture, renderCsv, renderFixture } from './fixtures/render-statement';
import { checkStatementAccess, readStatement, StatementError, type StatementResult } from './index';

function statusOf(result: StatementResult, id: string): string | undefined {
  return result.checks.find((check) => check.id === id)?.status;
}

async function expectStatementError(promise: Promise<unknown>, code: string, message: string): Promise<void> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(StatementError);
  expect(error).toMatchObject({ code, message });
}

describe('broken statements', () => {
  it('a tampered amount breaks the chain at that row and the printed totals: inconsistent', async () => {
    const { fixture, bytes } = await renderFixture(
      { style: 'access', seed: 21, count: 70, tamper: { index: 20, addKobo: 5_000_000 } },
      'pdf',
    );
    const result = await readStatement(bytes);
    expect(result.verdict).toBe('inconsistent');
    const chain = result.checks.find((check) => check.id === 'balance_chain');
    expect(chain?.status).toBe('fail');
    expect(chain?.details?.breakCount).toBe(1);
    expect(chain?.details?.firstBreak).toMatchObject({ index: 20, date: fixture.rows[20].date, page: 1 });
    expect(statusOf(result, 'printed_totals')).toBe('fail');
    expect(result.reasons[0]).toMatch(/^The running balance breaks 1 time; first on /);
  });

  it('a missing page shows in the page numbers and the chain: inconsistent', async () => {
    const { bytes } = await renderFixture({ style: 'fidelity', seed: 22, count: 120, omitPage: 2 }, 'pdf');
    const result = await readStatement(bytes);
    expect(result.pageCount).toBe(2);
    expect(result.verdict).toBe('inconsistent');
    const pages = result.checks.find((check) => check.id === 'page_numbers');
    expect(pages).toMatchObject({ status: 'fail', details: { claimed: 3, pageCount: 2, missing: [2] } });
    expect(statusOf(result, 'balance_chain')).toBe('fail');
  });

  it('an encrypted PDF asks for its password, refuses a wrong one and reads with the right one', async () => {
    const { fixture, bytes } = await renderFixture({ style: 'zenith', seed: 23, count: 25, password: 'a1b2c3' }, 'pdf');
    await expectStatementError(
      readStatement(bytes),
      'PASSWORD_REQUIRED',
      'This PDF is password-protected: enter its password',
    );
    await expectStatementError(
      readStatement(bytes, { password: 'wrong' }),
      'WRONG_PASSWORD',
      'The password for this PDF is not correct: check it and try again',
    );
    const result = await readStatement(bytes, { password: 'a1b2c3' });
    expect(result.transactions).toHaveLength(fixture.rows.length);
    expect(result.metadata?.isEncrypted).toBe(true);
    expect(result.verdict).toBe('consistent');
  });

  it('an RC4 PDF with an empty owner password opens without asking, as viewers open it; its user password still works', async () => {
    const { fixture, bytes } = await renderFixture(
      { style: 'zenith', seed: 29, count: 25, rc4EmptyOwnerPassword: 'x9-core' },
      'pdf',
    );
    await expect(checkStatementAccess(bytes)).resolves.toMatchObject({ isEncrypted: true });
    const result = await readStatement(bytes);
    expect(result.transactions.map((row) => row.balance)).toEqual(fixture.rows.map((row) => row.balance));
    expect(result.verdict).toBe('consistent');
    expect((await readStatement(bytes, { password: 'x9-core' })).transactions).toHaveLength(fixture.rows.length);
  });

  it('an image-only PDF has no text layer', async () => {
    await expectStatementError(
      readStatement(await renderImageOnlyPdf()),
      'NO_TEXT_LAYER',
      'This PDF has no text layer; upload the e-statement from your bank',
    );
  });

  it('an invoice PDF and a contact-list CSV are not statements', async () => {
    await expectStatementError(
      readStatement(await renderNotAStatementPdf()),
      'NOT_A_STATEMENT',
      'This file does not look like a bank statement',
    );
    await expectStatementError(
      readStatement(makeNotAStatementCsv()),
      'NOT_A_STATEMENT',
      'This file does not look like a bank statement',
    );
    await expectStatementError(
      readStatement(new Uint8Array(0)),
      'NOT_A_STATEMENT',
      'This file does not look like a bank statement',
    );
  });

  it('an image file is not a supported format, and a damaged PDF is unreadable', async () => {
    const { makeScanPng } = await import('./fixtures/render-broken');
    await expectStatementError(
      readStatement(new Uint8Array(makeScanPng(40, 40))),
      'UNSUPPORTED_FORMAT',
      'This file type is not supported: upload a PDF, CSV or XLSX statement',
    );
    const oldExcel = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    await expect(readStatement(oldExcel, { fileName: 'statement.xls' })).rejects.toMatchObject({
      code: 'UNSUPPORTED_FORMAT',
    });
    const damaged = new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog >> garbage');
    await expectStatementError(readStatement(damaged), 'UNREADABLE', 'This file could not be read: it may be damaged');
  });

  it('a PDF re-saved by an editor is suspicious, with the producer and dates as reasons', async () => {
    const { bytes } = await renderFixture(
      { style: 'gtbank', seed: 24, count: 25, producer: 'iLovePDF', modifiedAt: new Date(Date.UTC(2025, 6, 3)) },
      'pdf',
    );
    const result = await readStatement(bytes);
    expect(result.verdict).toBe('suspicious');
    expect(result.reasons).toEqual([
      'The PDF was written by iLovePDF, an editing or conversion tool; the PDF was modified on 2025-07-03, after it was created on 2025-06-01',
    ]);
  });

  it('an account number with a wrong NUBAN check digit is suspicious', async () => {
    const fixture = buildFixture({ style: 'uba', seed: 25, count: 20 });
    const last = Number(fixture.accountNumber[9]);
    fixture.accountNumber = fixture.accountNumber.slice(0, 9) + String((last + 1) % 10);
    const result = await readStatement(renderCsv(fixture));
    expect(statusOf(result, 'nuban')).toBe('warn');
    expect(result.verdict).toBe('suspicious');
  });

  it('rows that could not be read are listed with page and line, and their breaks are not called edits', async () => {
    const fixture = buildFixture({ style: 'kuda', seed: 30, count: 20 });
    const printedDate = fixture.style.formatDate(fixture.rows[6].date, fixture.rows[6].time);
    const garbled = new TextDecoder().decode(renderCsv(fixture)).split('\r\n');
    const rowLine = garbled.findIndex((line) => line.startsWith(printedDate));
    garbled[rowLine] = garbled[rowLine].replace(printedDate, '3?-???-20');
    const result = await readStatement(new TextEncoder().encode(garbled.join('\r\n')), { fileName: 'statement.csv' });
    expect(result.transactions).toHaveLength(19);
    expect(result.confidence.unplacedLines).toEqual([
      {
        page: 1,
        line: rowLine + 1,
        text: expect.stringContaining(fixture.rows[6].narration),
        reason: 'row left out: no date',
      },
    ]);
    expect(result.confidence.explanation).toContain(
      `1 line with a row's figures or date could not be read into a transaction (first on page 1, line ${rowLine + 1})`,
    );
    expect(statusOf(result, 'balance_chain')).toBe('warn');
    expect(result.verdict).toBe('suspicious');
    expect(result.reasons[0]).toMatch(
      /1 line of the statement could not be read into rows, so this may be the reading rather than the statement: it is not taken as a sign of editing$/,
    );
  });

  it('a row pasted twice breaks the chain and is reported as a duplicate', async () => {
    const fixture = buildFixture({ style: 'sterling', seed: 26, count: 20 });
    fixture.rows.splice(6, 0, { ...fixture.rows[5] });
    const result = await readStatement(renderCsv(fixture));
    expect(statusOf(result, 'duplicates')).toBe('warn');
    expect(statusOf(result, 'balance_chain')).toBe('fail');
    expect(result.verdict).toBe('inconsistent');
  });

  it('rows after the printed period are suspicious', async () => {
    const fixture = buildFixture({ style: 'wema', seed: 27, count: 20 });
    fixture.periodEnd = fixture.rows[10].date;
    const result = await readStatement(renderCsv(fixture));
    expect(statusOf(result, 'period_coverage')).toBe('warn');
    expect(result.verdict).toBe('suspicious');
  });

  it('rows out of date order are suspicious', async () => {
    const fixture = buildFixture({ style: 'moniepoint', seed: 28, count: 20 });
    // Swap two days' dates but keep the rows (and balances) where they are.
    const [a, b] = [fixture.rows[4], fixture.rows[14]];
    [a.date, b.date] = [b.date, a.date];
    const result = await readStatement(renderCsv(fixture));
    expect(statusOf(result, 'date_order')).toBe('warn');
    expect(result.verdict).toBe('suspicious');
  });
});
