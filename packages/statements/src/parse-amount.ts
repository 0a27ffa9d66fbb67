import { asKobo, parseNaira, type Kobo } from '@levy/tax';

export interface ParsedAmount {
  kobo: Kobo;
  /** 'DR' or 'CR' when the bank printed the direction beside the figure; else null. */
  marker: 'DR' | 'CR' | null;
}

// Text banks print for "nothing in this column".
const EMPTY_AMOUNTS = new Set(['', '-', '--', '—', '–', 'nil', 'n/a', '.']);

/**
 * Parses a printed amount: `1,250.50`, `₦1,250.50`, `NGN 1,250.50`, `+3.79`, `-1,250.50`,
 * `(1,250.50)` (brackets for negatives), `1,250.50 DR` / `1,250.50CR` / `DR 1,250.50`, and
 * `1,250.50-` (a trailing minus some core-banking exports use). Returns null when the text is not
 * an amount, so a narration that happens to sit in an amount column never becomes money.
 */
export function parseAmount(raw: string): ParsedAmount | null {
  let text = raw.trim();
  if (EMPTY_AMOUNTS.has(text.toLowerCase())) return null;
  let marker: 'DR' | 'CR' | null = null;
  const markerMatch = /^(?:(dr|cr)\.?\s*)?(.*?)(?:\s*(dr|cr)\.?)?$/i.exec(text);
  if (markerMatch && (markerMatch[1] || markerMatch[3])) {
    if (markerMatch[1] && markerMatch[3]) return null;
    marker = (markerMatch[1] ?? markerMatch[3]).toUpperCase() as 'DR' | 'CR';
    text = markerMatch[2];
  }
  let negative = false;
  if (text.startsWith('(') && text.endsWith(')')) {
    negative = true;
    text = text.slice(1, -1).trim();
  } else if (text.endsWith('-') && text.length > 1) {
    negative = true;
    text = text.slice(0, -1).trim();
  }
  // Banks space out the currency mark and sometimes use a space as a thousands separator. A
  // font without ₦ turns it into another symbol ('¦', '#'): a lone symbol before the figure goes.
  text = text
    .replace(/₦|naira|ngn|\bN(?=\s*[\d.])/gi, '')
    .replace(/^([+-]?)\s*[\p{Sc}\p{So}\p{Sk}#¦]\s*(?=[\d.])/u, '$1')
    .replace(/\s+/g, '');
  if (!/\d/.test(text)) return null;
  const kobo = parseNaira(text);
  if (kobo === null) return null;
  const value: number = kobo;
  return { kobo: asKobo(negative ? -value || 0 : value), marker };
}
