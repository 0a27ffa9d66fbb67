import type { Dated } from './dated';
import { naira, type Kobo } from './money';

export type PayeRegime = 'NTA2025' | 'PITA2011';

/** One slice of a graduated scale: taxed at `rateBps` up to cumulative income `upTo`. */
export interface PayeBandRule {
  /** Upper bound of the slice on annual chargeable income; null for the open top slice. */
  readonly upTo: Kobo | null;
  readonly rateBps: number;
}

export interface NtaPayeRules {
  readonly regime: 'NTA2025';
  readonly name: string;
  /** The name a table header or a comparison uses. */
  readonly shortName: string;
  /** The provision that sets the rates, as a warning cites it. */
  readonly citation: string;
  readonly source: string;
  readonly bands: readonly PayeBandRule[];
  /** Rent relief: `rateBps` of annual rent paid, capped at `cap`. */
  readonly rentRelief: { readonly rateBps: number; readonly cap: Kobo };
}

export interface PitaPayeRules {
  readonly regime: 'PITA2011';
  readonly name: string;
  /** The name a table header or a comparison uses. */
  readonly shortName: string;
  /** The provision that sets the rates, as a warning cites it. */
  readonly citation: string;
  readonly source: string;
  readonly bands: readonly PayeBandRule[];
  /**
   * Consolidated Relief Allowance: max(`floor`, `grossRateBps` of gross) plus
   * `twentyPercentRateBps` of the base named by `twentyPercentBase`.
   */
  readonly cra: {
    readonly floor: Kobo;
    readonly grossRateBps: number;
    readonly twentyPercentRateBps: number;
    /**
     * Unsettled in law (docs/tax-rules.md §2): whether the 20% term is on gross before or after
     * pension. Default per PwC's worked example: gross less pension.
     */
    readonly twentyPercentBase: 'grossLessPension' | 'gross';
  };
  /** Minimum tax: this share of gross income when reliefs leave the tax below it. */
  readonly minimumTaxRateBps: number;
}

export type PayeRules = NtaPayeRules | PitaPayeRules;

// Nigeria Tax Act 2025, Fourth Schedule (s.58): rates on annual chargeable income.
// Rent relief: NTA 2025 s.30(2)(a)(vi) — 20% of annual rent paid, at most ₦500,000.
// No CRA, no personal relief, no minimum tax for individuals (docs/tax-rules.md §1).
export const NTA_2025_PAYE_RULES: NtaPayeRules = {
  regime: 'NTA2025',
  name: 'Nigeria Tax Act 2025',
  shortName: 'NTA 2025',
  citation: 'NTA 2025 s.58',
  source: 'NTA 2025 Fourth Schedule (s.58); rent relief s.30(2)(a)(vi)',
  bands: [
    { upTo: naira(800_000), rateBps: 0 },
    { upTo: naira(3_000_000), rateBps: 1_500 },
    { upTo: naira(12_000_000), rateBps: 1_800 },
    { upTo: naira(25_000_000), rateBps: 2_100 },
    { upTo: naira(50_000_000), rateBps: 2_300 },
    { upTo: null, rateBps: 2_500 },
  ],
  rentRelief: { rateBps: 2_000, cap: naira(500_000) },
};

// Personal Income Tax Act (as amended 2011, Finance Act 2020): Sixth Schedule rates on taxable
// income; CRA s.33(1); minimum tax 1% of gross income s.37 (docs/tax-rules.md §2).
export const PITA_2011_PAYE_RULES: PitaPayeRules = {
  regime: 'PITA2011',
  name: 'Personal Income Tax Act (as amended 2011)',
  shortName: 'PITA',
  citation: 'PITA Sixth Schedule',
  source: 'PITA Sixth Schedule; CRA s.33(1); minimum tax s.37',
  bands: [
    { upTo: naira(300_000), rateBps: 700 },
    { upTo: naira(600_000), rateBps: 1_100 },
    { upTo: naira(1_100_000), rateBps: 1_500 },
    { upTo: naira(1_600_000), rateBps: 1_900 },
    { upTo: naira(3_200_000), rateBps: 2_100 },
    { upTo: null, rateBps: 2_400 },
  ],
  cra: {
    floor: naira(200_000),
    grossRateBps: 100,
    twentyPercentRateBps: 2_000,
    twentyPercentBase: 'grossLessPension',
  },
  minimumTaxRateBps: 100,
};

export const PAYE_RULES: Readonly<Record<PayeRegime, PayeRules>> = {
  NTA2025: NTA_2025_PAYE_RULES,
  PITA2011: PITA_2011_PAYE_RULES,
};

/**
 * Which regime governs a month. NTA 2025 is in force from 1 January 2026 (docs/tax-rules.md §1);
 * PITA before. The engine supports months from January 2020 (PITA as amended by the Finance
 * Act 2020, the text docs/tax-rules.md §2 describes).
 */
export const PAYE_REGIME_TABLE: readonly Dated<PayeRegime>[] = [
  { from: '2020-01-01', source: 'PITA as amended; Finance Act 2020', value: 'PITA2011' },
  { from: '2026-01-01', source: 'NTA 2025 (Act No. 7), in force 1 Jan 2026', value: 'NTA2025' },
];

export const EARLIEST_SUPPORTED_PERIOD = '2020-01';

/**
 * National minimum wage per month. An employee earning it or less pays no PAYE
 * (PITA Third Schedule; NTA 2025; docs/tax-rules.md §1–2). ₦30,000 from the National Minimum Wage
 * Act 2019 (April 2019); ₦70,000 from 1 May 2024 (National Minimum Wage (Amendment) Act 2024).
 */
export const MINIMUM_WAGE_TABLE: readonly Dated<Kobo>[] = [
  { from: '2019-04-18', source: 'National Minimum Wage Act 2019', value: naira(30_000) },
  { from: '2024-05-01', source: 'National Minimum Wage (Amendment) Act 2024', value: naira(70_000) },
];

// Employee pension contribution: at least 8% of basic + housing + transport (PRA 2014 s.4(1)).
export const PENSION_EMPLOYEE_RATE_BPS = 800;
// National Housing Fund: 2.5% of basic salary (NHF Act 1992 s.4; common payroll practice).
export const NHF_RATE_BPS = 250;
