import ExcelJS from 'exceljs';
import officeCrypto from 'officecrypto-tool';
import { StatementError } from '../statement-error';
import type { SourceDocument, SourceLine } from '../source-document';
import { rowsToLines } from './read-csv';

function pad2(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}

/** A cell's value as the text a person sees, with dates as ISO so the date parser needs no guess. */
export function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    // exceljs gives spreadsheet dates as UTC midnight (plus the time of day, if any).
    const date = `${value.getUTCFullYear()}-${pad2(value.getUTCMonth() + 1)}-${pad2(value.getUTCDate())}`;
    const seconds = value.getUTCHours() * 3600 + value.getUTCMinutes() * 60 + value.getUTCSeconds();
    return seconds === 0
      ? date
      : `${date} ${pad2(value.getUTCHours())}:${pad2(value.getUTCMinutes())}:${pad2(value.getUTCSeconds())}`;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return value;
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('result' in value) return value.result === undefined ? '' : cellText(value.result);
  if ('text' in value) return String(value.text);
  if ('error' in value) return '';
  return '';
}

export const WORKBOOK_PASSWORD_MESSAGES = {
  PASSWORD_REQUIRED: 'This workbook is password-protected: enter its password',
  WRONG_PASSWORD: 'The password for this workbook is not correct: check it and try again',
} as const;

/**
 * Opens a password-protected workbook (Office encryption, standard or agile) with its password:
 * the plain XLSX inside. Throws PASSWORD_REQUIRED or WRONG_PASSWORD as a PDF would.
 */
export async function decryptWorkbook(bytes: Uint8Array, password: string | undefined): Promise<Uint8Array> {
  if (!password) throw new StatementError('PASSWORD_REQUIRED', WORKBOOK_PASSWORD_MESSAGES.PASSWORD_REQUIRED);
  let plain: Buffer;
  try {
    plain = await officeCrypto.decrypt(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { password });
  } catch (error) {
    // The library says a wrong password in words; anything else is a damaged container.
    if (/password/i.test(String((error as Error).message)))
      throw new StatementError('WRONG_PASSWORD', WORKBOOK_PASSWORD_MESSAGES.WRONG_PASSWORD, { cause: error });
    throw new StatementError('UNREADABLE', undefined, { cause: error });
  }
  return new Uint8Array(plain.buffer, plain.byteOffset, plain.byteLength);
}

/** Reads every worksheet of an XLSX workbook; a sheet is a page. */
export async function readXlsx(bytes: Uint8Array): Promise<SourceDocument> {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ArrayBuffer);
  } catch (error) {
    throw new StatementError('UNREADABLE', undefined, { cause: error });
  }
  const lines: SourceLine[] = [];
  let sheetNumber = 0;
  workbook.eachSheet((sheet) => {
    sheetNumber++;
    const rows: string[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row, rowNumber) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, columnNumber) => {
        cells[columnNumber - 1] = cellText(cell.value);
      });
      rows[rowNumber - 1] = cells;
    });
    for (let index = 0; index < rows.length; index++) rows[index] ??= [];
    for (const line of rowsToLines(rows, sheetNumber)) lines.push(line);
  });
  return { format: 'xlsx', pageCount: sheetNumber, lines, metadata: null, encoding: null };
}
