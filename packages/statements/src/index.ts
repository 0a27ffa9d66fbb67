/**
 * @levy/statements: reads Nigerian bank statements (PDF, CSV, XLSX), checks them and analyses
 * them. Pure: no database, no network, nothing downloaded at run time.
 *
 * The one call a background job needs:
 *
 *   const result = await readStatement(bytes, { fileName, mimeType, password, mapping, onProgress });
 *
 * - `bytes`: the uploaded file. The format is sniffed from the bytes (then the name/MIME type).
 * - `password`: for encrypted PDFs and password-protected workbooks.
 * - `mapping`: `{ date: 0, narration: 2, debit: 3, credit: 4, balance: 5 }` — which column
 *   (from 0, left to right) holds what, when the header row cannot be recognised.
 * - `onProgress({ stage, done, total })`: stages 'reading' (per PDF page), 'rebuilding',
 *   'checking', 'analysing', 'done'.
 *
 * It resolves to a `StatementResult`: `account` (name, number, bank), `period`, `printed`
 * balances and totals, `computed` ones, `transactions` (money in integer kobo, each with the
 * page and y it came from; every account section's, section after section), `sections` (each
 * section's first row, account, printed figures and own checks), `checks`, `verdict`
 * ('consistent' | 'suspicious' | 'inconsistent') with `reasons`, and `analysis`. It rejects with a `StatementError` whose stable `code` is
 * PASSWORD_REQUIRED, WRONG_PASSWORD, NO_TEXT_LAYER, NOT_A_STATEMENT, UNSUPPORTED_FORMAT,
 * INVALID_MAPPING or UNREADABLE and whose `message` can be shown to the user as it is.
 *
 * Before keeping an upload, `sniffStatementFormat(bytes)` tells its format from the content
 * (refusing what no reader takes) and `checkPdfAccess(bytes, password)` opens a PDF without
 * reading it, to ask for a password at once. `analyseStatement(transactions)` analyses rows again
 * (after a person corrected some).
 *
 * `compareStatements(results)` checks several statements of one account for gaps, overlaps
 * and balances that do not carry over.
 */
export { readStatement } from './read-statement';
export type {
  ReadStatementOptions,
  StatementResult,
  StatementProgress,
  StatementStage,
  StatementConfidence,
  StatementSection,
  UnplacedLine,
} from './read-statement';
export type { StatementNote } from './normalise-rows';
export type { ColumnsFrom } from './rebuild-rows';
export { StatementError, isStatementError, STATEMENT_ERROR_MESSAGES } from './statement-error';
export type { StatementErrorCode } from './statement-error';
export type { Transaction } from './transaction';
export type { ColumnMapping } from './rebuild-rows';
export type { StatementCheck, CheckId, CheckStatus, Verdict } from './check-statement';
export { analyseStatement, whtTypeOfNarration, WHT_NARRATION_TYPES } from './analyse-statement';
export type {
  StatementAnalysis,
  MonthlyFlow,
  CategoryTotal,
  RecurringDebit,
  CounterpartyTotal,
  WhtCandidate,
} from './analyse-statement';
export type { SalaryDetection } from './detect-salary';
export { compareStatements } from './compare-statements';
export type { StatementSpan } from './compare-statements';
export { BANK_LAYOUTS, HEADER_SYNONYMS, COLUMN_FIELDS } from './layouts';
export type { BankLayout, ColumnField } from './layouts';
export {
  CATEGORY_RULES,
  COUNTERPARTY_PATTERNS,
  accountHolderOf,
  categoriseForHolder,
  categoriseNarration,
  extractCounterparty,
} from './category-rules';
export type { AccountHolder, Category, ChargeKind, CategoryRule } from './category-rules';
export { readSource, sniffStatementFormat, checkStatementAccess } from './readers/read-source';
export { checkPdfAccess } from './readers/read-pdf';
export type { SourceDocument, SourceLine, SourceCell, PdfMetadata, SourceFormat } from './source-document';
