import type {
  ColumnMapping,
  PdfMetadata,
  StatementAnalysis,
  StatementCheck,
  StatementConfidence,
  StatementNote,
} from '@levy/statements';
import type { Kobo } from '@levy/tax';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea, kobo, timestamps } from '../../db/columns';
import { users } from '../accounts/identity.schema';
import { organisations } from '../accounts/organisations.schema';

/**
 * The bank statement analyser (decision 0012): folders hold records (one bank account
 * each), records hold uploaded statements; a statement's file is kept, and parsing in the
 * background fills its transactions, pages and analysis. Money in kobo.
 */

/** Names are unique per organisation, compared lowercase and trimmed. */
export const analyserFolders = pgTable(
  'analyser_folders',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('analyser_folders_organisation_name_unique').on(table.organisationId, sql`lower(trim(${table.name}))`),
  ],
);

/** One bank account: the name, number and bank it is known by. */
export const analyserRecords = pgTable(
  'analyser_records',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    folderId: uuid()
      .notNull()
      .references(() => analyserFolders.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    accountNumber: text(),
    bankName: text(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [index('analyser_records_folder_idx').on(table.folderId, table.createdAt)],
);

export type StatementStatusCode = 'queued' | 'processing' | 'analysed' | 'failed';
export type StatementStageCode = 'queued' | 'reading' | 'rebuilding' | 'checking' | 'analysing' | 'saving' | 'done';

/** The printed figures, in kobo, as the engine read them. */
export interface PrintedFigures {
  openingBalance: Kobo | null;
  closingBalance: Kobo | null;
  totalDebits: Kobo | null;
  totalCredits: Kobo | null;
}

/** A statement's analysis: the engine's, on the rows as corrected, and the end-of-day balances for the chart. */
export interface StoredAnalysis {
  engine: StatementAnalysis;
  balances: Array<{ date: string; balance: Kobo }>;
}

/** A note of the engine's as kept: with the date of its row, so it reads without the rows. */
export type StoredNote = Omit<StatementNote, 'y'> & { date: string | null };

/**
 * An uploaded statement; its file is kept in `analyser_statement_file_parts`. `run` counts the parses asked for: a parse job carries
 * its run and stores nothing once a newer one was asked for. `pending_password` holds an
 * encrypted PDF's password only until the parse it was given for has finished.
 */
export const analyserStatements = pgTable(
  'analyser_statements',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    recordId: uuid()
      .notNull()
      .references(() => analyserRecords.id, { onDelete: 'cascade' }),
    fileName: text().notNull(),
    format: text({ enum: ['pdf', 'csv', 'xlsx'] }).notNull(),
    mimeType: text().notNull(),
    fileSize: integer().notNull(),
    /** SHA-256 of the file in hex: the same file uploaded to a record again is recognised at upload. */
    fileSha256: text().notNull(),
    pendingPassword: text(),
    run: integer().notNull().default(1),
    status: text({ enum: ['queued', 'processing', 'analysed', 'failed'] })
      .$type<StatementStatusCode>()
      .notNull(),
    stage: text().$type<StatementStageCode>().notNull(),
    progressDone: integer().notNull().default(0),
    progressTotal: integer().notNull().default(0),
    progressPercent: integer().notNull().default(0),
    verdict: text({ enum: ['consistent', 'suspicious', 'inconsistent'] }),
    reasons: jsonb().$type<string[]>().notNull().default([]),
    checks: jsonb().$type<StatementCheck[]>().notNull().default([]),
    periodStart: text(),
    periodEnd: text(),
    /** 'printed' when the statement prints its period; 'transactions' when the period is its first to last transaction. */
    periodSource: text({ enum: ['printed', 'transactions'] }),
    openingBalanceKobo: kobo(),
    closingBalanceKobo: kobo(),
    totalDebitsKobo: kobo(),
    totalCreditsKobo: kobo(),
    transactionCount: integer(),
    printed: jsonb().$type<PrintedFigures>(),
    accountName: text(),
    accountNumber: text(),
    bankName: text(),
    layoutId: text(),
    headerLabels: jsonb().$type<Record<string, string>>().notNull().default({}),
    pageCount: integer(),
    metadata: jsonb().$type<PdfMetadata>(),
    skippedRows: jsonb().$type<Array<{ page: number; y: number; reason: string }>>().notNull().default([]),
    /** How sure the reading is (rows the running balance bears out, how the columns were placed), as the engine gave it. */
    confidence: jsonb().$type<StatementConfidence>(),
    /** What the engine decided or noticed that is not a verdict (rounding, reordering, the balance overriding a column). */
    notes: jsonb().$type<StoredNote[]>().notNull().default([]),
    /** The engine's analysis of the rows as corrected, camelCase and kobo as the engine gives it. */
    analysis: jsonb().$type<StoredAnalysis>(),
    errorCode: text(),
    errorMessage: text(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    analysedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    index('analyser_statements_record_idx').on(table.recordId, table.createdAt),
    index('analyser_statements_record_file_idx').on(table.recordId, table.fileSha256),
  ],
);

/**
 * A statement's file in parts of at most 512 KB, numbered from 0 (decision 0054): on the embedded
 * database one INSERT of a whole 8 MB file held the only connection for a third of a second.
 * Files kept before then are one part each.
 */
export const analyserStatementFileParts = pgTable(
  'analyser_statement_file_parts',
  {
    statementId: uuid()
      .notNull()
      .references(() => analyserStatements.id, { onDelete: 'cascade' }),
    part: integer().notNull(),
    bytes: bytea().notNull(),
  },
  (table) => [primaryKey({ columns: [table.statementId, table.part] })],
);

/** A statement's rows, normalised, each with the page and position it was read from (corrections applied). */
export const analyserTransactions = pgTable(
  'analyser_transactions',
  {
    statementId: uuid()
      .notNull()
      .references(() => analyserStatements.id, { onDelete: 'cascade' }),
    index: integer().notNull(),
    date: text().notNull(),
    valueDate: text(),
    narration: text().notNull(),
    reference: text(),
    debitKobo: kobo().notNull(),
    creditKobo: kobo().notNull(),
    balanceKobo: kobo(),
    channel: text(),
    counterparty: text(),
    category: text().notNull(),
    chargeKind: text(),
    page: integer().notNull(),
    y: real().notNull(),
    isCorrected: boolean().notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.statementId, table.index] }),
    index('analyser_transactions_statement_date_idx').on(table.statementId, table.date),
  ],
);

/** The fields a person may correct on a row; money in kobo. */
export interface CorrectedFields {
  category?: string;
  date?: string;
  narration?: string;
  counterparty?: string | null;
  debitKobo?: Kobo;
  creditKobo?: Kobo;
  balanceKobo?: Kobo | null;
}

/** A person's corrections to one row, with the row's fields as the engine read them (to undo). */
export const analyserCorrections = pgTable(
  'analyser_corrections',
  {
    statementId: uuid()
      .notNull()
      .references(() => analyserStatements.id, { onDelete: 'cascade' }),
    index: integer().notNull(),
    fields: jsonb().$type<CorrectedFields>().notNull(),
    original: jsonb().$type<CorrectedFields>().notNull(),
    correctedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.statementId, table.index] })],
);

/** The column mapping a person gave for a statement whose header was not recognised. */
export const analyserColumnMappings = pgTable('analyser_column_mappings', {
  statementId: uuid()
    .primaryKey()
    .references(() => analyserStatements.id, { onDelete: 'cascade' }),
  mapping: jsonb().$type<ColumnMapping>().notNull(),
  createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});

/**
 * The text lines of each page (or sheet) as read, for the extract view: compact JSON
 * (`[y, height, [[text, x, width] …]]` per line) deflated, as a 200-page statement has 3 MB of them.
 * A page is kept in parts of at most 512 KB, numbered from 0 (decision 0054): a CSV's one sheet of
 * 200,000 lines is 3.4 MB deflated, one INSERT of which held the embedded database for 0.7 s.
 */
export const analyserStatementPages = pgTable(
  'analyser_statement_pages',
  {
    statementId: uuid()
      .notNull()
      .references(() => analyserStatements.id, { onDelete: 'cascade' }),
    page: integer().notNull(),
    part: integer().notNull().default(0),
    lines: bytea().notNull(),
  },
  (table) => [primaryKey({ columns: [table.statementId, table.page, table.part] })],
);
