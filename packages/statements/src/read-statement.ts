import { asKobo, type IsoDate, type Kobo } from '@levy/tax';
import { analyseStatement, type StatementAnalysis } from './analyse-statement';
import { checkStatement, decideVerdict, type StatementCheck, type Verdict } from './check-statement';
import { detectBankLayout, type ColumnField } from './layouts';
import { normaliseRows } from './normalise-rows';
import type { SlashOrderDecision } from './parse-date';
import { readHeaderBlock } from './read-header-block';
import { readSource } from './readers/read-source';
import { rebuildRows, type ColumnMapping } from './rebuild-rows';
import { joinLineText, type PdfMetadata, type SourceDocument, type SourceFormat } from './source-document';
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
    /** Sign-less single amounts whose direction the running balance gave. */
    directionsFromBalance: number;
  };
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
  const bankLayout = detectBankLayout(table.preambleLines.map(joinLineText).join('\n'));
  const normalised = normaliseRows(table.rows, { start: summary.periodStart, end: summary.periodEnd }, bankLayout?.slashOrderHint ?? null, summary.openingBalance);
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
  const checks = checkStatement({
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
  });
  const { verdict, reasons } = decideVerdict(checks);
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
    },
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
