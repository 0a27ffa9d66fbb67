import {
  PAYE_AMOUNT_FIELDS,
  type CalculatePayeParsed,
  type CalculateWhtParsed,
  type PayeAmountField,
  type PayeRegimeResult,
  type SharedPayeInputs,
} from '@levy/contracts';
import {
  asKobo,
  divideKobo,
  isTaxInputError,
  koboToNairaString,
  PAYE_RULES,
  toKobo,
  type Kobo,
  type PayeFigures,
  type PayeResult,
} from '@levy/tax';
import type { StoredPayeInputs, StoredWhtInputs } from './calculator.schema';
import { invalidInput } from '../../errors';

/**
 * Request mapping for the calculator: the API's naira strings and snake_case fields to the
 * engine's kobo and camelCase, and the engine's results back; engine input errors become
 * INVALID_INPUT naming the API field (docs/product.md §8).
 */

const MONTHS_PER_YEAR = 12;

/** Every PAYE amount of a request, in kobo, on the basis the visitor used. */
export type PayeAmounts = Partial<Record<PayeAmountField, Kobo>>;

export const money = (amount: Kobo): string => koboToNairaString(amount);
export const percent = (bps: number): number => bps / 100;

/** Naira strings from the validated request → kobo, field by field. */
export function payeAmountsOf(body: CalculatePayeParsed): PayeAmounts {
  const amounts: PayeAmounts = {};
  for (const field of PAYE_AMOUNT_FIELDS) {
    const value = body[field];
    if (value !== undefined) amounts[field] = toKobo(value, field);
  }
  return amounts;
}

/** The API field that carried the gross: errors about gross pay name it. */
export function grossFieldOf(amounts: PayeAmounts): 'annual_gross' | 'monthly_gross' {
  return amounts.monthly_gross !== undefined ? 'monthly_gross' : 'annual_gross';
}

export function payeFiguresOf(amounts: PayeAmounts): PayeFigures {
  const grossField = grossFieldOf(amounts);
  return {
    basis: grossField === 'monthly_gross' ? 'monthly' : 'annual',
    gross: amounts[grossField],
    basic: amounts.basic,
    housing: amounts.housing,
    transport: amounts.transport,
    otherAllowances: amounts.other_allowances,
    pension: amounts.pension,
    nhf: amounts.nhf,
    nhis: amounts.nhis,
    lifeAssurance: amounts.life_assurance,
    mortgageInterest: amounts.mortgage_interest,
    annualRent: amounts.annual_rent,
  };
}

/** Engine fields (camelCase) → the API fields a person filled in. */
export function payeApiField(engineField: string, grossField: string): string {
  switch (engineField) {
    case 'gross':
    case 'annualGross':
    case 'chargeableIncome':
      return grossField;
    case 'otherAllowances':
      return 'other_allowances';
    case 'lifeAssurance':
      return 'life_assurance';
    case 'mortgageInterest':
      return 'mortgage_interest';
    case 'annualRent':
      return 'annual_rent';
    default:
      return engineField;
  }
}

const WHT_API_FIELDS: Readonly<Record<string, string>> = {
  code: 'type',
  payeeKind: 'payee_kind',
  hasTaxId: 'has_tax_id',
};

export const whtApiField = (engineField: string): string => WHT_API_FIELDS[engineField] ?? engineField;

/**
 * Runs engine work and turns its input errors into INVALID_INPUT naming the API field. A
 * RangeError from kobo arithmetic means the amounts are beyond what can be computed exactly,
 * which is also the caller's input.
 */
export function withInputErrors<T>(
  compute: () => T,
  apiField: (engineField: string) => string,
  prefix: string,
  fallbackField: string,
): T {
  try {
    return compute();
  } catch (error) {
    if (isTaxInputError(error)) throw invalidInput({ [prefix + apiField(error.field)]: error.message });
    if (error instanceof RangeError)
      throw invalidInput({ [prefix + fallbackField]: 'The amounts are too large to compute' });
    throw error;
  }
}

export function regimeResult(result: PayeResult, pensionIsDefault: boolean): PayeRegimeResult {
  const { reliefs } = result;
  return {
    regime: result.regime,
    regime_name: PAYE_RULES[result.regime].name,
    annual_gross: money(result.annualGross),
    monthly_gross: money(divideKobo(result.annualGross, MONTHS_PER_YEAR)),
    chargeable_income: money(result.chargeableIncome),
    annual_tax: money(result.annualTax),
    monthly_tax: money(result.monthlyTax),
    effective_rate: percent(result.effectiveRateBps),
    bands: result.bands.map((band) => ({
      from: money(band.from),
      to: band.to === null ? null : money(band.to),
      rate: percent(band.rateBps),
      taxable: money(band.taxable),
      tax: money(band.tax),
    })),
    reliefs: {
      pension: money(reliefs.pension),
      pension_is_default: pensionIsDefault,
      nhf: money(reliefs.nhf),
      nhis: money(reliefs.nhis),
      life_assurance: money(reliefs.lifeAssurance),
      mortgage_interest: money(reliefs.mortgageInterest),
      rent_relief: money(reliefs.rentRelief),
      cra: money(reliefs.cra),
      total: money(result.totalReliefs),
    },
    net_annual: money(result.netAnnual),
    net_monthly: money(result.netMonthly),
    exempt: result.exempt,
    minimum_tax_applied: result.minimumTaxApplied,
    minimum_wage_monthly: money(result.minimumWageMonthly),
  };
}

export function storedWhtOf(body: CalculateWhtParsed): StoredWhtInputs {
  return {
    period: body.period,
    type: body.type,
    payee_kind: body.payee_kind,
    resident: body.resident,
    has_tax_id: body.has_tax_id,
    amount_kobo: toKobo(body.amount, 'amount'),
  };
}

export function sharedPayeOf(stored: StoredPayeInputs): SharedPayeInputs {
  const shared: SharedPayeInputs = { period: stored.period };
  for (const field of PAYE_AMOUNT_FIELDS) {
    const kobo = stored.amounts_kobo[field];
    if (kobo !== undefined) shared[field] = money(asKobo(kobo));
  }
  return shared;
}
