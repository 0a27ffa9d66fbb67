import { asKobo, type IsoDate, type Kobo } from '@levy/tax';
import { analyseStatement, type StatementAnalysis } from './analyse-statement';
import { checkStatement, decideVerdict, excuseUnreadLines, ROUNDING_KOBO, type StatementCheck, type Verdict } from './check-statement';
import { detectBankLayout, type ColumnField } from './layouts';
import { normaliseRows, type StatementNote } from './normalise-rows';
import type { SlashOrderDecision } from './parse-date';
import { readHeaderBlock } from './read-header-block';
import { readSource } from './readers/read-source';
import { rebuildRows, type ColumnMapping, type ColumnsFrom, type RebuiltTable } from './rebuild-rows';
import { joinLineText, type PdfMetadata, type SourceDocument, type SourceFormat, type SourceLine } from './source-document';
import { StatementError } from './statement-error';
import type { Transaction } from './transaction';

export type StatementStage = 'reading' | 'rebuilding' | 'checking' | 'analysing' | 'done';

export interface StatementProgress {
  stage: StatementStage;
  /** Pages read so far while reading; otherwise equal to `total`. */
  done: number;
  total: number;
}

export interface ReadStatementOptions {
  fileName?: string;
  mimeType?: string;
  /** For encrypted PDFs. */
  password?: string;
  /** Which column holds what, when header detection fails (columns from 0, left to right). */
  mapping?: ColumnMapping;
  onProgress?: (progress: StatementProgress) => void;
  /** Receives the document as read (every line with its cells and position), for a view of the source. */
  onSource?: (source: SourceDocument) => void;
}

export interface StatementResult {
  format: SourceFormat;
  pageCount: number;
  layout: {
    /** A named layout's id ('gtbank', 'opay' …), 'generic', or 'manual' for a caller's mapping. */
    id: string;
    bankName: string | null;
    /** The header row as printed, by field. */
    headerLabels: Partial<Record<ColumnField, string>>;
    dateOrder: SlashOrderDecision;
    isNewestFirst: boolean;
    /** Rows whose direction the running balance gave (sign-less amounts, or against their column). */
    directionsFromBalance: number;
    /** How the columns were placed (see `ColumnsFrom`). */
    columnsFrom: ColumnsFrom;
    /** 'value' when only value dates are printed and the rows are dated by them (and a note says so). */
    dateColumn: 'transaction' | 'value';
  };
  /** How sure the reading is: the share of rows the running balance bears out, and how the columns were decided. */
  confidence: StatementConfidence;
  /** What the reader decided or noticed that is not a verdict (rounding, reordering, the balance overriding a column), with the row. */
  notes: StatementNote[];
  account: { name: string | null; number: string | null; bankName: string | null; currency: string | null };
  period: { start: IsoDate | null; end: IsoDate | null; printedStart: IsoDate | null; printedEnd: IsoDate | null };
  printed: { openingBalance: Kobo | null; closingBalance: Kobo | null; totalDebits: Kobo | null; totalCredits: Kobo | null };
  computed: { openingBalance: Kobo | null; closingBalance: Kobo | null; totalDebits: Kobo; totalCredits: Kobo; transactionCount: number };
  transactions: Transaction[];
  checks: StatementCheck[];
  verdict: Verdict;
  reasons: string[];
  analysis: StatementAnalysis;
  metadata: PdfMetadata | null;
  /** CSV only: the encoding the text was read in. */
  encoding: string | null;
  /** Rows that looked like rows but were left out, and why. */
  skippedRows: { page: number; y: number; reason: string }[];
}

export interface UnplacedLine {
  page: number;
  /** The line on its page, counted from 1 at the top; in a CSV or spreadsheet, its row number. */
  line: number;
  text: string;
  reason: string;
}

// Enough to find every one on a screen; a statement missing more is listed by its count.
const UNPLACED_LISTED = 100;

export interface StatementConfidence {
  /** Rows with a printed balance and one before it to compare. */
  checkedRows: number;
  /** Of those, rows whose amount and direction give their balance exactly. */
  reconciledRows: number;
  /** reconciledRows / checkedRows, from 0 to 1; null when no balance could be compared. */
  reconciledShare: number | null;
  columnsFrom: ColumnsFrom;
  /** Rows whose direction or amount the running balance decided. */
  decidedByBalance: number;
  /** True when the running balance showed the two money columns the other way round from their headings. */
  swappedColumns: boolean;
  /**
   * Lines of the table that hold a row's figures or date but are in no transaction (placed in no
   * row, or a row without a date or an amount), with the page and the line on it (from 1). Empty
   * when the reading is complete. At most `UNPLACED_LISTED`; `unplacedCount` counts them all.
   */
  unplacedLines: UnplacedLine[];
  unplacedCount: number;
  /** The same, in words, for a person: one sentence each. */
  explanation: string[];
}

const COLUMNS_FROM_TEXT: Readonly<Record<ColumnsFrom, string>> = {
  headings: 'Columns placed by their headings, and every figure stood under its heading',
  'headings-and-figures': 'Columns named by their headings and placed where their figures stand (the figures sit apart from the headings)',
  figures: 'No heading row was recognised: columns inferred from the data (dates, figures and the running balance)',
  mapping: 'Columns placed by the mapping given',
};

function describeConfidence(confidence: Omit<StatementConfidence, 'explanation'>): string[] {
  const explanation = [COLUMNS_FROM_TEXT[confidence.columnsFrom]];
  if (confidence.reconciledShare === null) explanation.push('No running balance to check the rows against');
  else explanation.push(`${confidence.reconciledRows} of ${confidence.checkedRows} rows reconcile with the running balance`);
  if (confidence.swappedColumns) explanation.push('The running balance showed the debit and credit columns the other way round');
  if (confidence.unplacedCount > 0) {
    const first = confidence.unplacedLines[0];
    explanation.push(`${confidence.unplacedCount} line${confidence.unplacedCount === 1 ? '' : 's'} with a row's figures or date could not be read into a transaction (first on page ${first.page}, line ${first.line})`);
  }
  if (confidence.decidedByBalance > 0) explanation.push(`The running balance decided the amount or direction of ${confidence.decidedByBalance} row${confidence.decidedByBalance === 1 ? '' : 's'}`);
  return explanation;
}

/**
 * Reads, checks and analyses one statement. Throws a StatementError (PASSWORD_REQUIRED,
 * WRONG_PASSWORD, NO_TEXT_LAYER, NOT_A_STATEMENT, UNSUPPORTED_FORMAT, INVALID_MAPPING,
 * UNREADABLE) with a message for the person who uploaded it.
 */
export async function readStatement(bytes: Uint8Array, options: ReadStatementOptions = {}): Promise<StatementResult> {
  const report = options.onProgress ?? (() => undefined);
  const source = await readSource(bytes, {
    fileName: options.fileName,
    mimeType: options.mimeType,
    password: options.password,
    onPage: (done, total) => report({ stage: 'reading', done, total }),
  });
  options.onSource?.(source);
  if (source.format !== 'pdf') report({ stage: 'reading', done: 1, total: 1 });
  report({ stage: 'rebuilding', done: 0, total: 1 });
  const table = rebuildRows(source, options.mapping);
  const summary = readHeaderBlock(table.otherLines, table.specialLines);
  // The bank is named above the table, never in narrations (which name other banks freely).
  // Some banks name themselves only in their page footers: those are read when the top does not.
  const bankLayout = detectBankLayout(table.preambleLines.map(joinLineText).join('\n')) ?? detectBankLayout(footerLines(table).map(joinLineText).join('\n'));
  const normalised = normaliseRows(table.rows, { start: summary.periodStart, end: summary.periodEnd }, bankLayout?.slashOrderHint ?? null, summary.openingBalance, {
    debit: table.headerLabels.debit ?? null,
    credit: table.headerLabels.credit ?? null,
  });
  const transactions = normalised.transactions;
  if (transactions.length === 0 && summary.openingBalance === null) throw new StatementError('NOT_A_STATEMENT');
  report({ stage: 'rebuilding', done: 1, total: 1 });

  report({ stage: 'checking', done: 0, total: 1 });
  const printed = {
    openingBalance: summary.openingBalance,
    closingBalance: summary.closingBalance,
    totalDebits: summary.totalDebits,
    totalCredits: summary.totalCredits,
  };
  const unplaced = unplacedLines(source, table, normalised.skipped);
  const checks = excuseUnreadLines(checkStatement({
    transactions,
    printed,
    printedPeriod: normalised.printedPeriod,
    accountNumber: summary.accountNumber,
    nubanBankCode: bankLayout?.nubanBankCode ?? null,
    bankName: bankLayout?.bankName ?? null,
    slashOrder: normalised.slashOrder,
    metadata: source.metadata,
    pageCount: source.pageCount,
    pageNumbers: source.format === 'pdf' ? summary.pageNumbers : [],
    guessedDirections: normalised.guessedDirections,
    isByValueDate: normalised.dateColumn === 'value',
  }), unplaced.length);
  const { verdict, reasons: verdictReasons } = decideVerdict(checks);
  const tableNotes: StatementNote[] = table.notes.map((message) => ({ message, index: null, page: null, y: null }));
  const notes = [...tableNotes, ...normalised.notes, ...roundingNotes(checks, transactions)];
  // What the balance overrode is said in the reasons too, so no reading passes silently.
  const reasons = [...verdictReasons, ...notes.map((note) => (note.index === null ? note.message : `Row ${note.index + 1} (${transactions[note.index].date}, page ${note.page}): ${note.message}`))];
  const { reconciliation } = normalised;
  const decidedByBalance = reconciliation.directionsFromBalance + reconciliation.amountsFromBalance;
  const confidenceFacts = {
    checkedRows: reconciliation.checkedRows,
    reconciledRows: reconciliation.reconciledRows,
    reconciledShare: reconciliation.checkedRows === 0 ? null : Math.round((reconciliation.reconciledRows / reconciliation.checkedRows) * 1000) / 1000,
    columnsFrom: options.mapping ? ('mapping' as const) : table.columnsFrom,
    decidedByBalance,
    swappedColumns: reconciliation.swappedColumns,
    unplacedLines: unplaced.slice(0, UNPLACED_LISTED),
    unplacedCount: unplaced.length,
  };
  const confidence: StatementConfidence = { ...confidenceFacts, explanation: describeConfidence(confidenceFacts) };
  report({ stage: 'checking', done: 1, total: 1 });

  report({ stage: 'analysing', done: 0, total: 1 });
  const analysis = analyseStatement(transactions);
  let totalDebits = 0;
  let totalCredits = 0;
  for (const row of transactions) {
    totalDebits += row.debit;
    totalCredits += row.credit;
  }
  const first = transactions[0];
  const last = transactions[transactions.length - 1];
  const computedOpening = first && first.balance !== null ? (asKobo(first.balance + first.debit - first.credit)) : summary.openingBalance;
  report({ stage: 'done', done: 1, total: 1 });
  return {
    format: source.format,
    pageCount: source.pageCount,
    layout: {
      id: options.mapping ? 'manual' : (bankLayout?.id ?? 'generic'),
      bankName: bankLayout?.bankName ?? null,
      headerLabels: table.headerLabels,
      dateOrder: normalised.slashOrder,
      isNewestFirst: normalised.isNewestFirst,
      directionsFromBalance: normalised.inferredDirections - normalised.guessedDirections,
      columnsFrom: confidence.columnsFrom,
      dateColumn: normalised.dateColumn,
    },
    confidence,
    notes,
    account: { name: summary.accountName, number: summary.accountNumber, bankName: bankLayout?.bankName ?? null, currency: summary.currency },
    period: {
      start: normalised.printedPeriod?.start ?? first?.date ?? null,
      end: normalised.printedPeriod?.end ?? last?.date ?? null,
      printedStart: normalised.printedPeriod?.start ?? null,
      printedEnd: normalised.printedPeriod?.end ?? null,
    },
    printed,
    computed: {
      openingBalance: computedOpening,
      closingBalance: last?.balance ?? null,
      totalDebits: asKobo(totalDebits),
      totalCredits: asKobo(totalCredits),
      transactionCount: transactions.length,
    },
    transactions,
    checks,
    verdict,
    reasons,
    analysis,
    metadata: source.metadata,
    encoding: source.encoding,
    skippedRows: normalised.skipped,
  };
}

/**
 * Where the reading is incomplete: table lines placed in no row, and rows left out for want of a
 * date or an amount, each with its page and line number on the page, in page order.
 */
function unplacedLines(source: SourceDocument, table: RebuiltTable, skipped: readonly { page: number; y: number; reason: string }[]): UnplacedLine[] {
  const numbered = new Map<SourceLine, number>();
  const byPosition = new Map<string, SourceLine>();
  let page = 0;
  let number = 0;
  for (const line of source.lines) {
    number = line.page === page ? number + 1 : 1;
    page = line.page;
    numbered.set(line, number);
    byPosition.set(`${line.page}:${line.y}`, line);
  }
  const describe = (line: SourceLine, reason: string): UnplacedLine => ({
    page: line.page,
    line: source.format === 'pdf' ? (numbered.get(line) ?? 0) : line.y,
    text: joinLineText(line),
    reason,
  });
  const found = table.unplacedLines.map((line) => describe(line, 'not placed in any row'));
  for (const row of skipped) {
    const line = byPosition.get(`${row.page}:${row.y}`);
    if (line) found.push(describe(line, `row left out: ${row.reason}`));
  }
  return found.sort((a, b) => a.page - b.page || a.line - b.line);
}

/** Lines below a page's last row: footers, where some banks name themselves. */
function footerLines(table: RebuiltTable): SourceLine[] {
  const lastRowY = new Map<number, number>();
  for (const row of table.rows) lastRowY.set(row.page, Math.max(lastRowY.get(row.page) ?? -Infinity, row.y));
  return table.otherLines.filter((line) => line.y > (lastRowY.get(line.page) ?? Infinity));
}

/** A one-kobo break in the running balance is the bank's rounding: a note with its row, not a verdict. */
function roundingNotes(checks: readonly StatementCheck[], transactions: readonly Transaction[]): StatementNote[] {
  const chain = checks.find((check) => check.id === 'balance_chain');
  const roundings = (chain?.details?.roundings ?? []) as { index: number; expected: number; printed: number }[];
  return roundings.map((rounding) => {
    const row = transactions[rounding.index];
    return {
      message: `The running balance differs by ${Math.abs(rounding.printed - rounding.expected)} kobo from the row's amount (at most ${ROUNDING_KOBO} kobo is taken as the bank's rounding)`,
      index: rounding.index,
      page: row.page,
      y: row.y,
    };
  });
}
