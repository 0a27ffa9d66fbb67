import { classifyHeaderCell, type ColumnField } from './layouts';
import { parseAmount } from './parse-amount';
import { parseDateToken } from './parse-date';
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

export type SpecialLineKind = 'opening' | 'closing' | 'total' | 'subtotal' | 'page-number';

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
}

const TEXT_FIELDS: ReadonlySet<ColumnField> = new Set(['narration', 'reference', 'counterparty', 'channel', 'ignored']);
const MONEY_FIELDS: readonly ColumnField[] = ['debit', 'credit', 'amount', 'balance'];

function hasField(fields: ReadonlySet<ColumnField>, field: ColumnField): boolean {
  return fields.has(field);
}

/** A header row names a date, money columns and a narration or balance, and little else. */
function isUsableHeader(fields: ReadonlySet<ColumnField>, recognised: number, cellCount: number): boolean {
  const hasDate = hasField(fields, 'date') || hasField(fields, 'valueDate');
  const hasMoney = (hasField(fields, 'debit') && hasField(fields, 'credit')) || hasField(fields, 'amount');
  const hasText = hasField(fields, 'narration') || hasField(fields, 'balance');
  return hasDate && hasMoney && hasText && recognised >= 3 && recognised >= cellCount * 0.6;
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

/** Header words wrapped over two lines ("Value" above "Date"): join cells that overlap. */
function mergeTwoLineHeader(first: SourceLine, second: SourceLine): SourceCell[] {
  const cells = first.cells.map((cell) => ({ ...cell }));
  for (const lower of second.cells) {
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
  return cells.sort((a, b) => a.x - b.x);
}

function matchHeader(lines: readonly SourceLine[], index: number, isTable: boolean): { match: HeaderMatch; used: number } | null {
  const line = lines[index];
  if (line.cells.length < 3) return null;
  // Header words carry no figures; a line with two cells holding digits is a row (cheap test
  // first, since every line of a long statement passes through here).
  let withDigits = 0;
  for (const cell of line.cells) if (/\d/.test(cell.text) && ++withDigits > 1) return null;
  const single = matchHeaderCells(line.cells);
  if (single) return { match: single, used: 1 };
  const next = lines[index + 1];
  if (!isTable && next && next.page === line.page && next.y - line.y <= line.height * 2.2) {
    const merged = matchHeaderCells(mergeTwoLineHeader(line, next));
    if (merged) return { match: merged, used: 2 };
  }
  return null;
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

function assignFields(line: SourceLine, zones: readonly ColumnZone[], isTable: boolean): Partial<Record<ColumnField, string>> {
  const fields: Partial<Record<ColumnField, string>> = {};
  for (const cell of line.cells) {
    const field = zoneFor(cell, zones, isTable) ?? 'ignored';
    const existing = fields[field];
    fields[field] = existing === undefined ? cell.text : `${existing} ${cell.text}`;
  }
  return fields;
}

// Lines that sit between transactions but are not transactions. Matched on the first words.
const SPECIAL_PATTERNS: readonly { kind: SpecialLineKind; pattern: RegExp }[] = [
  { kind: 'opening', pattern: /^(?:opening\s+bal(?:ance)?|balance\s+b\/?f|bal\s+b\/?f|balance\s+brought\s+forward|brought\s+forward|b\/f\b|beginning\s+balance|start(?:ing)?\s+balance)/i },
  { kind: 'closing', pattern: /^(?:closing\s+bal(?:ance)?|balance\s+c\/?f|bal\s+c\/?f|balance\s+carried\s+forward|carried\s+forward|c\/f\b|ending\s+balance|end\s+balance)/i },
  // A bare "Total" cell, whose figures sit in the money columns; "Total Debit: 1,000.00" is a
  // labelled figure, read as such from the text.
  { kind: 'subtotal', pattern: /^(?:sub[-\s]?totals?|page\s+totals?)\s*:?$/i },
  { kind: 'total', pattern: /^(?:grand\s+)?totals?\s*:?$/i },
];
const PAGE_NUMBER = /\bpage\s*\d+\s*(?:of|\/)\s*\d+\b|^\s*\d+\s+of\s+\d+\s*$/i;

function findSpecialKind(line: SourceLine, fields: Partial<Record<ColumnField, string>>): SpecialLineKind | null {
  const texts = [fields.narration ?? '', line.cells[0]?.text ?? '', line.cells[1]?.text ?? ''];
  for (const { kind, pattern } of SPECIAL_PATTERNS) {
    if (texts.some((text) => pattern.test(text.trim()))) return kind;
  }
  if (PAGE_NUMBER.test(joinLineText(line))) return 'page-number';
  return null;
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

// A time printed under its date ("02-Jan-2025" above "10:15:23 AM") belongs to the row above.
const TIME_ONLY = /^\d{1,2}:\d{2}(?::\d{2})?\s*(?:[ap]\.?m\.?)?$/i;

function isTextOnly(fields: Partial<Record<ColumnField, string>>): boolean {
  for (const key of Object.keys(fields) as ColumnField[]) {
    if (TEXT_FIELDS.has(key)) continue;
    if ((key === 'date' || key === 'valueDate') && TIME_ONLY.test(fields[key] ?? '')) continue;
    return false;
  }
  return true;
}

/** The text fields of a continuation line: a time under the date is dropped, not appended. */
function continuationFields(fields: Partial<Record<ColumnField, string>>): Partial<Record<ColumnField, string>> {
  if (fields.date === undefined && fields.valueDate === undefined) return fields;
  const { date: _date, valueDate: _valueDate, ...text } = fields;
  return text;
}

function appendFields(row: RawRow, fields: Partial<Record<ColumnField, string>>, before: boolean): void {
  for (const key of Object.keys(fields) as ColumnField[]) {
    const text = fields[key];
    if (text === undefined) continue;
    const existing = row.fields[key];
    row.fields[key] = existing === undefined ? text : before ? `${text} ${existing}` : `${existing} ${text}`;
  }
}

function zonesFromMapping(lines: readonly SourceLine[], mapping: ColumnMapping, isTable: boolean): ColumnZone[] {
  const entries = Object.entries(mapping) as [ColumnField, number][];
  if (entries.length === 0 || mapping.date === undefined) {
    throw new StatementError('INVALID_MAPPING', 'The column mapping must say which column holds the date');
  }
  if (!entries.some(([field]) => field === 'debit' || field === 'credit' || field === 'amount')) {
    throw new StatementError('INVALID_MAPPING', 'The column mapping must say which columns hold the amounts (debit and credit, or amount)');
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
      const overlapping = clusters.filter((cluster) => cluster.x < cell.x + cell.width && cell.x < cluster.x + cluster.width);
      const left = Math.min(cell.x, ...overlapping.map((cluster) => cluster.x));
      const right = Math.max(cell.x + cell.width, ...overlapping.map((cluster) => cluster.x + cluster.width));
      for (const cluster of overlapping) clusters.splice(clusters.indexOf(cluster), 1);
      clusters.push({ x: left, width: right - left });
    }
  }
  clusters.sort((a, b) => a.x - b.x);
  const widest = Math.max(...entries.map(([, column]) => column));
  if (clusters.length <= widest) {
    throw new StatementError('INVALID_MAPPING', `The mapping names column ${widest}, but the rows have ${clusters.length} columns (numbered from 0)`);
  }
  const fields: ColumnField[] = clusters.map(() => 'ignored');
  for (const [field, column] of entries) fields[column] = field;
  return buildZones(clusters.map((cluster) => ({ text: '', ...cluster })), fields, false);
}

/**
 * Finds the header row and rebuilds statement rows: narrations wrapped over several lines
 * (below the date line, or above and below it where rows are vertically centred), rows split
 * across a page break, headers repeated on every page, and opening/closing/total/page-number
 * lines kept aside. Throws NOT_A_STATEMENT when no header row (and no mapping) is found.
 */
export function rebuildRows(source: SourceDocument, mapping?: ColumnMapping): RebuiltTable {
  const isTable = source.format !== 'pdf';
  const lines = source.lines;
  const rows: RawRow[] = [];
  const otherLines: SourceLine[] = [];
  const specialLines: SpecialLine[] = [];
  let headerLabels: Partial<Record<ColumnField, string>> = {};
  let headerCount = 0;
  let zones: ColumnZone[] | null = mapping ? zonesFromMapping(lines, mapping, isTable) : null;

  // Pages that repeat the header: anything above it on the page is page furniture, not rows.
  const headerAt = new Map<number, { match: HeaderMatch; used: number }>();
  const firstHeaderOnPage = new Map<number, number>();
  if (!mapping) {
    for (let index = 0; index < lines.length; index++) {
      const found = matchHeader(lines, index, isTable);
      if (found) {
        headerAt.set(index, found);
        if (!firstHeaderOnPage.has(lines[index].page)) firstHeaderOnPage.set(lines[index].page, index);
        index += found.used - 1;
      }
    }
    if (headerAt.size === 0) throw new StatementError('NOT_A_STATEMENT');
  }

  let lastRow: RawRow | null = null;
  let lastRowBottom = { page: 0, y: 0 };
  // A footer or stray line closes the row above for the rest of its page; a closing balance
  // or total line closes it for good.
  let closedOnPage = 0;
  let isClosedForGood = false;
  let pending: { line: SourceLine; fields: Partial<Record<ColumnField, string>> }[] = [];
  // Votes from unambiguous cases: do wrapped lines sit above the date line (centred rows)?
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
      zones = buildZones(header.match.cells, header.match.fields, isTable);
      if (headerCount === 0) {
        headerLabels = {};
        header.match.cells.forEach((cell, position) => {
          const field = header.match.fields[position];
          if (field !== 'ignored') headerLabels[field] = cell.text;
        });
      }
      headerCount++;
      flushPending();
      index += header.used - 1;
      continue;
    }
    const headerIndexOnPage = firstHeaderOnPage.get(line.page);
    if (!zones || (headerIndexOnPage !== undefined && index < headerIndexOnPage)) {
      otherLines.push(line);
      continue;
    }
    const fields = assignFields(line, zones, isTable);
    const isDated = hasDate(fields);
    const isMoneyed = hasMoney(fields);
    const special = findSpecialKind(line, fields);
    if (special && !(special === 'page-number' && isDated && isMoneyed)) {
      flushPending();
      specialLines.push({ kind: special, page: line.page, y: line.y, text: joinLineText(line), fields });
      otherLines.push(line);
      if (special === 'closing' || special === 'total') isClosedForGood = true;
      else if (special !== 'page-number') closedOnPage = line.page;
      continue;
    }
    if (isDated && isMoneyed) {
      const row: RawRow = { page: line.page, y: line.y, fields };
      // Wrapped lines waiting above this date line: theirs or the previous row's?
      let toNext = false;
      const above: Partial<Record<ColumnField, string>>[] = [];
      for (const entry of pending) {
        if (!toNext) {
          const canNext = entry.line.page === line.page && line.y - entry.line.y <= maxGap(line) * Math.max(1, pending.length);
          const canPrevious = canAttachToPrevious(entry.line);
          if (canNext && canPrevious) {
            if (entry.line.page === lastRowBottom.page) {
              const distancePrevious = entry.line.y - lastRowBottom.y;
              const distanceNext = line.y - entry.line.y;
              toNext = distanceNext < distancePrevious;
              if (toNext) centredVotes++;
              else topVotes++;
            } else {
              // Top of a new page: a row split by the page break, unless rows here are centred
              // (lines sitting above their date line were seen; top-aligned rows never show that).
              toNext = centredVotes >= 2 && centredVotes * 3 >= topVotes;
            }
          } else {
            toNext = canNext;
          }
        }
        if (toNext) above.push(entry.fields);
        else attachToPrevious(entry);
      }
      // Lines above the date line come first, in their order on the page.
      for (const fields of above.reverse()) appendFields(row, fields, true);
      pending = [];
      rows.push(row);
      lastRow = row;
      lastRowBottom = { page: line.page, y: line.y };
      closedOnPage = 0;
      isClosedForGood = false;
      continue;
    }
    if (!isDated && !isMoneyed && isTextOnly(fields)) {
      pending.push({ line, fields: continuationFields(fields) });
      continue;
    }
    // Anything else (a disclaimer across the page, a stray figure) ends the row above it.
    flushPending();
    otherLines.push(line);
    closedOnPage = line.page;
  }
  flushPending();
  const firstTableLine = lines.find((line) => line.page === (rows[0]?.page ?? 1) && line.y >= (rows[0]?.y ?? Infinity));
  const tableStart = headerAt.size > 0 ? Math.min(...headerAt.keys()) : firstTableLine ? lines.indexOf(firstTableLine) : lines.length;
  return { rows, otherLines, preambleLines: lines.slice(0, tableStart), specialLines, headerLabels, headerCount };
}
