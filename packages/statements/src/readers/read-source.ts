import { StatementError } from '../statement-error';
import type { SourceDocument, SourceFormat } from '../source-document';
import { readCsv } from './read-csv';
import { readPdf } from './read-pdf';
import { readXlsx } from './read-xlsx';

export interface ReadSourceOptions {
  fileName?: string;
  mimeType?: string;
  password?: string;
  onPage?: (pageNumber: number, pageCount: number) => void;
}

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

/** Sniffs the format from the bytes first (names and MIME types lie), then from the name. */
export function detectFormat(bytes: Uint8Array, fileName = '', mimeType = ''): 'pdf' | 'xlsx' | 'xls' | 'csv' {
  // A PDF may carry junk before its header; readers accept it within the first kilobyte.
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  if (head.includes('%PDF-')) return 'pdf';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return 'xlsx';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0])) return 'xls';
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
    // The same container holds old .xls workbooks and password-protected .xlsx ones.
    throw new StatementError(
      'UNSUPPORTED_FORMAT',
      'Old Excel (.xls) files and password-protected workbooks are not supported: save the statement as XLSX without a password, or as CSV, and upload it again',
    );
  }
  if (format === 'csv' && looksBinary(bytes)) throw new StatementError('UNSUPPORTED_FORMAT');
  return format;
}

export async function readSource(bytes: Uint8Array, options: ReadSourceOptions = {}): Promise<SourceDocument> {
  if (bytes.length === 0) throw new StatementError('NOT_A_STATEMENT');
  switch (sniffStatementFormat(bytes, options.fileName, options.mimeType)) {
    case 'pdf':
      return readPdf(bytes, { password: options.password, onPage: options.onPage });
    case 'xlsx':
      return readXlsx(bytes);
    case 'csv':
      return readCsv(bytes);
  }
}
