import { randomBytes } from 'node:crypto';
import {
  PAYE_AMOUNT_FIELDS,
  type CalculatePayeParsed,
  type CalculateWhtParsed,
  type PayeAmountField,
  type PayeCalculation,
  type PayeRegimeResult,
  type SharedCalculation,
  type SharedCalculationCreated,
  type SharedPayeInputs,
  type WhtCalculation,
} from '@levy/contracts';
import {
  computePaye,
  defaultPension,
  computePayeUnderRegime,
  computeWht,
  divideKobo,
  formatNaira,
  isTaxInputError,
  koboToNairaString,
  listWhtTypes,
  otherPayeRegime,
  PAYE_RULES,
  toKobo,
  type Kobo,
  type PayeInput,
  type PayeResult,
} from '@levy/tax';
import type { Db } from '../../db/client';
import type { StoredPayeInputs, StoredWhtInputs } from './calculator.schema';
import { AppError, invalidInput, notFound } from '../../errors';
import { findShareByToken, insertShare } from './calculator.repo';

const MONTHS_PER_YEAR = 12;

/** Everything the PAYE calculator takes, in kobo, on the basis the visitor used. */
type PayeAmounts = Partial<Record<PayeAmountField, Kobo>>;

interface PreparedPaye {
  input: PayeInput;
  /** The API field that carried the gross: errors about gross pay name it. */
  grossField: 'annual_gross' | 'monthly_gross';
  pensionIsDefault: boolean;
}

/** Engine input fields (camelCase) → the API fields a person filled in. */
function payeApiField(engineField: string, grossField: PreparedPaye['grossField']): string {
  switch (engineField) {
    case 'annualGross':
    case 'chargeableIncome':
      return grossField;
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

/**
 * Runs an engine call and turns its input errors into INVALID_INPUT naming the API field
 * (product-spec §8). A RangeError from kobo arithmetic means the amounts are beyond what can be
 * computed exactly, which is also the caller's input.
 */
function withInputErrors<T>(compute: () => T, apiField: (engineField: string) => string, prefix: string, fallbackField: string): T {
  try {
    return compute();
  } catch (error) {
    if (isTaxInputError(error)) throw invalidInput({ [prefix + apiField(error.field)]: error.message });
    if (error instanceof RangeError) throw invalidInput({ [prefix + fallbackField]: 'The amounts are too large to compute' });
    throw error;
  }
}

const money = (amount: Kobo): string => koboToNairaString(amount);
const percent = (bps: number): number => bps / 100;

/** Naira strings from the validated request → kobo, field by field. */
function payeAmountsOf(body: CalculatePayeParsed): PayeAmounts {
  const amounts: PayeAmounts = {};
  for (const field of PAYE_AMOUNT_FIELDS) {
    const value = body[field];
    if (value !== undefined) amounts[field] = toKobo(value, field);
  }
  return amounts;
}

function annualise(amount: Kobo, factor: number, field: string, prefix: string): Kobo {
  const annual = amount * factor;
  if (!Number.isSafeInteger(annual)) throw invalidInput({ [prefix + field]: 'The amount is too large to compute' });
  return annual as Kobo;
}

/**
 * Builds the engine's annual input. With a monthly gross, the components and deductions are
 * monthly too and are multiplied by 12; the rent is always a year's rent (NTA 2025 s.30(2)(a)
 * relieves 20% of annual rent).
 */
function preparePaye(period: string, amounts: PayeAmounts, prefix: string): PreparedPaye {
  const grossField = amounts.monthly_gross !== undefined ? 'monthly_gross' : 'annual_gross';
  const factor = grossField === 'monthly_gross' ? MONTHS_PER_YEAR : 1;
  const given = amounts[grossField];
  if (given === undefined) {
    throw invalidInput({ [`${prefix}annual_gross`]: 'Gross pay is required: give the annual or the monthly gross' });
  }
  const annual = (field: PayeAmountField): Kobo | undefined => {
    const value = amounts[field];
    return value === undefined ? undefined : annualise(value, factor, field, prefix);
  };

  const components = (['basic', 'housing', 'transport', 'other_allowances'] as const).reduce(
    (sum, field) => sum + (amounts[field] ?? 0),
    0,
  );
  if (components > given) {
    throw invalidInput({
      [prefix + grossField]: `Gross pay (${formatNaira(given)}) is less than basic + housing + transport + other allowances (${formatNaira(components as Kobo)})`,
    });
  }

  const hasPensionable = amounts.basic !== undefined || amounts.housing !== undefined || amounts.transport !== undefined;
  const pensionIsDefault = amounts.pension === undefined && hasPensionable;
  const input: PayeInput = {
    period,
    annualGross: annualise(given, factor, grossField, prefix),
    pension: annual('pension'),
    // PRA 2014 s.4(1): with no pension given, the engine takes 8% of basic + housing + transport.
    pensionableComponents: hasPensionable
      ? { basic: annual('basic'), housing: annual('housing'), transport: annual('transport') }
      : undefined,
    nhf: annual('nhf'),
    nhis: annual('nhis'),
    lifeAssurance: annual('life_assurance'),
    mortgageInterest: annual('mortgage_interest'),
    annualRent: amounts.annual_rent,
  };
  // The employer withholds pension, NHF and NHIS from pay, so together they cannot pass it
  // (otherwise net pay would be negative).
  const pension = input.pension ?? (input.pensionableComponents ? defaultPension(input.pensionableComponents) : undefined);
  const withheld: Array<[PayeAmountField, Kobo | undefined]> = [
    ['pension', pension],
    ['nhf', input.nhf],
    ['nhis', input.nhis],
  ];
  let withheldTotal = 0;
  for (const [field, amount] of withheld) {
    withheldTotal += amount ?? 0;
    if (withheldTotal > input.annualGross) {
      throw invalidInput({ [prefix + field]: 'Pension, NHF and NHIS together cannot be more than gross pay' });
    }
  }
  return { input, grossField, pensionIsDefault };
}

function regimeResult(result: PayeResult, pensionIsDefault: boolean): PayeRegimeResult {
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

function calculatePayeFrom(period: string, amounts: PayeAmounts, prefix = ''): PayeCalculation {
  const prepared = preparePaye(period, amounts, prefix);
  const apiField = (field: string) => payeApiField(field, prepared.grossField);
  return withInputErrors(
    () => {
      const inForce = computePaye(prepared.input);
      // The same inputs under the other regime, for the side-by-side view (issue 4).
      const other = computePayeUnderRegime(otherPayeRegime(inForce.regime), prepared.input);
      return {
        period,
        ...regimeResult(inForce, prepared.pensionIsDefault),
        comparison: regimeResult(other, prepared.pensionIsDefault),
      };
    },
    apiField,
    prefix,
    prepared.grossField,
  );
}

function whtTypeName(period: string, code: string): string {
  return listWhtTypes(period).find((type) => type.code === code)?.name ?? code;
}

function calculateWhtFrom(stored: StoredWhtInputs, prefix = ''): WhtCalculation {
  return withInputErrors(
    () => {
      const result = computeWht({
        period: stored.period,
        code: stored.type,
        payeeKind: stored.payee_kind,
        resident: stored.resident,
        hasTaxId: stored.has_tax_id,
        amount: stored.amount_kobo as Kobo,
      });
      return {
        period: stored.period,
        type: result.code,
        type_name: whtTypeName(stored.period, result.code),
        amount: money(stored.amount_kobo as Kobo),
        rate: percent(result.rateBps),
        schedule_rate: percent(result.scheduleRateBps),
        doubled: result.doubled,
        tax: money(result.tax),
        net: money(result.net),
        collector: result.collector,
      };
    },
    (field) => WHT_API_FIELDS[field] ?? field,
    prefix,
    'amount',
  );
}

function storedWhtOf(body: CalculateWhtParsed): StoredWhtInputs {
  return {
    period: body.period,
    type: body.type,
    payee_kind: body.payee_kind,
    resident: body.resident,
    has_tax_id: body.has_tax_id,
    amount_kobo: toKobo(body.amount, 'amount'),
  };
}

function sharedPayeOf(stored: StoredPayeInputs): SharedPayeInputs {
  const shared: SharedPayeInputs = { period: stored.period };
  for (const field of PAYE_AMOUNT_FIELDS) {
    const kobo = stored.amounts_kobo[field];
    if (kobo !== undefined) shared[field] = money(kobo as Kobo);
  }
  return shared;
}

// 96 random bits: unguessable, and short enough to read out or paste (16 characters).
function newShareToken(): string {
  return randomBytes(12).toString('base64url');
}

/**
 * Sharing is the calculator's only public call that writes, so each address may save at most
 * `max` shares per window. Counted in this process: with several API processes an address gets
 * that many per process, which still stops a script filling the table.
 */
export function createShareLimiter({ max, windowMs }: { max: number; windowMs: number }, now: () => number = Date.now) {
  const recent = new Map<string, number[]>();
  return {
    /** Counts one share for the address; false when it is over the limit. */
    take(address: string): boolean {
      const since = now() - windowMs;
      const times = (recent.get(address) ?? []).filter((time) => time > since);
      if (times.length >= max) {
        recent.set(address, times);
        return false;
      }
      times.push(now());
      recent.set(address, times);
      // Forget addresses that have gone quiet, so the map stays small.
      if (recent.size > 10_000) {
        for (const [key, list] of recent) if (list.every((time) => time <= since)) recent.delete(key);
      }
      return true;
    },
  };
}

export const SHARE_LIMIT = { max: 30, windowMs: 10 * 60_000 };

export interface CalculatorDeps {
  db: Db;
  shareLimit?: { max: number; windowMs: number };
}

export function createCalculatorService({ db, shareLimit = SHARE_LIMIT }: CalculatorDeps) {
  const limiter = createShareLimiter(shareLimit);
  return {
    calculatePaye(body: CalculatePayeParsed): PayeCalculation {
      return calculatePayeFrom(body.period, payeAmountsOf(body));
    },

    calculateWht(body: CalculateWhtParsed): WhtCalculation {
      return calculateWhtFrom(storedWhtOf(body));
    },

    /**
     * Saves the inputs under a new token. They are computed first, so a shared link never opens
     * to an error; only inputs are stored, in kobo (architecture convention 1).
     */
    async share(body: { paye?: CalculatePayeParsed; wht?: CalculateWhtParsed }, address: string): Promise<SharedCalculationCreated> {
      let paye: StoredPayeInputs | null = null;
      let wht: StoredWhtInputs | null = null;
      if (body.paye) {
        const amounts = payeAmountsOf(body.paye);
        calculatePayeFrom(body.paye.period, amounts, 'paye.');
        paye = { period: body.paye.period, amounts_kobo: amounts };
      }
      if (body.wht) {
        wht = storedWhtOf(body.wht);
        calculateWhtFrom(wht, 'wht.');
      }
      if (!paye && !wht) throw invalidInput({ paye: 'Give the PAYE or the WHT inputs to share' });
      if (!limiter.take(address)) {
        throw new AppError('RATE_LIMITED', 'You have shared many calculations in a short time. Please wait a few minutes and try again.');
      }
      const row = await insertShare(db, { token: newShareToken(), paye, wht });
      return { token: row.token };
    },

    async findShare(token: string): Promise<SharedCalculation> {
      const row = await findShareByToken(db, token);
      if (!row) throw notFound('This shared calculation was not found. Check the link, or start a new calculation.');
      return {
        token: row.token,
        paye: row.paye ? sharedPayeOf(row.paye) : null,
        wht: row.wht
          ? {
              period: row.wht.period,
              type: row.wht.type,
              payee_kind: row.wht.payee_kind,
              resident: row.wht.resident,
              has_tax_id: row.wht.has_tax_id,
              amount: money(row.wht.amount_kobo as Kobo),
            }
          : null,
        created_at: row.createdAt.toISOString(),
      };
    },
  };
}

export type CalculatorService = ReturnType<typeof createCalculatorService>;
