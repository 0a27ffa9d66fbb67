import { describe, expect, it } from 'vitest';
import { allRows, buildFixture, renderCsv, renderFixture } from './fixtures/render-statement';
// The zoo registers the wallet-with-pocket family's styles.
import './fixtures/zoo';
import { findSplitPayments } from './printing-patterns';
import { readStatement } from './index';
import type { Transaction } from './transaction';
import { asKobo } from '@levy/tax';

const POCKET = { style: 'family-wallet-pocket-grid', count: 9 };
const WALLET = 'family-wallet-savings-pocket';

/** The main section's row that the fixture funded partly from the pocket (printed in both). */
function splitRowIndex(options: Parameters<typeof buildFixture>[0]): number {
  const fixture = buildFixture(options);
  const pocketRows = fixture.pocket?.rows ?? [];
  return fixture.rows.findIndex((row) =>
    pocketRows.some(
      (other) =>
        other.date === row.date && other.narration === row.narration && other.debit === row.debit && row.debit > 0,
    ),
  );
}

function row(index: number, debit: number, balance: number, narration = 'NIP TRANSFER TO ZENTECH'): Transaction {
  return {
    index,
    date: '2025-03-04',
    valueDate: null,
    narration,
    reference: null,
    debit: asKobo(debit),
    credit: asKobo(0),
    balance: asKobo(balance),
    channel: null,
    counterparty: null,
    category: 'transfer_out',
    chargeKind: null,
    page: 1,
    y: 100 + index * 12,
  };
}

describe('account sections', () => {
  it('reads each section with its own header and checks each on its own balance', async () => {
    const options = { style: WALLET, seed: 301, count: 20, pocket: POCKET };
    const fixture = buildFixture(options);
    const result = await readStatement(renderCsv(fixture), { fileName: 'statement.csv' });
    expect(result.transactions.map((entry) => [entry.date, entry.debit, entry.credit, entry.balance])).toEqual(
      allRows(fixture).map((entry) => [entry.date, entry.debit, entry.credit, entry.balance]),
    );
    expect(
      result.sections.map((section) => [
        section.firstIndex,
        section.transactionCount,
        section.account.number,
        section.printed.openingBalance,
        section.printed.closingBalance,
      ]),
    ).toEqual([
      [0, 20, fixture.accountNumber, fixture.openingBalance, fixture.closingBalance],
      [20, 9, fixture.pocket?.accountNumber, fixture.pocket?.openingBalance, fixture.pocket?.closingBalance],
    ]);
    expect(result.sections[1].headerLabels).toMatchObject({ balance: 'Available Balance', credit: 'Money In' });
    expect(result.sections.every((section) => section.checks.every((check) => check.status === 'pass'))).toBe(true);
    expect(result.verdict).toBe('consistent');
    expect(result.notes.map((note) => note.message)).toContain(
      'The statement holds 2 account sections, each read with its own header and checked on its own balance',
    );
  });

  it('an edited amount in one section breaks that section only: inconsistent, naming the section', async () => {
    const { bytes } = await renderFixture(
      { style: WALLET, seed: 302, count: 30, pocket: POCKET, tamper: { index: 6, addKobo: 2_000_000 } },
      'pdf',
    );
    const result = await readStatement(bytes);
    expect(result.verdict).toBe('inconsistent');
    expect(
      result.sections.map((section) => section.checks.find((check) => check.id === 'balance_chain')?.status),
    ).toEqual(['fail', 'pass']);
    expect(result.checks.find((check) => check.id === 'balance_chain')?.message).toMatch(
      /^Section 1: The running balance breaks 1 time; .*; Section 2: Every running balance follows/,
    );
  });

  it('a payment funded from two sections is the bank printing, said in the notes, not a break', async () => {
    const options = { style: WALLET, seed: 303, count: 30, pocket: { ...POCKET, splitPayments: 1 } };
    const { fixture, bytes } = await renderFixture(options, 'pdf');
    const result = await readStatement(bytes);
    expect(result.verdict).toBe('consistent');
    const split = fixture.rows[splitRowIndex(options)];
    const note = result.notes.find((entry) => entry.message.startsWith('Split between two sections'));
    expect(note).toMatchObject({ index: splitRowIndex(options) });
    expect(note?.message).toContain(`printed in full in sections 1 and 2`);
    expect(result.transactions[note?.index ?? -1]).toMatchObject({ date: split.date, debit: split.debit });
    expect(result.confidence.reconciledShare).toBe(1);
  });

  it('a split payment whose amount was edited in one section is not excused', async () => {
    const options = { style: WALLET, seed: 303, count: 30, pocket: { ...POCKET, splitPayments: 1 } };
    const { bytes } = await renderFixture(
      { ...options, tamper: { index: splitRowIndex(options), addKobo: 100_000 } },
      'pdf',
    );
    const result = await readStatement(bytes);
    expect(result.verdict).toBe('inconsistent');
    expect(result.notes.some((entry) => entry.message.startsWith('Split between two sections'))).toBe(false);
  });

  it('a fee printed before its principal at the same time is read in the balance’s order, not as a break', async () => {
    const base = { style: WALLET, seed: 304, count: 30 };
    const fee = buildFixture(base).rows.findIndex((entry, index) => index > 0 && /FEE$/.test(entry.narration));
    const { fixture, bytes } = await renderFixture({ ...base, sameSecondSwapAt: fee - 1 }, 'pdf');
    const result = await readStatement(bytes);
    expect(result.verdict).toBe('consistent');
    expect(result.transactions.slice(fee - 1, fee + 1).map((entry) => entry.narration)).toEqual([
      fixture.rows[fee - 1].narration,
      fixture.rows[fee].narration,
    ]);
    expect(result.notes.map((note) => [note.index, note.message])).toContainEqual([
      fee - 1,
      expect.stringMatching(/same time/),
    ]);
  });
});

describe('findSplitPayments', () => {
  // A payment of ₦1,000 printed in both sections: ₦600 from the first, ₦400 from the second.
  const first = [row(0, 10_000, 90_000), row(1, 100_000, 30_000)];
  const second = [row(0, 5_000, 195_000, 'AIRTIME'), row(1, 100_000, 155_000)];

  it('pairs breaks in two sections whose shares add up to the printed amount', () => {
    const found = findSplitPayments([first, second], [100_000, 200_000], [0, 2]);
    expect([...found.patterns[0].entries()].map(([index, entry]) => [index, entry.difference])).toEqual([[1, 40_000]]);
    expect([...found.patterns[1].entries()].map(([index, entry]) => [index, entry.difference])).toEqual([[1, 60_000]]);
    expect(found.notes).toHaveLength(1);
    expect(found.notes[0]).toMatchObject({ index: 1 });
    expect(found.rowCount).toBe(2);
  });

  it('leaves breaks whose shares do not add up, or differ in narration, or stand alone', () => {
    const short = [row(0, 5_000, 195_000, 'AIRTIME'), row(1, 100_000, 156_000)];
    expect(findSplitPayments([first, short], [100_000, 200_000], [0, 2]).rowCount).toBe(0);
    const other = [row(0, 5_000, 195_000, 'AIRTIME'), row(1, 100_000, 155_000, 'POS PURCHASE')];
    expect(findSplitPayments([first, other], [100_000, 200_000], [0, 2]).rowCount).toBe(0);
    expect(findSplitPayments([first], [100_000], [0]).rowCount).toBe(0);
  });
});
