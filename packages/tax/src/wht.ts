import { firstDayOfPeriod, parsePeriod, type Period } from './calendar';
import { findInForce } from './dated';
import { applyRate, asKobo, type Kobo } from './money';
import { EARLIEST_SUPPORTED_PERIOD } from './paye-rules';
import { TaxInputError } from './tax-input-error';
import {
  WHT_CODES,
  WHT_PASSIVE_CODES,
  SEED_WHT_TABLES,
  WHT_TYPE_NAMES,
  type PayeeKind,
  type WhtCode,
  type WhtRateRow,
  type WhtRateTable,
  type WhtRateTables,
  type WhtResidencyRates,
} from './wht-rates';

export interface WhtInput {
  period: Period;
  /** A WHT type code from `WHT_CODES`. */
  code: string;
  payeeKind: PayeeKind;
  resident: boolean;
  hasTaxId: boolean;
  /** The gross payment before deduction. */
  amount: Kobo;
}

/** Who receives the deduction: State IRS for individuals, the federal NRS for companies. */
export type WhtCollector = 'state' | 'federal';

export interface WhtResult {
  code: WhtCode;
  /** The rate applied, after any doubling. */
  rateBps: number;
  /** The schedule rate before doubling. */
  scheduleRateBps: number;
  /** True when the rate was doubled because the payee has no Tax ID. */
  doubled: boolean;
  tax: Kobo;
  /** amount − tax: what the payee receives. */
  net: Kobo;
  collector: WhtCollector;
}

export interface WhtTypeInfo {
  code: WhtCode;
  name: string;
  description: string;
  /** Schedule rates in basis points; null where the law sets none. */
  rates: { company: WhtResidencyRates; individual: WhtResidencyRates };
  isPassive: boolean;
  /** The individual resident rate in percent (e.g. 5), the rate a State IRS WHT type uses. */
  percentage: number;
}

export function isWhtCode(value: unknown): value is WhtCode {
  return typeof value === 'string' && (WHT_CODES as readonly string[]).includes(value);
}

/** A WHT type's name ("Rent"); an unknown code made readable. Names are the same in every month and schedule. */
export function whtTypeName(code: string): string {
  return isWhtCode(code) ? WHT_TYPE_NAMES[code].name : code.replace(/_/g, ' ');
}

function whtTableFor(period: Period, tables: WhtRateTables): WhtRateTable {
  parsePeriod(period);
  if (period < EARLIEST_SUPPORTED_PERIOD) {
    throw new TaxInputError('period', `Periods before ${EARLIEST_SUPPORTED_PERIOD} are not supported`);
  }
  const table = findInForce(tables.whtRates, firstDayOfPeriod(period));
  if (!table) throw new TaxInputError('period', `No WHT rates are known for ${period}`);
  return table;
}

function findRow(table: WhtRateTable, code: string, period: Period): WhtRateRow {
  if (!isWhtCode(code)) throw new TaxInputError('code', `Unknown WHT type '${String(code)}'`);
  const found = table.rows.find((candidate) => candidate.code === code);
  if (!found) {
    throw new TaxInputError('code', `WHT type '${code}' does not apply to ${period}`);
  }
  return found;
}

/**
 * The WHT type rows in force for a tax month, for pickers and seeding per-state WHT types. Like
 * every function here it reads the shipped schedule unless given the server's merged tables.
 */
export function listWhtTypes(period: Period, tables: WhtRateTables = SEED_WHT_TABLES): WhtTypeInfo[] {
  return whtTableFor(period, tables).rows.map((rateRow) => ({
    code: rateRow.code,
    name: rateRow.name,
    description: rateRow.description,
    rates: rateRow.rates,
    isPassive: WHT_PASSIVE_CODES.has(rateRow.code),
    // Every code has an individual resident rate in both schedules; 0 would never be shown.
    percentage: (rateRow.rates.individual.resident ?? 0) / 100,
  }));
}

/**
 * Withholding tax on one payment. Throws a TaxInputError naming the field for an unknown code
 * (`code`), a bad payee kind (`payeeKind`), a combination the schedule leaves blank
 * (`payeeKind` when the code never applies to that kind of payee, else `resident`), or a bad
 * amount (`amount`).
 */
export function computeWht(input: WhtInput, tables: WhtRateTables = SEED_WHT_TABLES): WhtResult {
  const table = whtTableFor(input.period, tables);
  const rateRow = findRow(table, input.code, input.period);
  if (input.payeeKind !== 'company' && input.payeeKind !== 'individual') {
    throw new TaxInputError('payeeKind', "payeeKind must be 'company' or 'individual'");
  }
  if (typeof input.resident !== 'boolean') {
    throw new TaxInputError('resident', 'resident must be true or false');
  }
  if (typeof input.hasTaxId !== 'boolean') {
    throw new TaxInputError('hasTaxId', 'hasTaxId must be true or false');
  }
  const amount = input.amount;
  if (typeof amount !== 'number' || !Number.isSafeInteger(amount)) {
    throw new TaxInputError('amount', 'amount must be a whole number of kobo');
  }
  if (amount < 0) throw new TaxInputError('amount', 'amount must not be negative');

  const kindRates = rateRow.rates[input.payeeKind];
  const scheduleRateBps = input.resident ? kindRates.resident : kindRates.nonResident;
  if (scheduleRateBps === null) {
    const payee = input.payeeKind === 'company' ? 'companies' : 'individuals';
    if (kindRates.resident === null && kindRates.nonResident === null) {
      throw new TaxInputError('payeeKind', `${rateRow.name} is not subject to WHT when paid to ${payee}`);
    }
    const residency = input.resident ? 'resident' : 'non-resident';
    throw new TaxInputError('resident', `${rateRow.name} is not subject to WHT when paid to ${residency} ${payee}`);
  }

  const doubled = !input.hasTaxId && table.noTaxIdMultiplier !== 1 && !WHT_PASSIVE_CODES.has(rateRow.code);
  const rateBps = doubled ? scheduleRateBps * table.noTaxIdMultiplier : scheduleRateBps;
  const tax = applyRate(amount, rateBps);
  return {
    code: rateRow.code,
    rateBps,
    scheduleRateBps,
    doubled,
    tax,
    net: asKobo(amount - tax),
    collector: input.payeeKind === 'individual' ? 'state' : 'federal',
  };
}

/**
 * WHTR 2024 small-company relief: a small company need not deduct where the payee has a Tax
 * ID and the month's transactions with it are at most ₦2,000,000. Always false before 2025.
 */
export function isWhtDeductionWaived(
  input: {
    period: Period;
    payerIsSmallCompany: boolean;
    payeeHasTaxId: boolean;
    monthlyTransactionsTotal: Kobo;
  },
  tables: WhtRateTables = SEED_WHT_TABLES,
): boolean {
  const threshold = whtTableFor(input.period, tables).smallCompanyMonthlyThreshold;
  if (threshold === null) return false;
  return input.payerIsSmallCompany && input.payeeHasTaxId && input.monthlyTransactionsTotal <= threshold;
}
