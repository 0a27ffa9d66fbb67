import { asKobo, type Kobo } from '@levy/tax';
import { parseAmount } from './parse-amount';
import { parseDateToken, type DateToken } from './parse-date';
import type { SpecialLine } from './rebuild-rows';
import { joinLineText, type SourceLine } from './source-document';

/** What a statement prints about itself, outside the table. Null where it does not say. */
export interface PrintedSummary {
  accountName: string | null;
  accountNumber: string | null;
  currency: string | null;
  periodStart: DateToken | null;
  periodEnd: DateToken | null;
  openingBalance: Kobo | null;
  closingBalance: Kobo | null;
  totalDebits: Kobo | null;
  totalCredits: Kobo | null;
  /** "Page n of N" as printed, in order. */
  pageNumbers: { page: number; printed: number; of: number }[];
}

// A value runs to the next wide gap (cells are joined with two spaces) or the end of the line.
// A dot before a digit is the figure's own (".45"), not the label's punctuation.
const VALUE = String.raw`\s*(?:[:\-]|\.(?!\d))?\s*(.+?)(?:\s{2,}|\s*\|\s*|$)`;

// Labels banks use, as data. The first pattern that matches wins.
const LABELS = {
  accountName: [/(?:account|acct|a\/c)\.?\s*name/i, /customer\s*name/i, /customer\s*(?=:)/i, /^name/i],
  accountNumber: [/(?:account|acct|a\/c)\.?\s*(?:no|number|num|#)\.?/i, /nuban/i, /wallet\s*(?:no|number)/i],
  currency: [/currency/i],
  openingBalance: [
    /(?:opening|beginning|begin|start(?:ing)?|previous)\s+bal(?:ance)?\.?/i,
    /balance\s+b\/?f/i,
    /balance\s+brought\s+forward/i,
  ],
  closingBalance: [
    /(?:closing|ending|end|final)\s+bal(?:ance)?\.?/i,
    /balance\s+c\/?f/i,
    /balance\s+carried\s+forward/i,
  ],
  totalDebits: [
    /total\s+(?:debits?|withdrawals?|money\s+out|outflows?|dr)\b/i,
    /(?:debits?|withdrawals?|money\s+out|outflows?)\s+total\b/i,
  ],
  totalCredits: [
    /total\s+(?:credits?|lodge?ments?|deposits?|money\s+in|inflows?|cr)\b/i,
    /(?:credits?|lodge?ments?|deposits?|money\s+in|inflows?)\s+total\b/i,
  ],
} as const;

/** A balance marked DR is overdrawn: negative. */
function signByMarker(kobo: Kobo, marker: 'DR' | 'CR' | null): Kobo {
  const value: number = kobo;
  return asKobo(marker === 'DR' ? -Math.abs(value) : value);
}

// A value that is itself a label ("Branch:", "Account Number") belongs to no label before it.
const LOOKS_LIKE_LABEL =
  /:\s*$|^(?:branch|account|acct|a\/c|customer|address|currency|period|date|type|product|statement)\b[^:]{0,20}:?$/i;

function findLabelled(text: string, labels: readonly RegExp[]): string | null {
  for (const label of labels) {
    const match = new RegExp(label.source + VALUE, 'i').exec(text);
    if (match && !LOOKS_LIKE_LABEL.test(match[1].trim())) return match[1].trim();
  }
  return null;
}

/**
 * Summary boxes print each label above its value: a line of labels (no figures) over a line
 * whose cells stand under them. Each pair becomes "label: value" text, read like any other.
 */
function labelsAboveValues(lines: readonly SourceLine[]): string[] {
  const texts: string[] = [];
  for (let index = 0; index + 1 < lines.length; index++) {
    const labels = lines[index];
    const values = lines[index + 1];
    const isTable = labels.height === 1;
    if (values.page !== labels.page || values.y - labels.y > (isTable ? 1 : labels.height * 2.6)) continue;
    if (labels.cells.length < 2 || labels.cells.some((cell) => /\d/.test(cell.text))) continue;
    for (const value of values.cells) {
      const label = labels.cells.find((cell) =>
        isTable ? cell.x === value.x : cell.x < value.x + value.width && value.x < cell.x + cell.width,
      );
      if (label) texts.push(`${label.text.replace(/:?\s*$/, '')}: ${value.text}`);
    }
  }
  return texts;
}

function findAmount(text: string, labels: readonly RegExp[]): Kobo | null {
  for (const label of labels) {
    const match = new RegExp(label.source + VALUE, 'i').exec(text);
    if (!match) continue;
    const amount = parseAmount(match[1]);
    if (amount) return signByMarker(amount.kobo, amount.marker);
  }
  return null;
}

// A printed date, optionally with a time ('01/01/2025 12:00:00 AM').
const DATE_TEXT = String.raw`((?:\d{1,4}(?:[-/. ][A-Za-z0-9]{1,9}[,]?){2}|[A-Za-z]{3,9}\.? \d{1,2},? \d{4})(?:[ T]\d{1,2}:\d{2}(?::\d{2})?(?: ?[AP]M)?)?)`;
const PERIOD_PATTERNS: readonly RegExp[] = [
  new RegExp(
    String.raw`(?:period|statement\s+period|for\s+the\s+period|date\s+range|from)[^0-9A-Za-z]{0,4}(?:from\s+)?${DATE_TEXT}` +
      String.raw`\s*(?:to|through|till|until|and|-|–)\s*${DATE_TEXT}`,
    'i',
  ),
  new RegExp(
    String.raw`(?:start\s+date|from\s+date|period\s+start)\s*[:.\-]?\s*${DATE_TEXT}[\s\S]*?(?:end\s+date|to\s+date|period\s+end)\s*[:.\-]?\s*${DATE_TEXT}`,
    'i',
  ),
  new RegExp(String.raw`^${DATE_TEXT}\s*(?:to|-|–)\s*${DATE_TEXT}$`, 'i'),
];

/**
 * Reads the account name and number, the period and the printed balances and totals from the
 * lines around the table (and from opening/closing/total lines inside it).
 */
export function readHeaderBlock(
  otherLines: readonly SourceLine[],
  specialLines: readonly SpecialLine[],
): PrintedSummary {
  const texts = otherLines.map(joinLineText);
  const summary: PrintedSummary = {
    accountName: null,
    accountNumber: null,
    currency: null,
    periodStart: null,
    periodEnd: null,
    openingBalance: null,
    closingBalance: null,
    totalDebits: null,
    totalCredits: null,
    pageNumbers: [],
  };
  // Opening/closing/total rows in the table are read from their columns below, not as labels.
  // Summary lines are labelled figures, read as text like the header block.
  const tableRows = new Set(
    specialLines
      .filter((line) => line.kind !== 'page-number' && line.kind !== 'summary')
      .map((line) => `${line.page}:${line.y}`),
  );
  const boxes = labelsAboveValues(otherLines);
  for (let index = 0; index < texts.length + boxes.length; index++) {
    const isBox = index >= texts.length;
    const text = isBox ? boxes[index - texts.length] : texts[index];
    if (!isBox && tableRows.has(`${otherLines[index].page}:${otherLines[index].y}`)) continue;
    summary.accountName ??= findLabelled(text, LABELS.accountName);
    if (summary.accountNumber === null) {
      const value = findLabelled(text, LABELS.accountNumber);
      const digits = value ? /\b(\d{10})\b/.exec(value.replace(/[\s-]/g, ' ')) : null;
      if (digits) summary.accountNumber = digits[1];
    }
    if (summary.currency === null) {
      const value = findLabelled(text, LABELS.currency);
      const code = value ? /\b([A-Z]{3})\b/i.exec(value) : null;
      if (code) summary.currency = code[1].toUpperCase();
    }
    summary.openingBalance ??= findAmount(text, LABELS.openingBalance);
    summary.closingBalance ??= findAmount(text, LABELS.closingBalance);
    summary.totalDebits ??= findAmount(text, LABELS.totalDebits);
    summary.totalCredits ??= findAmount(text, LABELS.totalCredits);
    if (summary.periodStart === null) {
      for (const pattern of PERIOD_PATTERNS) {
        const match = pattern.exec(text.replace(/\s{2,}/g, ' '));
        const start = match ? parseDateToken(match[1].replace(/,$/, '')) : null;
        const end = match ? parseDateToken(match[2].replace(/,$/, '')) : null;
        if (start && end) {
          summary.periodStart = start;
          summary.periodEnd = end;
          break;
        }
      }
    }
    const pageMatch = isBox ? null : /\bpage\s*(\d+)\s*(?:of|\/)\s*(\d+)\b|^\s*(\d+)\s+of\s+(\d+)\s*$/i.exec(text);
    if (pageMatch) {
      const page = otherLines[index].page;
      summary.pageNumbers.push({
        page,
        printed: Number(pageMatch[1] ?? pageMatch[3]),
        of: Number(pageMatch[2] ?? pageMatch[4]),
      });
    }
  }
  const closingFromText = summary.closingBalance;
  // Opening/closing/total rows inside the table carry their figures in the money columns.
  for (const special of specialLines) {
    const balance = special.fields.balance ?? special.fields.credit ?? special.fields.amount ?? special.fields.debit;
    const amount = balance === undefined ? null : parseAmount(balance);
    const signed = amount ? signByMarker(amount.kobo, amount.marker) : null;
    if (special.kind === 'opening' && summary.openingBalance === null) summary.openingBalance = signed;
    // Page-level "Balance C/F" lines repeat: the statement's closing balance is the last one.
    if (special.kind === 'closing' && signed !== null && closingFromText === null) summary.closingBalance = signed;
    if (special.kind === 'total') {
      const debit = special.fields.debit ? parseAmount(special.fields.debit) : null;
      const credit = special.fields.credit ? parseAmount(special.fields.credit) : null;
      if (debit && summary.totalDebits === null) summary.totalDebits = asKobo(Math.abs(debit.kobo));
      if (credit && summary.totalCredits === null) summary.totalCredits = asKobo(Math.abs(credit.kobo));
    }
  }
  return summary;
}
