import { z } from './zod';
import { calendarDate } from './dates';
import { defineContract } from './api';
import * as calls from './calls';
import { nairaAmount, optionalNaira } from './calculator';
import { idParam, listParams, pageOf } from './common';
import { requiredText, uniqueName } from './validation';

/**
 * Bank statement analyser (Beta; docs/product.md "Bank statement analyser", docs/product.md
 * §2): folders hold records, a record is one bank account holding uploaded statements. Parsing
 * runs in the background; a statement reports its status and progress until it is analysed.
 * Money crosses the API as naira strings with two decimals (a balance may be negative); the
 * server keeps kobo. Dates are `YYYY-MM-DD`.
 */

/** Naira with two decimals, e.g. "5000000.00"; "-120.50" for an overdrawn balance. */
const money = z.string();

export const BANK_MESSAGES = {
  folderCreated: 'Folder created successfully',
  recordCreated: 'Record created successfully',
  uploaded: 'Statement uploaded: it is being analysed',
  /** The same file is already on the record: it is kept (the analyst may mean it), and counted once. */
  uploadedAgain: (earlierFileName: string) =>
    `Statement uploaded: it is being analysed. This file is already on this record as ${earlierFileName}: its transactions are counted once in the ` +
    `combined analysis`,
  rerun: 'The statement is being analysed again',
  correctionsSaved: 'Corrections saved and the statement re-analysed',
  mappingSaved: 'Column mapping saved: the statement is being analysed again',
  deleted: 'Deleted successfully',
  fileTooLarge: 'The file is too large: a PDF may be up to 20 MB, a CSV or XLSX up to 10 MB',
  fileRequired: 'Choose a statement file to upload',
} as const;

/** Upload limits by format, in bytes. */
export const STATEMENT_FILE_LIMITS = { pdf: 20 * 1024 * 1024, csv: 10 * 1024 * 1024, xlsx: 10 * 1024 * 1024 } as const;
export const STATEMENT_FORMATS = ['pdf', 'csv', 'xlsx'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/**
 * Why a statement could not be read: an upload, re-run or mapping answers UNPROCESSABLE with
 * `data.reason` set to one of these (PASSWORD_REQUIRED: ask for the PDF's password and send it
 * again; WRONG_PASSWORD: say so and ask again; UNSUPPORTED_FORMAT), and a failed statement
 * carries one as `error_code`. A file over its size limit is INVALID_INPUT on `file`.
 */
export const STATEMENT_ERROR_CODES = [
  'PASSWORD_REQUIRED',
  'WRONG_PASSWORD',
  'NO_TEXT_LAYER',
  'NOT_A_STATEMENT',
  'UNSUPPORTED_FORMAT',
  'INVALID_MAPPING',
  'UNREADABLE',
  // The statement is of another account than the record's other statements: refused, naming both.
  'ACCOUNT_MISMATCH',
] as const;
export type StatementErrorReason = (typeof STATEMENT_ERROR_CODES)[number];
/** `data` of an UNPROCESSABLE upload, re-run or mapping. */
export const statementRejection = z.object({
  reason: z.enum(STATEMENT_ERROR_CODES),
  field: z.string().describe('The form field to show the message under: file or password'),
});

/** queued → processing → analysed, or failed with `error_code` and `error_message`. */
export const STATEMENT_STATUSES = ['queued', 'processing', 'analysed', 'failed'] as const;
export type StatementStatus = (typeof STATEMENT_STATUSES)[number];

export const STATEMENT_STAGES = ['queued', 'reading', 'rebuilding', 'checking', 'analysing', 'saving', 'done'] as const;

export const VERDICTS = ['consistent', 'suspicious', 'inconsistent'] as const;
export type StatementVerdict = (typeof VERDICTS)[number];

export const CHECK_STATUSES = ['pass', 'warn', 'fail', 'skipped'] as const;

/** The engine's categories with the labels the screens show. */
export const BANK_CATEGORIES = {
  transfer_in: 'Transfers in',
  transfer_out: 'Transfers out',
  pos: 'POS',
  web: 'Web and online',
  atm: 'ATM',
  cash_deposit: 'Cash deposits',
  airtime_data: 'Airtime and data',
  bills_utilities: 'Bills and utilities',
  bank_charges: 'Bank charges',
  loan: 'Loans',
  betting: 'Betting',
  reversal: 'Reversals',
  interest: 'Interest',
  salary: 'Salary',
  payroll: 'Salaries and payroll paid',
  customer_receipts: 'Customer receipts',
  tax: 'Tax payments',
  other_in: 'Other credits',
  other_out: 'Other debits',
} as const;
export type BankCategory = keyof typeof BANK_CATEGORIES;
export const BANK_CATEGORY_CODES = Object.keys(BANK_CATEGORIES) as [BankCategory, ...BankCategory[]];

export const CHARGE_KINDS = {
  sms_alert: 'SMS alerts',
  vat: 'VAT',
  stamp_duty: 'Stamp duty',
  emt_levy: 'EMT levy',
  maintenance: 'Account maintenance',
  transfer_fee: 'Transfer fees',
  card_fee: 'Card fees',
  other_fee: 'Other fees',
} as const;
export type ChargeKindCode = keyof typeof CHARGE_KINDS;
export const CHARGE_KIND_CODES = Object.keys(CHARGE_KINDS) as [ChargeKindCode, ...ChargeKindCode[]];

/** Which column (from 0, left to right) holds what, for a statement whose header was not recognised. */
export const MAPPING_FIELDS = [
  'date',
  'valueDate',
  'narration',
  'reference',
  'debit',
  'credit',
  'amount',
  'type',
  'balance',
  'channel',
  'counterparty',
] as const;
export type MappingField = (typeof MAPPING_FIELDS)[number];
const columnNumber = z.coerce
  .number({ error: 'A column is a number from 0' })
  .int({ error: 'A column is a number from 0' })
  .min(0, { error: 'A column is a number from 0' })
  .max(50, { error: 'A column is a number up to 50' });
export const columnMapping = z
  .object({
    date: columnNumber.describe('Transaction date (required)'),
    value_date: columnNumber.optional(),
    narration: columnNumber.describe('Narration or description (required)'),
    reference: columnNumber.optional(),
    debit: columnNumber.optional(),
    credit: columnNumber.optional(),
    amount: columnNumber.optional().describe('One signed amount column, instead of debit and credit'),
    type: columnNumber.optional().describe('A DR/CR column that gives the amount its direction'),
    balance: columnNumber.optional(),
    channel: columnNumber.optional(),
    counterparty: columnNumber.optional(),
  })
  .refine((mapping) => mapping.amount !== undefined || mapping.debit !== undefined || mapping.credit !== undefined, {
    error: 'Map an amount column, or the debit and credit columns',
    path: ['amount'],
  });
export type ColumnMappingInput = z.input<typeof columnMapping>;

// ---------- folders ----------

export const statementFolder = z.object({
  id: z.string(),
  name: z.string(),
  record_count: z.number(),
  statement_count: z.number(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StatementFolder = z.infer<typeof statementFolder>;

export const folderBody = z.object({
  name: uniqueName('Folder name').max(120, { error: 'Folder name must be at most 120 characters' }),
});
const byId = z.object({ id: idParam });
const folderListParams = listParams
  .pick({ page: true, count: true, no_pages: true, search: true, is_asc: true })
  .extend({
    order_by: z.enum(['name', 'created_at'], { error: 'Sort by name or created_at' }).optional(),
  });

export const listStatementFolders = defineContract(calls.listStatementFolders, {
  summary:
    "The organisation's statement folders with their record and statement counts (page, count, no_pages, search by name, order_by name or created_at, is_asc)",
  params: folderListParams,
  response: pageOf(statementFolder),
});
export const createStatementFolder = defineContract(calls.createStatementFolder, {
  summary: "A new folder: {name}, unique in the organisation (lowercase, trimmed): 'The provided name already exist'",
  body: folderBody,
  response: statementFolder,
});
export const getStatementFolder = defineContract(calls.getStatementFolder, {
  summary: 'One folder with its counts',
  params: byId,
  response: statementFolder,
});
export const updateStatementFolder = defineContract(calls.updateStatementFolder, {
  summary: 'Renames a folder: {name}, unique in the organisation',
  params: byId,
  body: folderBody,
  response: statementFolder,
});
/** Deletes the folder with its records and their statements. */
export const deleteStatementFolder = defineContract(calls.deleteStatementFolder, {
  summary: 'Deletes a folder with its records and their statements',
  params: byId,
  response: z.null(),
});

// ---------- records ----------

export const statementRecord = z.object({
  id: z.string(),
  folder_id: z.string(),
  name: z.string().describe('The account name'),
  account_number: z.string().nullable(),
  bank_name: z.string().nullable(),
  statement_count: z.number(),
  period_start: z.string().nullable().describe('The earliest statement start'),
  period_end: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StatementRecord = z.infer<typeof statementRecord>;

export const recordBody = z.object({
  name: requiredText('Account name').max(160, { error: 'Account name must be at most 160 characters' }),
  account_number: z
    .string()
    .trim()
    .regex(/^\d{10}$/, { error: 'Account number must be 10 digits' })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  bank_name: z.string().trim().max(120, { error: 'Bank name must be at most 120 characters' }).optional(),
});

export const listStatementRecords = defineContract(calls.listStatementRecords, {
  summary:
    "A folder's records (bank accounts) with their statement counts and the span their statements cover (page, count, search by name, number or bank)",
  params: folderListParams.extend({ id: idParam }),
  response: pageOf(statementRecord),
});
export const createStatementRecord = defineContract(calls.createStatementRecord, {
  summary: 'A new record in the folder: {name, account_number?, bank_name?}',
  params: byId,
  body: recordBody,
  response: statementRecord,
});
export const getStatementRecord = defineContract(calls.getStatementRecord, {
  summary: 'One record with its statement count and span',
  params: byId,
  response: statementRecord,
});
export const updateStatementRecord = defineContract(calls.updateStatementRecord, {
  summary: "Changes a record's name, account number or bank",
  params: byId,
  body: recordBody,
  response: statementRecord,
});
/** Deletes the record with its statements. */
export const deleteStatementRecord = defineContract(calls.deleteStatementRecord, {
  summary: 'Deletes a record with its statements',
  params: byId,
  response: z.null(),
});

// ---------- statements ----------

export const statementProgress = z.object({
  stage: z.enum(STATEMENT_STAGES),
  done: z.number(),
  total: z.number(),
  percent: z.number().describe('0 to 100, for the progress bar'),
});

export const statementTotals = z.object({
  opening_balance: money.nullable(),
  closing_balance: money.nullable(),
  total_credits: money,
  total_debits: money,
  transaction_count: z.number(),
});

/**
 * Where a statement's period comes from: the period printed on it, or (when none is printed) its
 * first to last transaction. Null until analysed.
 */
export const PERIOD_SOURCES = ['printed', 'transactions'] as const;
export type PeriodSource = (typeof PERIOD_SOURCES)[number];

export const statement = z.object({
  id: z.string(),
  record_id: z.string(),
  folder_id: z.string(),
  file_name: z.string(),
  format: z.enum(STATEMENT_FORMATS),
  file_size: z.number().describe('Bytes'),
  status: z.enum(STATEMENT_STATUSES),
  progress: statementProgress,
  verdict: z.enum(VERDICTS).nullable(),
  reasons: z.array(z.string()),
  period_start: z.string().nullable(),
  period_end: z.string().nullable(),
  period_source: z
    .enum(PERIOD_SOURCES)
    .nullable()
    .describe('printed, or transactions when the statement prints no period'),
  totals: statementTotals.nullable().describe('Null until analysed'),
  account_name: z.string().nullable().describe('As printed on the statement'),
  account_number: z.string().nullable(),
  bank_name: z.string().nullable(),
  layout: z
    .string()
    .nullable()
    .describe("The layout read: a bank's id (gtbank …), generic, or manual for a column mapping"),
  page_count: z.number().nullable(),
  has_mapping: z.boolean(),
  correction_count: z.number(),
  error_code: z.enum(STATEMENT_ERROR_CODES).nullable(),
  error_message: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  analysed_at: z.string().nullable(),
});
export type Statement = z.infer<typeof statement>;

export const statementCheck = z.object({
  id: z.string(),
  status: z.enum(CHECK_STATUSES),
  message: z.string(),
});

/**
 * How the columns were placed: by their headings (every figure under its heading), named by their
 * headings but placed where their figures stand, inferred from the data when no heading was
 * recognised, or by a column mapping a person gave.
 */
export const COLUMNS_FROM = ['headings', 'headings-and-figures', 'figures', 'mapping'] as const;
export type ColumnsFromCode = (typeof COLUMNS_FROM)[number];

/** How sure the engine is of its reading of a statement. */
export const statementConfidence = z.object({
  checked_rows: z.number().describe('Rows with a printed balance and one before it to compare'),
  reconciled_rows: z.number().describe('Of those, rows whose amount and direction give their balance exactly'),
  reconciled_share: z
    .number()
    .nullable()
    .describe('reconciled_rows / checked_rows, 0 to 1; null when no balance could be compared'),
  columns_from: z.enum(COLUMNS_FROM),
  decided_by_balance: z.number().describe('Rows whose amount or direction the running balance decided'),
  swapped_columns: z
    .boolean()
    .describe('The running balance showed the debit and credit columns the other way round from their headings'),
  explanation: z.array(z.string()).describe('The same, one sentence each, for a person'),
  unplaced_lines: z
    .array(
      z.object({
        page: z.number(),
        line: z.number().describe('From 1 at the top of the page; a CSV or spreadsheet row number'),
        text: z.string(),
        reason: z.string(),
      }),
    )
    .describe(
      'Lines holding a row’s figures or date that are in no transaction: where the reading is incomplete (the first 100)',
    ),
  unplaced_count: z.number().describe('How many such lines there are; 0 when every row was read'),
});
export type StatementConfidenceData = z.infer<typeof statementConfidence>;

export const statementNote = z.object({
  message: z.string(),
  row: z
    .number()
    .nullable()
    .describe('The row it concerns, from 1 as the screens number them; null for the whole statement'),
  date: z.string().nullable().describe("The row's date"),
  page: z.number().nullable(),
});
export type StatementNoteData = z.infer<typeof statementNote>;

export const statementDetail = statement.extend({
  checks: z.array(statementCheck),
  printed: z.object({
    opening_balance: money.nullable(),
    closing_balance: money.nullable(),
    total_debits: money.nullable(),
    total_credits: money.nullable(),
  }),
  metadata: z
    .object({
      producer: z.string().nullable(),
      creator: z.string().nullable(),
      created_at: z.string().nullable(),
      modified_at: z.string().nullable(),
      is_encrypted: z.boolean(),
    })
    .nullable()
    .describe('PDF only'),
  skipped_rows: z.array(z.object({ page: z.number(), y: z.number(), reason: z.string() })),
  confidence: statementConfidence
    .nullable()
    .describe('How sure the reading is; null until analysed (and for statements analysed before it was kept)'),
  notes: z
    .array(statementNote)
    .describe('What the engine decided or noticed that is not a verdict, with the row it concerns'),
});
export type StatementDetail = z.infer<typeof statementDetail>;

/** Multipart: the statement as `file`, and `password` for an encrypted PDF. */
export const uploadStatementForm = z.object({ password: z.string().optional() });

const statementListParams = listParams
  .pick({ page: true, count: true, no_pages: true, is_asc: true, search: true })
  .extend({
    id: idParam,
    order_by: z.enum(['created_at', 'period_start'], { error: 'Sort by created_at or period_start' }).optional(),
  });

export const listStatements = defineContract(calls.listStatements, {
  summary:
    "A record's statements with status, progress, verdict, period and totals (page, count, search by file name, order_by created_at or period_start)",
  params: statementListParams,
  response: pageOf(statement),
});
/** Multipart (`file`, `password`): PDF up to 20 MB, CSV or XLSX up to 10 MB, recognised by content. Answers at once with the queued statement. */
/** The queued statement, and the record's earlier statement of the very same file when there is one (the message says so too). */
export const uploadedStatement = statement.extend({
  duplicate_of: z.object({ id: z.string(), file_name: z.string() }).nullable(),
});
export type UploadedStatement = z.infer<typeof uploadedStatement>;

export const uploadStatement = defineContract(calls.uploadStatement, {
  summary:
    'Upload a statement (multipart: file, password?): PDF up to 20 MB, CSV or XLSX up to 10 MB, recognised by content. An encrypted PDF without its ' +
    'password, or with a wrong one, is UNPROCESSABLE with data.reason PASSWORD_REQUIRED or WRONG_PASSWORD. Answers with the queued statement, and ' +
    'duplicate_of when the record already holds the same file; parsing runs in the background.',
  params: byId,
  body: uploadStatementForm,
  response: uploadedStatement,
});
export const getStatement = defineContract(calls.getStatement, {
  summary:
    'One statement: status and progress while parsing; verdict, reasons, checks, period, totals, printed figures and PDF metadata once analysed; ' +
    'error_code and error_message when it failed',
  params: byId,
  response: statementDetail,
});
export const deleteStatement = defineContract(calls.deleteStatement, {
  summary: 'Deletes a statement with its file, rows and corrections',
  params: byId,
  response: z.null(),
});
/** Reads the kept file again (with its mapping and corrections); `password` for an encrypted PDF. */
export const rerunStatement = defineContract(calls.rerunStatement, {
  summary:
    'Reads the kept file again in the background, with its mapping and corrections ({password?} for an encrypted PDF)',
  params: byId,
  body: z.object({ password: z.string().optional() }),
  response: statement,
});

// ---------- transactions ----------

export const statementTransaction = z.object({
  index: z.number().describe('Position in the statement, oldest first, from 0'),
  date: z.string(),
  value_date: z.string().nullable(),
  narration: z.string(),
  reference: z.string().nullable(),
  type: z.enum(['credit', 'debit']),
  debit: money,
  credit: money,
  amount: money.describe('The debit or the credit'),
  balance: money.nullable(),
  channel: z.string().nullable(),
  counterparty: z.string().nullable(),
  category: z.enum(BANK_CATEGORY_CODES),
  category_label: z.string(),
  charge_kind: z.enum(CHARGE_KIND_CODES).nullable(),
  page: z.number().describe('The page (PDF) or sheet (XLSX) the row starts on, from 1'),
  y: z.number().describe('Points from the page top (PDF) or the row number (CSV, XLSX)'),
  is_corrected: z.boolean(),
});
export type StatementTransaction = z.infer<typeof statementTransaction>;

/** Counted back from the statement's last day, so a past statement's presets are not empty. */
export const DATE_PRESETS = ['all', 'last_7_days', 'last_30_days', 'last_90_days', 'last_180_days', 'custom'] as const;
export const TRANSACTION_SORT_KEYS = ['index', 'date', 'amount', 'balance', 'narration'] as const;

export const transactionQuery = z.object({
  search: z.string().trim().optional().describe('Narration, reference or counterparty contains'),
  order_by: z.enum(TRANSACTION_SORT_KEYS, { error: 'Sort by index, date, amount, balance or narration' }).optional(),
  is_asc: listParams.shape.is_asc,
  category: z
    .preprocess(
      (value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value),
      z.array(z.enum(BANK_CATEGORY_CODES, { error: 'Not a category' })),
    )
    .optional()
    .describe('One category or several, comma-separated'),
  type: z.enum(['credit', 'debit'], { error: 'Choose credit or debit' }).optional(),
  amount_min: optionalNaira('Minimum amount'),
  amount_max: optionalNaira('Maximum amount'),
  date_preset: z.enum(DATE_PRESETS, { error: 'Not a date range' }).optional(),
  date_from: calendarDate('From date').optional().describe('With date_preset custom (or alone)'),
  date_to: calendarDate('To date').optional(),
});
export const transactionListParams = listParams
  .pick({ page: true, count: true, no_pages: true })
  .extend(transactionQuery.shape)
  .extend({ id: idParam });

export const transactionPage = pageOf(statementTransaction).extend({
  aggs: z
    .object({ count: z.number(), total_debits: money, total_credits: money })
    .describe('Over every row the filters match'),
});

export const listStatementTransactions = defineContract(calls.listStatementTransactions, {
  summary:
    "A statement's rows (page, count, no_pages): search in narration, reference or counterparty; category (comma-separated), type credit or debit, " +
    "amount_min, amount_max, date_preset (counted back from the statement's last day), date_from, date_to; order_by index, date, amount, balance or " +
    'narration with is_asc; aggs over every matching row',
  params: transactionListParams,
  response: transactionPage,
});

const exportFormat = z.object({ format: z.enum(['csv', 'xlsx'], { error: 'Choose csv or xlsx' }).default('csv') });

/** The transactions the filters match, as CSV or XLSX. */
export const exportStatementTransactions = defineContract(calls.exportStatementTransactions, {
  summary: 'The matching rows as a CSV or XLSX download (format), with the same filters',
  params: transactionQuery.extend(exportFormat.shape).extend({ id: idParam }),
});

// ---------- analysis ----------

export const monthlyFlow = z.object({
  month: z.string().describe('YYYY-MM'),
  label: z.string().describe("'Oct 2026'"),
  inflow: money,
  outflow: money,
  net: money,
  count: z.number(),
  closing_balance: money.nullable().describe('The last balance printed in the month'),
});
export const balancePoint = z.object({ date: z.string(), balance: money });
export const categoryTotal = z.object({
  category: z.enum(BANK_CATEGORY_CODES),
  label: z.string(),
  count: z.number(),
  debits: money,
  credits: money,
});
export const salaryPanel = z.object({
  is_detected: z.boolean(),
  confidence: z.number().describe('0 to 1'),
  payer: z.string().nullable(),
  monthly_amount: money.nullable(),
  typical_day: z.number().nullable(),
  months: z.array(z.string()),
  transaction_indexes: z.array(z.number()),
});
export const recurringDebit = z.object({
  payee: z.string(),
  count: z.number(),
  months: z.array(z.string()),
  typical_amount: money,
  total: money,
  category: z.enum(BANK_CATEGORY_CODES),
});
export const counterpartyTotal = z.object({ name: z.string(), inflow: money, outflow: money, count: z.number() });
const flaggedRow = z.object({ index: z.number(), date: z.string(), amount: money, narration: z.string() });

export const analysisBody = z.object({
  summary: z.object({
    inflow: money,
    outflow: money,
    net: money,
    count: z.number(),
    average_balance: money.nullable(),
    minimum_balance: money.nullable(),
    maximum_balance: money.nullable(),
    opening_balance: money.nullable(),
    closing_balance: money.nullable(),
    period_start: z.string().nullable(),
    period_end: z.string().nullable(),
    period_source: z
      .enum(PERIOD_SOURCES)
      .nullable()
      .describe('printed, or transactions when a statement prints no period'),
  }),
  monthly: z.array(monthlyFlow),
  balances: z.array(balancePoint).describe('End-of-day balance for every day with a transaction'),
  categories: z.array(categoryTotal),
  salary: salaryPanel,
  recurring_debits: z.array(recurringDebit),
  top_counterparties: z.array(counterpartyTotal),
  reversals: z.array(flaggedRow.extend({ reverses_index: z.number().nullable() })),
  bounced: z.array(flaggedRow),
  charges: z.object({
    total: money,
    vat: money,
    count: z.number(),
    by_kind: z.array(z.object({ kind: z.enum(CHARGE_KIND_CODES), label: z.string(), amount: money })),
  }),
  tax_payments: z.object({ total: money, payments: z.array(flaggedRow) }),
  verdict: z.enum(VERDICTS).nullable(),
  reasons: z.array(z.string()),
  checks: z.array(statementCheck),
});

export const statementAnalysis = analysisBody.extend({ statement_id: z.string() });
export type StatementAnalysisData = z.infer<typeof statementAnalysis>;

export const getStatementAnalysis = defineContract(calls.getStatementAnalysis, {
  summary:
    'The analysis: summary figures, monthly cashflow with closing balances, end-of-day balances, categories, salary, recurring debits, counterparties, ' +
    'reversals, charges, tax payments, verdict with reasons and checks',
  params: byId,
  response: statementAnalysis,
});

/** Why an analysed statement's rows do not count in its record's combined figures. */
export const LEFT_OUT_REASONS = ['inconsistent', 'duplicate'] as const;

export const periodSpan = z.object({ from: z.string(), to: z.string() });
/** Every analysed statement of a record together: gaps and overlaps between them, and the analysis of all their rows. */
export const recordAnalysis = analysisBody.extend({
  record_id: z.string(),
  statement_count: z
    .number()
    .describe(
      'Analysed statements whose rows count (an inconsistent statement, or one whose every row another holds, does not)',
    ),
  pending_count: z.number().describe('Statements still queued, processing or failed, left out'),
  duplicate_rows: z
    .number()
    .describe('Rows counted once although several statements hold them (same date, amounts, balance and narration)'),
  statements: z.array(
    z.object({
      id: z.string(),
      file_name: z.string(),
      format: z.enum(STATEMENT_FORMATS),
      period_start: z.string().nullable(),
      period_end: z.string().nullable(),
      verdict: z.enum(VERDICTS).nullable(),
      counted_rows: z.number().describe('Its rows that count in the combined figures'),
      duplicate_rows: z.number().describe('Its rows an earlier statement already holds, counted there'),
      left_out: z
        .enum(LEFT_OUT_REASONS)
        .nullable()
        .describe(
          'inconsistent (its arithmetic fails), duplicate (every row is in an earlier statement), or null when it counts',
        ),
    }),
  ),
  gaps: z.array(periodSpan),
  overlaps: z.array(periodSpan),
});
export type RecordAnalysis = z.infer<typeof recordAnalysis>;

export const getRecordAnalysis = defineContract(calls.getRecordAnalysis, {
  summary:
    "The record's analysed statements together: gaps and overlaps between their periods, balances that do not carry over, and the analysis of all their rows",
  params: byId,
  response: recordAnalysis,
});

/** The analysis as a PDF report. */
export const getStatementReport = defineContract(calls.getStatementReport, {
  summary: 'The analysis as a PDF report',
  params: byId,
});

// ---------- extraction, corrections, mapping ----------

export const extractionLine = z.object({
  y: z.number(),
  height: z.number(),
  text: z.string().describe('The cells joined by two spaces'),
  cells: z.array(z.object({ text: z.string(), x: z.number(), width: z.number() })),
});

export const statementExtraction = z.object({
  statement_id: z.string(),
  format: z.enum(STATEMENT_FORMATS),
  page: z.number(),
  page_count: z.number(),
  layout: z.string().nullable(),
  header_labels: z.record(z.string(), z.string()).describe('The header printed over each recognised column, by field'),
  mapping: columnMapping.nullable().describe('The column mapping in use, if one was saved'),
  lines: z
    .array(extractionLine)
    .describe("The page's text lines as read, top to bottom (for CSV/XLSX: the sheet's rows)"),
  rows: z
    .array(statementTransaction)
    .describe('The transactions that start on this page, each with the y of its first line'),
});
export type StatementExtraction = z.infer<typeof statementExtraction>;

export const extractionParams = z.object({
  id: idParam,
  page: z.coerce.number().int().min(1, { error: 'Pages start at 1' }).default(1),
});
export const getStatementExtraction = defineContract(calls.getStatementExtraction, {
  summary:
    'One page as read (page, from 1): its text lines with positions, the rows that start on it, the header labels recognised and the column mapping in use',
  params: extractionParams,
  response: statementExtraction,
});

export const transactionCorrection = z.object({
  index: z.coerce.number().int().min(0),
  category: z.enum(BANK_CATEGORY_CODES, { error: 'Not a category' }).optional(),
  date: calendarDate('Date').optional(),
  narration: z.string().trim().min(1, { error: 'Narration is required' }).optional(),
  counterparty: z.string().trim().optional(),
  debit: nairaAmount('Debit').optional(),
  credit: nairaAmount('Credit').optional(),
  balance: z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d{1,2})?$/, { error: 'Balance must be an amount in naira with at most two decimals' })
    .optional(),
});
export type TransactionCorrection = z.input<typeof transactionCorrection>;

/** Saves per-row corrections (merged with earlier ones) and re-analyses at once. */
export const saveStatementCorrections = defineContract(calls.saveStatementCorrections, {
  summary:
    'Corrects rows ({corrections: [{index, category?, date?, narration?, counterparty?, debit?, credit?, balance?}]}) and re-analyses at once',
  params: byId,
  body: z.object({
    corrections: z.array(transactionCorrection).min(1, { error: 'Send at least one correction' }).max(5000),
  }),
  response: statementDetail,
});

/** Clears every correction of the statement and re-analyses. */
export const clearStatementCorrections = defineContract(calls.clearStatementCorrections, {
  summary: 'Puts every corrected row back as read and re-analyses',
  params: byId,
  response: statementDetail,
});

/** Saves the column mapping (null to go back to header detection) and reads the file again in the background;
 * earlier corrections are dropped as the rows change.
 */
export const saveStatementMapping = defineContract(calls.saveStatementMapping, {
  summary:
    'Saves the column mapping ({mapping: {date, narration, debit, credit, amount, balance …} or null, password?}) and reads the file again in the ' +
    'background; corrections are dropped',
  params: byId,
  body: z.object({ mapping: columnMapping.nullable(), password: z.string().optional() }),
  response: statement,
});

// ---------- tax insight ----------

export const TAX_MATCH_WINDOW_DAYS = 7;

export const taxBillMatch = z.object({
  transaction: z.object({ index: z.number(), date: z.string(), narration: z.string(), amount: money }),
  bill: z.object({
    id: z.string(),
    reference: z.string(),
    type: z.string().describe('paye or wht'),
    period_start: z.string(),
    amount_due: money,
    total: money,
    paid_at: z.string().nullable(),
  }),
  matched_on: z.enum(['total', 'amount_due']).describe('Which of the bill figures the debit equals'),
  days_apart: z.number(),
});

export const whtVendor = z.object({
  vendor: z.string(),
  payments: z.number(),
  months: z.array(z.string()),
  total: money,
  wht: money.describe("WHT on the total, each payment at its type's rate"),
  wht_withheld_through_levy: money.describe(
    "WHT Levy's paid bills already withheld from a payee of this name in these months",
  ),
  wht_outstanding: money.describe('wht less what was already withheld through Levy, never below zero'),
  rate: z.number().nullable().describe('Percent; null when the payments are of types with different rates'),
  wht_type: z.string().describe('The WHT type of most of the money paid'),
  wht_type_source: z
    .enum(['narration', 'assumed'])
    .describe('narration: the payments say it (rent, fees …); assumed: other services, an assumption, not a finding'),
  wht_form: z
    .object({ wht_type: z.string(), month: z.string(), amount: money, beneficiary_name: z.string() })
    .describe('What the WHT form opens with'),
  wht_link: z.string().describe('The Pay Taxes route that opens the WHT form prefilled'),
});

export const taxInsight = z.object({
  statement_id: z.string(),
  window_days: z.number().describe('How many days either side of the payment date a debit may fall'),
  bill_matches: z.array(taxBillMatch),
  unmatched_tax_payments: z
    .array(flaggedRow)
    .describe('Debits the engine took as tax payments with no paid bill of that amount'),
  wht_vendors: z.array(whtVendor),
  bank_charges_vat: money,
});
export type TaxInsight = z.infer<typeof taxInsight>;

export const getStatementTaxInsight = defineContract(calls.getStatementTaxInsight, {
  summary:
    "Debits matched to the organisation's paid tax bills (amount and date window), tax payments with no bill, vendors that may be owed WHT with a link " +
    'to the prefilled WHT form, and VAT on bank charges',
  params: byId,
  response: taxInsight,
});
