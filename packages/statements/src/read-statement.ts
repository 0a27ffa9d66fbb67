import { asKobo, type IsoDate, type Kobo } from '@levy/tax';
import { analyseStatement, type StatementAnalysis } from './analyse-statement';
import {
  checkStatement,
  decideVerdict,
  excuseUnreadLines,
  ROUNDING_KOBO,
  type CheckId,
  type CheckStatus,
  type StatementCheck,
  type Verdict,
} from './check-statement';
import { detectBankLayout, type ColumnField } from './layouts';
import { normaliseRows, type NormalisedRows, type StatementNote } from './normalise-rows';
import type { SlashOrderDecision } from './parse-date';
import { readHeaderBlock, type PrintedSummary } from './read-header-block';
import { readSource } from './readers/read-source';
import {
  findSectionStarts,
  rebuildRows,
  type ColumnMapping,
  type ColumnsFrom,
  type RebuiltTable,
} from './rebuild-rows';
import {
  joinLineText,
  type PdfMetadata,
  type SourceDocument,
  type SourceFormat,
  type SourceLine,
} from './source-document';
import { findSplitPayments } from './printing-patterns';
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
  /** The first section's account: the one the statement is of. */
  account: { name: string | null; number: string | null; bankName: string | null; currency: string | null };
  period: { start: IsoDate | null; end: IsoDate | null; printedStart: IsoDate | null; printedEnd: IsoDate | null };
  /** The first section's printed figures; each section's are in `sections`. */
  printed: {
    openingBalance: Kobo | null;
    closingBalance: Kobo | null;
    totalDebits: Kobo | null;
    totalCredits: Kobo | null;
  };
  /** Opening and closing of the first section; totals and count over every section's rows. */
  computed: {
    openingBalance: Kobo | null;
    closingBalance: Kobo | null;
    totalDebits: Kobo;
    totalCredits: Kobo;
    transactionCount: number;
  };
  /** Every section's rows, section after section (see `sections`). */
  transactions: Transaction[];
  /** The account sections the file holds, in order (one for most statements), each checked on its own. */
  sections: StatementSection[];
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
  'headings-and-figures':
    'Columns named by their headings and placed where their figures stand (the figures sit apart from the headings)',
  figures: 'No heading row was recognised: columns inferred from the data (dates, figures and the running balance)',
  mapping: 'Columns placed by the mapping given',
};

function describeConfidence(confidence: Omit<StatementConfidence, 'explanation'>): string[] {
  const explanation = [COLUMNS_FROM_TEXT[confidence.columnsFrom]];
  if (confidence.reconciledShare === null) explanation.push('No running balance to check the rows against');
  else
    explanation.push(
      `${confidence.reconciledRows} of ${confidence.checkedRows} rows reconcile with the running balance`,
    );
  if (confidence.swappedColumns)
    explanation.push('The running balance showed the debit and credit columns the other way round');
  if (confidence.unplacedCount > 0) {
    const first = confidence.unplacedLines[0];
    explanation.push(
      `${confidence.unplacedCount} line${confidence.unplacedCount === 1 ? '' : 's'} with a row's figures or date could not be read into a transaction ` +
        `(first on page ${first.page}, line ${first.line})`,
    );
  }
  if (confidence.decidedByBalance > 0)
    explanation.push(
      `The running balance decided the amount or direction of ${confidence.decidedByBalance} row${confidence.decidedByBalance === 1 ? '' : 's'}`,
    );
  return explanation;
}

/** One account section of a statement: its own summary box, header row and column grid. */
export interface StatementSection {
  /** The section's first transaction in `transactions`, and how many it holds. */
  firstIndex: number;
  transactionCount: number;
  /** The page the section starts on (its summary box, or its header row). */
  page: number;
  account: { name: string | null; number: string | null };
  headerLabels: Partial<Record<ColumnField, string>>;
  printed: {
    openingBalance: Kobo | null;
    closingBalance: Kobo | null;
    totalDebits: Kobo | null;
    totalCredits: Kobo | null;
  };
  /** The checks of this section's own figures: balance chain, opening/closing, printed totals, date order. */
  checks: StatementCheck[];
}

// Checks of a section's own figures; the others (duplicates, page numbers, the file) are the whole statement's.
const SECTION_CHECKS: readonly CheckId[] = ['balance_chain', 'opening_closing', 'printed_totals', 'date_order'];
const STATUS_RANK: Readonly<Record<CheckStatus, number>> = { skipped: 0, pass: 1, warn: 2, fail: 3 };

interface ReadSection {
  table: RebuiltTable;
  summary: PrintedSummary;
  normalised: NormalisedRows;
  unplaced: UnplacedLine[];
  printed: StatementSection['printed'];
  /** Where the section starts in the source. */
  page: number;
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
  // Each account section (a wallet, then its savings pocket) is read with its own header and grid.
  const starts = options.mapping ? [] : findSectionStarts(source);
  const bounds = [0, ...starts, source.lines.length];
  const sectionSources =
    starts.length === 0
      ? [source]
      : bounds
          .slice(0, -1)
          .map((from, position) => ({ ...source, lines: source.lines.slice(from, bounds[position + 1]) }));
  const firstTable = rebuildRows(sectionSources[0], options.mapping);
  // The bank is named above the table, never in narrations (which name other banks freely).
  // Some banks name themselves only in their page footers: those are read when the top does not.
  const bankLayout =
    detectBankLayout(firstTable.preambleLines.map(joinLineText).join('\n')) ??
    detectBankLayout(footerLines(firstTable).map(joinLineText).join('\n'));
  const sections: ReadSection[] = [];
  for (const sectionSource of sectionSources) {
    const table = sections.length === 0 ? firstTable : rebuildRows(sectionSource, options.mapping);
    const summary = readHeaderBlock(table.otherLines, table.specialLines);
    // One bank prints one date format: what the first section's dates settled decides a short
    // section whose own dates cannot (every day 12 or under).
    const settled = sections[0]?.normalised.slashOrder;
    const slashHint =
      settled && settled.decidedBy !== 'default' && settled.decidedBy !== 'no-slashed-dates'
        ? settled.order
        : (bankLayout?.slashOrderHint ?? null);
    const normalised = normaliseRows(
      table.rows,
      { start: summary.periodStart, end: summary.periodEnd },
      slashHint,
      summary.openingBalance,
      {
        debit: table.headerLabels.debit ?? null,
        credit: table.headerLabels.credit ?? null,
      },
    );
    const printed = {
      openingBalance: summary.openingBalance,
      closingBalance: summary.closingBalance,
      totalDebits: summary.totalDebits,
      totalCredits: summary.totalCredits,
    };
    sections.push({
      table,
      summary,
      normalised,
      unplaced: unplacedLines(source, table, normalised.skipped),
      printed,
      page: sectionSource.lines[0]?.page ?? 1,
    });
  }
  const [first] = sections;
  const { table, summary } = first;
  const offsets = sectionOffsets(sections);
  const transactions = sections.flatMap((section, position) =>
    section.normalised.transactions.map((row) => ({ ...row, index: row.index + offsets[position] })),
  );
  if (transactions.length === 0 && summary.openingBalance === null) throw new StatementError('NOT_A_STATEMENT');
  report({ stage: 'rebuilding', done: 1, total: 1 });

  report({ stage: 'checking', done: 0, total: 1 });
  const unplaced = sections.flatMap((section) => section.unplaced).sort((a, b) => a.page - b.page || a.line - b.line);
  const splitPayments = findSplitPayments(
    sections.map((section) => section.normalised.transactions),
    sections.map((section) => section.printed.openingBalance),
    offsets,
  );
  const checkSection = (section: ReadSection, position: number, transactionsChecked: readonly Transaction[]) =>
    excuseUnreadLines(
      checkStatement({
        transactions: transactionsChecked,
        printed: section.printed,
        printedPeriod: section.normalised.printedPeriod ?? first.normalised.printedPeriod,
        accountNumber: section.summary.accountNumber ?? summary.accountNumber,
        nubanBankCode: bankLayout?.nubanBankCode ?? null,
        bankName: bankLayout?.bankName ?? null,
        slashOrder: section.normalised.slashOrder,
        metadata: source.metadata,
        pageCount: source.pageCount,
        pageNumbers: source.format === 'pdf' ? sections.flatMap((each) => each.summary.pageNumbers) : [],
        guessedDirections: sum(sections, (each) => each.normalised.guessedDirections),
        isByValueDate: section.normalised.dateColumn === 'value',
        printingPatterns: splitPayments.patterns[position],
      }),
      section.unplaced.length,
    );
  const sectionChecks = sections.map((section, position) =>
    checkSection(section, position, section.normalised.transactions),
  );
  const checks =
    sections.length === 1 ? sectionChecks[0] : mergeSectionChecks(sectionChecks, checkSection(first, 0, transactions));
  const { verdict, reasons: verdictReasons } = decideVerdict(checks);
  const tableNotes: StatementNote[] = sections.flatMap((section) =>
    section.table.notes.map((message) => ({ message, index: null, page: null, y: null })),
  );
  const rowNotes = sections.flatMap((section, position) =>
    [...section.normalised.notes, ...roundingNotes(sectionChecks[position], section.normalised.transactions)].map(
      (note) => (note.index === null ? note : { ...note, index: note.index + offsets[position] }),
    ),
  );
  const sectionNotes: StatementNote[] =
    sections.length === 1
      ? []
      : [
          {
            message: `The statement holds ${sections.length} account sections, each read with its own header and checked on its own balance`,
            index: null,
            page: null,
            y: null,
          },
        ];
  const notes = [...tableNotes, ...sectionNotes, ...rowNotes, ...splitPayments.notes];
  // What the balance overrode is said in the reasons too, so no reading passes silently.
  const reasons = [
    ...verdictReasons,
    ...notes.map((note) =>
      note.index === null
        ? note.message
        : `Row ${note.index + 1} (${transactions[note.index].date}, page ${note.page}): ${note.message}`,
    ),
  ];
  const reconciliation = {
    checkedRows: sum(sections, (section) => section.normalised.reconciliation.checkedRows),
    // A row the bank prints by a known pattern is explained, not a break.
    reconciledRows:
      sum(sections, (section) => section.normalised.reconciliation.reconciledRows) + splitPayments.rowCount,
    directionsFromBalance: sum(sections, (section) => section.normalised.reconciliation.directionsFromBalance),
    amountsFromBalance: sum(sections, (section) => section.normalised.reconciliation.amountsFromBalance),
    swappedColumns: sections.some((section) => section.normalised.reconciliation.swappedColumns),
  };
  const decidedByBalance = reconciliation.directionsFromBalance + reconciliation.amountsFromBalance;
  const confidenceFacts = {
    checkedRows: reconciliation.checkedRows,
    reconciledRows: reconciliation.reconciledRows,
    reconciledShare:
      reconciliation.checkedRows === 0
        ? null
        : Math.round((reconciliation.reconciledRows / reconciliation.checkedRows) * 1000) / 1000,
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
  // Opening and closing are the first section's (the account the statement is of); totals count every section's rows.
  const firstRows = first.normalised.transactions;
  const firstRow = firstRows[0];
  const lastRow = firstRows[firstRows.length - 1];
  const dates = transactions.map((row) => row.date).sort();
  const computedOpening =
    firstRow && firstRow.balance !== null
      ? asKobo(firstRow.balance + firstRow.debit - firstRow.credit)
      : summary.openingBalance;
  const printedPeriod = first.normalised.printedPeriod;
  report({ stage: 'done', done: 1, total: 1 });
  return {
    format: source.format,
    pageCount: source.pageCount,
    layout: {
      id: options.mapping ? 'manual' : (bankLayout?.id ?? 'generic'),
      bankName: bankLayout?.bankName ?? null,
      headerLabels: table.headerLabels,
      dateOrder: first.normalised.slashOrder,
      isNewestFirst: first.normalised.isNewestFirst,
      directionsFromBalance: sum(
        sections,
        (section) => section.normalised.inferredDirections - section.normalised.guessedDirections,
      ),
      columnsFrom: confidence.columnsFrom,
      dateColumn: first.normalised.dateColumn,
    },
    confidence,
    notes,
    account: {
      name: summary.accountName,
      number: summary.accountNumber,
      bankName: bankLayout?.bankName ?? null,
      currency: summary.currency,
    },
    period: {
      start: printedPeriod?.start ?? dates[0] ?? null,
      end: printedPeriod?.end ?? dates[dates.length - 1] ?? null,
      printedStart: printedPeriod?.start ?? null,
      printedEnd: printedPeriod?.end ?? null,
    },
    printed: first.printed,
    computed: {
      openingBalance: computedOpening,
      closingBalance: lastRow?.balance ?? null,
      totalDebits: asKobo(totalDebits),
      totalCredits: asKobo(totalCredits),
      transactionCount: transactions.length,
    },
    transactions,
    sections: sections.map((section, position) => ({
      firstIndex: offsets[position],
      transactionCount: section.normalised.transactions.length,
      page: section.page,
      account: { name: section.summary.accountName, number: section.summary.accountNumber },
      headerLabels: section.table.headerLabels,
      printed: section.printed,
      checks: sectionChecks[position].filter((check) => SECTION_CHECKS.includes(check.id)),
    })),
    checks,
    verdict,
    reasons,
    analysis,
    metadata: source.metadata,
    encoding: source.encoding,
    skippedRows: sections.flatMap((section) => section.normalised.skipped),
  };
}

function sum<T>(items: readonly T[], value: (item: T) => number): number {
  return items.reduce((total, item) => total + value(item), 0);
}

/** Where each section's rows start among the statement's transactions. */
function sectionOffsets(sections: readonly ReadSection[]): number[] {
  const offsets: number[] = [];
  let next = 0;
  for (const section of sections) {
    offsets.push(next);
    next += section.normalised.transactions.length;
  }
  return offsets;
}

/**
 * The statement's checks from its sections': a section's own figures (chain, opening/closing,
 * totals, date order) are checked per section and the worst result stands, its message naming
 * each section; the rest are the whole statement's.
 */
function mergeSectionChecks(
  perSection: readonly StatementCheck[][],
  whole: readonly StatementCheck[],
): StatementCheck[] {
  return whole.map((check) => {
    if (!SECTION_CHECKS.includes(check.id)) return check;
    const own = perSection.map((checks) => checks.find((each) => each.id === check.id) as StatementCheck);
    const worst = own.reduce(
      (best, each) => (STATUS_RANK[each.status] > STATUS_RANK[best.status] ? each : best),
      own[0],
    );
    return {
      id: check.id,
      status: worst.status,
      message: own.map((each, position) => `Section ${position + 1}: ${each.message}`).join('; '),
      details: { sections: own.map((each) => ({ status: each.status, message: each.message, details: each.details })) },
    };
  });
}

/**
 * Where the reading is incomplete: table lines placed in no row, and rows left out for want of a
 * date or an amount, each with its page and line number on the page, in page order.
 */
function unplacedLines(
  source: SourceDocument,
  table: RebuiltTable,
  skipped: readonly { page: number; y: number; reason: string }[],
): UnplacedLine[] {
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
      message:
        `The running balance differs by ${Math.abs(rounding.printed - rounding.expected)} kobo from the row's amount (at most ${ROUNDING_KOBO} ` +
        `kobo is taken as the bank's rounding)`,
      index: rounding.index,
      page: row.page,
      y: row.y,
    };
  });
}
