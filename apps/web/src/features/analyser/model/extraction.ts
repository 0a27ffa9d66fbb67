import type { ColumnMappingInput, StatementExtraction } from '@levy/contracts';

type Line = StatementExtraction['lines'][number];
type Row = StatementExtraction['rows'][number];

/** The fields a column mapping can name, in the order a person reads a statement, with their labels. */
export const MAPPING_FIELD_LABELS: Record<keyof ColumnMappingInput, string> = {
  date: 'Transaction date',
  value_date: 'Value date',
  narration: 'Narration',
  reference: 'Reference',
  debit: 'Debit (money out)',
  credit: 'Credit (money in)',
  amount: 'Signed amount',
  type: 'DR/CR',
  balance: 'Balance',
  channel: 'Channel',
  counterparty: 'Counterparty',
};
export const MAPPING_KEYS = Object.keys(MAPPING_FIELD_LABELS) as Array<keyof ColumnMappingInput>;
export const REQUIRED_MAPPING_KEYS: ReadonlyArray<keyof ColumnMappingInput> = ['date', 'narration'];

/** The mapping key of a field named in snake case (value_date) or as the engine names it (valueDate). */
export function mappingKeyOf(field: string): keyof ColumnMappingInput {
  return field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`) as keyof ColumnMappingInput;
}

export function mappingFieldLabel(field: string): string {
  return MAPPING_FIELD_LABELS[mappingKeyOf(field)] ?? field;
}

/**
 * The lines of the page a row was read from: from its first line down to where the next row on
 * the page starts (at most three lines for the page's last row, so footers are not taken in).
 */
export function sourceLinesOf(row: Row, rows: readonly Row[], lines: readonly Line[]): Set<number> {
  const next = rows
    .map((other) => other.y)
    .filter((y) => y > row.y)
    .sort((a, b) => a - b)[0];
  const first = lines.findIndex((line) => line.y >= row.y - 0.5);
  const found = new Set<number>();
  if (first < 0) return found;
  const limit = next ?? row.y + 3 * Math.max(lines[first].height, 1);
  for (let index = first; index < lines.length && lines[index].y < limit - 0.5; index += 1) found.add(index);
  if (found.size === 0) found.add(first);
  return found;
}

/**
 * The columns a mapping can choose from, named after the header line when the page has one (the
 * line with the most cells that include a recognised header), else after the fullest line.
 */
export function columnChoices(
  lines: readonly Line[],
  headerLabels: Record<string, string>,
): Array<{ value: string; label: string }> {
  const headers = new Set(Object.values(headerLabels).map((label) => label.trim().toLowerCase()));
  const byCells = [...lines].sort((a, b) => b.cells.length - a.cells.length);
  const headerLine = byCells.find((line) => line.cells.some((cell) => headers.has(cell.text.trim().toLowerCase())));
  const model = headerLine ?? byCells[0];
  if (!model) return [];
  return model.cells.map((cell, index) => ({
    value: String(index),
    label: `Column ${index + 1} · ${cell.text.trim().slice(0, 28)}`,
  }));
}

/** The form's values (column numbers as text, '' when unmapped) as the mapping the server takes. */
export function toColumnMapping(values: Record<keyof ColumnMappingInput, string | null>): ColumnMappingInput {
  const mapping: Partial<Record<keyof ColumnMappingInput, number>> = {};
  for (const key of MAPPING_KEYS) {
    const value = values[key];
    if (value !== null && value !== '') mapping[key] = Number(value);
  }
  return mapping as ColumnMappingInput;
}

/** A saved mapping as the form's values. */
export function mappingFormValues(
  mapping: StatementExtraction['mapping'],
): Record<keyof ColumnMappingInput, string | null> {
  return Object.fromEntries(
    MAPPING_KEYS.map((key) => [key, mapping?.[key] === undefined ? null : String(mapping[key])]),
  ) as Record<keyof ColumnMappingInput, string | null>;
}

/** Where a page's cells sit across it: each cell's left edge as a percentage of the page's text width. */
export function pageWidthOf(lines: readonly Line[]): number {
  return Math.max(1, ...lines.flatMap((line) => line.cells.map((cell) => cell.x + cell.width)));
}
