import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asKobo, naira } from './money';
import {
  computeBandTax,
  computePaye,
  computePayeUnderRegime,
  defaultNhf,
  defaultPension,
  minimumWageForPeriod,
  otherPayeRegime,
  regimeForPeriod,
  type PayeInput,
} from './paye';
import { TaxInputError } from './tax-input-error';

const kobo = (value: number) => asKobo(value);

describe('regime and minimum wage by month', () => {
  it('uses PITA to December 2025 and NTA 2025 from January 2026', () => {
    expect(regimeForPeriod('2020-01')).toBe('PITA2011');
    expect(regimeForPeriod('2025-12')).toBe('PITA2011');
    expect(regimeForPeriod('2026-01')).toBe('NTA2025');
    expect(regimeForPeriod('2031-07')).toBe('NTA2025');
    expect(otherPayeRegime('NTA2025')).toBe('PITA2011');
    expect(otherPayeRegime('PITA2011')).toBe('NTA2025');
  });

  it('uses the ₦70,000 minimum wage from May 2024 and ₦30,000 before', () => {
    expect(minimumWageForPeriod('2024-04')).toBe(naira(30_000));
    expect(minimumWageForPeriod('2024-05')).toBe(naira(70_000));
    expect(minimumWageForPeriod('2026-03')).toBe(naira(70_000));
  });

  it('refuses malformed and unsupported months, naming the field', () => {
    for (const period of ['2026-13', '2026-1', '202601', '', '2019-12']) {
      expect(() => regimeForPeriod(period)).toThrow(TaxInputError);
      try {
        regimeForPeriod(period);
      } catch (error) {
        expect((error as TaxInputError).field).toBe('period');
      }
    }
  });
});

describe('NTA 2025 worked checks (docs/tax-rules.md §1)', () => {
  it('chargeable ₦5,000,000 → ₦690,000 a year', () => {
    const result = computePaye({ period: '2026-01', annualGross: naira(5_000_000) });
    expect(result.regime).toBe('NTA2025');
    expect(result.chargeableIncome).toBe(naira(5_000_000));
    expect(result.annualTax).toBe(naira(690_000));
    expect(result.monthlyTax).toBe(naira(57_500));
    expect(result.bands.map((band) => band.tax)).toEqual([0, naira(330_000), naira(360_000), 0, 0, 0]);
  });

  it('gross ₦6,000,000, rent ₦1,200,000 → ₦826,800 a year, ₦68,900 a month', () => {
    const result = computePaye({
      period: '2026-01',
      annualGross: naira(6_000_000),
      annualRent: naira(1_200_000),
    });
    expect(result.reliefs.rentRelief).toBe(naira(240_000));
    expect(result.chargeableIncome).toBe(naira(5_760_000));
    expect(result.annualTax).toBe(naira(826_800));
    expect(result.monthlyTax).toBe(naira(68_900));
    expect(result.effectiveRateBps).toBe(1_378);
    expect(result.effectiveRate).toBe(0.1378);
    expect(result.netAnnual).toBe(naira(5_173_200));
    expect(result.netMonthly).toBe(naira(431_100));
    expect(result.exempt).toBe(false);
  });

  it('gross ₦12,000,000, pension 8%, rent ₦2,400,000 → ₦1,690,800 a year, ₦140,900 a month', () => {
    const result = computePaye({
      period: '2026-01',
      annualGross: naira(12_000_000),
      pensionableComponents: { basic: naira(12_000_000) },
      annualRent: naira(2_400_000),
    });
    expect(result.reliefs.pension).toBe(naira(960_000));
    expect(result.reliefs.rentRelief).toBe(naira(480_000));
    expect(result.chargeableIncome).toBe(naira(10_560_000));
    expect(result.annualTax).toBe(naira(1_690_800));
    expect(result.monthlyTax).toBe(naira(140_900));
    expect(result.netAnnual).toBe(naira(12_000_000 - 1_690_800 - 960_000));
  });

  it('₦500,000 a month with nothing else → ₦870,000 a year (the calculator journey)', () => {
    const result = computePaye({ period: '2026-03', annualGross: naira(6_000_000) });
    expect(result.annualTax).toBe(naira(870_000));
    expect(result.monthlyTax).toBe(naira(72_500));
    expect(result.effectiveRate).toBe(0.145);
  });

  it('caps rent relief at ₦500,000', () => {
    const result = computePaye({
      period: '2026-01',
      annualGross: naira(20_000_000),
      annualRent: naira(6_000_000),
    });
    expect(result.reliefs.rentRelief).toBe(naira(500_000));
    expect(result.chargeableIncome).toBe(naira(19_500_000));
    // 1,950,000 + 7,500,000 × 21%
    expect(result.annualTax).toBe(naira(3_525_000));
  });

  it('deducts pension, NHF, NHIS, life assurance and mortgage interest', () => {
    const result = computePaye({
      period: '2026-06',
      annualGross: naira(10_000_000),
      pension: naira(500_000),
      nhf: naira(100_000),
      nhis: naira(50_000),
      lifeAssurance: naira(200_000),
      mortgageInterest: naira(150_000),
      annualRent: naira(1_000_000),
    });
    expect(result.reliefs).toEqual({
      pension: naira(500_000),
      nhf: naira(100_000),
      nhis: naira(50_000),
      lifeAssurance: naira(200_000),
      mortgageInterest: naira(150_000),
      rentRelief: naira(200_000),
      cra: 0,
    });
    expect(result.totalReliefs).toBe(naira(1_200_000));
    expect(result.chargeableIncome).toBe(naira(8_800_000));
    // 330,000 + 5,800,000 × 18%
    expect(result.annualTax).toBe(naira(1_374_000));
    // gross − tax − pension − NHF − NHIS
    expect(result.netAnnual).toBe(naira(10_000_000 - 1_374_000 - 500_000 - 100_000 - 50_000));
  });

  it('defaults pension to 8% of basic + housing + transport only when no pension is given', () => {
    const components = { basic: naira(3_000_000), housing: naira(1_500_000), transport: naira(500_000) };
    expect(defaultPension(components)).toBe(naira(400_000));
    const defaulted = computePaye({
      period: '2026-01',
      annualGross: naira(6_000_000),
      pensionableComponents: components,
    });
    expect(defaulted.reliefs.pension).toBe(naira(400_000));
    const explicit = computePaye({
      period: '2026-01',
      annualGross: naira(6_000_000),
      pensionableComponents: components,
      pension: naira(100_000),
    });
    expect(explicit.reliefs.pension).toBe(naira(100_000));
    expect(computePaye({ period: '2026-01', annualGross: naira(6_000_000) }).reliefs.pension).toBe(0);
    expect(defaultNhf(naira(3_000_000))).toBe(naira(75_000));
  });

  it('has no CRA and no minimum tax', () => {
    const result = computePaye({
      period: '2026-01',
      annualGross: naira(2_000_000),
      lifeAssurance: naira(1_500_000),
    });
    expect(result.reliefs.cra).toBe(0);
    expect(result.minimumTax).toBe(0);
    expect(result.chargeableIncome).toBe(naira(500_000));
    expect(result.annualTax).toBe(0);
    expect(result.minimumTaxApplied).toBe(false);
  });
});

describe('PITA worked check and rules (docs/tax-rules.md §2)', () => {
  it('PwC: gross ₦4,000,000, pension ₦320,000 → CRA ₦936,000, ₦464,240 a year', () => {
    const result = computePaye({
      period: '2025-06',
      annualGross: naira(4_000_000),
      pension: naira(320_000),
    });
    expect(result.regime).toBe('PITA2011');
    expect(result.reliefs.cra).toBe(naira(936_000));
    expect(result.chargeableIncome).toBe(naira(2_744_000));
    expect(result.bands.map((band) => band.tax)).toEqual([
      naira(21_000),
      naira(33_000),
      naira(75_000),
      naira(95_000),
      naira(240_240),
      0,
    ]);
    expect(result.annualTax).toBe(naira(464_240));
    expect(result.monthlyTax).toBe(asKobo(3_868_667)); // 38,686.666… rounds to 38,686.67
    expect(result.minimumTaxApplied).toBe(false);
  });

  it('uses 1% of gross for the CRA floor when it exceeds ₦200,000', () => {
    const result = computePaye({ period: '2025-01', annualGross: naira(30_000_000) });
    // max(200,000, 300,000) + 20% × 30,000,000
    expect(result.reliefs.cra).toBe(naira(6_300_000));
    expect(result.chargeableIncome).toBe(naira(23_700_000));
    // 560,000 + 20,500,000 × 24%
    expect(result.annualTax).toBe(naira(5_480_000));
  });

  it('ignores rent and mortgage interest, which PITA does not relieve', () => {
    const withRent = computePaye({
      period: '2025-06',
      annualGross: naira(4_000_000),
      pension: naira(320_000),
      annualRent: naira(1_000_000),
      mortgageInterest: naira(300_000),
    });
    expect(withRent.reliefs.rentRelief).toBe(0);
    expect(withRent.reliefs.mortgageInterest).toBe(0);
    expect(withRent.annualTax).toBe(naira(464_240));
  });

  it('charges the 1% minimum tax when reliefs leave the tax below it', () => {
    const result = computePaye({
      period: '2025-06',
      annualGross: naira(2_000_000),
      lifeAssurance: naira(1_350_000),
    });
    // CRA 200,000 + 400,000; chargeable 2,000,000 − 600,000 − 1,350,000 = 50,000 → 3,500
    expect(result.chargeableIncome).toBe(naira(50_000));
    expect(result.bandTax).toBe(naira(3_500));
    expect(result.minimumTax).toBe(naira(20_000));
    expect(result.minimumTaxApplied).toBe(true);
    expect(result.annualTax).toBe(naira(20_000));
  });

  it('shows the other regime side by side', () => {
    const input: PayeInput = { period: '2026-01', annualGross: naira(6_000_000) };
    const pita = computePayeUnderRegime('PITA2011', input);
    expect(pita.regime).toBe('PITA2011');
    // CRA 200,000 + 1,200,000; chargeable 4,600,000 → 560,000 + 1,400,000 × 24%
    expect(pita.chargeableIncome).toBe(naira(4_600_000));
    expect(pita.annualTax).toBe(naira(896_000));
    expect(computePaye(input).annualTax).toBe(naira(870_000));
  });
});

describe('band edges', () => {
  const ntaEdges: Array<[number, number]> = [
    [800_000, 0],
    [3_000_000, 330_000],
    [12_000_000, 1_950_000],
    [25_000_000, 4_680_000],
    [50_000_000, 10_430_000],
  ];
  const pitaEdges: Array<[number, number]> = [
    [300_000, 21_000],
    [600_000, 54_000],
    [1_100_000, 129_000],
    [1_600_000, 224_000],
    [3_200_000, 560_000],
  ];

  it.each(ntaEdges)('NTA: exactly ₦%d → ₦%d, one kobo over taxes the kobo at the next rate', (edge, tax) => {
    const at = computeBandTax('NTA2025', naira(edge));
    expect(at.bandTax).toBe(naira(tax));
    const index = ntaEdges.findIndex(([value]) => value === edge);
    expect(at.bands[index + 1].taxable).toBe(0);

    const over = computeBandTax('NTA2025', kobo(naira(edge) + 1));
    expect(over.bands[index + 1].taxable).toBe(1);
    expect(over.bandTax).toBe(naira(tax)); // 0.15–0.25 kobo rounds away
    // 100 kobo over: exactly the next band's rate in kobo.
    const hundredOver = computeBandTax('NTA2025', kobo(naira(edge) + 100));
    expect(hundredOver.bandTax - naira(tax)).toBe(at.bands[index + 1].rateBps / 100);
  });

  it.each(pitaEdges)('PITA: exactly ₦%d → ₦%d, one kobo over taxes the kobo at the next rate', (edge, tax) => {
    const at = computeBandTax('PITA2011', naira(edge));
    expect(at.bandTax).toBe(naira(tax));
    const index = pitaEdges.findIndex(([value]) => value === edge);
    const over = computeBandTax('PITA2011', kobo(naira(edge) + 1));
    expect(over.bands[index + 1].taxable).toBe(1);
    expect(over.bandTax).toBe(naira(tax));
    const hundredOver = computeBandTax('PITA2011', kobo(naira(edge) + 100));
    expect(hundredOver.bandTax - naira(tax)).toBe(at.bands[index + 1].rateBps / 100);
  });

  it('rounds fractions of a kobo half away from zero, once', () => {
    // 3 kobo over ₦3m at 18% = 0.54 kobo → 1 kobo.
    expect(computeBandTax('NTA2025', kobo(naira(3_000_000) + 3)).bandTax).toBe(naira(330_000) + 1);
    // 2 kobo over ₦800k at 15% = 0.3 kobo → 0.
    expect(computeBandTax('NTA2025', kobo(naira(800_000) + 2)).bandTax).toBe(0);
    // 10 kobo at 15% = 1.5 kobo → 2.
    expect(computeBandTax('NTA2025', kobo(naira(800_000) + 10)).bandTax).toBe(2);
  });

  it('describes each band with its bounds', () => {
    const { bands } = computeBandTax('NTA2025', naira(60_000_000));
    expect(bands.map(({ from, to, rateBps }) => [from, to, rateBps])).toEqual([
      [0, naira(800_000), 0],
      [naira(800_000), naira(3_000_000), 1_500],
      [naira(3_000_000), naira(12_000_000), 1_800],
      [naira(12_000_000), naira(25_000_000), 2_100],
      [naira(25_000_000), naira(50_000_000), 2_300],
      [naira(50_000_000), null, 2_500],
    ]);
    expect(bands[5].taxable).toBe(naira(10_000_000));
    expect(bands[5].tax).toBe(naira(2_500_000));
  });

  it('stays exact for incomes whose band products pass 2^53', () => {
    // ₦50bn chargeable: 10,430,000 + (50bn − 50m) × 25%
    const { bandTax } = computeBandTax('NTA2025', naira(50_000_000_000));
    expect(bandTax).toBe(naira(10_430_000 + 12_487_500_000));
  });
});

describe('minimum-wage exemption either side of 1 May 2024', () => {
  it('taxes ₦50,000 a month in April 2024 and exempts it from May 2024', () => {
    const april = computePaye({ period: '2024-04', annualGross: naira(600_000) });
    // CRA 200,000 + 120,000; chargeable 280,000 × 7%
    expect(april.exempt).toBe(false);
    expect(april.annualTax).toBe(naira(19_600));
    const may = computePaye({ period: '2024-05', annualGross: naira(600_000) });
    expect(may.exempt).toBe(true);
    expect(may.annualTax).toBe(0);
    expect(may.monthlyTax).toBe(0);
    expect(may.bands.every((band) => band.tax === 0)).toBe(true);
  });

  it('exempts exactly the minimum wage and taxes one kobo more (NTA)', () => {
    const at = computePaye({ period: '2026-01', annualGross: naira(840_000) });
    expect(at.exempt).toBe(true);
    expect(at.annualTax).toBe(0);
    expect(at.chargeableIncome).toBe(naira(840_000));
    const over = computePaye({ period: '2026-01', annualGross: kobo(naira(840_000) + 1) });
    expect(over.exempt).toBe(false);
    // (40,000.01) × 15% = 6,000.0015
    expect(over.annualTax).toBe(naira(6_000));
  });

  it('exempts exactly ₦30,000 a month before May 2024 (PITA minimum tax not charged)', () => {
    const at = computePaye({ period: '2023-06', annualGross: naira(360_000) });
    expect(at.exempt).toBe(true);
    expect(at.annualTax).toBe(0);
    const over = computePaye({ period: '2023-06', annualGross: kobo(naira(360_000) + 100) });
    expect(over.exempt).toBe(false);
    // CRA 200,000 + 72,000.20 → chargeable 88,000.80 → 7% = 6,160.06; min tax 3,600.01
    expect(over.annualTax).toBe(asKobo(616_006));
  });
});

describe('input errors name the field', () => {
  it('refuses an unknown regime', () => {
    const input = { period: '2026-01', annualGross: naira(1_000_000) };
    expect(() => computePayeUnderRegime('toString' as 'NTA2025', input)).toThrow("Unknown PAYE regime 'toString'");
    expect(() => computeBandTax('PITA' as 'PITA2011', naira(1))).toThrow(TaxInputError);
  });

  it.each([
    [{ annualGross: -1 }, 'annualGross'],
    [{ annualGross: 1.5 }, 'annualGross'],
    [{ annualGross: Number.NaN }, 'annualGross'],
    [{ annualGross: 100, nhf: -5 }, 'nhf'],
    [{ annualGross: 100, pension: 0.5 }, 'pension'],
    [{ annualGross: 100, annualRent: -1 }, 'annualRent'],
    [{ annualGross: 100, mortgageInterest: -1 }, 'mortgageInterest'],
  ])('%j → %s', (overrides, field) => {
    const input = { period: '2026-01', ...overrides } as unknown as PayeInput;
    expect(() => computePaye(input)).toThrow(TaxInputError);
    try {
      computePaye(input);
    } catch (error) {
      expect((error as TaxInputError).field).toBe(field);
    }
  });
});

describe('properties', () => {
  const amount = (max: number) => fc.integer({ min: 0, max }).map((value) => asKobo(value));
  const period = fc.constantFrom('2021-03', '2024-04', '2024-05', '2025-12', '2026-01', '2027-09');
  const deductions = fc.record({
    pension: amount(naira(2_000_000)),
    nhf: amount(naira(300_000)),
    nhis: amount(naira(300_000)),
    lifeAssurance: amount(naira(500_000)),
    mortgageInterest: amount(naira(500_000)),
    annualRent: amount(naira(5_000_000)),
  });
  const gross = amount(naira(200_000_000));

  it('tax never falls as gross income rises (both regimes)', () => {
    fc.assert(
      fc.property(
        period,
        deductions,
        gross,
        gross,
        fc.constantFrom('NTA2025', 'PITA2011' as const),
        (p, d, a, b, regime) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          const lowTax = computePayeUnderRegime(regime, { period: p, annualGross: low, ...d }).annualTax;
          const highTax = computePayeUnderRegime(regime, { period: p, annualGross: high, ...d }).annualTax;
          expect(highTax).toBeGreaterThanOrEqual(lowTax);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('tax never falls by adding one kobo of income', () => {
    fc.assert(
      fc.property(period, deductions, gross, (p, d, g) => {
        const base = computePaye({ period: p, annualGross: g, ...d }).annualTax;
        const next = computePaye({ period: p, annualGross: asKobo(g + 1), ...d }).annualTax;
        expect(next).toBeGreaterThanOrEqual(base);
      }),
      { numRuns: 500 },
    );
  });

  it('monthly × 12 equals annual within one kobo per month', () => {
    fc.assert(
      fc.property(period, deductions, gross, (p, d, g) => {
        const result = computePaye({ period: p, annualGross: g, ...d });
        expect(Math.abs(result.monthlyTax * 12 - result.annualTax)).toBeLessThanOrEqual(6);
      }),
      { numRuns: 500 },
    );
  });

  it('net + tax = gross − pension − NHF − NHIS', () => {
    fc.assert(
      fc.property(period, deductions, gross, (p, d, g) => {
        const result = computePaye({ period: p, annualGross: g, ...d });
        expect(result.netAnnual + result.annualTax).toBe(g - d.pension - d.nhf - d.nhis);
      }),
      { numRuns: 500 },
    );
  });

  it('bands cover chargeable income, and their rounded taxes sum to the total within a kobo each', () => {
    fc.assert(
      fc.property(fc.constantFrom('NTA2025', 'PITA2011' as const), amount(naira(500_000_000)), (regime, chargeable) => {
        const { bands, bandTax } = computeBandTax(regime, chargeable);
        expect(bands.reduce((sum, band) => sum + band.taxable, 0)).toBe(chargeable);
        const rounded = bands.reduce((sum, band) => sum + band.tax, 0);
        expect(Math.abs(rounded - bandTax)).toBeLessThanOrEqual(3);
        // The exact total rounded once.
        const exact = bands.reduce((sum, band) => sum + BigInt(band.taxable) * BigInt(band.rateBps), 0n);
        const floor = exact / 10_000n;
        const expected = exact - floor * 10_000n >= 5_000n ? floor + 1n : floor;
        expect(BigInt(bandTax)).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it('chargeable income is gross less reliefs, never negative', () => {
    fc.assert(
      fc.property(period, deductions, gross, (p, d, g) => {
        const result = computePaye({ period: p, annualGross: g, ...d });
        expect(result.chargeableIncome).toBe(Math.max(0, g - result.totalReliefs));
        expect(result.annualTax).toBeLessThanOrEqual(g);
      }),
      { numRuns: 300 },
    );
  });
});
