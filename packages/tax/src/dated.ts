import type { IsoDate } from './calendar';

/**
 * One row of a dated rule table: `value` is in force from `from` (inclusive) until the next
 * row's `from`. `source` names the law or decision the row comes from (architecture.md,
 * conventions 6 and 10).
 */
export interface Dated<T> {
  readonly from: IsoDate;
  readonly source: string;
  readonly value: T;
}

/** The row in force on `date`, or undefined before the first row. Rows sorted by `from`. */
export function findRowInForce<T>(table: readonly Dated<T>[], date: IsoDate): Dated<T> | undefined {
  let found: Dated<T> | undefined;
  for (const row of table) {
    if (row.from <= date) found = row;
    else break;
  }
  return found;
}

export function findInForce<T>(table: readonly Dated<T>[], date: IsoDate): T | undefined {
  return findRowInForce(table, date)?.value;
}
