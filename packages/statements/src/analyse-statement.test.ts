import { asKobo, addDays, computeWht, type IsoDate } from '@levy/tax';
import { describe, expect, it } from 'vitest';
import { analyseStatement } from './analyse-statement';
import { categoriseNarration, extractCounterparty } from './category-rules';
import { compareStatements } from './compare-statements';
import { detectSalary } from './detect-salary';
import { createRandom } from './fixtures/synthesise-transactions';
import type { Transaction } from './transaction';

interface Line {
  date: IsoDate;
  narration: string;
  debit?: number;
  credit?: number;
}

/** Transactions as the engine would produce them, with a running balance from ₦100,000. */
function toTransactions(lines: Line[]): Transaction[] {
  let balance = 10_000_000;
  return [...lines]
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
    .map((line, index) => {
      const debit = line.debit ?? 0;
      const credit = line.credit ?? 0;
      balance = balance - debit + credit;
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
        y: index + 1,
      };
    });
}

function monthDate(year: number, month: number, day: number): IsoDate {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A year of everyday spending: transfers, POS, airtime, from a seeded generator. */
function everydayYear(seed: number): Line[] {
  const random = createRandom(seed);
  const lines: Line[] = [];
  let date: IsoDate = '2025-01-01';
  for (let day = 0; day < 365; day++) {
    if (random() < 0.5)
      lines.push({
        date,
        narration: `POS PURCHASE @ SHOPRITE ${day}`,
        debit: Math.round(1_000 + random() * 30_000) * 100,
      });
    if (random() < 0.2)
      lines.push({
        date,
        narration: `NIP TRANSFER FROM FRIEND ${Math.floor(random() * 40)}`,
        credit: Math.round(1_000 + random() * 90_000) * 100,
      });
    date = addDays(date, 1);
  }
  return lines;
}

describe('detectSalary', () => {
  it('finds a clean monthly salary with high confidence', () => {
    const lines = everydayYear(1);
    for (let month = 1; month <= 12; month++) {
      lines.push({
        date: monthDate(2025, month, 25),
        narration: 'NIP TRANSFER FROM ACME NIGERIA LIMITED SALARY',
        credit: 45_000_000,
      });
    }
    const salary = detectSalary(toTransactions(lines));
    expect(salary).toMatchObject({
      isDetected: true,
      payer: 'ACME NIGERIA LIMITED SALARY',
      monthlyAmount: 45_000_000,
      typicalDay: 25,
    });
    expect(salary.months).toHaveLength(12);
    expect(salary.confidence).toBeGreaterThanOrEqual(0.95);
  });

  it('still finds it through noise: varying amounts and days, a missed month, no "salary" word', () => {
    const random = createRandom(2);
    const lines = everydayYear(3);
    for (let month = 1; month <= 12; month++) {
      if (month === 7) continue;
      const day = 24 + Math.floor(random() * 5) - 2;
      const amount = Math.round(45_000_000 * (0.95 + random() * 0.1));
      lines.push({
        date: monthDate(2025, month, day),
        narration: 'NIP TRANSFER FROM ZENTECH SOLUTIONS LIMITED',
        credit: amount,
      });
    }
    const salary = detectSalary(toTransactions(lines));
    expect(salary.isDetected).toBe(true);
    expect(salary.payer).toBe('ZENTECH SOLUTIONS LIMITED');
    expect(salary.months).toHaveLength(11);
    expect(salary.confidence).toBeGreaterThanOrEqual(0.7);
    expect(salary.confidence).toBeLessThan(0.95);
  });

  it('does not call irregular credits a salary', () => {
    const salary = detectSalary(toTransactions(everydayYear(4)));
    expect(salary.isDetected).toBe(false);
    expect(salary.confidence).toBeLessThan(0.55);
  });
});

describe('analyseStatement', () => {
  const lines: Line[] = [
    { date: '2025-01-03', narration: 'NIP TRANSFER FROM ADA OKAFOR/ZENITH/rent', credit: 20_000_000 },
    { date: '2025-01-05', narration: 'NIP TRANSFER TO BRIGHTPATH VENTURES LTD/diesel', debit: 5_000_000 },
    { date: '2025-01-05', narration: 'NIP TRANSFER FEE', debit: 2_500 },
    { date: '2025-01-05', narration: 'VAT ON NIP TRANSFER FEE', debit: 188 },
    { date: '2025-01-10', narration: 'POS PURCHASE @ SHOPRITE LEKKI', debit: 1_200_000 },
    { date: '2025-01-11', narration: 'REVERSAL POS PURCHASE @ SHOPRITE LEKKI', credit: 1_200_000 },
    { date: '2025-01-28', narration: 'SMS ALERT CHARGES', debit: 2_400 },
    { date: '2025-01-31', narration: 'LIRS PAYE JAN 2025', debit: 1_500_000 },
    { date: '2025-02-05', narration: 'NIP TRANSFER TO BRIGHTPATH VENTURES LTD/diesel', debit: 5_000_000 },
    { date: '2025-02-06', narration: 'STAMP DUTY CHARGE', debit: 5_000 },
    { date: '2025-02-20', narration: 'RETURNED CHEQUE INSUFFICIENT FUNDS', debit: 100_000 },
    { date: '2025-03-05', narration: 'NIP TRANSFER TO BRIGHTPATH VENTURES LTD/diesel', debit: 5_500_000 },
    { date: '2025-03-10', narration: 'DSTV SUBSCRIPTION', debit: 1_500_000 },
  ];
  const analysis = analyseStatement(toTransactions(lines));

  it('totals inflow, outflow and net by month', () => {
    expect(analysis.monthly).toEqual([
      { month: '2025-01', inflow: 21_200_000, outflow: 7_705_088, net: 13_494_912, count: 8 },
      { month: '2025-02', inflow: 0, outflow: 5_105_000, net: -5_105_000, count: 3 },
      { month: '2025-03', inflow: 0, outflow: 7_000_000, net: -7_000_000, count: 2 },
    ]);
  });

  it('totals bank charges by kind, VAT included', () => {
    expect(analysis.charges).toEqual({
      total: 10_088,
      vat: 188,
      byKind: { transfer_fee: 2_500, vat: 188, sms_alert: 2_400, stamp_duty: 5_000 },
      count: 4,
    });
  });

  it('lists possible WHT vendors with the WHT at the engine’s rate', () => {
    const expectedWht = [5_000_000, 5_000_000, 5_500_000].reduce(
      (sum, amount, month) =>
        sum +
        computeWht({
          period: `2025-0${month + 1}`,
          code: 'other_services',
          payeeKind: 'company',
          resident: true,
          hasTaxId: true,
          amount: asKobo(amount),
        }).tax,
      0,
    );
    expect(analysis.whtCandidates).toEqual([
      {
        vendor: 'BRIGHTPATH VENTURES LTD',
        payments: 3,
        months: ['2025-01', '2025-02', '2025-03'],
        total: 15_500_000,
        whtCode: 'other_services',
        whtCodeSource: 'assumed',
        wht: expectedWht,
        rateBps: 200,
      },
    ]);
    expect(expectedWht).toBe(310_000);
  });

  it('finds tax payments, reversals matched to their debit, bounced items and recurring debits', () => {
    expect(analysis.taxPayments).toEqual({
      total: 1_500_000,
      payments: [{ index: 7, date: '2025-01-31', amount: 1_500_000, narration: 'LIRS PAYE JAN 2025' }],
    });
    // A returned cheque is both a reversal (with no earlier credit to undo here) and bounced.
    expect(analysis.reversals).toEqual([
      {
        index: 5,
        date: '2025-01-11',
        amount: 1_200_000,
        narration: 'REVERSAL POS PURCHASE @ SHOPRITE LEKKI',
        reversesIndex: 4,
      },
      {
        index: 10,
        date: '2025-02-20',
        amount: 100_000,
        narration: 'RETURNED CHEQUE INSUFFICIENT FUNDS',
        reversesIndex: null,
      },
    ]);
    expect(analysis.bounced.map((row) => row.narration)).toEqual(['RETURNED CHEQUE INSUFFICIENT FUNDS']);
    expect(analysis.recurringDebits.map((row) => [row.payee, row.count, row.typicalAmount])).toEqual([
      ['BRIGHTPATH VENTURES LTD', 3, 5_000_000],
    ]);
  });

  it('gives balance statistics over every day and the top counterparties', () => {
    expect(analysis.balances.minimum).toBeLessThan(analysis.balances.maximum as number);
    expect(analysis.balances.average).not.toBeNull();
    expect(analysis.topCounterparties[0]).toEqual({ name: 'ADA OKAFOR', inflow: 20_000_000, outflow: 0, count: 1 });
  });
});

describe('compareStatements', () => {
  const span = (start: IsoDate, end: IsoDate, opening: number, closing: number, number = '0123456789') => ({
    account: { number },
    period: { start, end },
    computed: { openingBalance: asKobo(opening), closingBalance: asKobo(closing) },
  });

  it('passes statements that join up', () => {
    const checks = compareStatements([
      span('2025-02-01', '2025-02-28', 500, 900),
      span('2025-01-01', '2025-01-31', 100, 500),
    ]);
    expect(checks).toEqual([{ id: 'period_coverage', status: 'pass', message: '2025-01-31 and 2025-02-01 join up' }]);
  });

  it('finds a gap, an overlap, a balance that does not carry over and a different account', () => {
    const checks = compareStatements([
      span('2025-01-01', '2025-01-31', 100, 500),
      span('2025-02-11', '2025-02-28', 500, 900),
      span('2025-02-20', '2025-03-31', 900, 1_000),
      span('2025-04-01', '2025-04-30', 1_100, 1_200, '9999999999'),
    ]);
    expect(checks.map((check) => [check.status, check.message])).toEqual([
      ['warn', 'The statements are for different account numbers: 0123456789, 9999999999'],
      ['warn', 'No statement covers 2025-02-01 to 2025-02-10'],
      ['warn', 'Two statements both cover 2025-02-20 to 2025-02-28'],
      ['fail', 'The statement from 2025-04-01 opens at ₦11.00, but the one before closed at ₦10.00'],
    ]);
  });
});
