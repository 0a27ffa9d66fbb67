import { StatementError } from '../statement-error';
import type { SourceDocument, SourceFormat } from '../source-document';
import { readCsv } from './read-csv';
import { isHtmlTable, readHtmlTable } from './read-html';
import { checkPdfAccess, readPdf } from './read-pdf';
import { decryptWorkbook, readXlsx } from './read-xlsx';

export interface ReadSourceOptions {
  fileName?: string;
  mimeType?: string;
  password?: string;
  onPage?: (pageNumber: number, pageCount: number) => void;
}

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

// A password-protected XLSX is an OLE container holding an "EncryptionInfo" stream (its name in UTF-16).
const ENCRYPTION_INFO = new Uint8Array([...'EncryptionInfo'].flatMap((char) => [char.charCodeAt(0), 0]));

function contains(bytes: Uint8Array, needle: Uint8Array): boolean {
  outer: for (let index = 0; index <= bytes.length - needle.length; index++) {
    for (let offset = 0; offset < needle.length; offset++) if (bytes[index + offset] !== needle[offset]) continue outer;
    return true;
  }
  return false;
}

/**
 * Sniffs the format from the bytes first (names and MIME types lie), then from the name.
 * 'encrypted-xlsx' is a password-protected workbook; 'html' an HTML table saved as .xls (a
 * bank's "Excel" download); 'xls' an old binary workbook.
 */
export function detectFormat(
  bytes: Uint8Array,
  fileName = '',
  mimeType = '',
): 'pdf' | 'xlsx' | 'encrypted-xlsx' | 'xls' | 'html' | 'csv' {
  // A PDF may carry junk before its header; readers accept it within the first kilobyte.
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  if (head.includes('%PDF-')) return 'pdf';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return 'xlsx';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0]))
    return contains(bytes.subarray(0, 65_536), ENCRYPTION_INFO) ? 'encrypted-xlsx' : 'xls';
  if (isHtmlTable(bytes)) return 'html';
  const name = fileName.toLowerCase();
  if (name.endsWith('.pdf') || mimeType === 'application/pdf') return 'pdf';
  return 'csv';
}

/** Binary files (images, archives) are not CSV: refuse them rather than parse noise. */
function looksBinary(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 2048);
  let control = 0;
  // NUL is left out: UTF-16 text is full of it.
  for (const byte of sample) if ((byte > 0 && byte < 9) || (byte > 13 && byte < 32)) control++;
  return control > sample.length / 20;
}

/**
 * The format a reader will take the file as, refusing at once what none reads (old .xls,
 * password-protected workbooks, binary files): what an upload checks before keeping a file.
 */
export function sniffStatementFormat(bytes: Uint8Array, fileName?: string, mimeType?: string): SourceFormat {
  const format = detectFormat(bytes, fileName, mimeType);
  if (format === 'xls') {
    throw new StatementError(
      'UNSUPPORTED_FORMAT',
      'Old binary Excel (.xls) files are not supported: save the statement as XLSX or CSV, and upload it again',
    );
  }
  if (format === 'csv' && looksBinary(bytes)) throw new StatementError('UNSUPPORTED_FORMAT');
  // An HTML table and a protected workbook are read as spreadsheets.
  return format === 'html' || format === 'encrypted-xlsx' ? 'xlsx' : format;
}

/**
 * Opens a PDF or a password-protected workbook without reading it: throws PASSWORD_REQUIRED,
 * WRONG_PASSWORD or UNREADABLE as reading would, so an upload can ask for the password at once.
 * `isEncrypted` says whether the password is needed to read the file again.
 */
export async function checkStatementAccess(bytes: Uint8Array, password?: string): Promise<{ isEncrypted: boolean }> {
  const format = detectFormat(bytes);
  if (format === 'pdf') return checkPdfAccess(bytes, password);
  if (format === 'encrypted-xlsx') {
    await decryptWorkbook(bytes, password);
    return { isEncrypted: true };
  }
  return { isEncrypted: false };
}

export async function readSource(bytes: Uint8Array, options: ReadSourceOptions = {}): Promise<SourceDocument> {
  if (bytes.length === 0) throw new StatementError('NOT_A_STATEMENT');
  sniffStatementFormat(bytes, options.fileName, options.mimeType);
  switch (detectFormat(bytes, options.fileName, options.mimeType)) {
    case 'pdf':
      return readPdf(bytes, { password: options.password, onPage: options.onPage });
    case 'encrypted-xlsx':
      return readXlsx(await decryptWorkbook(bytes, options.password));
    case 'html':
      return readHtmlTable(bytes);
    case 'xlsx':
      return readXlsx(bytes);
    default:
      return readCsv(bytes);
  }
}
