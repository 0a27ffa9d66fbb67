import { decodeWindows1252 } from '@levy/tax';
import Papa from 'papaparse';
import type { SourceDocument, SourceLine } from '../source-document';

/**
 * Decodes CSV bytes: a byte-order mark wins (UTF-8, UTF-16 LE/BE); UTF-16 without a mark shows
 * as NUL bytes in every other position; otherwise UTF-8 when the bytes are valid UTF-8, else
 * Windows-1252, which is what Excel on Windows writes when it "saves as CSV" (₦ is not in it, but
 * accented names and the £/€ signs are).
 */
export function decodeText(bytes: Uint8Array): { text: string; encoding: string } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8' };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'utf-16be' };
  const sample = Math.min(bytes.length, 4096);
  let evenZeros = 0;
  let oddZeros = 0;
  for (let index = 0; index < sample; index++) {
    if (bytes[index] === 0) {
      if (index % 2 === 0) evenZeros++;
      else oddZeros++;
    }
  }
  if (sample >= 4 && oddZeros > sample / 4 && evenZeros === 0)
    return { text: new TextDecoder('utf-16le').decode(bytes), encoding: 'utf-16le' };
  if (sample >= 4 && evenZeros > sample / 4 && oddZeros === 0)
    return { text: new TextDecoder('utf-16be').decode(bytes), encoding: 'utf-16be' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
  }
}

/** Turns table rows into the intermediate form: a cell's x is its column, a line's y its row. */
export function rowsToLines(rows: readonly (readonly string[])[], page: number): SourceLine[] {
  const lines: SourceLine[] = [];
  for (let rowIndex = 0; rowIndex < rows.length; rowIndex++) {
    const row = rows[rowIndex];
    const cells = [];
    for (let column = 0; column < row.length; column++) {
      const text = (row[column] ?? '').trim();
      if (text !== '') cells.push({ text, x: column, width: 1 });
    }
    if (cells.length > 0) lines.push({ page, y: rowIndex + 1, height: 1, cells });
  }
  return lines;
}

/** Reads a CSV (delimiter guessed by Papa Parse: comma, semicolon, tab or pipe). */
export function readCsv(bytes: Uint8Array): SourceDocument {
  const { text, encoding } = decodeText(bytes);
  const parsed = Papa.parse<string[]>(text, {
    header: false,
    dynamicTyping: false,
    skipEmptyLines: false,
    delimitersToGuess: [',', ';', '\t', '|'],
  });
  return { format: 'csv', pageCount: 1, lines: rowsToLines(parsed.data, 1), metadata: null, encoding };
}
