import type { Verdict } from '@levy/statements';
import type { TransactionRow } from './analyser.repo';

/**
 * Which rows of a record's statements count in its combined figures (decision 0032).
 * A bank prints the same transaction the same way in every statement that covers its day, so a
 * row is known by its own identity: date, amounts, balance and narration (spacing and case aside:
 * a PDF wraps narrations a CSV keeps on one line). Two statements covering the same days, or the
 * same file uploaded twice, give the same rows: each is counted once. A statement whose arithmetic
 * does not hold (inconsistent) is left out: its figures cannot be trusted.
 */

export interface StatementToCombine {
  id: string;
  verdict: Verdict | null;
  rows: readonly TransactionRow[];
}

export type LeftOutReason = 'inconsistent' | 'duplicate';

export interface CombinedStatement {
  id: string;
  countedRows: number;
  duplicateRows: number;
  /** Why none of its rows count, or null when it counts (perhaps partly). */
  leftOut: LeftOutReason | null;
}

export interface Combination {
  rows: TransactionRow[];
  statements: CombinedStatement[];
}

/** What makes two rows the same transaction. */
export function rowIdentity(
  row: Pick<TransactionRow, 'date' | 'debitKobo' | 'creditKobo' | 'balanceKobo' | 'narration'>,
): string {
  const narration = row.narration.toUpperCase().replace(/\s+/g, ' ').trim();
  return `${row.date}|${row.debitKobo}|${row.creditKobo}|${row.balanceKobo ?? ''}|${narration}`;
}

/**
 * The rows to count, statements taken in the order given (earliest first): a row is a duplicate
 * when an earlier statement already holds it as many times as this one has so far. A statement
 * may repeat a transaction itself (two equal transfers on a day without balances): those stay.
 */
export function combineStatements(statements: readonly StatementToCombine[]): Combination {
  const held = new Map<string, number>();
  const rows: TransactionRow[] = [];
  const combined: CombinedStatement[] = [];
  for (const statement of statements) {
    if (statement.verdict === 'inconsistent') {
      combined.push({ id: statement.id, countedRows: 0, duplicateRows: 0, leftOut: 'inconsistent' });
      continue;
    }
    const seen = new Map<string, number>();
    let duplicateRows = 0;
    for (const row of statement.rows) {
      const identity = rowIdentity(row);
      const occurrence = (seen.get(identity) ?? 0) + 1;
      seen.set(identity, occurrence);
      if (occurrence <= (held.get(identity) ?? 0)) duplicateRows++;
      else rows.push(row);
    }
    for (const [identity, count] of seen) if (count > (held.get(identity) ?? 0)) held.set(identity, count);
    const countedRows = statement.rows.length - duplicateRows;
    combined.push({
      id: statement.id,
      countedRows,
      duplicateRows,
      leftOut: countedRows === 0 && duplicateRows > 0 ? 'duplicate' : null,
    });
  }
  return { rows, statements: combined };
}
