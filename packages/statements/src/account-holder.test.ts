import { asKobo, type IsoDate } from '@levy/tax';
import { describe, expect, it } from 'vitest';
import { analyseStatement } from './analyse-statement';
import { accountHolderOf, categoriseForHolder, categoriseNarration, extractCounterparty } from './category-rules';
import type { Transaction } from './transaction';

/** Rows as the engine reads them, categorised by their narration alone. */
function rows(lines: Array<{ date: IsoDate; narration: string; debit?: number; credit?: number }>): Transaction[] {
  let balance = 50_000_000;
  return lines.map((line, index) => {
    const debit = line.debit ?? 0;
    const credit = line.credit ?? 0;
    balance += credit - debit;
    const { category, chargeKind } = categoriseNarration(line.narration, debit > 0 ? 'debit' : 'credit');
    return {
      index,
      date: line.date,
      valueDate: null,
      narration: line.narration,
      reference: null,
      debit: asKobo(debit),
      credit: asKobo(credit),
      balance: asKobo(balance),
      channel: null,
      counterparty: extractCounterparty(line.narration),
      category,
      chargeKind,
      page: 1,
      y: index,
    };
  });
}

// A customer pays the same retainer invoice on about the same day each month, and the company pays its staff.
const MONTHS = ['2026-01', '2026-02', '2026-03', '2026-04', '2026-05'];
const COMPANY_MONTHS = MONTHS.flatMap((month) => [
  { date: `${month}-03`, narration: 'NIP TRANSFER FROM ZENITH FOODS LTD/INV RETAINER', credit: 450_000_000 },
  { date: `${month}-08`, narration: 'POS SETTLEMENT MERCHANT 20390', credit: 12_500_000 },
  { date: `${month}-25`, narration: `SALARY PAYMENT ${month} STAFF`, debit: 300_000_000 },
]);

describe('whose account a statement is', () => {
  it('reads a business name as a company and anything else as a person', () => {
    expect(accountHolderOf('BRIGHTPATH VENTURES LIMITED')).toBe('company');
    expect(accountHolderOf('Adebayo & Sons Trading')).toBe('company');
    expect(accountHolderOf('Zenith Foods Nig Ltd')).toBe('company');
    expect(accountHolderOf('ADAEZE CHIOMA OKAFOR')).toBe('person');
    expect(accountHolderOf(null)).toBe('person');
  });

  it("on a company's account: customers' regular payments are receipts, not a salary, and the payroll paid is its own category", () => {
    const transactions = categoriseForHolder(rows(COMPANY_MONTHS), 'company');
    const analysis = analyseStatement(transactions, { holder: 'company' });
    expect(analysis.salary.isDetected).toBe(false);
    const totals = Object.fromEntries(analysis.categories.map((category) => [category.category, category]));
    expect(totals.customer_receipts).toMatchObject({ count: 10, credits: 462_500_000 * 5 });
    expect(totals.payroll).toMatchObject({ count: 5, debits: 300_000_000 * 5 });
    expect(totals.salary).toBeUndefined();
    expect(totals.other_out).toBeUndefined();
  });

  it("on a person's account the same regular credits are still a salary", () => {
    const transactions = categoriseForHolder(rows(COMPANY_MONTHS), 'person');
    expect(transactions.some((row) => row.category === 'customer_receipts')).toBe(false);
    const analysis = analyseStatement(transactions, { holder: 'person' });
    expect(analysis.salary).toMatchObject({ isDetected: true, payer: 'ZENITH FOODS LTD' });
  });
});
