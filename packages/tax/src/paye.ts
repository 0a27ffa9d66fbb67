import { firstDayOfPeriod, parsePeriod, type Period } from './calendar';
import { findInForce } from './dated';
import {
  applyRate,
  asKobo,
  BPS_PER_UNIT,
  divideKobo,
  multiplyDivideRound,
  roundHalfAwayFromZero,
  roundHalfAwayFromZeroBig,
  ZERO_KOBO,
  type Kobo,
} from './money';
import {
  EARLIEST_SUPPORTED_PERIOD,
  MINIMUM_WAGE_TABLE,
  NHF_RATE_BPS,
  PAYE_REGIME_TABLE,
  PAYE_RULES,
  PENSION_EMPLOYEE_RATE_BPS,
  type PayeBandRule,
  type PayeRegime,
  type PitaPayeRules,
} from './paye-rules';
import { TaxInputError } from './tax-input-error';

/** Annual pensionable pay components; pension defaults to 8% of their sum. */
export interface PensionableComponents {
  basic?: Kobo;
  housing?: Kobo;
  transport?: Kobo;
}

/** Annual figures in kobo. An omitted deduction is 0 (pension: see `pensionableComponents`). */
export interface PayeInput {
  /** The tax month, `YYYY-MM`; it picks the regime and the minimum wage. */
  period: Period;
  /** Annual gross (taxable) emoluments. */
  annualGross: Kobo;
  /** Employee pension contribution under the PRA. When omitted and `pensionableComponents` are
   * given, 8% of basic + housing + transport; otherwise 0. */
  pension?: Kobo;
  pensionableComponents?: PensionableComponents;
  /** National Housing Fund contribution. */
  nhf?: Kobo;
  /** National Health Insurance contribution. */
  nhis?: Kobo;
  /** Life-insurance or deferred-annuity premiums (self or spouse). */
  lifeAssurance?: Kobo;
  /** Interest on a loan for an owner-occupied residence (NTA 2025 only). */
  mortgageInterest?: Kobo;
  /** Annual rent paid, for rent relief (NTA 2025 only). */
  annualRent?: Kobo;
}

export interface PayeBand {
  /** Lower bound of the slice on annual chargeable income. */
  from: Kobo;
  /** Upper bound; null for the open top slice. */
  to: Kobo | null;
  rateBps: number;
  /** The part of chargeable income that falls in this slice. */
  taxable: Kobo;
  /** Tax on that part, rounded once (0 for every band when the employee is exempt). */
  tax: Kobo;
}

export interface PayeReliefs {
  pension: Kobo;
  nhf: Kobo;
  nhis: Kobo;
  lifeAssurance: Kobo;
  /** NTA 2025 only; 0 under PITA. */
  mortgageInterest: Kobo;
  /** NTA 2025 only: 20% of rent, capped; 0 under PITA. */
  rentRelief: Kobo;
  /** PITA only: Consolidated Relief Allowance; 0 under NTA 2025. */
  cra: Kobo;
}

export interface PayeResult {
  regime: PayeRegime;
  period: Period;
  annualGross: Kobo;
  reliefs: PayeReliefs;
  /** Sum of `reliefs`. */
  totalReliefs: Kobo;
  /** max(0, annual gross − total reliefs). */
  chargeableIncome: Kobo;
  bands: PayeBand[];
  /** Tax from the bands, before the minimum tax and the exemption. */
  bandTax: Kobo;
  /** PITA minimum tax (1% of gross); 0 under NTA 2025. */
  minimumTax: Kobo;
  /** True when the PITA minimum tax replaced a lower band tax. */
  minimumTaxApplied: boolean;
  /** True when gross pay is at or below the national minimum wage: no PAYE at all. */
  exempt: boolean;
  /** The monthly minimum wage in force for the period. */
  minimumWageMonthly: Kobo;
  annualTax: Kobo;
  /** annualTax ÷ 12, rounded to the kobo. */
  monthlyTax: Kobo;
  /** annualTax ÷ annualGross in basis points, rounded (0 when gross is 0). */
  effectiveRateBps: number;
  /** The same as a fraction, e.g. 0.1138. */
  effectiveRate: number;
  /** Pay after PAYE and the deductions an employer withholds: gross − tax − pension − NHF − NHIS.
   * Life assurance, mortgage interest and rent give relief but are paid from net pay. */
  netAnnual: Kobo;
  netMonthly: Kobo;
}

const DEDUCTION_FIELDS = ['pension', 'nhf', 'nhis', 'lifeAssurance', 'mortgageInterest', 'annualRent'] as const;

function requireAmount(value: unknown, field: string): Kobo {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw new TaxInputError(field, `${field} must be a whole number of kobo`);
  }
  if (value < 0) throw new TaxInputError(field, `${field} must not be negative`);
  return asKobo(value);
}

function optionalAmount(value: unknown, field: string): Kobo {
  return value === undefined || value === null ? ZERO_KOBO : requireAmount(value, field);
}

function requireSupportedPeriod(period: Period): void {
  parsePeriod(period);
  if (period < EARLIEST_SUPPORTED_PERIOD) {
    throw new TaxInputError('period', `Periods before ${EARLIEST_SUPPORTED_PERIOD} are not supported`);
  }
}

interface PeriodRules {
  regime: PayeRegime;
  minimumWageMonthly: Kobo;
}

// The dated tables are constants, so a month's lookups can be remembered (a few hundred
// entries at most: one per distinct month asked about).
const periodRulesCache = new Map<Period, PeriodRules>();

function rulesForPeriod(period: Period): PeriodRules {
  const cached = periodRulesCache.get(period);
  if (cached) return cached;
  requireSupportedPeriod(period);
  const firstDay = firstDayOfPeriod(period);
  const regime = findInForce(PAYE_REGIME_TABLE, firstDay);
  if (!regime) throw new TaxInputError('period', `No PAYE regime is known for ${period}`);
  const minimumWageMonthly = findInForce(MINIMUM_WAGE_TABLE, firstDay);
  if (minimumWageMonthly === undefined) {
    throw new TaxInputError('period', `No minimum wage is known for ${period}`);
  }
  const rules = { regime, minimumWageMonthly };
  periodRulesCache.set(period, rules);
  return rules;
}

/** The PAYE regime in force in a tax month: NTA 2025 from 2026-01, PITA before. */
export function regimeForPeriod(period: Period): PayeRegime {
  return rulesForPeriod(period).regime;
}

/** The monthly national minimum wage in force in a tax month. */
export function minimumWageForPeriod(period: Period): Kobo {
  return rulesForPeriod(period).minimumWageMonthly;
}

/** The PRA default employee pension: 8% of basic + housing + transport. */
export function defaultPension(components: PensionableComponents): Kobo {
  const base =
    optionalAmount(components.basic, 'basic') +
    optionalAmount(components.housing, 'housing') +
    optionalAmount(components.transport, 'transport');
  return applyRate(asKobo(base), PENSION_EMPLOYEE_RATE_BPS);
}

/** The common-practice NHF contribution: 2.5% of basic salary (not applied automatically). */
export function defaultNhf(basic: Kobo): Kobo {
  return applyRate(requireAmount(basic, 'basic'), NHF_RATE_BPS);
}

// Chargeable income up to this keeps every band product (income × rate bps) a safe integer.
const SAFE_BAND_INCOME = Math.floor(Number.MAX_SAFE_INTEGER / BPS_PER_UNIT);

export interface BandComputation {
  bands: PayeBand[];
  bandTax: Kobo;
}

/** Tax on chargeable income by the graduated bands; each band's tax and the total each rounded
 * once from their exact values. */
function applyBands(chargeable: Kobo, rules: readonly PayeBandRule[]): BandComputation {
  const bands: PayeBand[] = [];
  let from = 0;
  if (chargeable <= SAFE_BAND_INCOME) {
    let exactTotal = 0; // kobo × bps
    for (const rule of rules) {
      const to = rule.upTo;
      const ceiling = to === null || chargeable < to ? chargeable : to;
      const taxable = ceiling > from ? ceiling - from : 0;
      const exact = taxable * rule.rateBps;
      exactTotal += exact;
      bands.push({
        from: asKobo(from),
        to,
        rateBps: rule.rateBps,
        taxable: asKobo(taxable),
        tax: asKobo(roundHalfAwayFromZero(exact, BPS_PER_UNIT)),
      });
      if (to !== null) from = to;
    }
    return { bands, bandTax: asKobo(roundHalfAwayFromZero(exactTotal, BPS_PER_UNIT)) };
  }
  let exactTotal = 0n;
  for (const rule of rules) {
    const to = rule.upTo;
    const ceiling = to === null || chargeable < to ? chargeable : to;
    const taxable = ceiling > from ? ceiling - from : 0;
    const exact = BigInt(taxable) * BigInt(rule.rateBps);
    exactTotal += exact;
    bands.push({
      from: asKobo(from),
      to,
      rateBps: rule.rateBps,
      taxable: asKobo(taxable),
      tax: asKobo(Number(roundHalfAwayFromZeroBig(exact, BigInt(BPS_PER_UNIT)))),
    });
    if (to !== null) from = to;
  }
  return { bands, bandTax: asKobo(Number(roundHalfAwayFromZeroBig(exactTotal, BigInt(BPS_PER_UNIT)))) };
}

/**
 * Tax on an annual chargeable income by a regime's graduated bands alone (no reliefs, minimum
 * tax or exemption): the per-band breakdown and the total, each rounded once.
 */
export function computeBandTax(regime: PayeRegime, chargeableIncome: Kobo): BandComputation {
  const rules = Object.hasOwn(PAYE_RULES, regime) ? PAYE_RULES[regime] : undefined;
  if (!rules) throw new TaxInputError('regime', `Unknown PAYE regime '${String(regime)}'`);
  return applyBands(requireAmount(chargeableIncome, 'chargeableIncome'), rules.bands);
}

/** PITA s.33(1): max(₦200,000, 1% of gross) + 20% of (gross − pension) by default. */
function consolidatedRelief(gross: Kobo, pension: Kobo, rules: PitaPayeRules): Kobo {
  const { floor, grossRateBps, twentyPercentRateBps, twentyPercentBase } = rules.cra;
  const base = twentyPercentBase === 'grossLessPension' ? Math.max(0, gross - pension) : gross;
  // Exact: (max(floor × 10000, gross × 100) + base × 2000) ÷ 10000, rounded once.
  const fixedPart = Math.max(floor * BPS_PER_UNIT, gross * grossRateBps);
  const exact = fixedPart + base * twentyPercentRateBps;
  if (Number.isSafeInteger(exact)) return asKobo(roundHalfAwayFromZero(exact, BPS_PER_UNIT));
  const fixedBig =
    BigInt(floor) * BigInt(BPS_PER_UNIT) > BigInt(gross) * BigInt(grossRateBps)
      ? BigInt(floor) * BigInt(BPS_PER_UNIT)
      : BigInt(gross) * BigInt(grossRateBps);
  const exactBig = fixedBig + BigInt(base) * BigInt(twentyPercentRateBps);
  return asKobo(Number(roundHalfAwayFromZeroBig(exactBig, BigInt(BPS_PER_UNIT))));
}

/**
 * Annual PAYE under a named regime, whatever the period's own regime (for side-by-side
 * comparison). The period still picks the minimum wage for the exemption.
 */
export function computePayeUnderRegime(regime: PayeRegime, input: PayeInput): PayeResult {
  const rules = Object.hasOwn(PAYE_RULES, regime) ? PAYE_RULES[regime] : undefined;
  if (!rules) throw new TaxInputError('regime', `Unknown PAYE regime '${String(regime)}'`);
  if (input === null || typeof input !== 'object') {
    throw new TaxInputError('annualGross', 'annualGross is required');
  }
  const minimumWageMonthly = minimumWageForPeriod(input.period);
  const gross = requireAmount(input.annualGross, 'annualGross');
  // Validate every deduction up front, so the error names the first bad field in a fixed order.
  for (const field of DEDUCTION_FIELDS) optionalAmount(input[field], field);

  const pension =
    input.pension !== undefined && input.pension !== null
      ? requireAmount(input.pension, 'pension')
      : input.pensionableComponents
        ? defaultPension(input.pensionableComponents)
        : ZERO_KOBO;
  const nhf = optionalAmount(input.nhf, 'nhf');
  const nhis = optionalAmount(input.nhis, 'nhis');
  const lifeAssurance = optionalAmount(input.lifeAssurance, 'lifeAssurance');

  let reliefs: PayeReliefs;
  if (rules.regime === 'NTA2025') {
    // NTA 2025 s.30(2)(a): pension, NHF, NHIS, mortgage interest, life assurance, rent relief.
    const rent = optionalAmount(input.annualRent, 'annualRent');
    const rentRelief = Math.min(applyRate(rent, rules.rentRelief.rateBps), rules.rentRelief.cap);
    reliefs = {
      pension,
      nhf,
      nhis,
      lifeAssurance,
      mortgageInterest: optionalAmount(input.mortgageInterest, 'mortgageInterest'),
      rentRelief: asKobo(rentRelief),
      cra: ZERO_KOBO,
    };
  } else {
    // PITA: CRA plus the tax-exempt deductions; no rent relief or mortgage-interest deduction.
    reliefs = {
      pension,
      nhf,
      nhis,
      lifeAssurance,
      mortgageInterest: ZERO_KOBO,
      rentRelief: ZERO_KOBO,
      cra: consolidatedRelief(gross, pension, rules),
    };
  }

  const totalReliefs =
    reliefs.pension +
    reliefs.nhf +
    reliefs.nhis +
    reliefs.lifeAssurance +
    reliefs.mortgageInterest +
    reliefs.rentRelief +
    reliefs.cra;
  if (!Number.isSafeInteger(totalReliefs)) {
    throw new TaxInputError('annualGross', 'Amounts are too large to compute safely');
  }
  const chargeableIncome = asKobo(gross > totalReliefs ? gross - totalReliefs : 0);
  const { bands, bandTax } = applyBands(chargeableIncome, rules.bands);

  // Minimum-wage earners pay no PAYE (PITA Third Schedule; NTA 2025; docs/tax-rules.md §1–2).
  const exempt = gross <= minimumWageMonthly * 12;
  const minimumTax = rules.regime === 'PITA2011' ? applyRate(gross, rules.minimumTaxRateBps) : ZERO_KOBO;
  const minimumTaxApplied = !exempt && minimumTax > bandTax;
  const annualTax = asKobo(exempt ? 0 : minimumTaxApplied ? minimumTax : bandTax);
  if (exempt) for (const band of bands) band.tax = ZERO_KOBO;

  const effectiveRateBps = gross === 0 ? 0 : multiplyDivideRound(annualTax, BPS_PER_UNIT, gross);
  const netAnnual = asKobo(gross - annualTax - pension - nhf - nhis);

  return {
    regime,
    period: input.period,
    annualGross: gross,
    reliefs,
    totalReliefs: asKobo(totalReliefs),
    chargeableIncome,
    bands,
    bandTax,
    minimumTax,
    minimumTaxApplied,
    exempt,
    minimumWageMonthly,
    annualTax,
    // The Act fixes only the annual total; employers spread it evenly (docs/tax-rules.md §1).
    monthlyTax: divideKobo(annualTax, 12),
    effectiveRateBps,
    effectiveRate: effectiveRateBps / BPS_PER_UNIT,
    netAnnual,
    netMonthly: divideKobo(netAnnual, 12),
  };
}

/** Annual and monthly PAYE for a tax month under the regime in force that month. */
export function computePaye(input: PayeInput): PayeResult {
  return computePayeUnderRegime(regimeForPeriod(input.period), input);
}

/** The other regime, for the calculator's side-by-side view. */
export function otherPayeRegime(regime: PayeRegime): PayeRegime {
  return regime === 'NTA2025' ? 'PITA2011' : 'NTA2025';
}
