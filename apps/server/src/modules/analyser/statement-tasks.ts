import {
  accountHolderOf,
  categoriseForHolder,
  isStatementError,
  readStatement,
  type ColumnMapping,
  type SourceDocument,
  type StatementProgress,
  type StatementResult,
} from '@levy/statements';
import type { Kobo } from '@levy/tax';
import type { NewTransaction, PageRow } from './analyser.repo';
import type { CorrectedFields, StoredAnalysis } from './analyser.schema';
import { analyseRows, applyCorrection, endOfDayBalances, pagesOf, toStoredRow, totalsOf } from './statement-rows';

/** What a parse stores, worked out in a file worker (workers/worker-pool.ts): the engine's result less its rows, and the rows and pages as stored. */
export interface StatementReading {
  ok: true;
  result: Omit<StatementResult, 'transactions'>;
  rows: NewTransaction[];
  pages: PageRow[];
  analysis: StoredAnalysis;
  totals: { debits: Kobo; credits: Kobo };
  closingBalance: Kobo | null;
  /** The date of each note's row (null for a note about the whole statement), in the order of `result.notes`. */
  noteDates: Array<string | null>;
}

/** A file the engine cannot use: its code and message, and its pages when it could be read (a person maps the columns looking at them). */
export interface StatementRefusal {
  ok: false;
  code: string;
  message: string;
  pages: PageRow[] | null;
  pageCount: number | null;
}

export interface StatementReadInput {
  statementId: string;
  bytes: Uint8Array;
  fileName: string;
  mimeType: string;
  password: string | undefined;
  mapping: ColumnMapping | undefined;
  corrections: Array<{ index: number; fields: CorrectedFields }>;
}

/**
 * Reads a kept statement with its mapping, applies the corrections people made, and prepares its
 * rows, pages and analysis for storing. Runs in a file worker: reading, rebuilding and storing
 * 200,000 rows is seconds of work that must not hold up other requests.
 */
export async function readStatementForStorage(
  input: StatementReadInput,
  report: (progress: StatementProgress) => void,
): Promise<StatementReading | StatementRefusal> {
  let document: SourceDocument | null = null;
  let result: StatementResult;
  try {
    result = await readStatement(input.bytes, {
      fileName: input.fileName,
      mimeType: input.mimeType,
      password: input.password,
      mapping: input.mapping,
      onProgress: report,
      onSource: (read) => (document = read),
    });
  } catch (error) {
    if (!isStatementError(error)) throw error;
    const read = document as SourceDocument | null;
    return {
      ok: false,
      code: error.code,
      message: error.message,
      pages: read ? pagesOf(input.statementId, read.lines) : null,
      pageCount: read?.pageCount ?? null,
    };
  }
  // Whose account it is decides what its credits are; a person's corrections come after and stay.
  const holder = accountHolderOf(result.account.name);
  const correctionByIndex = new Map(input.corrections.map((correction) => [correction.index, correction.fields]));
  const transactions = categoriseForHolder(result.transactions, holder).map((transaction) => {
    const fields = correctionByIndex.get(transaction.index);
    return fields ? applyCorrection(transaction, fields) : transaction;
  });
  const { transactions: read, ...rest } = result;
  return {
    ok: true,
    result: rest,
    rows: transactions.map((transaction) =>
      toStoredRow(input.statementId, transaction, correctionByIndex.has(transaction.index)),
    ),
    pages: pagesOf(input.statementId, (document as SourceDocument | null)?.lines ?? []),
    analysis:
      input.corrections.length > 0 || holder === 'company'
        ? analyseRows(transactions, holder)
        : { engine: result.analysis, balances: endOfDayBalances(transactions) },
    totals: totalsOf(transactions),
    closingBalance: transactions.at(-1)?.balance ?? result.computed.closingBalance,
    noteDates: result.notes.map((note) => (note.index === null ? null : (read[note.index]?.date ?? null))),
  };
}
