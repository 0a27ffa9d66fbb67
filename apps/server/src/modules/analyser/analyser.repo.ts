import { setImmediate } from 'node:timers/promises';
import type { DATE_PRESETS, TRANSACTION_SORT_KEYS } from '@levy/contracts';
import { addDays, toKobo } from '@levy/tax';
import { and, asc, count, desc, eq, getTableColumns, gte, ilike, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsPattern, readPage, totalRows } from '../../db/pagination';
import {
  analyserColumnMappings,
  analyserCorrections,
  analyserFolders,
  analyserRecords,
  analyserStatementFileParts,
  analyserStatementPages,
  analyserStatements,
  analyserTransactions,
} from './analyser.schema';

/** The analyser module's queries: every one takes the executor (the database or a transaction). */

export type FolderRow = typeof analyserFolders.$inferSelect;
export type RecordRow = typeof analyserRecords.$inferSelect;
export type NewStatement = typeof analyserStatements.$inferInsert;
export type TransactionRow = typeof analyserTransactions.$inferSelect;
export type NewTransaction = typeof analyserTransactions.$inferInsert;
export type CorrectionRow = typeof analyserCorrections.$inferSelect;
/** A page's lines whole, as read and as shown; they are stored in parts. */
export type PageRow = Omit<typeof analyserStatementPages.$inferSelect, 'part'>;

/** A statement without its password: what every read but the parse needs. */
const { pendingPassword: _pendingPassword, ...statementColumns } = getTableColumns(analyserStatements);
export type StatementRow = Omit<typeof analyserStatements.$inferSelect, 'pendingPassword'>;

/**
 * Rows per INSERT, each with one array parameter per column: few enough that one INSERT on the
 * embedded database (which runs on the event loop's thread) holds it up for tens of milliseconds.
 */
const INSERT_BATCH_ROWS = 500;
/** Stored page parts per INSERT: a PDF page is a deflated blob of tens of kilobytes, a CSV or XLSX sheet megabytes. */
const INSERT_BATCH_PAGES = 20;
/**
 * Bytes per stored part of a file or page, and per INSERT of pages: one such query holds the
 * embedded database for tens of milliseconds, where a whole 8 MB file held it for a third of a second.
 */
const PART_BYTES = 512 * 1024;

/**
 * A save written in batches outside a transaction, for one parse run: each batch is written only
 * while that run is still the statement's current one, letting others in after each batch.
 */
export interface RunBatches {
  statementId: string;
  run: number;
}

/** One column of a batch as a single array parameter, for `unnest` (thousands of rows, a handful of parameters). */
function column<T>(rows: T[], pick: (row: T) => unknown, type: string): SQL {
  return sql`${sql.param(rows.map(pick))}::${sql.raw(type)}[]`;
}

/**
 * Between two batches of a large save (or two parts of a file), other requests' queries go first:
 * on the embedded database there is one connection, and a save held in one transaction kept
 * everyone else waiting for all of it (seconds for a few hundred thousand rows).
 */
export const letOthersIn = () => setImmediate();

/** Bytes cut into parts of at most PART_BYTES, in order. */
function partsOf(bytes: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  for (let start = 0; start < bytes.length; start += PART_BYTES) parts.push(bytes.subarray(start, start + PART_BYTES));
  return parts;
}

/** Bytes kept in parts numbered from 0, read a part per query, letting others in after each. */
async function readParts(readPart: (part: number) => Promise<Buffer | undefined>): Promise<Buffer[]> {
  const parts: Buffer[] = [];
  for (let bytes = await readPart(0); bytes; bytes = await readPart(parts.length)) {
    parts.push(bytes);
    await letOthersIn();
  }
  return parts;
}

// ---------- folders ----------

export async function insertFolder(executor: Db, folder: typeof analyserFolders.$inferInsert): Promise<FolderRow> {
  const [row] = await executor.insert(analyserFolders).values(folder).returning();
  return row;
}

export async function findFolder(executor: Db, id: string): Promise<FolderRow | null> {
  const [row] = await executor.select().from(analyserFolders).where(eq(analyserFolders.id, id));
  return row ?? null;
}

/** The folder of an organisation with this name, compared lowercase and trimmed. */
export async function findFolderByName(executor: Db, organisationId: string, name: string): Promise<FolderRow | null> {
  const [row] = await executor
    .select()
    .from(analyserFolders)
    .where(
      and(
        eq(analyserFolders.organisationId, organisationId),
        sql`lower(trim(${analyserFolders.name})) = lower(trim(${name}))`,
      ),
    );
  return row ?? null;
}

export async function renameFolder(executor: Db, id: string, name: string): Promise<void> {
  await executor.update(analyserFolders).set({ name, updatedAt: new Date() }).where(eq(analyserFolders.id, id));
}

export async function deleteFolder(executor: Db, id: string): Promise<void> {
  await executor.delete(analyserFolders).where(eq(analyserFolders.id, id));
}

export interface ListWindow {
  search: string | null;
  order: 'name' | 'created_at';
  isAsc: boolean;
  limit: number;
  offset: number;
}

/** An organisation's folders with how many records and statements each holds. */
export async function listFolders(executor: Db, organisationId: string, window: ListWindow) {
  const where = and(
    eq(analyserFolders.organisationId, organisationId),
    window.search ? ilike(analyserFolders.name, window.search) : undefined,
  );
  const column = window.order === 'name' ? sql`lower(${analyserFolders.name})` : analyserFolders.createdAt;
  return readPage(
    (page) =>
      executor
        .select({ ...getTableColumns(analyserFolders), total: totalRows() })
        .from(analyserFolders)
        .where(where)
        .orderBy(window.isAsc ? asc(column) : desc(column), asc(analyserFolders.id))
        .limit(page.limit)
        .offset(page.offset),
    window,
  );
}

export async function folderCounts(
  executor: Db,
  folderIds: string[],
): Promise<Map<string, { records: number; statements: number }>> {
  if (folderIds.length === 0) return new Map();
  const rows = await executor
    .select({
      folderId: analyserRecords.folderId,
      records: sql<number>`count(distinct ${analyserRecords.id})::int`,
      statements: sql<number>`count(${analyserStatements.id})::int`,
    })
    .from(analyserRecords)
    .leftJoin(analyserStatements, eq(analyserStatements.recordId, analyserRecords.id))
    .where(inArray(analyserRecords.folderId, folderIds))
    .groupBy(analyserRecords.folderId);
  return new Map(rows.map((row) => [row.folderId, { records: row.records, statements: row.statements }]));
}

// ---------- records ----------

export async function insertRecord(executor: Db, record: typeof analyserRecords.$inferInsert): Promise<RecordRow> {
  const [row] = await executor.insert(analyserRecords).values(record).returning();
  return row;
}

export async function findRecord(executor: Db, id: string): Promise<RecordRow | null> {
  const [row] = await executor.select().from(analyserRecords).where(eq(analyserRecords.id, id));
  return row ?? null;
}

export async function updateRecord(
  executor: Db,
  id: string,
  changes: { name: string; accountNumber: string | null; bankName: string | null },
): Promise<void> {
  await executor
    .update(analyserRecords)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(analyserRecords.id, id));
}

export async function deleteRecord(executor: Db, id: string): Promise<void> {
  await executor.delete(analyserRecords).where(eq(analyserRecords.id, id));
}

export async function listRecords(executor: Db, folderId: string, window: ListWindow) {
  const where = and(
    eq(analyserRecords.folderId, folderId),
    window.search
      ? sql`(${ilike(analyserRecords.name, window.search)} or ${ilike(analyserRecords.accountNumber, window.search)} or
        ${ilike(analyserRecords.bankName, window.search)})`
      : undefined,
  );
  const column = window.order === 'name' ? sql`lower(${analyserRecords.name})` : analyserRecords.createdAt;
  return readPage(
    (page) =>
      executor
        .select({ ...getTableColumns(analyserRecords), total: totalRows() })
        .from(analyserRecords)
        .where(where)
        .orderBy(window.isAsc ? asc(column) : desc(column), asc(analyserRecords.id))
        .limit(page.limit)
        .offset(page.offset),
    window,
  );
}

/** For each record: how many statements, and the span their periods cover. */
export async function recordSpans(
  executor: Db,
  recordIds: string[],
): Promise<Map<string, { statements: number; periodStart: string | null; periodEnd: string | null }>> {
  if (recordIds.length === 0) return new Map();
  const rows = await executor
    .select({
      recordId: analyserStatements.recordId,
      statements: sql<number>`count(*)::int`,
      periodStart: sql<string | null>`min(${analyserStatements.periodStart})`,
      periodEnd: sql<string | null>`max(${analyserStatements.periodEnd})`,
    })
    .from(analyserStatements)
    .where(inArray(analyserStatements.recordId, recordIds))
    .groupBy(analyserStatements.recordId);
  return new Map(rows.map((row) => [row.recordId, row]));
}

// ---------- statements ----------

export async function insertStatement(executor: Db, statement: NewStatement): Promise<StatementRow> {
  const [row] = await executor.insert(analyserStatements).values(statement).returning(statementColumns);
  return row;
}

export async function findStatement(executor: Db, id: string): Promise<StatementRow | null> {
  const [row] = await executor.select(statementColumns).from(analyserStatements).where(eq(analyserStatements.id, id));
  return row ?? null;
}

/** The record's earliest statement kept with this very file, if any. */
export async function findStatementWithFile(
  executor: Db,
  recordId: string,
  fileSha256: string,
): Promise<{ id: string; fileName: string } | null> {
  const [row] = await executor
    .select({ id: analyserStatements.id, fileName: analyserStatements.fileName })
    .from(analyserStatements)
    .where(and(eq(analyserStatements.recordId, recordId), eq(analyserStatements.fileSha256, fileSha256)))
    .orderBy(asc(analyserStatements.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * What a parse reads: the file, the password given for it and the run asked for. The file is read a
 * part per query; it is null when its parts do not add up to its size (an upload stopped part way).
 */
export async function findStatementFile(executor: Db, id: string) {
  const [row] = await executor
    .select({
      id: analyserStatements.id,
      run: analyserStatements.run,
      status: analyserStatements.status,
      format: analyserStatements.format,
      fileName: analyserStatements.fileName,
      mimeType: analyserStatements.mimeType,
      fileSize: analyserStatements.fileSize,
      pendingPassword: analyserStatements.pendingPassword,
    })
    .from(analyserStatements)
    .where(eq(analyserStatements.id, id));
  if (!row) return null;
  const t = analyserStatementFileParts;
  const parts = await readParts(async (part) => {
    const [stored] = await executor
      .select({ bytes: t.bytes })
      .from(t)
      .where(and(eq(t.statementId, id), eq(t.part, part)));
    return stored?.bytes;
  });
  const file = Buffer.concat(parts);
  return { ...row, file: file.length === row.fileSize ? file : null };
}

/** Stores a new statement's file a part per INSERT, letting others in between; false when the statement was deleted meanwhile. */
export async function insertFileParts(executor: Db, statementId: string, file: Buffer): Promise<boolean> {
  for (const [part, bytes] of partsOf(file).entries()) {
    const inserted = await executor.execute(sql`
      insert into ${analyserStatementFileParts} (statement_id, part, bytes)
      select ${statementId}, ${part}, ${bytes}::bytea
      where exists (select 1 from ${analyserStatements} where ${analyserStatements.id} = ${statementId})`);
    if (inserted.rowCount !== 1) return false;
    await letOthersIn();
  }
  return true;
}

/** Changes a statement while its parse `run` is the current one; false when a newer run was asked for or it was deleted. */
export async function updateStatementRun(
  executor: Db,
  id: string,
  run: number,
  changes: Partial<NewStatement>,
): Promise<boolean> {
  const updated = await executor
    .update(analyserStatements)
    .set({ ...changes, updatedAt: new Date() })
    .where(and(eq(analyserStatements.id, id), eq(analyserStatements.run, run)))
    .returning({ id: analyserStatements.id });
  return updated.length === 1;
}

/** Asks for a new parse: the next run, queued; returns the run number. */
export async function queueNextRun(executor: Db, id: string, password: string | null): Promise<number> {
  const [row] = await executor
    .update(analyserStatements)
    .set({
      run: sql`${analyserStatements.run} + 1`,
      status: 'queued',
      stage: 'queued',
      progressDone: 0,
      progressTotal: 0,
      progressPercent: 0,
      errorCode: null,
      errorMessage: null,
      pendingPassword: password,
      updatedAt: new Date(),
    })
    .where(eq(analyserStatements.id, id))
    .returning({ run: analyserStatements.run });
  return row.run;
}

export async function updateStatement(executor: Db, id: string, changes: Partial<NewStatement>): Promise<void> {
  await executor
    .update(analyserStatements)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(analyserStatements.id, id));
}

export async function deleteStatement(executor: Db, id: string): Promise<void> {
  await executor.delete(analyserStatements).where(eq(analyserStatements.id, id));
}

export async function listStatements(
  executor: Db,
  recordId: string,
  window: {
    search: string | null;
    order: 'created_at' | 'period_start';
    isAsc: boolean;
    limit: number;
    offset: number;
  },
) {
  const where = and(
    eq(analyserStatements.recordId, recordId),
    window.search ? ilike(analyserStatements.fileName, window.search) : undefined,
  );
  const column = window.order === 'period_start' ? analyserStatements.periodStart : analyserStatements.createdAt;
  return readPage(
    (page) =>
      executor
        .select({ ...statementColumns, total: totalRows() })
        .from(analyserStatements)
        .where(where)
        .orderBy(window.isAsc ? asc(column) : desc(column), asc(analyserStatements.id))
        .limit(page.limit)
        .offset(page.offset),
    window,
  );
}

export async function statementsOfRecord(executor: Db, recordId: string): Promise<StatementRow[]> {
  return executor
    .select(statementColumns)
    .from(analyserStatements)
    .where(eq(analyserStatements.recordId, recordId))
    .orderBy(asc(analyserStatements.periodStart), asc(analyserStatements.createdAt));
}

// ---------- transactions ----------

/** The statement still wants this parse run. */
function isCurrentRun(batches: RunBatches): SQL {
  return sql`exists (select 1 from ${analyserStatements} where ${analyserStatements.id} = ${batches.statementId} and ${analyserStatements.run} =
    ${batches.run})`;
}

/** Inserts a run's rows a batch per INSERT; false as soon as a newer run was asked for. */
export async function insertTransactions(executor: Db, rows: NewTransaction[], batches: RunBatches): Promise<boolean> {
  for (let start = 0; start < rows.length; start += INSERT_BATCH_ROWS) {
    const batch = rows.slice(start, start + INSERT_BATCH_ROWS);
    const inserted = await executor.execute(sql`
      insert into ${analyserTransactions} (statement_id, index, date, value_date, narration, reference, debit_kobo, credit_kobo,
        balance_kobo, channel, counterparty, category, charge_kind, page, y, is_corrected)
      select * from unnest(${column(batch, (row) => row.statementId, 'uuid')}, ${column(batch, (row) => row.index, 'int')},
        ${column(batch, (row) => row.date, 'text')},
        ${column(batch, (row) => row.valueDate ?? null, 'text')}, ${column(batch, (row) => row.narration, 'text')},
        ${column(batch, (row) => row.reference ?? null, 'text')},
        ${column(batch, (row) => row.debitKobo, 'bigint')}, ${column(batch, (row) => row.creditKobo, 'bigint')},
        ${column(batch, (row) => row.balanceKobo ?? null, 'bigint')},
        ${column(batch, (row) => row.channel ?? null, 'text')}, ${column(batch, (row) => row.counterparty ?? null, 'text')},
        ${column(batch, (row) => row.category, 'text')},
        ${column(batch, (row) => row.chargeKind ?? null, 'text')}, ${column(batch, (row) => row.page, 'int')}, ${column(batch, (row) => row.y, 'real')},
        ${column(batch, (row) => row.isCorrected ?? false, 'boolean')})
      where ${isCurrentRun(batches)}`);
    if (inserted.rowCount !== batch.length) return false;
    await letOthersIn();
  }
  return true;
}

/** Deletes the statement's rows and pages of earlier runs a batch at a time; false when a newer run was asked for. */
export async function deleteStoredRows(executor: Db, batches: RunBatches): Promise<boolean> {
  for (const [table, batchSize] of [
    [analyserTransactions, INSERT_BATCH_ROWS * 4],
    [analyserStatementPages, INSERT_BATCH_PAGES],
  ] as const) {
    for (;;) {
      const deleted = await executor.execute(sql`
        delete from ${table} where ctid in (select ctid from ${table} where ${table.statementId} = ${batches.statementId} limit ${batchSize})
        and ${isCurrentRun(batches)}`);
      if (!deleted.rowCount) break;
      await letOthersIn();
    }
  }
  return (await executor.execute(sql`select 1 where ${isCurrentRun(batches)}`)).rows.length === 1;
}

/** The filters and order of a statement's rows (the transactions list and its export). */
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

const PRESET_DAYS: Record<Exclude<(typeof DATE_PRESETS)[number], 'all' | 'custom'>, number> = {
  last_7_days: 7,
  last_30_days: 30,
  last_90_days: 90,
  last_180_days: 180,
};

function transactionConditions(
  statement: Pick<StatementRow, 'id' | 'periodEnd'>,
  query: TransactionQuery,
): SQL | undefined {
  const t = analyserTransactions;
  const conditions: Array<SQL | undefined> = [eq(t.statementId, statement.id)];
  const search = containsPattern(query.search);
  if (search)
    conditions.push(
      sql`(${ilike(t.narration, search)} or ${ilike(t.reference, search)} or ${ilike(t.counterparty, search)})`,
    );
  if (query.category && query.category.length > 0) conditions.push(inArray(t.category, query.category));
  if (query.type === 'credit') conditions.push(sql`${t.creditKobo} > 0`);
  if (query.type === 'debit') conditions.push(sql`${t.debitKobo} > 0`);
  if (query.amount_min !== undefined)
    conditions.push(sql`greatest(${t.debitKobo}, ${t.creditKobo}) >= ${toKobo(query.amount_min)}`);
  if (query.amount_max !== undefined)
    conditions.push(sql`greatest(${t.debitKobo}, ${t.creditKobo}) <= ${toKobo(query.amount_max)}`);
  const preset = query.date_preset;
  if (preset && preset !== 'all' && preset !== 'custom' && statement.periodEnd)
    conditions.push(gte(t.date, addDays(statement.periodEnd, 1 - PRESET_DAYS[preset])));
  if (query.date_from) conditions.push(gte(t.date, query.date_from));
  if (query.date_to) conditions.push(lte(t.date, query.date_to));
  return and(...conditions);
}

function transactionOrder(query: TransactionQuery): SQL[] {
  const t = analyserTransactions;
  const key = query.order_by ?? 'index';
  const direction = (query.is_asc ?? key === 'index') ? asc : desc;
  const column = {
    index: sql`${t.index}`,
    date: sql`${t.date}`,
    amount: sql`greatest(${t.debitKobo}, ${t.creditKobo})`,
    balance: sql`${t.balanceKobo}`,
    narration: sql`lower(${t.narration})`,
  }[key];
  return [direction(column), direction(t.index)];
}

/** The statement's rows matching the query, one window of them, with how many match and their debit and credit totals. */
export async function matchingTransactions(
  executor: Db,
  statement: Pick<StatementRow, 'id' | 'periodEnd'>,
  query: TransactionQuery,
  window: { limit: number; offset: number },
) {
  const where = transactionConditions(statement, query);
  const [rows, [aggs]] = await Promise.all([
    executor
      .select()
      .from(analyserTransactions)
      .where(where)
      .orderBy(...transactionOrder(query))
      .limit(window.limit)
      .offset(window.offset),
    executor
      .select({
        total: count(),
        debits: sql<string>`coalesce(sum(${analyserTransactions.debitKobo}), 0)::text`,
        credits: sql<string>`coalesce(sum(${analyserTransactions.creditKobo}), 0)::text`,
      })
      .from(analyserTransactions)
      .where(where),
  ]);
  return { rows, total: aggs.total, debitsKobo: Number(aggs.debits), creditsKobo: Number(aggs.credits) };
}

/** Every row of the statements, in statement order given, then row order. */
export async function transactionsOf(executor: Db, statementIds: string[]): Promise<TransactionRow[]> {
  if (statementIds.length === 0) return [];
  return executor
    .select()
    .from(analyserTransactions)
    .where(inArray(analyserTransactions.statementId, statementIds))
    .orderBy(asc(analyserTransactions.date), asc(analyserTransactions.index));
}

export async function transactionsOfPage(executor: Db, statementId: string, page: number): Promise<TransactionRow[]> {
  return executor
    .select()
    .from(analyserTransactions)
    .where(and(eq(analyserTransactions.statementId, statementId), eq(analyserTransactions.page, page)))
    .orderBy(asc(analyserTransactions.index));
}

export async function findTransactions(
  executor: Db,
  statementId: string,
  indexes: number[],
): Promise<TransactionRow[]> {
  return executor
    .select()
    .from(analyserTransactions)
    .where(and(eq(analyserTransactions.statementId, statementId), inArray(analyserTransactions.index, indexes)));
}

export async function updateTransaction(
  executor: Db,
  statementId: string,
  index: number,
  changes: Partial<NewTransaction>,
): Promise<void> {
  await executor
    .update(analyserTransactions)
    .set(changes)
    .where(and(eq(analyserTransactions.statementId, statementId), eq(analyserTransactions.index, index)));
}

// ---------- corrections, mapping, pages ----------

export async function correctionsOf(executor: Db, statementId: string): Promise<CorrectionRow[]> {
  return executor
    .select()
    .from(analyserCorrections)
    .where(eq(analyserCorrections.statementId, statementId))
    .orderBy(asc(analyserCorrections.index));
}

export async function correctionCounts(executor: Db, statementIds: string[]): Promise<Map<string, number>> {
  if (statementIds.length === 0) return new Map();
  const rows = await executor
    .select({ statementId: analyserCorrections.statementId, total: count() })
    .from(analyserCorrections)
    .where(inArray(analyserCorrections.statementId, statementIds))
    .groupBy(analyserCorrections.statementId);
  return new Map(rows.map((row) => [row.statementId, row.total]));
}

export async function upsertCorrection(
  executor: Db,
  correction: typeof analyserCorrections.$inferInsert,
): Promise<void> {
  await executor
    .insert(analyserCorrections)
    .values(correction)
    .onConflictDoUpdate({
      target: [analyserCorrections.statementId, analyserCorrections.index],
      set: { fields: correction.fields, correctedBy: correction.correctedBy, updatedAt: new Date() },
    });
}

export async function deleteCorrections(executor: Db, statementId: string): Promise<void> {
  await executor.delete(analyserCorrections).where(eq(analyserCorrections.statementId, statementId));
}

export async function findMapping(executor: Db, statementId: string) {
  const [row] = await executor
    .select()
    .from(analyserColumnMappings)
    .where(eq(analyserColumnMappings.statementId, statementId));
  return row ?? null;
}

export async function mappedStatementIds(executor: Db, statementIds: string[]): Promise<Set<string>> {
  if (statementIds.length === 0) return new Set();
  const rows = await executor
    .select({ statementId: analyserColumnMappings.statementId })
    .from(analyserColumnMappings)
    .where(inArray(analyserColumnMappings.statementId, statementIds));
  return new Set(rows.map((row) => row.statementId));
}

export async function saveMapping(executor: Db, mapping: typeof analyserColumnMappings.$inferInsert): Promise<void> {
  await executor
    .insert(analyserColumnMappings)
    .values(mapping)
    .onConflictDoUpdate({
      target: analyserColumnMappings.statementId,
      set: { mapping: mapping.mapping, createdBy: mapping.createdBy, updatedAt: new Date() },
    });
}

export async function deleteMapping(executor: Db, statementId: string): Promise<void> {
  await executor.delete(analyserColumnMappings).where(eq(analyserColumnMappings.statementId, statementId));
}

/** Page parts grouped an INSERT each: at most INSERT_BATCH_PAGES of them, together at most PART_BYTES. */
function pageBatches(pages: PageRow[]): Array<Array<PageRow & { part: number }>> {
  const batches: Array<Array<PageRow & { part: number }>> = [];
  let batch: Array<PageRow & { part: number }> = [];
  let bytes = 0;
  for (const page of pages)
    for (const [part, lines] of partsOf(page.lines).entries()) {
      if (batch.length === INSERT_BATCH_PAGES || bytes + lines.length > PART_BYTES) {
        batches.push(batch);
        batch = [];
        bytes = 0;
      }
      batch.push({ ...page, part, lines });
      bytes += lines.length;
    }
  if (batch.length > 0) batches.push(batch);
  return batches;
}

/** Inserts a run's pages in parts, a batch per INSERT; false as soon as a newer run was asked for. */
export async function insertPages(executor: Db, pages: PageRow[], batches: RunBatches): Promise<boolean> {
  for (const batch of pageBatches(pages)) {
    const inserted = await executor.execute(sql`
      insert into ${analyserStatementPages} (statement_id, page, part, lines)
      select * from unnest(${column(batch, (page) => page.statementId, 'uuid')}, ${column(batch, (page) => page.page, 'int')},
        ${column(batch, (page) => page.part, 'int')}, ${column(batch, (page) => page.lines, 'bytea')})
      where ${isCurrentRun(batches)}`);
    if (inserted.rowCount !== batch.length) return false;
    await letOthersIn();
  }
  return true;
}

/** A page's lines, its parts read a query each; null when it was not stored. */
export async function findPage(executor: Db, statementId: string, page: number): Promise<PageRow | null> {
  const t = analyserStatementPages;
  const parts = await readParts(async (part) => {
    const [stored] = await executor
      .select({ lines: t.lines })
      .from(t)
      .where(and(eq(t.statementId, statementId), eq(t.page, page), eq(t.part, part)));
    return stored?.lines;
  });
  return parts.length > 0 ? { statementId, page, lines: Buffer.concat(parts) } : null;
}
