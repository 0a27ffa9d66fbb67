import { chainColumns, figureKobo, readingShare, type FigureRow } from './chain-columns';
import { classifyHeaderCell, type ColumnField } from './layouts';
import { parseAmount } from './parse-amount';
import { isDateFragment, joinDateFragments, parseDateToken } from './parse-date';
import { joinLineText, type SourceCell, type SourceDocument, type SourceLine } from './source-document';
import { StatementError } from './statement-error';

/** Column numbers (0-based, left to right) the caller says hold each field. */
export type ColumnMapping = Partial<Record<Exclude<ColumnField, 'ignored'>, number>>;

interface ColumnZone {
  field: ColumnField;
  left: number;
  right: number;
}

/** One statement row put back together, still as printed text. */
export interface RawRow {
  page: number;
  y: number;
  fields: Partial<Record<ColumnField, string>>;
}

/** 'summary' is a line of labelled figures inside the table ("Total Debit 5,000.00  New Balance …"), read as text. */
export type SpecialLineKind = 'opening' | 'closing' | 'total' | 'subtotal' | 'summary' | 'page-number';

export interface SpecialLine {
  kind: SpecialLineKind;
  page: number;
  y: number;
  text: string;
  fields: Partial<Record<ColumnField, string>>;
}

export interface RebuiltTable {
  rows: RawRow[];
  /** Lines outside the table: the header block, page furniture, footers. */
  otherLines: SourceLine[];
  /** The lines above the first header row (or first row): where a bank names itself. */
  preambleLines: SourceLine[];
  specialLines: SpecialLine[];
  /** The header row's labels by field, as printed (empty for a manual mapping). */
  headerLabels: Partial<Record<ColumnField, string>>;
  /** How many times a header row was seen (once per page when banks repeat it). */
  headerCount: number;
  /**
   * How the columns were placed: by the header row alone, by the headings with the amounts placed
   * where the figures stand, from the figures alone (no header matched), or by a caller's mapping.
   */
  columnsFrom: ColumnsFrom;
  /** What the rebuilding decided that a reader should know (the balance choosing the money columns). */
  notes: string[];
  /**
   * Lines in the table that hold what rows hold (a figure beside a date, or a date alone) but went
   * into no row: where the reading is incomplete, in page order.
   */
  unplacedLines: SourceLine[];
}

export type ColumnsFrom = 'headings' | 'headings-and-figures' | 'figures' | 'mapping';

/** A money column as the figures show it: the span its amounts cover down the page. */
interface FigureColumn {
  field: ColumnField;
  left: number;
  right: number;
}

/** How a line's cells are given their fields. */
interface ColumnLayout {
  zones: ColumnZone[];
  /** PDF: money columns placed by where the figures stand (null: by the headings alone). */
  figures: FigureColumn[] | null;
  /** The field of a cell no zone holds: narration when the columns were inferred from the data. */
  fallback: ColumnField;
}

const TEXT_FIELDS: ReadonlySet<ColumnField> = new Set(['narration', 'reference', 'counterparty', 'channel', 'ignored']);
const MONEY_FIELDS: readonly ColumnField[] = ['debit', 'credit', 'amount', 'balance'];
const MONEY_FIELD_SET: ReadonlySet<ColumnField> = new Set(MONEY_FIELDS);

// A printed figure: two decimals, optional sign, brackets, currency mark and CR/DR (PDF cells).
// Some exporters drop the leading zero: ".45", and ".00" for a zero balance.
const FIGURE = /^[-+(]?\s*(?:₦|NGN|N|#)?\s*[-(]?(?:\d[\d,]*)?\.\d{2}\)?\s*(?:-|[CD]R\.?)?$/i;
// In a table a figure may be a bare number (typed cells): not a long reference or a leading zero.
const TABLE_FIGURE =
  /^[-+(]?\s*(?:₦|NGN|N)?\s*[-(]?(?:(?:[1-9][\d,]{0,13}|0)(?:\.\d{1,2})?|\.\d{2})\)?\s*(?:-|[CD]R\.?)?$/i;

function hasField(fields: ReadonlySet<ColumnField>, field: ColumnField): boolean {
  return fields.has(field);
}

function isFigure(text: string, isTable: boolean): boolean {
  return (isTable ? TABLE_FIGURE : FIGURE).test(text.trim()) && parseAmount(text) !== null;
}

// A wide export's header names many columns the engine has no word for (terminal, account type,
// settlement figures): this many recognised headings with a date, money and a narration still make one.
const WIDE_HEADER_RECOGNISED = 6;

/**
 * A header row names a date, money columns and a narration or balance, and little else; a wide
 * one may name more that are not known, when it names enough that are.
 */
function isUsableHeader(fields: ReadonlySet<ColumnField>, recognised: number, cellCount: number): boolean {
  const hasDate = hasField(fields, 'date') || hasField(fields, 'valueDate');
  const hasMoney = (hasField(fields, 'debit') && hasField(fields, 'credit')) || hasField(fields, 'amount');
  const hasText = hasField(fields, 'narration') || hasField(fields, 'balance');
  const isWide = hasField(fields, 'narration') && hasField(fields, 'balance') && recognised >= WIDE_HEADER_RECOGNISED;
  return hasDate && hasMoney && hasText && recognised >= 3 && (recognised >= cellCount * 0.6 || isWide);
}

interface HeaderMatch {
  cells: SourceCell[];
  fields: ColumnField[];
}

function matchHeaderCells(cells: SourceCell[]): HeaderMatch | null {
  const fields: ColumnField[] = [];
  const seen = new Set<ColumnField>();
  let recognised = 0;
  for (const cell of cells) {
    let field = classifyHeaderCell(cell.text);
    if (field !== null) recognised++;
    // A second date column is the value date ("Trans Date … Date"); other repeats are unused.
    if (field === 'date' && seen.has('date') && !seen.has('valueDate')) field = 'valueDate';
    else if (field !== null && seen.has(field)) field = 'ignored';
    fields.push(field ?? 'ignored');
    if (field) seen.add(field);
  }
  return isUsableHeader(seen, recognised, cells.length) ? { cells, fields } : null;
}

/** Header words wrapped over several lines ("Transaction" above "Date"): join cells that overlap. */
function mergeHeaderLines(first: SourceLine, below: readonly SourceLine[]): SourceCell[] {
  const cells = first.cells.map((cell) => ({ ...cell }));
  for (const next of below) {
    for (const lower of next.cells) {
      const upper = cells.find((cell) => cell.x < lower.x + lower.width && lower.x < cell.x + cell.width);
      if (upper) {
        upper.text = `${upper.text} ${lower.text}`;
        const right = Math.max(upper.x + upper.width, lower.x + lower.width);
        upper.x = Math.min(upper.x, lower.x);
        upper.width = right - upper.x;
      } else {
        cells.push({ ...lower });
      }
    }
  }
  return cells.sort((a, b) => a.x - b.x);
}

/** Header words carry no figures; a line with two cells holding digits is a row. */
function mayBeHeaderLine(line: SourceLine): boolean {
  let withDigits = 0;
  for (const cell of line.cells) if (/\d/.test(cell.text) && ++withDigits > 1) return false;
  return true;
}

// Headings printed over up to three lines ("Transaction" / "Date", "Value" / "Date").
const MAX_HEADER_LINES = 3;

function matchHeader(
  lines: readonly SourceLine[],
  index: number,
  isTable: boolean,
): { match: HeaderMatch; used: number } | null {
  const line = lines[index];
  // Cheap tests first, since every line of a long statement passes through here.
  if (!mayBeHeaderLine(line)) return null;
  let best: { match: HeaderMatch; used: number; recognised: number } | null = null;
  const consider = (cells: SourceCell[], used: number) => {
    const match = matchHeaderCells(cells);
    if (!match) return;
    const recognised = match.fields.filter((field) => field !== 'ignored').length;
    // More headings named wins ("Transaction" over "Date" names a date the first line alone does
    // not); as many, with a line more, wins too ("(NGN)" under "Debit Amount" is the heading's).
    if (!best || recognised > best.recognised || (recognised === best.recognised && used > best.used))
      best = { match, used, recognised };
  };
  if (line.cells.length >= 3) consider(line.cells, 1);
  // A heading over several lines names something on its first line too (a Debit, a Balance).
  if (!isTable && line.cells.some((cell) => classifyHeaderCell(cell.text) !== null)) {
    const below: SourceLine[] = [];
    for (let used = 2; used <= MAX_HEADER_LINES; used++) {
      const next = lines[index + used - 1];
      const previous = lines[index + used - 2];
      if (!next || next.page !== line.page || next.y - previous.y > line.height * 2.2 || !mayBeHeaderLine(next)) break;
      below.push(next);
      const merged = mergeHeaderLines(line, below);
      if (merged.length >= 3) consider(merged, used);
    }
  }
  const found = best as { match: HeaderMatch; used: number } | null;
  return found ? { match: found.match, used: found.used } : null;
}

/**
 * Column zones from header cells. In a table each column is its own zone; on a PDF page a
 * zone runs from halfway between the previous header's end and this header's start to halfway
 * to the next, so right-aligned figures under left-aligned headings (and the reverse) still land.
 */
function buildZones(cells: readonly SourceCell[], fields: readonly ColumnField[], isTable: boolean): ColumnZone[] {
  if (isTable) return cells.map((cell, index) => ({ field: fields[index], left: cell.x, right: cell.x + 1 }));
  return cells.map((cell, index) => {
    const previous = cells[index - 1];
    const next = cells[index + 1];
    const left = previous ? (previous.x + previous.width + cell.x) / 2 : -Infinity;
    const right = next ? (cell.x + cell.width + next.x) / 2 : Infinity;
    return { field: fields[index], left, right };
  });
}

function zoneFor(cell: SourceCell, zones: readonly ColumnZone[], isTable: boolean): ColumnField | null {
  if (isTable) {
    for (const zone of zones) if (zone.left === cell.x) return zone.field;
    return null;
  }
  let best: ColumnZone | null = null;
  let bestOverlap = 0;
  const start = cell.x;
  const end = cell.x + Math.max(cell.width, 0.1);
  for (const zone of zones) {
    const overlap = Math.min(end, zone.right) - Math.max(start, zone.left);
    if (overlap > bestOverlap) {
      bestOverlap = overlap;
      best = zone;
    }
  }
  return best ? best.field : null;
}

// A figure this far (points) outside every money column's span still belongs to the nearest one.
const FIGURE_REACH = 12;

/** The money column a figure stands in: the one whose span holds its middle, or the nearest (-1: none). */
function figureColumnIndex(
  cell: SourceCell,
  columns: readonly { left: number; right: number }[],
  isTable: boolean,
): number {
  const middle = cell.x + (isTable ? 0.25 : cell.width / 2);
  let best = -1;
  // In a table a column is exact: a figure elsewhere is in another column.
  let bestDistance = isTable ? 0.5 : FIGURE_REACH;
  columns.forEach((column, index) => {
    const distance = middle < column.left ? column.left - middle : middle > column.right ? middle - column.right : 0;
    if (distance < bestDistance || (distance === 0 && bestDistance === 0)) {
      bestDistance = distance;
      best = index;
    }
  });
  return best;
}

function figureFieldFor(cell: SourceCell, figures: readonly FigureColumn[], isTable: boolean): ColumnField | null {
  const index = figureColumnIndex(cell, figures, isTable);
  return index < 0 ? null : figures[index].field;
}

// A reading of the money columns the running balance bears out on this share of rows decides them.
const CHAIN_DECIDES = 0.9;

/** The figures on the rows' lines (two figures or more), by figure column: what the balance is checked on. */
function figureRowsOf(
  lines: readonly SourceLine[],
  columns: readonly { left: number; right: number }[],
  isTable: boolean,
  inTable: (index: number) => boolean,
): FigureRow[] {
  const rows: FigureRow[] = [];
  for (let index = 0; index < lines.length && rows.length < FIGURE_SAMPLE; index++) {
    if (!inTable(index)) continue;
    const line = lines[index];
    const figures = line.cells.filter((cell) => isFigure(cell.text, isTable));
    if (figures.length < 2 || isLabelledLine(line)) continue;
    const row: (number | null)[] = columns.map(() => null);
    for (const cell of figures) {
      const column = figureColumnIndex(cell, columns, isTable);
      if (column >= 0) row[column] = figureKobo(cell.text);
    }
    rows.push(row);
  }
  return rows;
}

/**
 * The money columns as the running balance reads them, when it bears a reading out and the
 * given one (the headings', or the data's habit) does not, either way round: a wide export's
 * "Settlement Debit", "Balance Before" and "Balance After" chain whatever they are called.
 * Figure columns outside the reading are left out. Null when the given reading stands.
 */
function chainedFigures(
  rows: readonly FigureRow[],
  columns: readonly { left: number; right: number }[],
  given: readonly ColumnField[],
): FigureColumn[] | null {
  const best = chainColumns(rows, columns.length);
  if (!best || best.share < CHAIN_DECIDES) return null;
  const at = (field: ColumnField) => (given.includes(field) ? given.indexOf(field) : null);
  const balance = at('balance');
  // Two figure columns under one money heading cannot both be it: that reading does not stand.
  const isAmbiguous = MONEY_FIELDS.some((field) => given.filter((entry) => entry === field).length > 1);
  if (balance !== null && !isAmbiguous) {
    const [debit, credit, amount] = [at('debit'), at('credit'), at('amount')];
    const givenShare =
      amount !== null && debit === null && credit === null
        ? readingShare(rows, { balance, debit: null, credit: null, amount })
        : Math.max(
            readingShare(rows, { balance, debit, credit, amount: null }),
            readingShare(rows, { balance, debit: credit, credit: debit, amount: null }),
          );
    if (givenShare >= CHAIN_DECIDES || givenShare >= best.share) return null;
  }
  const fieldAt = (index: number): ColumnField =>
    index === best.balance
      ? 'balance'
      : index === best.debit
        ? 'debit'
        : index === best.credit
          ? 'credit'
          : index === best.amount
            ? 'amount'
            : 'ignored';
  return columns.map((column, index) => ({ field: fieldAt(index), left: column.left, right: column.right }));
}

function assignFields(line: SourceLine, layout: ColumnLayout, isTable: boolean): Partial<Record<ColumnField, string>> {
  const fields: Partial<Record<ColumnField, string>> = {};
  for (const cell of line.cells) {
    let field: ColumnField | null = null;
    if (layout.figures && isFigure(cell.text, isTable)) field = figureFieldFor(cell, layout.figures, isTable);
    if (field === null) {
      field = zoneFor(cell, layout.zones, isTable) ?? layout.fallback;
      // A word under a money heading is not money: when the figures placed the money columns,
      // text there is narration that ran across.
      if (
        layout.figures &&
        MONEY_FIELD_SET.has(field) &&
        !isFigure(cell.text, isTable) &&
        !/^(?:[CD]R|-)$/i.test(cell.text)
      )
        field = layout.fallback === 'ignored' ? 'narration' : layout.fallback;
    }
    const existing = fields[field];
    fields[field] = existing === undefined ? cell.text : `${existing} ${cell.text}`;
  }
  return fields;
}

// Lines that sit between transactions but are not transactions. Matched on the first words.
const SPECIAL_PATTERNS: readonly { kind: SpecialLineKind; pattern: RegExp }[] = [
  {
    kind: 'opening',
    pattern: new RegExp(
      String.raw`^(?:opening\s+bal(?:ance)?|balance\s+b\/?f|bal\s+b\/?f|balance\s+brought\s+forward|` +
        String.raw`brought\s+forward|b\/f\b|beginning\s+balance|start(?:ing)?\s+balance|previous\s+balance)`,
      'i',
    ),
  },
  {
    kind: 'closing',
    pattern: new RegExp(
      String.raw`^(?:closing\s+bal(?:ance)?|balance\s+c\/?f|bal\s+c\/?f|balance\s+carried\s+forward|` +
        String.raw`carried\s+forward|c\/f\b|ending\s+balance|end\s+balance|new\s+balance|available\s+balance\s*:)`,
      'i',
    ),
  },
  // A bare "Total" cell, whose figures sit in the money columns; "Total Debit: 1,000.00" is a
  // labelled figure, read as such from the text.
  { kind: 'subtotal', pattern: /^(?:sub[-\s]?totals?|page\s+totals?)\s*:?$/i },
  { kind: 'total', pattern: /^(?:grand\s+)?totals?\s*:?$/i },
];
// Labelled figures anywhere on a line: a summary printed inside the table, dated or not.
const SUMMARY_LABEL = new RegExp(
  String.raw`\b(?:total\s+(?:debits?|credits?|withdrawals?|lodge?ments?|deposits?|payments?|receipts?|` +
    String.raw`money\s+(?:in|out)|dr|cr)|(?:debits?|credits?)\s+total|new\s+balance|closing\s+balance|` +
    String.raw`no\.?\s+of\s+(?:debits?|credits?|transactions?))\b`,
  'i',
);
const PAGE_NUMBER = /\bpage\s*\d+\s*(?:of|\/)\s*\d+\b|^\s*\d+\s+of\s+\d+\s*$/i;

function findSpecialKind(line: SourceLine, fields: Partial<Record<ColumnField, string>>): SpecialLineKind | null {
  const texts = [fields.narration ?? '', line.cells[0]?.text ?? '', line.cells[1]?.text ?? ''];
  for (const { kind, pattern } of SPECIAL_PATTERNS) {
    if (texts.some((text) => pattern.test(text.trim()))) return kind;
  }
  if (line.cells.some((cell) => SUMMARY_LABEL.test(cell.text))) return 'summary';
  if (PAGE_NUMBER.test(joinLineText(line))) return 'page-number';
  return null;
}

/** Opening, closing, total and summary lines: figures with a label, not a row. */
function isLabelledLine(line: SourceLine): boolean {
  return line.cells.some(
    (cell) => SUMMARY_LABEL.test(cell.text) || SPECIAL_PATTERNS.some(({ pattern }) => pattern.test(cell.text)),
  );
}

function hasMoney(fields: Partial<Record<ColumnField, string>>): boolean {
  for (const field of MONEY_FIELDS) {
    const text = fields[field];
    if (text !== undefined && parseAmount(text) !== null) return true;
  }
  return false;
}

function hasDate(fields: Partial<Record<ColumnField, string>>): boolean {
  const text = fields.date ?? fields.valueDate;
  return text !== undefined && parseDateToken(text) !== null;
}

// A time printed under its date ("02-Jan-2025" above "10:15:23 AM") belongs with that date.
const TIME_ONLY = /^\d{1,2}:\d{2}(?::\d{2})?\s*(?:[ap]\.?m\.?)?$/i;

/** Lines without figures: wrapped narration, or a date (and time) stacked apart from its row's figures. */
function isContinuation(fields: Partial<Record<ColumnField, string>>): boolean {
  for (const key of Object.keys(fields) as ColumnField[]) {
    if (TEXT_FIELDS.has(key)) continue;
    if (key === 'date' || key === 'valueDate') {
      const text = fields[key] ?? '';
      if (TIME_ONLY.test(text) || parseDateToken(text) !== null || isDateFragment(text)) continue;
    }
    return false;
  }
  return true;
}

function isDateField(key: ColumnField): key is 'date' | 'valueDate' {
  return key === 'date' || key === 'valueDate';
}

/**
 * Adds a continuation line to a row. Text runs on; a date goes where the row has none; pieces of
 * a date wrapped over lines ("04-Aug-" above, "2025" below) join in page order; a time joins its
 * date (after it, or before it when printed above); another date is not the row's.
 */
function appendFields(row: RawRow, fields: Partial<Record<ColumnField, string>>, before: boolean): void {
  for (const key of Object.keys(fields) as ColumnField[]) {
    const text = fields[key];
    if (text === undefined) continue;
    const existing = row.fields[key];
    if (isDateField(key)) {
      const isTime = TIME_ONLY.test(text);
      if (existing === undefined) row.fields[key] = text;
      else if (isDateFragment(text) && isDateFragment(existing))
        row.fields[key] = before ? joinDateFragments(text, existing) : joinDateFragments(existing, text);
      else if (isTime && !TIME_ONLY.test(existing)) row.fields[key] = before ? existing : `${existing} ${text}`;
      else if (!isTime && TIME_ONLY.test(existing)) row.fields[key] = `${text} ${existing}`;
      continue;
    }
    row.fields[key] = existing === undefined ? text : before ? `${text} ${existing}` : `${existing} ${text}`;
  }
}

/** Merges intervals that overlap into columns, counting the cells in each, left to right. */
function clusterSpans(
  spans: readonly { left: number; right: number; isRowFigure?: boolean }[],
): { left: number; right: number; count: number; hasRowFigure: boolean }[] {
  const sorted = [...spans].sort((a, b) => a.left - b.left);
  const clusters: { left: number; right: number; count: number; hasRowFigure: boolean }[] = [];
  for (const span of sorted) {
    const last = clusters[clusters.length - 1];
    if (last && span.left <= last.right) {
      last.right = Math.max(last.right, span.right);
      last.count++;
      last.hasRowFigure ||= span.isRowFigure === true;
    } else {
      clusters.push({ left: span.left, right: span.right, count: 1, hasRowFigure: span.isRowFigure === true });
    }
  }
  return clusters;
}

// Enough rows to see every money column of a long statement; more only costs time.
const FIGURE_SAMPLE = 1500;

/**
 * Where the figures stand: the spans of figure cells on lines that look like rows (a date and
 * a figure, or two figures), merged where they overlap. Right-aligned amounts line up on their
 * right edges, left-aligned ones on their left, so either way a column is one merged span.
 */
function findFigureColumns(
  lines: readonly SourceLine[],
  isTable: boolean,
  inTable: (index: number) => boolean,
): { left: number; right: number; count: number }[] {
  const spans: { left: number; right: number; isRowFigure: boolean }[] = [];
  let sampled = 0;
  for (let index = 0; index < lines.length && sampled < FIGURE_SAMPLE; index++) {
    if (!inTable(index)) continue;
    const line = lines[index];
    const figures = line.cells.filter((cell) => isFigure(cell.text, isTable));
    if (figures.length === 0) continue;
    const isDated = line.cells.some((cell) => parseDateToken(cell.text) !== null);
    if (!isDated && figures.length < 2) continue;
    if (isLabelledLine(line)) continue;
    sampled++;
    // A dated line with a balance beside its amount is a row, whatever its column holds elsewhere.
    const isRowFigure = isDated && figures.length >= 2;
    for (const cell of figures)
      spans.push({ left: cell.x, right: cell.x + (isTable ? 0.5 : Math.max(cell.width, 0.1)), isRowFigure });
  }
  const clusters = clusterSpans(spans);
  // A table's columns are exact; on a page a lone figure off every column (a footnote) is not one,
  // but a row's is (the only credit of a short savings section).
  if (isTable) return clusters;
  const most = Math.max(0, ...clusters.map((cluster) => cluster.count));
  return clusters.filter((cluster) => cluster.count >= 2 || cluster.hasRowFigure || most < 4);
}

/**
 * The header's money columns placed where their figures stand. When there are as many figure
 * columns as money headings they pair up left to right (a short heading far from its
 * right-aligned figures cannot pull them into the next column); otherwise each figure column
 * goes to the money heading it overlaps most, or the nearest.
 */
function placeMoneyColumns(
  zones: readonly ColumnZone[],
  clusters: readonly { left: number; right: number }[],
): FigureColumn[] | null {
  const money = zones.filter((zone) => MONEY_FIELD_SET.has(zone.field));
  if (money.length === 0 || clusters.length === 0) return null;
  if (money.length === clusters.length)
    return clusters.map((cluster, index) => ({ field: money[index].field, left: cluster.left, right: cluster.right }));
  return clusters.map((cluster) => {
    let best = money[0];
    let bestScore = -Infinity;
    for (const zone of money) {
      const overlap = Math.min(cluster.right, zone.right) - Math.max(cluster.left, zone.left);
      const middle = (Math.max(zone.left, cluster.left - 200) + Math.min(zone.right, cluster.right + 200)) / 2;
      const score = overlap > 0 ? overlap : -Math.abs(middle - (cluster.left + cluster.right) / 2);
      if (score > bestScore) {
        bestScore = score;
        best = zone;
      }
    }
    return { field: best.field, left: cluster.left, right: cluster.right };
  });
}

/**
 * No header matched: the columns from the data. Rows are lines with a date and figures; the
 * date column is where their dates stand, the figure columns where their figures do. The last
 * figure column is the running balance when there are two or more; two before it are debit and
 * credit in the order printed (the balance decides later whether they are the other way round),
 * one is a single amount. Everything else is narration.
 */
function inferLayout(lines: readonly SourceLine[], isTable: boolean): ColumnLayout | null {
  // Where dates stand: full dates on the rows' lines, and the pieces of dates wrapped over lines.
  const dateSpans: { left: number; right: number }[] = [];
  let rowLines = 0;
  let datedLines = 0;
  for (const line of lines) {
    if (rowLines >= FIGURE_SAMPLE) break;
    const hasFigure = line.cells.some((cell) => isFigure(cell.text, isTable));
    if (hasFigure) rowLines++;
    let isDated = false;
    for (const cell of line.cells) {
      const isDate = parseDateToken(cell.text) !== null;
      if (!(isDate && hasFigure) && !isDateFragment(cell.text)) continue;
      if (isDate || hasFigure) isDated = true;
      dateSpans.push({ left: cell.x, right: cell.x + (isTable ? 0.5 : Math.max(cell.width, 0.1)) });
    }
    if (isDated) datedLines++;
  }
  if (datedLines < 2) return null;
  const clusters = findFigureColumns(lines, isTable, () => true);
  // Date columns dated on at least half the rows, left to right: the transaction date first.
  const dateColumns = clusterSpans(dateSpans).filter((cluster) => cluster.count * 2 >= Math.min(rowLines, datedLines));
  const dateColumn = dateColumns[0];
  if (!dateColumn) return null;
  const money = clusters.filter((cluster) => cluster.right <= dateColumn.left || cluster.left >= dateColumn.right);
  if (money.length === 0) return null;
  // By habit the last figure column is the balance, and the two before it debit and credit;
  // the running balance overrules the habit where it reads the columns otherwise.
  const fields: ColumnField[] =
    money.length === 1
      ? ['amount']
      : money.length === 2
        ? ['amount', 'balance']
        : [...money.slice(0, -3).map((): ColumnField => 'ignored'), 'debit', 'credit', 'balance'];
  const figures =
    chainedFigures(
      figureRowsOf(lines, money, isTable, () => true),
      money,
      fields,
    ) ?? money.map((cluster, index) => ({ field: fields[index], left: cluster.left, right: cluster.right }));
  const zones: ColumnZone[] = [
    { field: 'date', left: dateColumn.left, right: isTable ? dateColumn.left + 1 : dateColumn.right },
  ];
  // A second date column beside the first (value date) is kept apart from the narration.
  const second = dateColumns[1];
  if (second) zones.push({ field: 'valueDate', left: second.left, right: isTable ? second.left + 1 : second.right });
  // The narration is the text column of the longest text on the rows' lines; other text columns
  // (channel, beneficiary, category) are left out.
  const textSpans: { left: number; right: number; length: number }[] = [];
  for (const line of lines) {
    if (!line.cells.some((cell) => isFigure(cell.text, isTable))) continue;
    for (const cell of line.cells) {
      if (
        isFigure(cell.text, isTable) ||
        parseDateToken(cell.text) !== null ||
        isDateFragment(cell.text) ||
        zoneFor(cell, zones, isTable) !== null
      )
        continue;
      textSpans.push({
        left: cell.x,
        right: cell.x + (isTable ? 0.5 : Math.max(cell.width, 0.1)),
        length: cell.text.length,
      });
    }
  }
  const textColumns = clusterSpans(textSpans).map((cluster) => ({
    left: cluster.left,
    right: isTable ? cluster.left + 1 : cluster.right,
    length: textSpans
      .filter((span) => span.left >= cluster.left && span.right <= cluster.right)
      .reduce((sum, span) => sum + span.length, 0),
  }));
  textColumns.sort((a, b) => b.length - a.length);
  textColumns.forEach((column, index) =>
    zones.push({ field: index === 0 ? 'narration' : 'ignored', left: column.left, right: column.right }),
  );
  // On a page, a wrapped line's text off every column is still narration; in a table it is not.
  return { zones, figures, fallback: isTable ? 'ignored' : 'narration' };
}

function zonesFromMapping(lines: readonly SourceLine[], mapping: ColumnMapping, isTable: boolean): ColumnZone[] {
  const entries = Object.entries(mapping) as [ColumnField, number][];
  if (entries.length === 0 || mapping.date === undefined) {
    throw new StatementError('INVALID_MAPPING', 'The column mapping must say which column holds the date');
  }
  if (!entries.some(([field]) => field === 'debit' || field === 'credit' || field === 'amount')) {
    throw new StatementError(
      'INVALID_MAPPING',
      'The column mapping must say which columns hold the amounts (debit and credit, or amount)',
    );
  }
  for (const [field, column] of entries) {
    if (!Number.isSafeInteger(column) || column < 0) {
      throw new StatementError('INVALID_MAPPING', `The column for ${field} must be a column number from 0`);
    }
  }
  if (isTable) return entries.map(([field, column]) => ({ field, left: column, right: column + 1 }));
  // On a PDF, columns are where cells line up down the page: the cells of lines that hold a
  // date, merged wherever they overlap, numbered left to right.
  const clusters: { x: number; width: number }[] = [];
  let sampled = 0;
  for (const line of lines) {
    if (sampled >= 400) break;
    if (!line.cells.some((cell) => parseDateToken(cell.text) !== null)) continue;
    sampled++;
    for (const cell of line.cells) {
      const overlapping = clusters.filter(
        (cluster) => cluster.x < cell.x + cell.width && cell.x < cluster.x + cluster.width,
      );
      const left = Math.min(cell.x, ...overlapping.map((cluster) => cluster.x));
      const right = Math.max(cell.x + cell.width, ...overlapping.map((cluster) => cluster.x + cluster.width));
      for (const cluster of overlapping) clusters.splice(clusters.indexOf(cluster), 1);
      clusters.push({ x: left, width: right - left });
    }
  }
  clusters.sort((a, b) => a.x - b.x);
  const widest = Math.max(...entries.map(([, column]) => column));
  if (clusters.length <= widest) {
    throw new StatementError(
      'INVALID_MAPPING',
      `The mapping names column ${widest}, but the rows have ${clusters.length} columns (numbered from 0)`,
    );
  }
  const fields: ColumnField[] = clusters.map(() => 'ignored');
  for (const [field, column] of entries) fields[column] = field;
  return buildZones(
    clusters.map((cluster) => ({ text: '', ...cluster })),
    fields,
    false,
  );
}

/**
 * Where a run of figure-less lines between two rows' figures splits: at the one gap clearly wider
 * than the rest (rows are spaced further apart than their lines). Null when the gaps do not tell
 * (even spacing), when the lines cross a page, or when there is no row above.
 */
function splitAtWidestGap(
  pending: readonly SourceLine[],
  previousBottom: { page: number; y: number } | null,
  anchor: SourceLine,
): number | null {
  if (
    pending.length === 0 ||
    !previousBottom ||
    previousBottom.page !== anchor.page ||
    pending.some((line) => line.page !== anchor.page)
  )
    return null;
  const ys = [previousBottom.y, ...pending.map((line) => line.y), anchor.y];
  let widest = -1;
  let widestGap = -Infinity;
  let runnerUp = -Infinity;
  for (let index = 1; index < ys.length; index++) {
    const gap = ys[index] - ys[index - 1];
    if (gap > widestGap) {
      runnerUp = widestGap;
      widestGap = gap;
      widest = index - 1;
    } else if (gap > runnerUp) {
      runnerUp = gap;
    }
  }
  return widestGap > runnerUp * 1.2 ? widest : null;
}

/** The heading printed over a figure column (in a table, in its column), or null. */
function headingOver(match: HeaderMatch, column: { left: number; right: number }, isTable: boolean): string | null {
  const heading = match.cells.find((cell) =>
    isTable
      ? cell.x === column.left
      : cell.x < column.right + FIGURE_REACH && column.left - FIGURE_REACH < cell.x + cell.width,
  );
  return heading?.text ?? null;
}

/**
 * Where each account section after the first begins: at a header row, or (without headings) an
 * opening balance, with a row's figures before it on its own page (a savings pocket printed under
 * the wallet, mid-page). A header repeated at the top of a page continues its section. The
 * section before keeps its rows' wrapped lines and its closing or total lines; what follows them
 * (the next section's summary box) goes with the next section. Line indexes into `source.lines`;
 * empty for a single section.
 */
export function findSectionStarts(source: SourceDocument): number[] {
  const isTable = source.format !== 'pdf';
  const lines = source.lines;
  const starts: number[] = [];
  let hasHeader = false;
  let lastRowLine = -1;
  const followsRowOnPage = (line: SourceLine) => lastRowLine >= 0 && lines[lastRowLine].page === line.page;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    const found = mayBeHeaderLine(line) ? matchHeader(lines, index, isTable) : null;
    if (found) {
      if (hasHeader && followsRowOnPage(line)) starts.push(sectionBoundary(lines, lastRowLine, index, isTable));
      hasHeader = true;
      lastRowLine = -1;
      index += found.used - 1;
      continue;
    }
    // Without a heading row a section shows by its summary box: an opening balance below rows.
    if (followsRowOnPage(line) && opensSection(line)) {
      starts.push(sectionBoundary(lines, lastRowLine, index, isTable));
      lastRowLine = -1;
      continue;
    }
    if (isRowFiguresLine(line, isTable)) lastRowLine = index;
  }
  return starts;
}

/** "Opening Balance: 2,500,000.00" in a summary box (not "Balance B/F", which a page carries over). */
function opensSection(line: SourceLine): boolean {
  return line.cells.some((cell) => /^(?:opening|beginning|start(?:ing)?)\s+bal(?:ance)?\b/i.test(cell.text.trim()));
}

/**
 * A line with a row's figures: a figure beside a date, or two figures (an amount and its balance,
 * the date stacked apart); not a labelled summary ("Opening Balance: … Closing Balance: …").
 */
function isRowFiguresLine(line: SourceLine, isTable: boolean): boolean {
  let figures = 0;
  for (const cell of line.cells) if (isFigure(cell.text, isTable)) figures++;
  if (figures === 0 || isLabelledLine(line)) return false;
  return figures >= 2 || line.cells.some((cell) => parseDateToken(cell.text) !== null);
}

/** The first line of a new section: past the last row's wrapped lines and the closing or total lines of the section above. */
function sectionBoundary(lines: readonly SourceLine[], lastRowLine: number, header: number, isTable: boolean): number {
  let index = lastRowLine + 1;
  while (index < header) {
    const line = lines[index];
    const above = lines[index - 1];
    const kind = findSpecialKind(line, {});
    const closesSectionAbove = kind === 'closing' || kind === 'total' || kind === 'subtotal' || kind === 'page-number';
    const wrapsRowAbove =
      !isTable &&
      line.page === above.page &&
      line.y - above.y <= line.height * 2.6 &&
      !isLabelledLine(line) &&
      !line.cells.some((cell) => isFigure(cell.text, isTable));
    if (!closesSectionAbove && !wrapsRowAbove) break;
    index++;
  }
  return index;
}

/** The layout a header row gives, with the money columns placed by the figures on a PDF. */
function headerLayout(
  match: HeaderMatch,
  isTable: boolean,
  clusters: readonly { left: number; right: number }[],
): ColumnLayout {
  const zones = buildZones(match.cells, match.fields, isTable);
  return { zones, figures: isTable ? null : placeMoneyColumns(zones, clusters), fallback: 'ignored' };
}

/** True when the figures put some money column somewhere its heading's zone alone would not. */
function figuresMoved(layout: ColumnLayout): boolean {
  if (!layout.figures) return false;
  return layout.figures.some(
    (column) =>
      zoneFor({ text: '', x: column.left, width: column.right - column.left }, layout.zones, false) !== column.field,
  );
}

/**
 * Finds the header row (or, failing one, the columns from the data) and rebuilds statement
 * rows. A row is grouped around its figures: the line with its amount and balance, and the lines
 * around it without figures (narration wrapped above and below, a date and time stacked in one
 * cell, a date printed apart from vertically centred figures). Rows split across a page break,
 * headers repeated on every page, and opening/closing/total/summary/page-number lines kept aside.
 * Throws NOT_A_STATEMENT when neither a header row nor rows with dates and figures are found.
 */
export function rebuildRows(source: SourceDocument, mapping?: ColumnMapping): RebuiltTable {
  const isTable = source.format !== 'pdf';
  const lines = source.lines;
  const rows: RawRow[] = [];
  const otherLines: SourceLine[] = [];
  const specialLines: SpecialLine[] = [];
  let headerLabels: Partial<Record<ColumnField, string>> = {};
  let headerCount = 0;
  let layout: ColumnLayout | null = mapping
    ? { zones: zonesFromMapping(lines, mapping, isTable), figures: null, fallback: 'ignored' }
    : null;
  let columnsFrom: ColumnsFrom = 'mapping';

  // Pages that repeat the header: anything above it on the page is page furniture, not rows.
  const headerAt = new Map<number, { match: HeaderMatch; used: number }>();
  const firstHeaderOnPage = new Map<number, number>();
  let clusters: { left: number; right: number }[] = [];
  // The money columns as the running balance reads them, where the headings' reading does not chain.
  let chained: FigureColumn[] | null = null;
  const notes: string[] = [];
  const unplacedLines: SourceLine[] = [];
  const isRowLike = (line: SourceLine) =>
    line.cells.some((cell) => isFigure(cell.text, isTable)) &&
    line.cells.some((cell) => parseDateToken(cell.text) !== null || isDateFragment(cell.text));
  let inferredStart = 0;
  if (!mapping) {
    for (let index = 0; index < lines.length; index++) {
      const found = matchHeader(lines, index, isTable);
      if (found) {
        headerAt.set(index, found);
        if (!firstHeaderOnPage.has(lines[index].page)) firstHeaderOnPage.set(lines[index].page, index);
        index += found.used - 1;
      }
    }
    if (headerAt.size === 0) {
      layout = inferLayout(lines, isTable);
      if (!layout) throw new StatementError('NOT_A_STATEMENT');
      columnsFrom = 'figures';
      // Without a header, the table starts at the first line with a date and a figure: what is
      // above it is the header block, read as text.
      inferredStart = lines.findIndex((line, index) => {
        const hasFigureNear = lines
          .slice(index, index + 3)
          .some((near) => near.page === line.page && near.cells.some((cell) => isFigure(cell.text, isTable)));
        return (
          hasFigureNear &&
          line.cells.some(
            (cell) =>
              zoneFor(cell, layout?.zones ?? [], isTable) === 'date' &&
              (parseDateToken(cell.text) !== null || isDateFragment(cell.text)),
          )
        );
      });
    } else {
      columnsFrom = 'headings';
      const firstHeader = Math.min(...headerAt.keys());
      const inTable = (index: number) => index > firstHeader && !headerAt.has(index);
      const figureColumns = findFigureColumns(lines, isTable, inTable);
      if (!isTable) clusters = figureColumns;
      const first = headerAt.get(firstHeader) as { match: HeaderMatch; used: number };
      const headed = headerLayout(first.match, isTable, clusters);
      const given = figureColumns.map((column): ColumnField => {
        const probe = { text: '', x: column.left, width: Math.max(column.right - column.left, 0.1) };
        const field = headed.figures
          ? figureFieldFor(probe, headed.figures, isTable)
          : zoneFor(probe, headed.zones, isTable);
        return field !== null && MONEY_FIELD_SET.has(field) ? field : 'ignored';
      });
      chained = chainedFigures(figureRowsOf(lines, figureColumns, isTable, inTable), figureColumns, given);
      if (chained) {
        const named = chained
          .filter((column) => column.field !== 'ignored')
          .map((column) => `${column.field} under "${headingOver(first.match, column, isTable) ?? 'no heading'}"`);
        notes.push(
          `The headings' money columns do not follow the running balance; the balance chose them: ${named.join(', ')}`,
        );
      }
    }
  }

  let lastRow: RawRow | null = null;
  let lastRowBottom = { page: 0, y: 0 };
  // A footer or stray line closes the row above for the rest of its page; a closing balance
  // or total line closes it for good.
  let closedOnPage = 0;
  let isClosedForGood = false;
  let pending: { line: SourceLine; fields: Partial<Record<ColumnField, string>> }[] = [];
  // Votes from unambiguous cases: do wrapped lines sit above the figures' line (centred rows)?
  let centredVotes = 0;
  let topVotes = 0;

  const maxGap = (line: SourceLine) => (isTable ? 1 : line.height * 2.6);
  const canAttachToPrevious = (line: SourceLine) => {
    if (!lastRow || isClosedForGood || closedOnPage === line.page) return false;
    // On a later page, the first lines continue a row the page break split.
    if (line.page !== lastRowBottom.page) return true;
    return line.y - lastRowBottom.y <= maxGap(line);
  };
  const attachToPrevious = (entry: { line: SourceLine; fields: Partial<Record<ColumnField, string>> }) => {
    if (lastRow && canAttachToPrevious(entry.line)) {
      appendFields(lastRow, entry.fields, false);
      lastRowBottom = { page: entry.line.page, y: entry.line.y };
    } else {
      // A date no row took is a row's date lost.
      if (hasDate(entry.fields) || isDateFragment(entry.fields.date ?? '')) unplacedLines.push(entry.line);
      otherLines.push(entry.line);
    }
  };
  const flushPending = () => {
    for (const entry of pending) attachToPrevious(entry);
    pending = [];
  };

  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    const header = headerAt.get(index);
    if (header) {
      layout = headerLayout(header.match, isTable, clusters);
      if (chained) layout = { ...layout, figures: chained };
      if (headerCount === 0) {
        headerLabels = {};
        header.match.cells.forEach((cell, position) => {
          const field = header.match.fields[position];
          if (field !== 'ignored') headerLabels[field] = cell.text;
        });
        if (chained) {
          // The money columns' labels are those printed over the columns the balance chose.
          for (const field of MONEY_FIELDS) delete headerLabels[field];
          for (const column of chained) {
            const heading = headingOver(header.match, column, isTable);
            if (column.field !== 'ignored' && heading !== null) headerLabels[column.field] = heading;
          }
        }
        if (chained || figuresMoved(layout)) columnsFrom = 'headings-and-figures';
      }
      headerCount++;
      flushPending();
      index += header.used - 1;
      continue;
    }
    const headerIndexOnPage = firstHeaderOnPage.get(line.page);
    if (!layout || (headerIndexOnPage !== undefined && index < headerIndexOnPage) || index < inferredStart) {
      // Above a page's header is page furniture; a row there (a section starting mid-page) is lost.
      if (rows.length > 0 && isRowLike(line)) unplacedLines.push(line);
      otherLines.push(line);
      continue;
    }
    const fields = assignFields(line, layout, isTable);
    const isDated = hasDate(fields);
    const isMoneyed = hasMoney(fields);
    const special = findSpecialKind(line, fields);
    if (special && !(special === 'page-number' && isDated && isMoneyed)) {
      flushPending();
      specialLines.push({ kind: special, page: line.page, y: line.y, text: joinLineText(line), fields });
      otherLines.push(line);
      if (special === 'closing' || special === 'total' || special === 'summary') isClosedForGood = true;
      else if (special !== 'page-number') closedOnPage = line.page;
      continue;
    }
    // A first line with only a balance and no date is the opening balance, labelled or not.
    if (
      isMoneyed &&
      rows.length === 0 &&
      !isDated &&
      pending.length === 0 &&
      MONEY_FIELDS.every((field) => field === 'balance' || fields[field] === undefined)
    ) {
      specialLines.push({ kind: 'opening', page: line.page, y: line.y, text: joinLineText(line), fields });
      otherLines.push(line);
      continue;
    }
    if (isMoneyed) {
      const row: RawRow = { page: line.page, y: line.y, fields };
      const rowIsDated = isDated;
      const previousIsDated = lastRow !== null && hasDate(lastRow.fields);
      // Lines waiting above this row's figures: theirs or the previous row's? Where the space
      // between rows is wider than between lines, the widest gap is where one row ends.
      const splitAt = isTable
        ? null
        : splitAtWidestGap(
            pending.map((entry) => entry.line),
            lastRow ? lastRowBottom : null,
            line,
          );
      const datesAgree = !pending.some(
        (entry, position) =>
          hasDate(entry.fields) && splitAt !== null && position < splitAt && !rowIsDated && previousIsDated,
      );
      let toNext = false;
      const above: Partial<Record<ColumnField, string>>[] = [];
      for (const [position, entry] of pending.entries()) {
        if (splitAt !== null && datesAgree) {
          toNext = position >= splitAt || !canAttachToPrevious(entry.line);
          if (toNext) centredVotes++;
          else topVotes++;
        } else if (!toNext) {
          const canNext =
            entry.line.page === line.page && line.y - entry.line.y <= maxGap(line) * Math.max(1, pending.length);
          const canPrevious = canAttachToPrevious(entry.line);
          const entryIsDated = hasDate(entry.fields);
          if (canNext && entryIsDated && !rowIsDated && previousIsDated) {
            // A date printed apart from its figures belongs to the row that has none.
            toNext = true;
          } else if (canNext && previousIsDated && isDateFragment(entry.fields.date ?? '')) {
            // A piece of a date cannot belong to a row whose date is whole.
            toNext = true;
          } else if (canNext && canPrevious) {
            if (entryIsDated && rowIsDated && !previousIsDated) {
              toNext = false;
            } else if (entry.line.page === lastRowBottom.page) {
              const distancePrevious = entry.line.y - lastRowBottom.y;
              const distanceNext = line.y - entry.line.y;
              toNext = distanceNext < distancePrevious;
              if (toNext) centredVotes++;
              else topVotes++;
            } else {
              // Top of a new page: a row split by the page break, unless rows here are centred
              // (lines sitting above their figures were seen; top-aligned rows never show that).
              toNext = centredVotes >= 2 && centredVotes * 3 >= topVotes;
            }
          } else {
            toNext = canNext;
          }
        }
        if (toNext) above.push(entry.fields);
        else attachToPrevious(entry);
      }
      // Lines above the figures come first, in their order on the page.
      for (const fields of above.reverse()) appendFields(row, fields, true);
      pending = [];
      rows.push(row);
      lastRow = row;
      lastRowBottom = { page: line.page, y: line.y };
      closedOnPage = 0;
      isClosedForGood = false;
      continue;
    }
    if (isContinuation(fields)) {
      pending.push({ line, fields });
      continue;
    }
    // Anything else (a disclaimer across the page, a stray figure) ends the row above it.
    flushPending();
    if (isRowLike(line)) unplacedLines.push(line);
    otherLines.push(line);
    closedOnPage = line.page;
  }
  flushPending();
  const firstTableLine = lines.find((line) => line.page === (rows[0]?.page ?? 1) && line.y >= (rows[0]?.y ?? Infinity));
  const tableStart =
    headerAt.size > 0 ? Math.min(...headerAt.keys()) : firstTableLine ? lines.indexOf(firstTableLine) : lines.length;
  return {
    rows,
    otherLines,
    preambleLines: lines.slice(0, tableStart),
    specialLines,
    headerLabels,
    headerCount,
    columnsFrom,
    notes,
    unplacedLines,
  };
}
