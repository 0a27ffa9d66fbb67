import { describe, expect, it } from 'vitest';
import { parsePayeCsv } from './csv-parse';
import { CSV_MESSAGES, PAYE_TEMPLATE_HEADERS, type PayeRow } from './csv-templates';
import { asKobo, naira } from './money';
import {
  describePayeMismatch,
  findPayeMismatches,
  parsePayeFile,
  payrollRowNotices,
  recomputePayeMoney,
  recomputePayeRow,
} from './payroll-check';

function record(overrides: Partial<PayeRow> = {}): PayeRow {
  const empty = Object.fromEntries(PAYE_TEMPLATE_HEADERS.map((header) => [header, ''])) as PayeRow;
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
      record({
        gross_income: '600000',
        bonus: '60000',
        '13th_month': '40000',
        basic_salary: '',
        housing: '',
        transport: '',
      }),
      '2026-01',
    );
    expect(check.irregularPay).toBe(naira(100_000));
    expect(check.expectedMonthlyTax).toBe(naira(90_500));
  });

  it('takes leave and passage allowances as once-a-year pay, like bonus and 13th month', () => {
    // Regular 500,000 a month → 72,500; leave 300,000 and 13th month 500,000 paid this month add
    // 800,000 once at 18%: 144,000. Annualising the leave would tax 3,600,000 more instead.
    const check = recomputePayeRow(
      record({
        gross_income: '1300000',
        leave: '300000',
        '13th_month': '500000',
        basic_salary: '',
        housing: '',
        transport: '',
      }),
      '2026-01',
    );
    expect(check.irregularPay).toBe(naira(800_000));
    expect(check.expectedMonthlyTax).toBe(naira(72_500 + 144_000));
    const passage = recomputePayeRow(
      record({ gross_income: '600000', passage: '100000', basic_salary: '', housing: '', transport: '' }),
      '2026-01',
    );
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
      record({
        tax_payer_number: 'C-2000003',
        gross_income: '₦80,000.00',
        tax_payable: '1',
        basic_salary: '',
        transport: '',
      }),
    ];
    const lines = records.map((r) => PAYE_TEMPLATE_HEADERS.map((header) => `"${r[header]}"`).join(','));
    const parsed = parsePayeCsv([PAYE_TEMPLATE_HEADERS.join(','), ...lines].join('\n'));
    if (!parsed.ok) throw new Error(parsed.message);
    expect(parsed.money[1][PAYE_TEMPLATE_HEADERS.indexOf('13th_month')]).toBe(asKobo(50_000_050));
    expect(parsed.money[1][PAYE_TEMPLATE_HEADERS.indexOf('housing')]).toBe(0);
    expect(parsed.money[0][PAYE_TEMPLATE_HEADERS.indexOf('name')]).toBe(0);
    records.forEach((r, index) =>
      expect(recomputePayeMoney(parsed.money[index], '2026-01')).toEqual(recomputePayeRow(r, '2026-01')),
    );
  });
});

describe('findPayeMismatches', () => {
  it('lists differing rows with their spreadsheet row numbers', () => {
    const rows = [record(), record({ tax_payer_number: 'N-7654321', name: 'Musa Ibrahim', tax_payable: '50000' })].map(
      (r) => PAYE_TEMPLATE_HEADERS.map((header) => r[header]).join(','),
    );
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
    const mismatch = {
      row: 4,
      name: 'Ngozi Eze',
      taxPayerNumber: 'N-1000003',
      declaredMonthlyTax: naira(12_000),
      expectedMonthlyTax: naira(13_450),
    };
    expect(describePayeMismatch(mismatch, 'NTA2025')).toBe(
      'Row 4, Ngozi Eze (N-1000003): ₦12,000.00 declared, ₦13,450.00 by NTA 2025 s.58',
    );
    expect(describePayeMismatch(mismatch, 'PITA2011')).toBe(
      'Row 4, Ngozi Eze (N-1000003): ₦12,000.00 declared, ₦13,450.00 by PITA Sixth Schedule',
    );
  });

  it('names only the employee for the payroll on file, which has no rows the user wrote', () => {
    const mismatch = {
      row: null,
      name: 'Ngozi Eze',
      taxPayerNumber: 'N-1000003',
      declaredMonthlyTax: naira(12_000),
      expectedMonthlyTax: naira(13_450),
    };
    expect(describePayeMismatch(mismatch, 'NTA2025')).toBe(
      'Ngozi Eze (N-1000003): ₦12,000.00 declared, ₦13,450.00 by NTA 2025 s.58',
    );
  });
});

describe('parsePayeFile: exempt employees', () => {
  const csvOf = (rows: Array<[string, string, string]>) =>
    [
      PAYE_TEMPLATE_HEADERS.join(','),
      ...rows.map(
        ([tin, gross, tax]) => `${tin},Staff ${tin},Nigerian,Officer,${gross},${tax},${gross},0,0,0,0,0,0,0,0,0,0,0`,
      ),
    ].join('\n');

  it('accepts ₦0.00 where the engine computes ₦0.00 for the month (NTA 2025 zero band), and bills the others', () => {
    const parsed = parsePayeFile(
      csvOf([
        ['N-1000001', '70000', '0'],
        ['N-1000002', '500000', '65300'],
      ]),
      '2026-10',
    );
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.amounts).toEqual([0, 6_530_000]);
    expect(parsed.amountDue).toBe(6_530_000);
  });

  it('refuses ₦0.00 where tax is due, naming the row and the engine’s figure', () => {
    const parsed = parsePayeFile(csvOf([['N-1000001', '500000', '0']]), '2026-10');
    expect(parsed).toMatchObject({
      ok: false,
      errors: [
        {
          row: 2,
          column: 'tax_payable',
          message: 'tax_payable must be a number greater than zero: ₦65,300.00 is due for this row by NTA 2025 s.58',
        },
      ],
    });
  });

  it('judges by the month: ₦72,000 a month is exempt under NTA 2025 and owed PAYE under PITA in 2025', () => {
    expect(parsePayeFile(csvOf([['N-1000001', '72000', '0']]), '2026-10').ok).toBe(true);
    expect(parsePayeFile(csvOf([['N-1000001', '72000', '0']]), '2025-10').ok).toBe(false);
  });

  it('keeps the spec’s rule without a month, and refuses a negative amount either way', () => {
    expect(parsePayeCsv(csvOf([['N-1000001', '70000', '0']])).ok).toBe(false);
    expect(parsePayeFile(csvOf([['N-1000001', '70000', '-1']]), '2026-10')).toMatchObject({
      ok: false,
      errors: [{ message: 'tax_payable must be a number greater than zero' }],
    });
  });
});

describe('optional columns: residence and each employee’s reliefs', () => {
  const header = [...PAYE_TEMPLATE_HEADERS].join(',');
  // ₦500,000 a month, all basic pay: with nothing declared the PRA default pension (₦40,000) applies.
  const base = 'Chioma Eze,Nigerian,Accountant,500000,65300,500000,0,0,0,0,0,0,0,0,0,0,0';
  const parse = (extraHeaders: string, rows: string[]) => {
    const parsed = parsePayeCsv(
      [`${header},${extraHeaders}`, ...rows.map((row, index) => `N-10000${10 + index},${base},${row}`)].join('\n'),
    );
    if (!parsed.ok) throw new Error(`${parsed.message} ${JSON.stringify(parsed.errors)}`);
    return parsed;
  };
  const monthlyTax = (extraHeaders: string, row: string) => {
    const parsed = parse(extraHeaders, [row]);
    return recomputePayeMoney(parsed.money[0], '2026-01', undefined, parsed.optional![0]).expectedMonthlyTax;
  };

  it('applies each declared relief (NTA 2025 s.30), monthly amounts taken over twelve months', () => {
    expect(monthlyTax('pension', '')).toBe(naira(65_300));
    expect(monthlyTax('pension', '0')).toBe(naira(72_500));
    expect(monthlyTax('pension', '40000')).toBe(naira(65_300));
    // nhf ₦10,000 a month with pension declared 0: 6,000,000 − 120,000 → 848,400 a year.
    expect(monthlyTax('nhf,pension', '10000,0')).toBe(naira(70_700));
    expect(monthlyTax('pension,nhis', '0,5000')).toBe(naira(71_600));
    expect(monthlyTax('life_assurance,pension', '20000,0')).toBe(naira(68_900));
    expect(monthlyTax('mortgage_interest,pension', '25000,0')).toBe(naira(68_000));
  });

  it('takes NHF, NHIS, life assurance and mortgage interest as paid, however large: the Act gives them no ceiling', () => {
    // ₦400,000 a month relieved: 6,000,000 − 4,800,000 = 1,200,000 chargeable → 400,000 × 15% = ₦60,000 a year.
    for (const relief of ['nhf', 'nhis', 'life_assurance', 'mortgage_interest'])
      expect(monthlyTax(`${relief},pension`, '400000,0'), relief).toBe(naira(5_000));
  });

  it('refuses a figure no payroll can hold: PAYE above the gross, or pension, NHF and NHIS above it', () => {
    const refused = (extraHeaders: string, row: string) => {
      const parsed = parsePayeCsv(`${header}${extraHeaders}\nN-1000010,${row}`);
      return parsed.ok ? null : parsed.errors;
    };
    expect(refused('', 'Chioma Eze,Nigerian,Accountant,100000,150000,100000,0,0,0,0,0,0,0,0,0,0,0')).toEqual([
      {
        row: 2,
        column: 'tax_payable',
        message: "₦150,000.00 is more than gross_income ₦100,000.00: PAYE is deducted from the month's pay",
      },
    ]);
    expect(refused(',nhis,pension,nhf', `${base},30000,400000,80000`)).toEqual([
      {
        row: 2,
        column: 'pension',
        message:
          "pension, nhf and nhis (₦510,000.00) are more than gross_income ₦500,000.00: they are deducted from the month's pay",
      },
    ]);
    // Up to the whole gross is possible (net pay nil), and a row already refused for a cell is not judged again.
    expect(refused(',pension,nhf', `${base},400000,100000`)).toBeNull();
    expect(refused('', 'Chioma Eze,Nigerian,Accountant,abc,150000,0,0,0,0,0,0,0,0,0,0,0,0')).toEqual([
      { row: 2, column: 'gross_income', message: 'gross_income must be a number' },
    ]);
  });

  it('relieves 20% of a year’s rent, capped at ₦500,000', () => {
    expect(monthlyTax('annual_rent,pension', '1200000,0')).toBe(naira(68_900));
    expect(monthlyTax('annual_rent,pension', '3000000,0')).toBe(naira(65_000));
    expect(monthlyTax('annual_rent,pension', '2500000,0')).toBe(naira(65_000));
  });

  it('reads the columns in any order after the 18, keeps residence as written, and leaves empty cells out', () => {
    const parsed = parse('annual_rent,state_of_residence,nhf', ['1200000, Ogun ,', ',,2500']);
    expect(parsed.optionalHeaders).toEqual(['annual_rent', 'state_of_residence', 'nhf']);
    expect(parsed.optional).toEqual([
      { annual_rent: naira(1_200_000), state_of_residence: 'Ogun' },
      { nhf: naira(2_500) },
    ]);
    expect(parsed.money[0][PAYE_TEMPLATE_HEADERS.indexOf('other_allowances')]).toBe(0);
  });

  it('has no optional cells for a file of the 18 columns alone', () => {
    const parsed = parsePayeCsv(`${header}\nN-1000010,${base}`);
    expect(parsed.ok && parsed.optional).toBeNull();
  });

  it('refuses an unknown or repeated column by name with the spec’s header message, and a bad amount by row and column', () => {
    const unknown = parsePayeCsv(`${header},pension,bonus_2\nN-1000010,${base},1,2`);
    expect(unknown).toMatchObject({
      ok: false,
      message: CSV_MESSAGES.headersMismatch,
      errors: [
        {
          row: 1,
          column: null,
          message:
            "Column 20 'bonus_2' is not a template column: after the template's 18 columns a file may add state_of_residence, pension, nhf, nhis, " +
            'life_assurance, mortgage_interest, annual_rent',
        },
      ],
    });
    const twice = parsePayeCsv(`${header},nhf,NHF\nN-1000010,${base},1,2`);
    expect(twice).toMatchObject({
      ok: false,
      message: CSV_MESSAGES.headersMismatch,
      errors: [{ column: 'nhf', message: "The column 'nhf' appears twice" }],
    });
    const bad = parsePayeCsv(`${header},nhis\nN-1000010,${base},-5`);
    expect(bad).toMatchObject({
      ok: false,
      message: CSV_MESSAGES.columnData,
      errors: [{ row: 2, column: 'nhis', message: 'nhis must not be negative' }],
    });
  });

  it('accepts ₦0.00 declared where the employee’s reliefs bring the tax to nothing', () => {
    // ₦75,000 a month is above the minimum wage; 8% pension and ₦60,000 of rent relief leave it in the zero band.
    const row = 'N-1000010,Bisi Ade,Nigerian,Cleaner,75000,0,75000,0,0,0,0,0,0,0,0,0,0,0';
    expect(parsePayeFile(`${header},annual_rent\n${row},300000`, '2026-01').ok).toBe(true);
    expect(parsePayeFile(`${header}\n${row}`, '2026-01')).toMatchObject({
      ok: false,
      errors: [
        { message: 'tax_payable must be a number greater than zero: ₦350.00 is due for this row by NTA 2025 s.58' },
      ],
    });
  });
});

describe('payrollRowNotices: what a payroll officer checks besides the tax', () => {
  const header = PAYE_TEMPLATE_HEADERS.join(',');
  const parsedOf = (rows: string[]) => {
    const parsed = parsePayeCsv([header, ...rows].join('\n'));
    if (!parsed.ok) throw new Error(parsed.message);
    return parsed;
  };

  it('names an employee whose gross is not the sum of the components listed, and one paid below the minimum wage', () => {
    const parsed = parsedOf([
      'N-1000001,Chioma Eze,Nigerian,Accountant,500000,65300,300000,100000,50000,0,0,0,0,0,0,0,0,0',
      'N-1000002,Tunde Bakare,Nigerian,Driver,500000,65300,,,,,,,,,,,,',
      'N-1000003,Bisi Ade,Nigerian,Cleaner,50000,1,30000,10000,10000,0,0,0,0,0,0,0,0,0',
      'C-1000004,Musa Bello,Nigerian,Officer,400000,50000,200000,100000,50000,0,0,0,0,0,0,0,0,50000',
    ]);
    expect(payrollRowNotices(parsed, '2026-10')).toEqual([
      {
        kind: 'gross_not_components',
        row: 2,
        taxPayerNumber: 'N-1000001',
        name: 'Chioma Eze',
        message: 'Chioma Eze (N-1000001): gross income ₦500,000.00 is not the sum of its pay components, ₦450,000.00',
      },
      {
        kind: 'below_minimum_wage',
        row: 4,
        taxPayerNumber: 'N-1000003',
        name: 'Bisi Ade',
        message:
          'Bisi Ade (N-1000003): gross income ₦50,000.00 is below the national minimum wage of ₦70,000.00 a month (National Minimum Wage (Amendment) Act 2024)',
      },
    ]);
  });

  it('judges the minimum wage in force in the month', () => {
    const parsed = parsedOf(['N-1000003,Bisi Ade,Nigerian,Cleaner,50000,1,50000,0,0,0,0,0,0,0,0,0,0,0']);
    expect(payrollRowNotices(parsed, '2024-04')).toEqual([]);
    expect(payrollRowNotices(parsed, '2024-05').map((notice) => notice.kind)).toEqual(['below_minimum_wage']);
  });
});
