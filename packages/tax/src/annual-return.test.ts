import { describe, expect, it } from 'vitest';
import { annualReliefs, computeAnnualReturn, type AnnualReturnBill } from './annual-return';
import { annualReturnDueDate, lateReturnPenalty } from './deadlines';
import { asKobo, naira } from './money';

const row = (taxPayerNumber: string, name: string, gross: number, tax: number, expected = tax) => ({
  taxPayerNumber,
  name,
  designation: 'Officer',
  grossKobo: naira(gross),
  taxKobo: naira(tax),
  expectedTaxKobo: naira(expected),
  incomesKobo: [naira(gross), ...Array.from({ length: 11 }, () => asKobo(0))],
});

function bill(period: string, rows: AnnualReturnBill['rows'], supplementary = false): AnnualReturnBill {
  return {
    reference: `PAYE-LA-${period}-${supplementary ? 2 : 1}`,
    period,
    supplementary,
    supplementaryReason: supplementary ? 'A late joiner' : null,
    amountDueKobo: asKobo(rows.reduce((total, item) => total + item.taxKobo, 0)),
    rows,
  };
}

describe('the annual return', () => {
  const months = [
    '2025-01',
    '2025-02',
    '2025-03',
    '2025-04',
    '2025-05',
    '2025-06',
    '2025-07',
    '2025-08',
    '2025-09',
    '2025-10',
    '2025-11',
  ];
  const bills = [
    ...months.map((period) =>
      bill(period, [
        row('N-1', 'Adaeze Okafor', 500_000, 65_300),
        row('N-2', 'Ngozi Eze', 200_000, period === '2025-03' ? 12_000 : 17_600, 17_600),
      ]),
    ),
    bill('2025-06', [row('N-3', 'Musa Bello', 300_000, 32_180)], true),
    bill('2024-12', [row('N-1', 'Adaeze Okafor', 500_000, 65_300)]),
  ];
  const result = computeAnnualReturn({ year: 2025, firstTaxMonth: '2024-06', bills, asOf: '2026-01-20' });

  it("sums each employee's year from the year's bills only", () => {
    const adaeze = result.employees.find((employee) => employee.taxPayerNumber === 'N-1')!;
    expect(adaeze).toMatchObject({
      months: 11,
      grossKobo: naira(5_500_000),
      taxDeductedKobo: naira(718_300),
      expectedTaxKobo: naira(718_300),
    });
    expect(adaeze.incomesKobo[0]).toBe(naira(5_500_000));
    expect(adaeze.monthly).toHaveLength(11);
    expect(adaeze.monthly[0]).toEqual({
      period: '2025-01',
      grossKobo: naira(500_000),
      taxKobo: naira(65_300),
      bills: ['PAYE-LA-2025-01-1'],
    });
    expect(result.employees.map((employee) => employee.name)).toEqual(['Adaeze Okafor', 'Musa Bello', 'Ngozi Eze']);
    expect(result.totals).toMatchObject({
      employees: 3,
      grossKobo: naira(5_500_000 + 2_200_000 + 300_000),
      taxDeductedKobo: naira(718_300 + 17_600 * 10 + 12_000 + 32_180),
    });
    expect(result.reconciled).toBe(true);
  });

  it('gives the reliefs the engine allows on the year: pension at 8% of basic, housing and transport, and the CRA under PITA', () => {
    const adaeze = result.employees.find((employee) => employee.taxPayerNumber === 'N-1')!;
    expect(adaeze.reliefs.pension).toBe(naira(440_000));
    // 2025 is a PITA year: CRA = ₦200,000 + 20% of (gross − pension) = 200,000 + 1,012,000.
    expect(adaeze.reliefs.cra).toBe(naira(1_212_000));
    expect(adaeze.totalReliefsKobo).toBe(naira(1_652_000));
    expect(adaeze.chargeableIncomeKobo).toBe(naira(3_848_000));
    // NTA 2025 (2026 on) has no CRA: pension is the only relief a bill's figures give.
    const in2026 = annualReliefs(2026, naira(6_000_000), [naira(6_000_000)]);
    expect(in2026.totalReliefsKobo).toBe(naira(480_000));
    expect(
      annualReliefs(2025, naira(1_200_000), [naira(600_000), naira(300_000), naira(100_000)]).reliefs.pension,
    ).toBe(naira(80_000));
  });

  it('names every difference: the month with no bill, the supplementary bill and the declared tax', () => {
    expect(result.differences).toEqual([
      { kind: 'missing_month', period: '2025-12' },
      {
        kind: 'supplementary',
        period: '2025-06',
        reference: 'PAYE-LA-2025-06-2',
        reason: 'A late joiner',
        taxKobo: naira(32_180),
      },
      {
        kind: 'declared_tax',
        taxPayerNumber: 'N-2',
        name: 'Ngozi Eze',
        periods: ['2025-03'],
        declaredKobo: naira(12_000),
        expectedKobo: naira(17_600),
        differenceKobo: naira(-5_600),
      },
    ]);
  });

  it('owes months only from the first tax month, and names a bill whose rows do not add up', () => {
    const late = computeAnnualReturn({
      year: 2025,
      firstTaxMonth: '2025-11',
      bills: [{ ...bill('2025-11', [row('N-1', 'Adaeze Okafor', 500_000, 65_300)]), amountDueKobo: naira(65_000) }],
      asOf: '2026-02-01',
    });
    expect(late.monthsOwed).toEqual(['2025-11', '2025-12']);
    expect(late.reconciled).toBe(false);
    expect(late.differences).toEqual([
      { kind: 'missing_month', period: '2025-12' },
      { kind: 'bill_total', reference: 'PAYE-LA-2025-11-1', amountDueKobo: naira(65_000), rowsKobo: naira(65_300) },
    ]);
  });
});

describe("the annual return's reliefs from what each month declared", () => {
  const declaring = (
    taxPayerNumber: string,
    name: string,
    gross: number,
    declared: AnnualReturnBill['rows'][number]['declaredReliefs'],
  ) => ({ ...row(taxPayerNumber, name, gross, 0), declaredReliefs: declared });
  const FIRST_QUARTER = ['2026-01', '2026-02', '2026-03'];
  const result = computeAnnualReturn({
    year: 2026,
    firstTaxMonth: '2026-01',
    asOf: '2026-04-01',
    bills: FIRST_QUARTER.map((period) =>
      bill(period, [
        declaring('N-1', 'Adaeze Okafor', 500_000, {
          pension: naira(50_000),
          nhf: naira(12_500),
          nhis: naira(5_000),
          life_assurance: naira(10_000),
          annual_rent: naira(1_200_000),
        }),
        declaring('N-2', 'Musa Bello', 300_000, {
          nhis: naira(3_000),
          mortgage_interest: naira(20_000),
          annual_rent: naira(3_600_000),
        }),
        period === '2026-03'
          ? declaring('N-3', 'Ngozi Eze', 200_000, { pension: naira(10_000) })
          : row('N-3', 'Ngozi Eze', 200_000, 0),
      ]),
    ),
  });
  const employee = (taxPayerNumber: string) =>
    result.employees.find((candidate) => candidate.taxPayerNumber === taxPayerNumber)!;

  it('sums each declared relief over the months that declared it', () => {
    const adaeze = employee('N-1');
    expect(adaeze.reliefs).toEqual({
      pension: naira(150_000),
      nhf: naira(37_500),
      nhis: naira(15_000),
      lifeAssurance: naira(30_000),
      mortgageInterest: 0,
      // 20% of ₦1,200,000 a year is ₦240,000: a quarter of the year gives ₦60,000.
      rentRelief: naira(60_000),
      cra: 0,
    });
    expect(adaeze.totalReliefsKobo).toBe(naira(292_500));
    expect(adaeze.chargeableIncomeKobo).toBe(naira(1_207_500));
    expect(adaeze.declaredReliefMonths).toEqual({ pension: 3, nhf: 3, nhis: 3, life_assurance: 3, annual_rent: 3 });
  });

  it('caps rent relief at ₦500,000 a year, a twelfth of it in each month', () => {
    const musa = employee('N-2');
    // 20% of ₦3,600,000 is ₦720,000, capped at ₦500,000 a year: ₦125,000 for three months.
    expect(musa.reliefs.rentRelief).toBe(naira(125_000));
    // Pension not declared: 8% of ₦300,000 for each month.
    expect(musa.reliefs.pension).toBe(naira(72_000));
    expect(musa.reliefs.mortgageInterest).toBe(naira(60_000));
    expect(musa.totalReliefsKobo).toBe(naira(72_000 + 9_000 + 60_000 + 125_000));
  });

  it('gives a month that declared no pension the 8% default, and says which months declared it', () => {
    const ngozi = employee('N-3');
    expect(ngozi.reliefs.pension).toBe(naira(16_000 + 16_000 + 10_000));
    expect(ngozi.declaredReliefMonths).toEqual({ pension: 1 });
  });

  it('keeps an employee who declared nothing as before: no declaredReliefMonths, pension at the default', () => {
    const plain = computeAnnualReturn({
      year: 2026,
      firstTaxMonth: '2026-01',
      asOf: '2026-04-01',
      bills: [bill('2026-01', [row('N-4', 'Bola Ade', 400_000, 0)])],
    }).employees[0];
    expect(plain).not.toHaveProperty('declaredReliefMonths');
    expect(plain.reliefs.pension).toBe(naira(32_000));
    expect(plain.totalReliefsKobo).toBe(naira(32_000));
  });

  it('gives no rent or mortgage-interest relief under PITA, whatever was declared', () => {
    const in2025 = computeAnnualReturn({
      year: 2025,
      firstTaxMonth: '2025-01',
      asOf: '2026-02-01',
      bills: [
        bill('2025-12', [
          declaring('N-2', 'Musa Bello', 300_000, { mortgage_interest: naira(20_000), annual_rent: naira(3_600_000) }),
        ]),
      ],
    }).employees[0];
    expect(in2025.reliefs.rentRelief).toBe(0);
    expect(in2025.reliefs.mortgageInterest).toBe(0);
    expect(in2025.reliefs.pension).toBe(naira(24_000));
  });
});

describe('the annual return before the year ends', () => {
  const paidToOctober = [
    '2026-01',
    '2026-02',
    '2026-03',
    '2026-04',
    '2026-05',
    '2026-06',
    '2026-07',
    '2026-08',
    '2026-09',
    '2026-10',
  ].map((period) => bill(period, [row('N-1', 'Adaeze Okafor', 500_000, 65_300)]));

  it('calls a month unpaid only once its PAYE deadline has passed, and says when the others are due', () => {
    // 26 November: November's PAYE is due 10 December, December's 10 January; neither is late.
    const result = computeAnnualReturn({
      year: 2026,
      firstTaxMonth: '2026-01',
      bills: paidToOctober,
      asOf: '2026-11-26',
    });
    expect(result.differences).toEqual([
      { kind: 'month_not_due', period: '2026-11', dueDate: '2026-12-10' },
      { kind: 'month_not_due', period: '2026-12', dueDate: '2027-01-10' },
    ]);
  });

  it('calls the month unpaid from the day after its deadline', () => {
    const onDeadline = computeAnnualReturn({
      year: 2026,
      firstTaxMonth: '2026-01',
      bills: paidToOctober,
      asOf: '2026-12-10',
    });
    expect(onDeadline.differences[0]).toEqual({ kind: 'month_not_due', period: '2026-11', dueDate: '2026-12-10' });
    const dayAfter = computeAnnualReturn({
      year: 2026,
      firstTaxMonth: '2026-01',
      bills: paidToOctober,
      asOf: '2026-12-11',
    });
    expect(dayAfter.differences[0]).toEqual({ kind: 'missing_month', period: '2026-11' });
  });
});

describe('late filing of the annual return (NTAA 2025 s.101)', () => {
  const due = annualReturnDueDate(2025);

  it('costs nothing on the due date, ₦100,000 in the first month and ₦50,000 for each month begun after', () => {
    expect(due).toBe('2026-01-31');
    expect(lateReturnPenalty(due, '2026-01-31')).toMatchObject({
      monthsLate: 0,
      penalty: 0,
      nextMonthPenalty: naira(100_000),
      nextMonthFrom: '2026-02-01',
    });
    expect(lateReturnPenalty(due, '2026-02-01')).toMatchObject({ monthsLate: 1, penalty: naira(100_000) });
    expect(lateReturnPenalty(due, '2026-02-15')).toMatchObject({
      monthsLate: 1,
      penalty: naira(100_000),
      nextMonthPenalty: naira(150_000),
      nextMonthFrom: '2026-03-01',
    });
    expect(lateReturnPenalty(due, '2026-02-28')).toMatchObject({ monthsLate: 1, penalty: naira(100_000) });
    expect(lateReturnPenalty(due, '2026-03-01')).toMatchObject({ monthsLate: 2, penalty: naira(150_000) });
    expect(lateReturnPenalty(due, '2026-04-15')).toMatchObject({
      monthsLate: 3,
      penalty: naira(200_000),
      nextMonthFrom: '2026-05-01',
    });
    expect(lateReturnPenalty(due, '2026-04-15').rule).toBe(
      '₦100,000 for the first month late and ₦50,000 for each month after (NTAA 2025 s.101)',
    );
  });

  it('has no rule before NTAA 2025', () => {
    expect(() => lateReturnPenalty(annualReturnDueDate(2023), '2024-03-01')).toThrow(/No late-filing rule/);
  });
});

describe('months paid outside Levy', () => {
  const levyBill = bill('2026-07', [
    row('N-1', 'Adaeze Okafor', 500_000, 65_300),
    row('N-2', 'Ngozi Eze', 200_000, 17_600),
  ]);
  const withFile: AnnualReturnBill = {
    ...bill('2026-05', [row('N-1', 'Adaeze Okafor', 500_000, 65_300)]),
    reference: 'LIRS-55 (paid outside Levy)',
    paidOutsideLevy: { agencyReference: 'LIRS-55' },
  };
  const totalOnly: AnnualReturnBill = {
    reference: 'LIRS-66 (paid outside Levy)',
    period: '2026-06',
    supplementary: false,
    supplementaryReason: null,
    amountDueKobo: naira(90_000),
    rows: [],
    paidOutsideLevy: { agencyReference: 'LIRS-66' },
  };
  const result = computeAnnualReturn({
    year: 2026,
    firstTaxMonth: '2026-05',
    bills: [levyBill, withFile, totalOnly],
    asOf: '2026-08-01',
  });

  it("counts a month's payroll file in its employees' year and a total-only month in the employer's total", () => {
    const adaeze = result.employees.find((employee) => employee.taxPayerNumber === 'N-1')!;
    expect(adaeze.monthly.map((month) => [month.period, month.bills])).toEqual([
      ['2026-05', ['LIRS-55 (paid outside Levy)']],
      ['2026-07', [levyBill.reference]],
    ]);
    expect(result.totals.taxDeductedKobo).toBe(naira(65_300 + 65_300 + 17_600 + 90_000));
    expect(result.reconciled).toBe(true);
  });

  it('names each month paid outside Levy, says when its split is not on record, and misses no month', () => {
    expect(
      result.differences.filter(
        (difference) => difference.kind === 'missing_month' || difference.kind === 'bill_total',
      ),
    ).toEqual([]);
    expect(result.differences.filter((difference) => difference.kind === 'paid_outside_levy')).toEqual([
      { kind: 'paid_outside_levy', period: '2026-05', reference: 'LIRS-55', taxKobo: naira(65_300), split: true },
      { kind: 'paid_outside_levy', period: '2026-06', reference: 'LIRS-66', taxKobo: naira(90_000), split: false },
    ]);
  });
});
