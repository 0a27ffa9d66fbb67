import { windows1252toString } from '@exodus/bytes/single-byte.js';
import { utf8toString } from '@exodus/bytes/utf8.js';

/**
 * The text of a file a spreadsheet saved, whatever encoding it used. Excel writes CSV as UTF-8
 * (with or without a byte-order mark), as UTF-16 with a byte-order mark ("Unicode text"), or in
 * the Windows code page (Windows-1252 for Nigerian and English locales). Returns null for bytes
 * that are none of these (a binary file renamed .csv).
 */
export function decodeSpreadsheetText(bytes: Uint8Array): string | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return decodeStrict('utf-8', bytes.subarray(3));
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decodeStrict('utf-16le', bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decodeStrict('utf-16be', bytes.subarray(2));
  if (bytes.includes(0)) return null;
  return decodeStrict('utf-8', bytes) ?? decodeSpreadsheetWindows1252(bytes);
}

function decodeStrict(encoding: 'utf-8' | 'utf-16le' | 'utf-16be', bytes: Uint8Array): string | null {
  try {
    const text =
      encoding === 'utf-8' ? utf8WithoutBom(bytes) : new TextDecoder(encoding, { fatal: true }).decode(bytes);
    return text.includes('\u0000') ? null : text;
  } catch {
    return null;
  }
}

/**
 * Strict UTF-8 as TextDecoder reads it (one leading byte-order mark dropped), through a decoder that
 * takes an all-ASCII file as it is: Node's TextDecoder checks a 14 MB payroll for a tenth of a second.
 */
function utf8WithoutBom(bytes: Uint8Array): string {
  const text = utf8toString(bytes);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

// Five bytes have no character in Windows-1252; a file holding them was not written in it.
const UNDEFINED_IN_WINDOWS_1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

function decodeSpreadsheetWindows1252(bytes: Uint8Array): string | null {
  for (const byte of bytes) if (UNDEFINED_IN_WINDOWS_1252.has(byte)) return null;
  return decodeWindows1252(bytes);
}

/**
 * Windows-1252 as the Encoding Standard defines it, 0x80–0x9F included (€, –, —, curly quotes,
 * …). Node 20's TextDecoder (and some Chromium builds) read those as Latin-1 control characters,
 * so a maintained decoder does it; it uses the platform's own where that one is right.
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  return windows1252toString(bytes);
}
