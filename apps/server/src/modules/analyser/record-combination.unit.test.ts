import { asKobo } from '@levy/tax';
import { describe, expect, it } from 'vitest';
import type { TransactionRow } from './analyser.repo';
import { combineStatements } from './record-combination';

let nextIndex = 0;
function row(
  statementId: string,
  date: string,
  narration: string,
  amounts: { debit?: number; credit?: number; balance: number | null },
): TransactionRow {
  return {
    statementId,
    index: nextIndex++,
    date,
    valueDate: null,
    narration,
    reference: null,
    debitKobo: asKobo(amounts.debit ?? 0),
    creditKobo: asKobo(amounts.credit ?? 0),
    balanceKobo: amounts.balance === null ? null : asKobo(amounts.balance),
    channel: null,
    counterparty: null,
    category: amounts.credit ? 'transfer_in' : 'transfer_out',
    chargeKind: null,
    page: 1,
    y: nextIndex,
    isCorrected: false,
  };
}

describe('combining the statements of one account', () => {
  it('counts each transaction once where two statements cover the same days, whatever the narration wrapping', () => {
    const march = [
      row('a', '2026-03-02', 'NIP FROM ADA OKAFOR', { credit: 500_000, balance: 1_500_000 }),
      row('a', '2026-03-30', 'POS SHOPRITE', { debit: 20_000, balance: 1_480_000 }),
    ];
    // The quarter's PDF prints March again, its narrations wrapped and spaced differently.
    const quarter = [
      row('b', '2026-03-02', 'NIP FROM  ADA\nOKAFOR', { credit: 500_000, balance: 1_500_000 }),
      row('b', '2026-03-30', 'pos shoprite', { debit: 20_000, balance: 1_480_000 }),
      row('b', '2026-04-03', 'NIP FROM BELLO STORES', { credit: 90_000, balance: 1_570_000 }),
    ];
    const combination = combineStatements([
      { id: 'a', verdict: 'consistent', rows: march },
      { id: 'b', verdict: 'consistent', rows: quarter },
    ]);
    expect(combination.rows.map((counted) => counted.narration)).toEqual([
      'NIP FROM ADA OKAFOR',
      'POS SHOPRITE',
      'NIP FROM BELLO STORES',
    ]);
    expect(combination.statements).toEqual([
      { id: 'a', countedRows: 2, duplicateRows: 0, leftOut: null },
      { id: 'b', countedRows: 1, duplicateRows: 2, leftOut: null },
    ]);
  });

  it('leaves out a statement uploaded twice, and an inconsistent one, and keeps a repeat inside one statement', () => {
    const rows = (id: string) => [
      row(id, '2026-05-04', 'TRANSFER TO KELECHI', { debit: 10_000, balance: null }),
      row(id, '2026-05-04', 'TRANSFER TO KELECHI', { debit: 10_000, balance: null }),
      row(id, '2026-05-09', 'SALARY MAY', { credit: 2_000_000, balance: null }),
    ];
    const tampered = [row('c', '2026-06-01', 'NIP FROM ADA OKAFOR', { credit: 99_000_000, balance: 5 })];
    const combination = combineStatements([
      { id: 'a', verdict: 'suspicious', rows: rows('a') },
      { id: 'b', verdict: 'suspicious', rows: rows('b') },
      { id: 'c', verdict: 'inconsistent', rows: tampered },
    ]);
    expect(combination.rows.map((counted) => [counted.statementId, counted.narration])).toEqual([
      ['a', 'TRANSFER TO KELECHI'],
      ['a', 'TRANSFER TO KELECHI'],
      ['a', 'SALARY MAY'],
    ]);
    expect(combination.statements).toEqual([
      { id: 'a', countedRows: 3, duplicateRows: 0, leftOut: null },
      { id: 'b', countedRows: 0, duplicateRows: 3, leftOut: 'duplicate' },
      { id: 'c', countedRows: 0, duplicateRows: 0, leftOut: 'inconsistent' },
    ]);
  });

  it('counts a third transfer the later statement has beyond the two the earlier one holds', () => {
    const transfer = (id: string) => row(id, '2026-07-01', 'TRANSFER TO KELECHI', { debit: 10_000, balance: null });
    const combination = combineStatements([
      { id: 'a', verdict: 'consistent', rows: [transfer('a'), transfer('a')] },
      { id: 'b', verdict: 'consistent', rows: [transfer('b'), transfer('b'), transfer('b')] },
    ]);
    expect(combination.statements.map((statement) => [statement.countedRows, statement.duplicateRows])).toEqual([
      [2, 0],
      [1, 2],
    ]);
  });
});
