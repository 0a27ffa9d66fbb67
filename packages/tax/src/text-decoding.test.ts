import { describe, expect, it } from 'vitest';
import { parseWhtManualCsv } from './csv-parse';
import { decodeSpreadsheetText } from './text-decoding';

const TEXT = 'tax_payer_number,name,tax_payable\nN-1234567,Adébayo Okön,1500\n';

function utf16(text: string, bigEndian: boolean): Uint8Array {
  const bytes = new Uint8Array(2 + text.length * 2);
  bytes.set(bigEndian ? [0xfe, 0xff] : [0xff, 0xfe]);
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    bytes[2 + index * 2] = bigEndian ? code >> 8 : code & 0xff;
    bytes[3 + index * 2] = bigEndian ? code & 0xff : code >> 8;
  }
  return bytes;
}

// What Excel on Windows writes for "CSV (Comma delimited)": one byte per character, é = E9, ö = F6.
function windows1252(text: string): Uint8Array {
  return Uint8Array.from([...text].map((character) => character.charCodeAt(0)));
}

describe('decodeSpreadsheetText', () => {
  it('reads every encoding Excel writes, names intact', () => {
    const utf8 = new TextEncoder().encode(TEXT);
    expect(decodeSpreadsheetText(utf8)).toBe(TEXT);
    expect(decodeSpreadsheetText(Uint8Array.from([0xef, 0xbb, 0xbf, ...utf8]))).toBe(TEXT);
    expect(decodeSpreadsheetText(utf16(TEXT, false))).toBe(TEXT);
    expect(decodeSpreadsheetText(utf16(TEXT, true))).toBe(TEXT);
    expect(decodeSpreadsheetText(windows1252(TEXT))).toBe(TEXT);
  });

  it('reads the characters Windows-1252 puts at 0x80–0x9F: €, dashes and curly quotes', () => {
    // "CAFÉ NAÏVE – PAYMENT €50" and “O’Neil” as Excel on Windows saves them: É C9, Ï CF, – 96, € 80, “ 93, ’ 92, ” 94.
    const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));
    const bytes = Uint8Array.from([
      ...ascii('CAF'),
      0xc9,
      ...ascii(' NA'),
      0xcf,
      ...ascii('VE '),
      0x96,
      ...ascii(' PAYMENT '),
      0x80,
      ...ascii('50,'),
      0x93,
      ...ascii('O'),
      0x92,
      ...ascii('Neil'),
      0x94,
    ]);
    expect(decodeSpreadsheetText(bytes)).toBe('CAFÉ NAÏVE – PAYMENT €50,“O’Neil”');
  });

  it('refuses bytes that are no text', () => {
    expect(decodeSpreadsheetText(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x14]))).toBeNull();
    expect(decodeSpreadsheetText(Uint8Array.from([0x41, 0x81, 0x42]))).toBeNull();
  });

  it('keeps a Windows-1252 payee name through the template parser', () => {
    const parsed = parseWhtManualCsv(windows1252(TEXT));
    expect(parsed.ok && parsed.records[0].name).toBe('Adébayo Okön');
    const binary = parseWhtManualCsv(Uint8Array.from([0x41, 0x81, 0x42, 0x0a]));
    expect(binary).toMatchObject({ ok: false, message: 'The selected document is invalid' });
  });
});
