import {
  BANK_MESSAGES,
  BILL_MESSAGES,
  MESSAGES,
  STATEMENT_FILE_LIMITS,
  type ColumnMappingInput,
  type DATE_PRESETS,
  type PeriodSource,
  type RecordAnalysis,
  type StatementFormat,
  type TRANSACTION_SORT_KEYS,
} from '@levy/contracts';
import {
  checkStatementAccess,
  compareStatements,
  isStatementError,
  readStatement,
  sniffStatementFormat,
  type ColumnMapping,
  type SourceDocument,
  type StatementProgress,
  type StatementResult,
  type Transaction,
  type Verdict,
} from '@levy/statements';
import { addDays, asKobo, toKobo } from '@levy/tax';
import { and, asc, desc, eq, gte, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsPattern, pageWindow, toPage } from '../../db/pagination';
import { AppError, guardUniqueName, invalidInput, notFound } from '../../errors';
import type { Caller, UploadedFile } from '../../http/route';
import { exportTable, type ExportFormat } from '../../http/table-export';
import type { Jobs } from '../../jobs/jobs';
import { renderAnalysisReport } from './analysis-report';
import { naira, openingOf, toAnalysisBody, toConfidence, toFolder, toRecord, toStatement, toStatementDetail, toTransaction } from './analyser-views';
import * as repo from './analyser.repo';
import { analyserTransactions, type CorrectedFields, type StatementStageCode } from './analyser.schema';
import { analyseRows, applyCorrection, correctableFields, endOfDayBalances, linesOfPage, pagesOf, toEngineTransaction, toStoredRow, totalsOf } from './statement-rows';
import { taxInsightOf, type PaidBill } from './tax-insight';

export const PARSE_STATEMENT_JOB = 'analyser.parse';

const MIME_TYPES: Record<StatementFormat, string> = {
  pdf: 'application/pdf',
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** How far the progress bar is at each stage: reading the pages is most of the work. */
const STAGE_PERCENT: Record<StatementStageCode, number> = { queued: 0, reading: 5, rebuilding: 82, checking: 88, analysing: 92, saving: 95, done: 100 };
const READING_SHARE = 75;
/** Progress is written when it moves by this many points, not on every page. */
const PROGRESS_STEP = 3;

const PRESET_DAYS: Record<Exclude<(typeof DATE_PRESETS)[number], 'all' | 'custom'>, number> = { last_7_days: 7, last_30_days: 30, last_90_days: 90, last_180_days: 180 };

const NOT_ANALYSED = 'The statement has not been analysed yet.';
const FAILED_UNEXPECTEDLY = 'The statement could not be analysed: run it again, or upload the file again';

const VERDICT_RANK: Record<Verdict, number> = { consistent: 0, suspicious: 1, inconsistent: 2 };

export interface TransactionQuery {
  search?: string;
  order_by?: (typeof TRANSACTION_SORT_KEYS)[number];
  is_asc?: boolean;
  category?: string[];
  type?: 'credit' | 'debit';
  amount_min?: string;
  amount_max?: string;
  date_preset?: (typeof DATE_PRESETS)[number];
  date_from?: string;
  date_to?: string;
}

export interface TransactionCorrectionInput {
  index: number;
  category?: string;
  date?: string;
  narration?: string;
  counterparty?: string;
  debit?: string;
  credit?: string;
  balance?: string;
}

interface ListInput {
  page: number;
  count: number;
  no_pages?: boolean;
  search?: string;
  is_asc?: boolean;
}

/** The contract's mapping (snake_case) as the engine takes it, and back. */
function toEngineMapping(mapping: Exclude<ColumnMappingInput, null>): ColumnMapping {
  const { value_date: valueDate, ...rest } = mapping;
  const engine: ColumnMapping = {};
  for (const [field, column] of Object.entries({ ...rest, valueDate })) if (column !== undefined) engine[field as keyof ColumnMapping] = Number(column);
  return engine;
}

function fromEngineMapping(mapping: ColumnMapping) {
  const { valueDate, date, narration, ...rest } = mapping;
  return { ...rest, date: date ?? 0, narration: narration ?? 0, ...(valueDate === undefined ? {} : { value_date: valueDate }) };
}

/** A correction's fields as stored: money in kobo, an empty counterparty as none. */
function correctedFields(correction: TransactionCorrectionInput): CorrectedFields {
  return {
    ...(correction.category !== undefined && { category: correction.category }),
    ...(correction.date !== undefined && { date: correction.date }),
    ...(correction.narration !== undefined && { narration: correction.narration }),
    ...(correction.counterparty !== undefined && { counterparty: correction.counterparty || null }),
    ...(correction.debit !== undefined && { debitKobo: toKobo(correction.debit) }),
    ...(correction.credit !== undefined && { creditKobo: toKobo(correction.credit) }),
    ...(correction.balance !== undefined && { balanceKobo: toKobo(correction.balance) }),
  };
}

/** The engine takes a plain Uint8Array (pdfjs refuses Node's Buffer): a view of the same bytes. */
function bytesOf(content: Buffer): Uint8Array {
  return new Uint8Array(content.buffer, content.byteOffset, content.byteLength);
}

/** The printed period when the statement prints one; otherwise its first to last transaction. */
function periodSourceOf(result: StatementResult): PeriodSource {
  return result.period.printedStart && result.period.printedEnd ? 'printed' : 'transactions';
}

/** Statements together: printed only when every one prints its period. */
function combinedPeriodSource(statements: ReadonlyArray<{ periodSource: PeriodSource | null }>): PeriodSource | null {
  if (statements.length === 0) return null;
  return statements.every((statement) => statement.periodSource === 'printed') ? 'printed' : 'transactions';
}

class ParseInterrupted extends Error {
  constructor() {
    super('The statement parse was interrupted by a shutdown; it will run again');
  }
}

export function createAnalyserService(deps: { db: Db; jobs: Jobs; paidBills(organisationId: string): Promise<PaidBill[]> }) {
  const { db, jobs } = deps;

  function organisationOf(caller: Caller): string {
    if (!caller.organisationId) throw notFound('Organisation not found.');
    return caller.organisationId;
  }

  // Another organisation's folder, record or statement is NOT_FOUND: its id reveals nothing.
  async function ownFolder(caller: Caller, id: string) {
    const row = await repo.findFolder(db, id);
    if (!row || row.organisationId !== organisationOf(caller)) throw notFound('Folder not found.');
    return row;
  }

  async function ownRecord(caller: Caller, id: string) {
    const row = await repo.findRecord(db, id);
    if (!row || row.organisationId !== organisationOf(caller)) throw notFound('Record not found.');
    return row;
  }

  async function ownStatement(caller: Caller, id: string) {
    const row = await repo.findStatement(db, id);
    if (!row || row.organisationId !== organisationOf(caller)) throw notFound('Statement not found.');
    return row;
  }

  async function analysedStatement(caller: Caller, id: string) {
    const row = await ownStatement(caller, id);
    if (row.status !== 'analysed' || !row.analysis) throw new AppError('UNPROCESSABLE', NOT_ANALYSED);
    return { ...row, analysis: row.analysis };
  }

  async function folderView(row: repo.FolderRow) {
    return toFolder(row, (await repo.folderCounts(db, [row.id])).get(row.id));
  }

  async function recordView(row: repo.RecordRow) {
    return toRecord(row, (await repo.recordSpans(db, [row.id])).get(row.id));
  }

  async function statementViews(rows: repo.StatementRow[], folderId: string) {
    const ids = rows.map((row) => row.id);
    const [mapped, corrections] = await Promise.all([repo.mappedStatementIds(db, ids), repo.correctionCounts(db, ids)]);
    return rows.map((row) => toStatement(row, { folderId, hasMapping: mapped.has(row.id), correctionCount: corrections.get(row.id) ?? 0 }));
  }

  async function statementView(row: repo.StatementRow) {
    const record = await repo.findRecord(db, row.recordId);
    const [view] = await statementViews([row], record?.folderId ?? '');
    return view;
  }

  async function statementDetail(id: string) {
    const row = await repo.findStatement(db, id);
    if (!row) throw notFound('Statement not found.');
    return toStatementDetail(row, await statementView(row));
  }

  async function assertFolderNameFree(executor: Db, organisationId: string, name: string, exceptId?: string) {
    const clash = await repo.findFolderByName(executor, organisationId, name);
    if (clash && clash.id !== exceptId) throw invalidInput({ name: MESSAGES.nameTaken });
  }

  /** A statement error at upload, re-run or mapping: UNPROCESSABLE with the reason and the field to ask again. */
  function rejection(error: unknown): unknown {
    if (!isStatementError(error)) return error;
    const isAboutPassword = error.code === 'PASSWORD_REQUIRED' || error.code === 'WRONG_PASSWORD';
    return new AppError('UNPROCESSABLE', error.message, { reason: error.code, field: isAboutPassword ? 'password' : 'file' });
  }

  /** Opens an encrypted PDF or workbook with the password to check it; the password is kept only if the file needs it. */
  async function passwordFor(format: StatementFormat, content: Buffer, password: string | undefined): Promise<string | null> {
    if (format === 'csv') return null;
    try {
      const access = await checkStatementAccess(bytesOf(content), password || undefined);
      return access.isEncrypted && password ? password : null;
    } catch (error) {
      throw rejection(error);
    }
  }

  /** The format by content alone (names and MIME types lie), within its size limit. */
  function admittedFormat(content: Buffer): StatementFormat {
    let format: StatementFormat;
    try {
      format = sniffStatementFormat(content);
    } catch (error) {
      throw rejection(error);
    }
    if (content.length > STATEMENT_FILE_LIMITS[format]) throw invalidInput({ file: BANK_MESSAGES.fileTooLarge });
    return format;
  }

  async function enqueueParse(tx: Db, statementId: string, run: number) {
    await jobs.enqueue(tx, PARSE_STATEMENT_JOB, { statementId, run }, { singletonKey: `${statementId}:${run}` });
  }

  /** A new run of the kept file (re-run, new mapping), checked for its password first. */
  async function queueRun(statementId: string, password: string | undefined, change: (tx: Db) => Promise<void>) {
    const source = await repo.findStatementFile(db, statementId);
    if (!source) throw notFound('Statement not found.');
    const kept = await passwordFor(source.format, source.file, password);
    await db.transaction(async (tx) => {
      await change(tx);
      const run = await repo.queueNextRun(tx, statementId, kept);
      await enqueueParse(tx, statementId, run);
    });
    return statementView((await repo.findStatement(db, statementId))!);
  }

  /** Writes a parse's progress into its statement, a few points at a time, in order; stops the engine on shutdown. */
  function progressWriter(statementId: string, run: number, signal: AbortSignal) {
    let written = -PROGRESS_STEP;
    let chain: Promise<unknown> = Promise.resolve();
    const write = (stage: StatementStageCode, done: number, total: number, percent: number) => {
      written = percent;
      chain = chain.then(() => repo.updateStatementRun(db, statementId, run, { stage, progressDone: done, progressTotal: total, progressPercent: percent }));
    };
    return {
      report(progress: StatementProgress) {
        if (signal.aborted) throw new ParseInterrupted();
        const stage: StatementStageCode = progress.stage;
        const percent =
          stage === 'reading' && progress.total > 0 ? STAGE_PERCENT.reading + Math.floor((READING_SHARE * progress.done) / progress.total) : STAGE_PERCENT[stage];
        if (percent - written >= PROGRESS_STEP || stage !== 'reading') write(stage, progress.done, progress.total, percent);
      },
      saving: () => write('saving', 1, 1, STAGE_PERCENT.saving),
      settled: () => chain,
    };
  }

  /**
   * The parse failed for good: the message on the statement, and none of its rows left. The
   * pages, when the file could be read, are kept: a person maps the columns looking at them.
   */
  async function failParse(statementId: string, run: number, failure: { code: string; message: string; document: SourceDocument | null }) {
    await db.transaction(async (tx) => {
      const isCurrent = await repo.updateStatementRun(tx, statementId, run, {
        status: 'failed',
        errorCode: failure.code,
        errorMessage: failure.message,
        pendingPassword: null,
        verdict: null,
        reasons: [],
        checks: [],
        analysis: null,
        analysedAt: null,
        layoutId: null,
        headerLabels: {},
        confidence: null,
        notes: [],
        periodSource: null,
        pageCount: failure.document?.pageCount ?? null,
      });
      if (!isCurrent) return;
      await repo.deleteTransactions(tx, statementId);
      await repo.deletePages(tx, statementId);
      if (failure.document) await repo.insertPages(tx, pagesOf(statementId, failure.document.lines));
    });
  }

  /**
   * A statement of another account than its record is refused: its figures would be blended into
   * the record's. The record's account is the number typed on it when there is one (a person
   * said which account the record is), else that of its other analysed statements (another
   * number, or the same number at another bank). The message names both accounts.
   */
  async function otherAccount(statementId: string, result: StatementResult): Promise<string | null> {
    const number = result.account.number;
    if (!number) return null;
    const statement = await repo.findStatement(db, statementId);
    const record = statement && (await repo.findRecord(db, statement.recordId));
    if (!statement || !record) return null;
    const bank = result.account.bankName ?? result.layout.bankName;
    const describe = (accountNumber: string, bankName: string | null) => (bankName ? `${accountNumber} (${bankName})` : accountNumber);
    if (record.accountNumber && record.accountNumber !== number) {
      return `This statement is for account ${describe(number, bank)}, but this record is for account ${describe(record.accountNumber, record.bankName)}: add the statement to a record of its own account, or correct the record's account number if it was typed wrong`;
    }
    const others = (await repo.statementsOfRecord(db, statement.recordId)).filter((other) => other.id !== statementId && other.status === 'analysed' && other.accountNumber);
    const clash = others.find((other) => other.accountNumber !== number || (bank !== null && other.bankName !== null && other.bankName !== bank));
    if (!clash) return null;
    return `This statement is for account ${describe(number, bank)}, but this record's statements are for account ${describe(clash.accountNumber!, clash.bankName)}: add it to a record of its own account`;
  }

  /**
   * The parse job: reads the kept file with its mapping, applies the corrections people made,
   * and stores rows, pages and analysis with the status change in one transaction. A file the
   * engine cannot use fails the statement with the engine's message; a shutdown gives the job
   * back to its queue; anything else is retried, and fails the statement on the last attempt.
   */
  async function parse(statementId: string, run: number, context: { signal: AbortSignal; isLastAttempt: boolean }) {
    const source = await repo.findStatementFile(db, statementId);
    if (!source || source.run !== run) return;
    await repo.updateStatementRun(db, statementId, run, { status: 'processing', stage: 'reading', progressDone: 0, progressTotal: 0, progressPercent: STAGE_PERCENT.reading });
    const [mapping, corrections] = await Promise.all([repo.findMapping(db, statementId), repo.correctionsOf(db, statementId)]);
    const progress = progressWriter(statementId, run, context.signal);
    let document: SourceDocument | null = null;
    let result;
    try {
      result = await readStatement(bytesOf(source.file), {
        fileName: source.fileName,
        mimeType: source.mimeType,
        password: source.pendingPassword ?? undefined,
        mapping: mapping?.mapping,
        onProgress: progress.report,
        onSource: (read) => (document = read),
      });
    } catch (error) {
      await progress.settled();
      if (isStatementError(error)) return failParse(statementId, run, { code: error.code, message: error.message, document });
      if (!(error instanceof ParseInterrupted) && context.isLastAttempt) await failParse(statementId, run, { code: 'UNREADABLE', message: FAILED_UNEXPECTEDLY, document: null });
      throw error;
    }
    progress.saving();
    await progress.settled();
    const refusal = await otherAccount(statementId, result);
    if (refusal) return failParse(statementId, run, { code: 'ACCOUNT_MISMATCH', message: refusal, document });

    const correctionByIndex = new Map(corrections.map((correction) => [correction.index, correction.fields]));
    const transactions = result.transactions.map((transaction) => {
      const fields = correctionByIndex.get(transaction.index);
      return fields ? applyCorrection(transaction, fields) : transaction;
    });
    const analysis = corrections.length > 0 ? analyseRows(transactions) : { engine: result.analysis, balances: endOfDayBalances(transactions) };
    const totals = totalsOf(transactions);
    await db.transaction(async (tx) => {
      const isCurrent = await repo.updateStatementRun(tx, statementId, run, {
        status: 'analysed',
        stage: 'done',
        progressDone: 1,
        progressTotal: 1,
        progressPercent: STAGE_PERCENT.done,
        pendingPassword: null,
        verdict: result.verdict,
        reasons: result.reasons,
        checks: result.checks,
        periodStart: result.period.start,
        periodEnd: result.period.end,
        periodSource: periodSourceOf(result),
        openingBalanceKobo: result.computed.openingBalance,
        closingBalanceKobo: transactions.at(-1)?.balance ?? result.computed.closingBalance,
        totalDebitsKobo: totals.debits,
        totalCreditsKobo: totals.credits,
        transactionCount: transactions.length,
        printed: result.printed,
        accountName: result.account.name,
        accountNumber: result.account.number,
        bankName: result.account.bankName ?? result.layout.bankName,
        layoutId: result.layout.id,
        headerLabels: result.layout.headerLabels,
        pageCount: result.pageCount,
        metadata: result.metadata,
        skippedRows: result.skippedRows,
        confidence: result.confidence,
        notes: result.notes.map((note) => ({ message: note.message, index: note.index, page: note.page, date: note.index === null ? null : (result.transactions[note.index]?.date ?? null) })),
        analysis,
        errorCode: null,
        errorMessage: null,
        analysedAt: new Date(),
      });
      if (!isCurrent) return;
      await repo.deleteTransactions(tx, statementId);
      await repo.deletePages(tx, statementId);
      await repo.insertTransactions(tx, transactions.map((transaction) => toStoredRow(statementId, transaction, correctionByIndex.has(transaction.index))));
      await repo.insertPages(tx, pagesOf(statementId, document?.lines ?? []));
    });
  }

  jobs.define<{ statementId: string; run: number }>({
    name: PARSE_STATEMENT_JOB,
    options: { retryLimit: 3, retryDelaySeconds: 2, pollingIntervalSeconds: 0.5, expireInSeconds: 900 },
    handle: ({ statementId, run }, { signal, isLastAttempt }) => parse(statementId, run, { signal, isLastAttempt }),
  });

  /** Analyses the statement's rows as they stand (after corrections) and stores the result. */
  async function reanalyse(tx: Db, statementId: string) {
    const rows = await repo.transactionsOf(tx, [statementId]);
    const transactions = rows.sort((a, b) => a.index - b.index).map((row) => toEngineTransaction(row));
    const totals = totalsOf(transactions);
    await repo.updateStatement(tx, statementId, {
      analysis: analyseRows(transactions),
      totalDebitsKobo: totals.debits,
      totalCreditsKobo: totals.credits,
      openingBalanceKobo: openingOf(transactions),
      closingBalanceKobo: transactions.at(-1)?.balance ?? null,
      analysedAt: new Date(),
    });
  }

  function transactionConditions(statement: repo.StatementRow, query: TransactionQuery): SQL | undefined {
    const t = analyserTransactions;
    const conditions: Array<SQL | undefined> = [eq(t.statementId, statement.id)];
    const search = containsPattern(query.search);
    if (search) conditions.push(sql`(${ilike(t.narration, search)} or ${ilike(t.reference, search)} or ${ilike(t.counterparty, search)})`);
    if (query.category && query.category.length > 0) conditions.push(inArray(t.category, query.category));
    if (query.type === 'credit') conditions.push(sql`${t.creditKobo} > 0`);
    if (query.type === 'debit') conditions.push(sql`${t.debitKobo} > 0`);
    if (query.amount_min !== undefined) conditions.push(sql`greatest(${t.debitKobo}, ${t.creditKobo}) >= ${toKobo(query.amount_min)}`);
    if (query.amount_max !== undefined) conditions.push(sql`greatest(${t.debitKobo}, ${t.creditKobo}) <= ${toKobo(query.amount_max)}`);
    const preset = query.date_preset;
    if (preset && preset !== 'all' && preset !== 'custom' && statement.periodEnd) conditions.push(gte(t.date, addDays(statement.periodEnd, 1 - PRESET_DAYS[preset])));
    if (query.date_from) conditions.push(gte(t.date, query.date_from));
    if (query.date_to) conditions.push(lte(t.date, query.date_to));
    return and(...conditions);
  }

  function transactionOrder(query: TransactionQuery): SQL[] {
    const t = analyserTransactions;
    const key = query.order_by ?? 'index';
    const direction = (query.is_asc ?? key === 'index') ? asc : desc;
    const column = { index: sql`${t.index}`, date: sql`${t.date}`, amount: sql`greatest(${t.debitKobo}, ${t.creditKobo})`, balance: sql`${t.balanceKobo}`, narration: sql`lower(${t.narration})` }[key];
    return [direction(column), direction(t.index)];
  }

  async function matchingTransactions(statement: repo.StatementRow, query: TransactionQuery, window: { limit: number; offset: number }) {
    return repo.listTransactions(db, { where: transactionConditions(statement, query), order: transactionOrder(query), ...window });
  }

  return {
    // ---------- folders ----------

    async listFolders(caller: Caller, params: ListInput & { order_by?: 'name' | 'created_at' }) {
      const organisationId = organisationOf(caller);
      const { limit, offset } = pageWindow(params);
      const order = params.order_by ?? 'created_at';
      const { rows, total } = await repo.listFolders(db, organisationId, { search: containsPattern(params.search), order, isAsc: params.is_asc ?? order === 'name', limit, offset });
      const counts = await repo.folderCounts(db, rows.map((row) => row.id));
      return toPage(
        rows.map((row) => toFolder(row, counts.get(row.id))),
        total,
        params,
      );
    },

    async createFolder(caller: Caller, name: string) {
      const organisationId = organisationOf(caller);
      const row = await guardUniqueName(() =>
        db.transaction(async (tx) => {
          await assertFolderNameFree(tx, organisationId, name);
          return repo.insertFolder(tx, { organisationId, name: name.trim(), createdBy: caller.userId });
        }),
      );
      return folderView(row);
    },

    async getFolder(caller: Caller, id: string) {
      return folderView(await ownFolder(caller, id));
    },

    async renameFolder(caller: Caller, id: string, name: string) {
      const folder = await ownFolder(caller, id);
      await guardUniqueName(() =>
        db.transaction(async (tx) => {
          await assertFolderNameFree(tx, folder.organisationId, name, folder.id);
          await repo.renameFolder(tx, folder.id, name.trim());
        }),
      );
      return folderView((await repo.findFolder(db, folder.id))!);
    },

    async deleteFolder(caller: Caller, id: string) {
      const folder = await ownFolder(caller, id);
      await repo.deleteFolder(db, folder.id);
      return null;
    },

    // ---------- records ----------

    async listRecords(caller: Caller, folderId: string, params: ListInput & { order_by?: 'name' | 'created_at' }) {
      const folder = await ownFolder(caller, folderId);
      const { limit, offset } = pageWindow(params);
      const order = params.order_by ?? 'created_at';
      const { rows, total } = await repo.listRecords(db, folder.id, { search: containsPattern(params.search), order, isAsc: params.is_asc ?? order === 'name', limit, offset });
      const spans = await repo.recordSpans(db, rows.map((row) => row.id));
      return toPage(
        rows.map((row) => toRecord(row, spans.get(row.id))),
        total,
        params,
      );
    },

    async createRecord(caller: Caller, folderId: string, body: { name: string; account_number?: string; bank_name?: string }) {
      const folder = await ownFolder(caller, folderId);
      const row = await repo.insertRecord(db, {
        organisationId: folder.organisationId,
        folderId: folder.id,
        name: body.name,
        accountNumber: body.account_number ?? null,
        bankName: body.bank_name || null,
        createdBy: caller.userId,
      });
      return recordView(row);
    },

    async getRecord(caller: Caller, id: string) {
      return recordView(await ownRecord(caller, id));
    },

    async updateRecord(caller: Caller, id: string, body: { name: string; account_number?: string; bank_name?: string }) {
      const record = await ownRecord(caller, id);
      // The typed number says which account the record is: it may not contradict the statements it holds.
      if (body.account_number) {
        const other = (await repo.statementsOfRecord(db, record.id)).find((statement) => statement.status === 'analysed' && statement.accountNumber && statement.accountNumber !== body.account_number);
        if (other) throw invalidInput({ account_number: `This record's statements are for account ${other.accountNumber}: a record holds one account's statements` });
      }
      await repo.updateRecord(db, record.id, { name: body.name, accountNumber: body.account_number ?? null, bankName: body.bank_name || null });
      return recordView((await repo.findRecord(db, record.id))!);
    },

    async deleteRecord(caller: Caller, id: string) {
      const record = await ownRecord(caller, id);
      await repo.deleteRecord(db, record.id);
      return null;
    },

    /** Every analysed statement of the record together: gaps and overlaps between them, and the analysis of all their rows. */
    async recordAnalysis(caller: Caller, id: string): Promise<RecordAnalysis> {
      const record = await ownRecord(caller, id);
      const statements = await repo.statementsOfRecord(db, record.id);
      const analysed = statements.filter((statement) => statement.status === 'analysed');
      const order = new Map(analysed.map((statement, position) => [statement.id, position]));
      const rows = await repo.transactionsOf(db, analysed.map((statement) => statement.id));
      rows.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : order.get(a.statementId)! - order.get(b.statementId)! || a.index - b.index));
      const transactions: Transaction[] = rows.map((row, index) => toEngineTransaction(row, index));
      const comparison = compareStatements(
        analysed.map((statement) => ({
          account: { number: statement.accountNumber },
          period: { start: statement.periodStart, end: statement.periodEnd },
          computed: { openingBalance: statement.openingBalanceKobo, closingBalance: statement.closingBalanceKobo },
        })),
      );
      const findings = comparison.filter((check) => check.status !== 'pass' && check.status !== 'skipped');
      let verdict: Verdict | null = analysed.length > 0 ? 'consistent' : null;
      for (const statement of analysed) if (statement.verdict && VERDICT_RANK[statement.verdict] > VERDICT_RANK[verdict ?? 'consistent']) verdict = statement.verdict;
      for (const check of findings) {
        const implied: Verdict = check.status === 'fail' ? 'inconsistent' : 'suspicious';
        if (VERDICT_RANK[implied] > VERDICT_RANK[verdict ?? 'consistent']) verdict = implied;
      }
      const reasons = [...analysed.flatMap((statement) => statement.reasons.map((reason) => `${statement.fileName}: ${reason}`)), ...findings.map((check) => check.message)];
      const span = (key: 'gapFrom' | 'overlapFrom', end: 'gapTo' | 'overlapTo') =>
        comparison.flatMap((check) => (check.details && typeof check.details[key] === 'string' ? [{ from: check.details[key], to: String(check.details[end]) }] : []));
      const periodStarts = analysed.map((statement) => statement.periodStart).filter((value): value is string => value !== null).sort();
      const periodEnds = analysed.map((statement) => statement.periodEnd).filter((value): value is string => value !== null).sort();
      return {
        record_id: record.id,
        statement_count: analysed.length,
        pending_count: statements.length - analysed.length,
        statements: analysed.map((statement) => ({ id: statement.id, file_name: statement.fileName, format: statement.format, period_start: statement.periodStart, period_end: statement.periodEnd, verdict: statement.verdict })),
        gaps: span('gapFrom', 'gapTo'),
        overlaps: span('overlapFrom', 'overlapTo'),
        ...toAnalysisBody(analyseRows(transactions), {
          verdict,
          reasons,
          checks: comparison,
          openingBalance: analysed[0]?.openingBalanceKobo ?? null,
          closingBalance: analysed.at(-1)?.closingBalanceKobo ?? null,
          periodStart: periodStarts[0] ?? null,
          periodEnd: periodEnds.at(-1) ?? null,
          periodSource: combinedPeriodSource(analysed),
        }),
      };
    },

    // ---------- statements ----------

    async listStatements(caller: Caller, recordId: string, params: ListInput & { order_by?: 'created_at' | 'period_start' }) {
      const record = await ownRecord(caller, recordId);
      const { limit, offset } = pageWindow(params);
      const { rows, total } = await repo.listStatements(db, record.id, { search: containsPattern(params.search), order: params.order_by ?? 'created_at', isAsc: params.is_asc ?? false, limit, offset });
      return toPage(await statementViews(rows, record.folderId), total, params);
    },

    /** Keeps the file (checked by content, size and password) and queues its parse in the same transaction. */
    async upload(caller: Caller, recordId: string, password: string | undefined, files: UploadedFile[]) {
      const record = await ownRecord(caller, recordId);
      const file = files.find((candidate) => candidate.field === 'file');
      if (!file || file.content.length === 0) throw invalidInput({ file: BANK_MESSAGES.fileRequired });
      const format = admittedFormat(file.content);
      const kept = await passwordFor(format, file.content, password);
      const row = await db.transaction(async (tx) => {
        const inserted = await repo.insertStatement(tx, {
          organisationId: record.organisationId,
          recordId: record.id,
          fileName: file.filename || `statement.${format}`,
          format,
          mimeType: MIME_TYPES[format],
          fileSize: file.content.length,
          file: file.content,
          pendingPassword: kept,
          status: 'queued',
          stage: 'queued',
          createdBy: caller.userId,
        });
        await enqueueParse(tx, inserted.id, inserted.run);
        return inserted;
      });
      const [view] = await statementViews([row], record.folderId);
      return view;
    },

    async getStatement(caller: Caller, id: string) {
      const row = await ownStatement(caller, id);
      return toStatementDetail(row, await statementView(row));
    },

    async deleteStatement(caller: Caller, id: string) {
      const row = await ownStatement(caller, id);
      await repo.deleteStatement(db, row.id);
      return null;
    },

    async rerun(caller: Caller, id: string, password: string | undefined) {
      const row = await ownStatement(caller, id);
      return queueRun(row.id, password, async () => undefined);
    },

    /** Saves (or clears) the column mapping and reads the file again; corrections made on the old rows are dropped. */
    async saveMapping(caller: Caller, id: string, mapping: ColumnMappingInput | null, password: string | undefined) {
      const row = await ownStatement(caller, id);
      return queueRun(row.id, password, async (tx) => {
        if (mapping) await repo.saveMapping(tx, { statementId: row.id, mapping: toEngineMapping(mapping), createdBy: caller.userId });
        else await repo.deleteMapping(tx, row.id);
        await repo.deleteCorrections(tx, row.id);
      });
    },

    // ---------- transactions ----------

    async transactions(caller: Caller, id: string, params: TransactionQuery & { page: number; count: number; no_pages?: boolean }) {
      const statement = await ownStatement(caller, id);
      const window = pageWindow(params, 100_000);
      const { rows, total, debitsKobo, creditsKobo } = await matchingTransactions(statement, params, window);
      return {
        ...toPage(rows.map(toTransaction), total, params),
        aggs: { count: total, total_debits: naira(asKobo(debitsKobo)), total_credits: naira(asKobo(creditsKobo)) },
      };
    },

    async exportTransactions(caller: Caller, id: string, query: TransactionQuery, format: ExportFormat) {
      const statement = await ownStatement(caller, id);
      const { rows } = await matchingTransactions(statement, query, { limit: 10_000_000, offset: 0 });
      if (rows.length === 0) throw new AppError('NOT_FOUND', BILL_MESSAGES.noData);
      const base = statement.fileName.replace(/\.[^.]+$/, '');
      return exportTable({
        filename: `${base}-transactions`,
        sheetName: 'Transactions',
        format,
        rows: rows.map(toTransaction),
        columns: [
          { header: 'Row', value: (row) => row.index + 1 },
          { header: 'Date', value: (row) => row.date },
          { header: 'Value date', value: (row) => row.value_date ?? '' },
          { header: 'Narration', value: (row) => row.narration },
          { header: 'Reference', value: (row) => row.reference ?? '' },
          { header: 'Debit (NGN)', value: (row) => row.debit, isMoney: true },
          { header: 'Credit (NGN)', value: (row) => row.credit, isMoney: true },
          { header: 'Balance (NGN)', value: (row) => row.balance ?? '', isMoney: true },
          { header: 'Category', value: (row) => row.category_label },
          { header: 'Counterparty', value: (row) => row.counterparty ?? '' },
          { header: 'Page', value: (row) => row.page },
          { header: 'Corrected', value: (row) => (row.is_corrected ? 'yes' : '') },
        ],
      });
    },

    // ---------- analysis ----------

    async analysis(caller: Caller, id: string) {
      const statement = await analysedStatement(caller, id);
      return {
        statement_id: statement.id,
        ...toAnalysisBody(statement.analysis, {
          verdict: statement.verdict,
          reasons: statement.reasons,
          checks: statement.checks,
          openingBalance: statement.openingBalanceKobo,
          closingBalance: statement.closingBalanceKobo,
          periodStart: statement.periodStart,
          periodEnd: statement.periodEnd,
          periodSource: statement.periodSource,
        }),
      };
    },

    async report(caller: Caller, id: string) {
      const statement = await analysedStatement(caller, id);
      const record = (await repo.findRecord(db, statement.recordId))!;
      const body = toAnalysisBody(statement.analysis, {
        verdict: statement.verdict,
        reasons: statement.reasons,
        checks: statement.checks,
        openingBalance: statement.openingBalanceKobo,
        closingBalance: statement.closingBalanceKobo,
        periodStart: statement.periodStart,
        periodEnd: statement.periodEnd,
        periodSource: statement.periodSource,
      });
      return renderAnalysisReport({
        statement: await statementView(statement),
        record: toRecord(record, undefined),
        analysis: body,
        confidence: statement.confidence ? toConfidence(statement.confidence) : null,
        noteCount: statement.notes.length,
      });
    },

    async taxInsight(caller: Caller, id: string) {
      const statement = await analysedStatement(caller, id);
      const [rows, bills] = await Promise.all([repo.transactionsOf(db, [statement.id]), deps.paidBills(statement.organisationId)]);
      return taxInsightOf(
        statement.id,
        rows.map((row) => toEngineTransaction(row)),
        statement.analysis.engine,
        bills,
      );
    },

    // ---------- extraction, corrections ----------

    async extraction(caller: Caller, id: string, page: number) {
      const statement = await ownStatement(caller, id);
      // A failed statement whose file could be read shows its pages, to map the columns from.
      if (statement.status !== 'analysed' && !(statement.status === 'failed' && statement.pageCount !== null)) throw new AppError('UNPROCESSABLE', NOT_ANALYSED);
      const pageCount = statement.pageCount ?? 1;
      if (page > pageCount) throw notFound('Page not found.');
      const [stored, rows, mapping] = await Promise.all([repo.findPage(db, statement.id, page), repo.transactionsOfPage(db, statement.id, page), repo.findMapping(db, statement.id)]);
      return {
        statement_id: statement.id,
        format: statement.format,
        page,
        page_count: pageCount,
        layout: statement.layoutId,
        header_labels: statement.headerLabels,
        mapping: mapping ? fromEngineMapping(mapping.mapping) : null,
        lines: (stored ? linesOfPage(stored.lines) : []).map((line) => ({ y: line.y, height: line.height, text: line.cells.map((cell) => cell.text).join('  '), cells: line.cells })),
        rows: rows.map(toTransaction),
      };
    },

    /** Applies per-row corrections (merged with earlier ones) and analyses the statement again at once. */
    async saveCorrections(caller: Caller, id: string, corrections: TransactionCorrectionInput[]) {
      const statement = await analysedStatement(caller, id);
      // Several corrections of one row in a request are one correction, the later fields winning.
      const byIndex = new Map<number, CorrectedFields>();
      for (const correction of corrections) byIndex.set(correction.index, { ...byIndex.get(correction.index), ...correctedFields(correction) });
      await db.transaction(async (tx) => {
        const rows = new Map((await repo.findTransactions(tx, statement.id, [...byIndex.keys()])).map((row) => [row.index, row]));
        const missing = [...byIndex.keys()].find((index) => !rows.has(index));
        if (missing !== undefined) throw invalidInput({ corrections: `Row ${missing} is not in this statement` });
        const earlier = new Map((await repo.correctionsOf(tx, statement.id)).map((correction) => [correction.index, correction]));
        for (const [index, fields] of byIndex) {
          const current = toEngineTransaction(rows.get(index)!);
          const before = earlier.get(index);
          await repo.upsertCorrection(tx, { statementId: statement.id, index, fields: { ...before?.fields, ...fields }, original: before?.original ?? correctableFields(current), correctedBy: caller.userId });
          await repo.updateTransaction(tx, statement.id, index, toStoredRow(statement.id, applyCorrection(current, fields), true));
        }
        await reanalyse(tx, statement.id);
      });
      return statementDetail(statement.id);
    },

    /** Puts every corrected row back as read and analyses again. */
    async clearCorrections(caller: Caller, id: string) {
      const statement = await analysedStatement(caller, id);
      await db.transaction(async (tx) => {
        const corrections = await repo.correctionsOf(tx, statement.id);
        const rows = new Map((await repo.findTransactions(tx, statement.id, corrections.map((correction) => correction.index))).map((row) => [row.index, row]));
        for (const correction of corrections) {
          const row = rows.get(correction.index);
          if (!row) continue;
          await repo.updateTransaction(tx, statement.id, correction.index, toStoredRow(statement.id, applyCorrection(toEngineTransaction(row), correction.original), false));
        }
        await repo.deleteCorrections(tx, statement.id);
        await reanalyse(tx, statement.id);
      });
      return statementDetail(statement.id);
    },

    /** Parses one statement now (the job's work, for tests and operators). */
    parse,
  };
}

export type AnalyserService = ReturnType<typeof createAnalyserService>;
