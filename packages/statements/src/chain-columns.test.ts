import { describe, expect, it } from 'vitest';
import { chainColumns, type FigureRow } from './chain-columns';

// Rows as a wide export prints them: transaction amount, settlement debit, settlement credit,
// balance before, balance after, charge (kobo; null where a column is empty).
function wideRows(changes: readonly number[], opening: number): FigureRow[] {
  let balance = opening;
  return changes.map((change) => {
    const before = balance;
    balance += change;
    return [Math.abs(change), change < 0 ? -change : null, change > 0 ? change : null, before, balance, 0];
  });
}

const CHANGES = [-7_154_900, -5_000, -375, 1_399_700, -2_250_000, 45_000_000, -10_050, -75];

describe('chainColumns', () => {
  it('finds settlement debit, credit and the balance after among six figure columns, oldest or newest first', () => {
    const rows = wideRows(CHANGES, 85_000_000);
    expect(chainColumns(rows, 6)).toEqual({ balance: 4, debit: 1, credit: 2, amount: null, share: 1 });
    expect(chainColumns([...rows].reverse(), 6)).toEqual({ balance: 4, debit: 1, credit: 2, amount: null, share: 1 });
  });

  it('reads one sign-less amount beside a balance', () => {
    let balance = 10_000;
    const rows: FigureRow[] = CHANGES.map((change) => [Math.abs(change), (balance += change)]);
    expect(chainColumns(rows, 2)).toMatchObject({ balance: 1, amount: 0, share: 1 });
  });

  it('reads nothing when no reading chains, or from fewer than four rows', () => {
    const rows: FigureRow[] = [
      [100, 5],
      [200, 9],
      [300, 1],
      [400, 7],
      [500, 3],
    ];
    expect(chainColumns(rows, 2)).toBeNull();
    expect(chainColumns(wideRows(CHANGES, 0).slice(0, 3), 6)).toBeNull();
  });
});
