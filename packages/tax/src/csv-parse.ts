import Papa from 'papaparse';
import {
  CSV_MESSAGES,
  PAYE_AMOUNT_COLUMN_INDEX,
  PAYE_OPTIONAL_HEADERS,
  PAYE_TEMPLATE_HEADERS,
  WHT_AMOUNT_COLUMN_INDEX,
  WHT_AUTO_TEMPLATE_HEADERS,
  WHT_MANUAL_TEMPLATE_HEADERS,
  type CsvMessage,
  PAYE_COLUMN,
  type PayeOptionalCells,
  type PayeRecord,
  type WhtAutoRecord,
  type WhtManualRecord,
} from './csv-templates';
import { isValidTaxId } from './identifiers';
import { asKobo, formatNaira, parseNaira, ZERO_KOBO, type Kobo } from './money';
import { decodeSpreadsheetText } from './text-decoding';

/**
 * One problem in a file. `row` is the spreadsheet row number: the header is row 1 and the first
 * data row is row 2 (a record whose quoted cell spans lines still counts as one row), so it
 * matches what a spreadsheet shows. Blank rows are skipped but keep their numbers. `column` is
 * the template header name, or null when the problem is the whole row or file.
 */
export interface CsvRowError {
  row: number;
  column: string | null;
  message: string;
}

export interface CsvParseSuccess<TRecord> {
  ok: true;
  /** The template's header names (the file's headers matched them, ignoring case and spaces). */
  headers: string[];
  /** Data rows (blank rows left out) keyed by header name, cells trimmed: their text columns (PAYE) or all of them (WHT). */
  records: TRecord[];
  /** Each row's amount column in kobo. */
  amounts: Kobo[];
  /** Each row's money columns in kobo, indexed like `headers` (0 for text columns and empty cells). */
  money: Kobo[][];
  /** Each row's spreadsheet row number (see CsvRowError). */
  rowNumbers: number[];
  /** The optional named columns the file has after the template's, in the file's order. */
  optionalHeaders: string[];
  /** Each row's filled optional cells (PayeOptionalCells); null when the file has no optional columns. */
  optional: PayeOptionalCells[] | null;
  /** Sum of the amount column (PAYE tax_payable, WHT manual tax_payable, WHT auto amount). */
  amountDue: Kobo;
  /** Number of data rows. */
  recipientCount: number;
}

export interface CsvParseFailure {
  ok: false;
  /** The exact docs/product.md §5 message for the first kind of problem found. */
  message: CsvMessage;
  errors: CsvRowError[];
}

export type CsvParseResult<TRecord> = CsvParseSuccess<TRecord> | CsvParseFailure;

export type CsvInput = string | Uint8Array;

/** Every template starts with the payee's Tax ID and name. */
type NamedRecord = { tax_payer_number: string; name: string };

interface TemplateSpec<TRecord extends NamedRecord> {
  readonly headers: readonly string[];
  readonly amountIndex: number;
  /** Indexes of money columns that must be a non-negative number (empty allowed unless required). */
  readonly moneyIndexes: readonly number[];
  readonly requiredMoneyIndexes: ReadonlySet<number>;
  /** A payroll lists each employee once: a second row with the same Tax ID would double their
   * income in every bill, in Form H1 and on their tax card. A WHT file may pay a payee twice. */
  readonly oneRowPerTaxId: boolean;
  /** Named columns allowed after the template's, in any order; all money except `optionalTextHeaders`. */
  readonly optionalHeaders: readonly string[];
  readonly optionalTextHeaders: ReadonlySet<string>;
  readonly toRecord: (cells: string[]) => TRecord;
  /**
   * Read row by row: a payroll row's 14 money cells become kobo and are let go of at once, so a
   * 100,000-row payroll never holds its two million cells as text (reading them all first made the
   * garbage collector copy each one: a fifth of the read). A WHT row of three cells is read faster whole.
   */
  readonly readsRowByRow: boolean;
  /** A figure no file of this kind can hold, once the row's cells are read without error: refused. */
  readonly impossible?: (
    money: readonly Kobo[],
    optional: PayeOptionalCells | undefined,
  ) => Omit<CsvRowError, 'row'> | null;
}

/**
 * Figures no payroll can hold, refused where every other doubt about a row is a warning naming the
 * employee (payroll-check.ts): PAYE above the month's gross, or pension, NHF and NHIS above it, all
 * three being deducted from that pay.
 */
function impossiblePayroll(
  money: readonly Kobo[],
  optional: PayeOptionalCells | undefined,
): Omit<CsvRowError, 'row'> | null {
  const gross = money[PAYE_COLUMN.gross_income];
  const tax = money[PAYE_COLUMN.tax_payable];
  if (tax > gross)
    return {
      column: 'tax_payable',
      message: `${formatNaira(tax)} is more than gross_income ${formatNaira(gross)}: PAYE is deducted from the month's pay`,
    };
  const withheld = (['pension', 'nhf', 'nhis'] as const).filter((header) => optional?.[header] !== undefined);
  const total = withheld.reduce((sum, header) => sum + optional![header]!, 0);
  if (total <= gross) return null;
  const several = withheld.length > 1;
  const named = several ? `${withheld.slice(0, -1).join(', ')} and ${withheld.at(-1)}` : withheld[0];
  return {
    column: withheld[0],
    message:
      `${named} (${formatNaira(asKobo(total))}) ${several ? 'are' : 'is'} more than gross_income ${formatNaira(gross)}: ` +
      `${several ? 'they are' : 'it is'} deducted from the month's pay`,
  };
}

const PAYE_SPEC: TemplateSpec<PayeRecord> = {
  headers: PAYE_TEMPLATE_HEADERS,
  amountIndex: PAYE_AMOUNT_COLUMN_INDEX,
  // gross_income (4) and the allowance columns (6–17).
  moneyIndexes: [4, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17],
  requiredMoneyIndexes: new Set([4]),
  oneRowPerTaxId: true,
  optionalHeaders: PAYE_OPTIONAL_HEADERS,
  optionalTextHeaders: new Set(['state_of_residence']),
  readsRowByRow: true,
  toRecord: (c) => ({ tax_payer_number: c[0], name: c[1], nationality: c[2], designation: c[3] }),
  impossible: impossiblePayroll,
};

const WHT_MANUAL_SPEC: TemplateSpec<WhtManualRecord> = {
  headers: WHT_MANUAL_TEMPLATE_HEADERS,
  amountIndex: WHT_AMOUNT_COLUMN_INDEX,
  moneyIndexes: [],
  requiredMoneyIndexes: new Set(),
  oneRowPerTaxId: false,
  optionalHeaders: [],
  optionalTextHeaders: new Set(),
  readsRowByRow: false,
  toRecord: (c) => ({ tax_payer_number: c[0], name: c[1], tax_payable: c[2] }),
};

const WHT_AUTO_SPEC: TemplateSpec<WhtAutoRecord> = {
  headers: WHT_AUTO_TEMPLATE_HEADERS,
  amountIndex: WHT_AMOUNT_COLUMN_INDEX,
  moneyIndexes: [],
  requiredMoneyIndexes: new Set(),
  oneRowPerTaxId: false,
  optionalHeaders: [],
  optionalTextHeaders: new Set(),
  readsRowByRow: false,
  toRecord: (c) => ({ tax_payer_number: c[0], name: c[1], amount: c[2] }),
};

const PAPA_CONFIG = {
  delimiter: ',',
  newline: '\n',
  header: false,
  dynamicTyping: false,
  skipEmptyLines: false,
} as const;

/** How many times `part` occurs in `text`. */
function occurrences(text: string, part: string): number {
  let count = 0;
  for (let at = text.indexOf(part); at !== -1; at = text.indexOf(part, at + part.length)) count++;
  return count;
}

function failure(message: CsvMessage, errors: CsvRowError[] = []): CsvParseFailure {
  return { ok: false, message, errors };
}

function isSpace(code: number): boolean {
  return code <= 32 || code === 160 || code === 0xfeff;
}

/** Trims only when needed, so clean cells are not copied. */
function trimCell(cell: string): string {
  const length = cell.length;
  if (length === 0) return cell;
  if (isSpace(cell.charCodeAt(0)) || isSpace(cell.charCodeAt(length - 1))) return cell.trim();
  return cell;
}

function isBlankRow(cells: string[]): boolean {
  for (let index = 0; index < cells.length; index++) {
    if (trimCell(cells[index]) !== '') return false;
  }
  return true;
}

/** Cells past the template width that are all empty (spreadsheets export them) are dropped. */
function fitWidth(cells: string[], width: number): boolean {
  if (cells.length === width) return true;
  if (cells.length < width) return false;
  for (let index = width; index < cells.length; index++) {
    if (trimCell(cells[index]) !== '') return false;
  }
  cells.length = width;
  return true;
}

function decode(input: CsvInput): string | null {
  if (typeof input === 'string') return input;
  if (input instanceof Uint8Array) return decodeSpreadsheetText(input);
  return null;
}

function normalizeHeader(cell: string): string {
  return cell.trim().toLowerCase();
}

/** The calculator's words for an amount finer than a kobo (`5.001`), which a file may not round away either; null for any other cell. */
function tooPrecise(cell: string, header: string): string | null {
  const isFinerThanKobo = parseNaira(cell, 'refuse') === null && parseNaira(cell) !== null;
  return isFinerThanKobo ? `${header} must be an amount in naira with at most two decimals` : null;
}

/** Why the amount column's cell is refused: missing, finer than a kobo, or not a number above zero. */
function amountProblem(cell: string, header: string): string {
  if (cell === '') return `${header} is required`;
  return tooPrecise(cell, header) ?? `${header} must be a number greater than zero`;
}

/**
 * How a row whose amount is exactly zero is judged: null accepts it, a message refuses it (the
 * PAYE check of exempt employees, payroll-check.ts). Without one, zero is refused (docs/product.md §5).
 */
export type ZeroAmountCheck = (rowMoney: readonly Kobo[], optional: PayeOptionalCells | undefined) => string | null;

/**
 * The optional columns named after the template's: each must be one the template allows, once.
 * Empty header cells at the end (spreadsheets export them) are not columns.
 */
function optionalColumns(
  headerCells: readonly string[],
  width: number,
  allowed: readonly string[],
  headerRow: number,
): { headers: string[] } | { errors: CsvRowError[] } {
  let end = headerCells.length;
  while (end > width && trimCell(headerCells[end - 1]) === '') end--;
  const headers: string[] = [];
  const errors: CsvRowError[] = [];
  for (let index = width; index < end; index++) {
    const header = normalizeHeader(headerCells[index]);
    if (!allowed.includes(header)) {
      const allowedText =
        allowed.length > 0 ? `: after the template's ${width} columns a file may add ${allowed.join(', ')}` : '';
      errors.push({
        row: headerRow,
        column: null,
        message: `Column ${index + 1} '${headerCells[index].trim()}' is not a template column${allowedText}`,
      });
    } else if (headers.includes(header)) {
      errors.push({ row: headerRow, column: header, message: `The column '${header}' appears twice` });
    } else {
      headers.push(header);
    }
  }
  return errors.length > 0 ? { errors } : { headers };
}

/** Each row whose Tax ID (compared without case) is on an earlier row, naming both rows and both names. */
function repeatedTaxIds(records: readonly NamedRecord[], rowNumbers: readonly number[]): CsvRowError[] {
  // Most files repeat none: one look-up a row finds that, and only a file that does is gone through again.
  const seen = new Set<string>();
  let repeats = false;
  for (let index = 0; index < records.length && !repeats; index++) {
    const taxId = records[index].tax_payer_number.toUpperCase();
    if (taxId === '') continue;
    const before = seen.size;
    repeats = seen.add(taxId).size === before;
  }
  if (!repeats) return [];
  const firstRowOf = new Map<string, number>();
  const errors: CsvRowError[] = [];
  for (let index = 0; index < records.length; index++) {
    const taxId = records[index].tax_payer_number.toUpperCase();
    if (taxId === '') continue;
    const first = firstRowOf.get(taxId);
    if (first === undefined) {
      firstRowOf.set(taxId, index);
      continue;
    }
    errors.push({
      row: rowNumbers[index],
      column: 'tax_payer_number',
      message: `${taxId} (${records[index].name}) is also on row ${rowNumbers[first]} (${records[first].name}): a payroll has one row per employee`,
    });
  }
  return errors;
}

/**
 * A template file read and checked. Papa takes the first line end it meets for the whole file, and
 * a file saved on Windows then appended to elsewhere mixes CRLF with LF (old Mac exports end lines
 * with CR alone), so line ends are made LF first. A file whose every line ends CRLF is read as it
 * is instead when no quoted cell spans lines (one row per CRLF): rewriting 14 MB of text costs a
 * fifth of a second.
 */
function parseTemplate<TRecord extends NamedRecord>(
  input: CsvInput,
  spec: TemplateSpec<TRecord>,
  zeroAmount?: ZeroAmountCheck,
): CsvParseResult<TRecord> {
  let text = decode(input);
  if (text === null) return failure(CSV_MESSAGES.invalidDocument);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  // A binary file (a spreadsheet or PDF renamed .csv) is not a CSV document.
  if (text.includes('\u0000')) return failure(CSV_MESSAGES.invalidDocument);
  if (!text.includes('\r')) return readTemplate(text, '\n', spec, zeroAmount).result;
  const lineEnds = occurrences(text, '\r\n');
  if (lineEnds === occurrences(text, '\r') && lineEnds === occurrences(text, '\n')) {
    const asWritten = readTemplate(text, '\r\n', spec, zeroAmount);
    if (asWritten.rowsRead === null || (asWritten.isWellQuoted && asWritten.rowsRead === lineEnds + 1))
      return asWritten.result;
  }
  return readTemplate(text.replace(/\r\n?/g, '\n'), '\n', spec, zeroAmount).result;
}

/**
 * Hands the text's rows to `take` in order with their spreadsheet row numbers, until it answers
 * false; answers Papa's quote errors. Row by row (Papa's step), each row's cells can be let go of
 * once taken; otherwise Papa reads them all first, which is twice as fast for a file of short rows.
 */
function eachRow(
  text: string,
  newline: '\n' | '\r\n',
  isRowByRow: boolean,
  take: (cells: string[]) => boolean,
): CsvRowError[] {
  const quoteErrors: CsvRowError[] = [];
  const quoteErrorsOf = (errors: readonly Papa.ParseError[], row: (error: Papa.ParseError) => number) => {
    for (const error of errors)
      if (error.type === 'Quotes') quoteErrors.push({ row: row(error), column: null, message: error.message });
  };
  if (isRowByRow) {
    let row = 0;
    Papa.parse<string[]>(text, {
      ...PAPA_CONFIG,
      newline,
      step: (step, parser) => {
        row++;
        if (step.errors.length > 0) quoteErrorsOf(step.errors, () => row);
        if (!take(step.data)) parser.abort();
      },
    });
  } else {
    const parsed = Papa.parse<string[]>(text, { ...PAPA_CONFIG, newline });
    quoteErrorsOf(parsed.errors, (error) => (error.row ?? 0) + 1);
    for (const cells of parsed.data) if (!take(cells)) break;
  }
  return quoteErrors;
}

/**
 * Reads and checks the text's rows. `rowsRead` is null when the header already refused the file,
 * and the rest was not read.
 */
function readTemplate<TRecord extends NamedRecord>(
  text: string,
  newline: '\n' | '\r\n',
  spec: TemplateSpec<TRecord>,
  zeroAmount: ZeroAmountCheck | undefined,
): { result: CsvParseResult<TRecord>; rowsRead: number | null; isWellQuoted: boolean } {
  const headers = spec.headers;
  const templateWidth = headers.length;
  const amountIndex = spec.amountIndex;
  const amountHeader = headers[amountIndex];
  const moneyIndexes = spec.moneyIndexes;
  const requiredMoney = spec.requiredMoneyIndexes;
  const noMoney = new Array<Kobo>(templateWidth).fill(ZERO_KOBO);

  const widthErrors: CsvRowError[] = [];
  const errors: CsvRowError[] = [];
  let headerFailure: CsvParseFailure | null = null;
  let optionalHeaders: string[] | null = null;
  let width = templateWidth;
  const records: TRecord[] = [];
  const amounts: Kobo[] = [];
  const money: Kobo[][] = [];
  const rowNumbers: number[] = [];
  let optional: PayeOptionalCells[] | null = null;
  let amountDue = 0;
  let rowsRead = 0;

  /** The first non-blank row: the template's headers, then any optional ones it allows. */
  function readHeader(headerCells: string[], headerRow: number): CsvParseFailure | null {
    if (
      headerCells.length < templateWidth ||
      (spec.optionalHeaders.length === 0 && !fitWidth(headerCells, templateWidth))
    ) {
      return failure(CSV_MESSAGES.templateMismatch, [
        {
          row: headerRow,
          column: null,
          message: `The header row has ${headerCells.length} columns; the template has ${templateWidth}`,
        },
      ]);
    }
    const headerErrors: CsvRowError[] = [];
    for (let index = 0; index < templateWidth; index++) {
      const expected = headers[index];
      if (normalizeHeader(headerCells[index]) !== expected) {
        headerErrors.push({
          row: headerRow,
          column: expected,
          message: `Expected header '${expected}', found '${headerCells[index].trim()}'`,
        });
      }
    }
    if (headerErrors.length > 0) return failure(CSV_MESSAGES.headersMismatch, headerErrors);
    const extra = optionalColumns(headerCells, templateWidth, spec.optionalHeaders, headerRow);
    if ('errors' in extra) return failure(CSV_MESSAGES.headersMismatch, extra.errors);
    optionalHeaders = extra.headers;
    width = templateWidth + optionalHeaders.length;
    if (optionalHeaders.length > 0) optional = [];
    return null;
  }

  /** A data row of the right width: its cells checked, its money in kobo, its record kept. */
  function readRow(cells: string[], row: number, optionalNames: readonly string[]) {
    const errorsBefore = errors.length;
    for (let column = 0; column < width; column++) cells[column] = trimCell(cells[column]);
    const rowMoney = noMoney.slice();

    if (!isValidTaxId(cells[0])) {
      errors.push({
        row,
        column: headers[0],
        message: cells[0] === '' ? `${headers[0]} is required` : 'Provide a valid Tax ID',
      });
    }
    if (cells[1] === '') errors.push({ row, column: headers[1], message: `${headers[1]} is required` });

    // The amount column must be a non-zero number (docs/product.md §5), unless `zeroAmount` accepts
    // the row once its other money is read; a negative amount due is refused too.
    const amount = parseNaira(cells[amountIndex], 'refuse');
    const zeroToCheck = amount === 0 && zeroAmount !== undefined;
    let rowAmount = ZERO_KOBO;
    if (zeroToCheck) {
      rowAmount = ZERO_KOBO;
    } else if (amount === null || amount <= 0) {
      errors.push({ row, column: amountHeader, message: amountProblem(cells[amountIndex], amountHeader) });
    } else {
      rowAmount = amount;
      rowMoney[amountIndex] = amount;
      amountDue += amount;
    }

    for (let m = 0; m < moneyIndexes.length; m++) {
      const column = moneyIndexes[m];
      const cell = cells[column];
      if (cell === '') {
        if (requiredMoney.has(column)) {
          errors.push({ row, column: headers[column], message: `${headers[column]} is required` });
        }
        continue;
      }
      const value = parseNaira(cell, 'refuse');
      if (value === null) {
        errors.push({
          row,
          column: headers[column],
          message: tooPrecise(cell, headers[column]) ?? `${headers[column]} must be a number`,
        });
      } else if (value < 0) {
        errors.push({ row, column: headers[column], message: `${headers[column]} must not be negative` });
      } else {
        rowMoney[column] = value;
      }
    }
    let rowOptional: PayeOptionalCells | undefined;
    if (optional !== null) {
      const filled: Record<string, Kobo | string> = {};
      for (let o = 0; o < optionalNames.length; o++) {
        const header = optionalNames[o];
        const cell = cells[templateWidth + o];
        if (cell === '') continue;
        if (spec.optionalTextHeaders.has(header)) {
          filled[header] = cell;
          continue;
        }
        const value = parseNaira(cell, 'refuse');
        if (value === null)
          errors.push({ row, column: header, message: tooPrecise(cell, header) ?? `${header} must be a number` });
        else if (value < 0) errors.push({ row, column: header, message: `${header} must not be negative` });
        else filled[header] = value;
      }
      rowOptional = filled;
      optional.push(rowOptional);
    }
    if (zeroToCheck) {
      const refusal = zeroAmount(rowMoney, rowOptional);
      if (refusal !== null) errors.push({ row, column: amountHeader, message: refusal });
    }
    if (spec.impossible && errors.length === errorsBefore) {
      const refusal = spec.impossible(rowMoney, rowOptional);
      if (refusal !== null) errors.push({ ...refusal, row });
    }
    records.push(spec.toRecord(cells));
    amounts.push(rowAmount);
    money.push(rowMoney);
    rowNumbers.push(row);
  }

  const quoteErrors = eachRow(text, newline, spec.readsRowByRow, (cells) => {
    const row = ++rowsRead;
    // Fast path for the empty last line most files end with.
    if (cells.length === 1 && cells[0] === '') return true;
    if (isBlankRow(cells)) return true;
    if (optionalHeaders === null) {
      headerFailure = readHeader(cells, row);
      return headerFailure === null;
    }
    if (!fitWidth(cells, width)) {
      widthErrors.push({
        row,
        column: null,
        message: `The row has ${cells.length} columns; the template has ${width}`,
      });
      return true;
    }
    // A file refused for its widths is not read further: its rows' cells are not looked at.
    if (widthErrors.length === 0) readRow(cells, row, optionalHeaders);
    return true;
  });
  const isWellQuoted = quoteErrors.length === 0;
  const read = (result: CsvParseResult<TRecord>) => ({ result, rowsRead, isWellQuoted });
  if (!isWellQuoted) return read(failure(CSV_MESSAGES.invalidDocument, quoteErrors));
  if (headerFailure) return { result: headerFailure, rowsRead: null, isWellQuoted };
  if (optionalHeaders === null) return read(failure(CSV_MESSAGES.empty));
  if (widthErrors.length > 0) return read(failure(CSV_MESSAGES.templateMismatch, widthErrors));
  if (records.length === 0) return read(failure(CSV_MESSAGES.empty));
  if (spec.oneRowPerTaxId) errors.push(...repeatedTaxIds(records, rowNumbers));
  if (errors.length > 0) return read(failure(CSV_MESSAGES.columnData, errors));
  if (!Number.isSafeInteger(amountDue)) {
    return read(
      failure(CSV_MESSAGES.columnData, [
        { row: rowNumbers[0], column: amountHeader, message: `The ${amountHeader} total is too large` },
      ]),
    );
  }
  return read({
    ok: true,
    headers: [...headers],
    records,
    amounts,
    money,
    rowNumbers,
    optionalHeaders,
    optional,
    amountDue: asKobo(amountDue),
    recipientCount: records.length,
  });
}

/**
 * Parses and validates a PAYE (payroll) file; amount_due is the sum of tax_payable. A zero
 * tax_payable is refused unless `zeroTax` accepts the row (parsePayeFile: exempt employees).
 */
export function parsePayeCsv(input: CsvInput, zeroTax?: ZeroAmountCheck): CsvParseResult<PayeRecord> {
  return parseTemplate(input, PAYE_SPEC, zeroTax);
}

/** Parses and validates a WHT manual file; amount_due is the sum of tax_payable. */
export function parseWhtManualCsv(input: CsvInput): CsvParseResult<WhtManualRecord> {
  return parseTemplate(input, WHT_MANUAL_SPEC);
}

/** Parses and validates a WHT auto file; amount_due is the sum of amount (before WHT). */
export function parseWhtAutoCsv(input: CsvInput): CsvParseResult<WhtAutoRecord> {
  return parseTemplate(input, WHT_AUTO_SPEC);
}
