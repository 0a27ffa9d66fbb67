import { describe, expect, it } from 'vitest';
import { parsePayeCsv } from './csv-parse';
import { PAYE_TEMPLATE_HEADERS, type PayeRecord } from './csv-templates';
import { asKobo, naira } from './money';
import { describePayeMismatch, findPayeMismatches, parsePayeFile, recomputePayeMoney, recomputePayeRow } from './payroll-check';

function record(overrides: Partial<PayeRecord> = {}): PayeRecord {
  const empty = Object.fromEntries(PAYE_TEMPLATE_HEADERS.map((header) => [header, ''])) as PayeRecord;
  return {
    ...empty,
    tax_payer_number: 'N-1234567',
    name: 'Adaeze Okafor',
    gross_income: '500000',
    tax_payable: '66380',
    basic_salary: '250000',
    housing: '125000',
    transport: '50000',
    ...overrides,
  };
}

describe('recomputePayeRow', () => {
  it('recomputes monthly PAYE from gross with the 8% pension default (NTA 2025)', () => {
    // pension 8% × 425,000 = 34,000 a month; chargeable 6,000,000 − 408,000 = 5,592,000
    // → 330,000 + 2,592,000 × 18% = 796,560 a year → 66,380 a month
    const check = recomputePayeRow(record(), '2026-01');
    expect(check.regime).toBe('NTA2025');
    expect(check.monthlyPension).toBe(naira(34_000));
    expect(check.expectedMonthlyTax).toBe(naira(66_380));
    expect(check.difference).toBe(0);
    expect(check.differs).toBe(false);
  });

  it('flags a row whose tax_payable differs by more than ₦1, and tolerates rounding to the naira', () => {
    const off = recomputePayeRow(record({ tax_payable: '70,000' }), '2026-01');
    expect(off.differs).toBe(true);
    expect(off.difference).toBe(naira(3_620));
    expect(recomputePayeRow(record({ tax_payable: '66381' }), '2026-01').differs).toBe(false);
    expect(recomputePayeRow(record({ tax_payable: '66381.01' }), '2026-01').differs).toBe(true);
  });

  it('uses the regime of the period (PITA in 2025)', () => {
    // CRA = 200,000 + 20% × (6,000,000 − 408,000) = 1,318,400; chargeable 4,273,600
    // → 560,000 + 1,073,600 × 24% = 817,664 a year → 68,138.67 a month
    const check = recomputePayeRow(record(), '2025-06');
    expect(check.regime).toBe('PITA2011');
    expect(check.expectedMonthlyTax).toBe(6_813_867);
  });

  it('takes no pension when basic, housing and transport are empty', () => {
    const check = recomputePayeRow(record({ basic_salary: '', housing: '', transport: '' }), '2026-01');
    expect(check.monthlyPension).toBe(0);
    expect(check.expectedMonthlyTax).toBe(naira(72_500));
  });

  it('taxes bonus and 13th-month pay in the month paid, not twelve times', () => {
    // Regular 500,000 → 72,500 a month; the 100,000 bonus adds 100,000 × 18% once.
    const check = recomputePayeRow(
      record({ gross_income: '600000', bonus: '60000', '13th_month': '40000', basic_salary: '', housing: '', transport: '' }),
      '2026-01',
    );
    expect(check.irregularPay).toBe(naira(100_000));
    expect(check.expectedMonthlyTax).toBe(naira(90_500));
  });

  it('takes leave and passage allowances as once-a-year pay, like bonus and 13th month', () => {
    // Regular 500,000 a month → 72,500; leave 300,000 and 13th month 500,000 paid this month add
    // 800,000 once at 18%: 144,000. Annualising the leave would tax 3,600,000 more instead.
    const check = recomputePayeRow(
      record({ gross_income: '1300000', leave: '300000', '13th_month': '500000', basic_salary: '', housing: '', transport: '' }),
      '2026-01',
    );
    expect(check.irregularPay).toBe(naira(800_000));
    expect(check.expectedMonthlyTax).toBe(naira(72_500 + 144_000));
    const passage = recomputePayeRow(record({ gross_income: '600000', passage: '100000', basic_salary: '', housing: '', transport: '' }), '2026-01');
    expect(passage.expectedMonthlyTax).toBe(naira(90_500));
  });

  it('expects nothing from a minimum-wage earner', () => {
    const check = recomputePayeRow(
      record({ gross_income: '70000', tax_payable: '1', basic_salary: '', housing: '', transport: '' }),
      '2026-01',
    );
    expect(check.expectedMonthlyTax).toBe(0);
    expect(check.differs).toBe(false);
  });
});

describe('recomputePayeMoney', () => {
  it('gives the same check from the parser’s kobo as recomputePayeRow gives from the cells', () => {
    const records = [
      record(),
      record({ tax_payer_number: 'N-2000002', bonus: '1,200,000', '13th_month': '500000.50', housing: '' }),
      record({ tax_payer_number: 'C-2000003', gross_income: '₦80,000.00', tax_payable: '1', basic_salary: '', transport: '' }),
    ];
    const lines = records.map((r) => PAYE_TEMPLATE_HEADERS.map((header) => `"${r[header]}"`).join(','));
    const parsed = parsePayeCsv([PAYE_TEMPLATE_HEADERS.join(','), ...lines].join('\n'));
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.money[1][PAYE_TEMPLATE_HEADERS.indexOf('13th_month')]).toBe(asKobo(50_000_050));
    expect(parsed.money[1][PAYE_TEMPLATE_HEADERS.indexOf('housing')]).toBe(0);
    expect(parsed.money[0][PAYE_TEMPLATE_HEADERS.indexOf('name')]).toBe(0);
    records.forEach((r, index) => expect(recomputePayeMoney(parsed.money[index], '2026-01')).toEqual(recomputePayeRow(r, '2026-01')));
  });
});

describe('findPayeMismatches', () => {
  it('lists differing rows with their spreadsheet row numbers', () => {
    const rows = [
      record(),
      record({ tax_payer_number: 'N-7654321', name: 'Musa Ibrahim', tax_payable: '50000' }),
    ].map((r) => PAYE_TEMPLATE_HEADERS.map((header) => r[header]).join(','));
    const parsed = parsePayeCsv([PAYE_TEMPLATE_HEADERS.join(','), rows[0], '', rows[1]].join('\n'));
    if (!parsed.ok) throw new Error(parsed.message);
    expect(findPayeMismatches(parsed, '2026-01')).toEqual([
      {
        row: 4,
        taxPayerNumber: 'N-7654321',
        name: 'Musa Ibrahim',
        declaredMonthlyTax: naira(50_000),
        expectedMonthlyTax: naira(66_380),
        difference: naira(-16_380),
      },
    ]);
  });
});

describe('describePayeMismatch', () => {
  it('cites the provision of the regime in force', () => {
    const mismatch = { row: 4, name: 'Ngozi Eze', taxPayerNumber: 'N-1000003', declaredMonthlyTax: naira(12_000), expectedMonthlyTax: naira(13_450) };
    expect(describePayeMismatch(mismatch, 'NTA2025')).toBe('Row 4, Ngozi Eze (N-1000003): ₦12,000.00 declared, ₦13,450.00 by NTA 2025 s.58');
    expect(describePayeMismatch(mismatch, 'PITA2011')).toBe('Row 4, Ngozi Eze (N-1000003): ₦12,000.00 declared, ₦13,450.00 by PITA Sixth Schedule');
  });

  it('names only the employee for the payroll on file, which has no rows the user wrote', () => {
    const mismatch = { row: null, name: 'Ngozi Eze', taxPayerNumber: 'N-1000003', declaredMonthlyTax: naira(12_000), expectedMonthlyTax: naira(13_450) };
    expect(describePayeMismatch(mismatch, 'NTA2025')).toBe('Ngozi Eze (N-1000003): ₦12,000.00 declared, ₦13,450.00 by NTA 2025 s.58');
  });
});

describe('parsePayeFile: exempt employees', () => {
  const csvOf = (rows: Array<[string, string, string]>) =>
    [PAYE_TEMPLATE_HEADERS.join(','), ...rows.map(([tin, gross, tax]) => `${tin},Staff ${tin},Nigerian,Officer,${gross},${tax},${gross},0,0,0,0,0,0,0,0,0,0,0`)].join('\n');

  it('accepts ₦0.00 where the engine computes ₦0.00 for the month (NTA 2025 zero band), and bills the others', () => {
    const parsed = parsePayeFile(csvOf([['N-1000001', '70000', '0'], ['N-1000002', '500000', '65300']]), '2026-10');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.amounts).toEqual([0, 6_530_000]);
    expect(parsed.amountDue).toBe(6_530_000);
  });

  it('refuses ₦0.00 where tax is due, naming the row and the engine’s figure', () => {
    const parsed = parsePayeFile(csvOf([['N-1000001', '500000', '0']]), '2026-10');
    expect(parsed).toMatchObject({
      ok: false,
      errors: [{ row: 2, column: 'tax_payable', message: 'tax_payable must be a number greater than zero: ₦65,300.00 is due for this row by NTA 2025 s.58' }],
    });
  });

  it('judges by the month: ₦72,000 a month is exempt under NTA 2025 and owed PAYE under PITA in 2025', () => {
    expect(parsePayeFile(csvOf([['N-1000001', '72000', '0']]), '2026-10').ok).toBe(true);
    expect(parsePayeFile(csvOf([['N-1000001', '72000', '0']]), '2025-10').ok).toBe(false);
  });

  it('keeps the spec’s rule without a month, and refuses a negative amount either way', () => {
    expect(parsePayeCsv(csvOf([['N-1000001', '70000', '0']])).ok).toBe(false);
    expect(parsePayeFile(csvOf([['N-1000001', '70000', '-1']]), '2026-10')).toMatchObject({ ok: false, errors: [{ message: 'tax_payable must be a number greater than zero' }] });
  });
});
