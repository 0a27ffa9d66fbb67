import { isValidIsoDate, type IsoDate } from './calendar';
import { SEED_CHARGE_TABLE, type BillType, type ChargeSchedule, type ChargeTable } from './charge-schedule';
import { findInForce, type Dated } from './dated';
import { applyRate, asKobo, type Kobo } from './money';
import { TaxInputError } from './tax-input-error';

export interface BillChargeInput {
  billType: BillType;
  /** Employees (PAYE) or payees (WHT) on the bill; at least 1. */
  recipientCount: number;
  /** The tax on the bill. */
  amountDue: Kobo;
  /** The day the charge is computed (`YYYY-MM-DD`); the latest schedule when omitted. */
  date?: IsoDate;
}

export interface BillChargeResult {
  /** base + perRecipient × count, capped. */
  fee: Kobo;
  /** VAT on the fee, rounded once. */
  vat: Kobo;
  /** fee + vat: the bill's charge. */
  charge: Kobo;
  amountDue: Kobo;
  /** amountDue + charge: what the wallet pays. */
  total: Kobo;
  /** True when the cap limited the fee. */
  capped: boolean;
}

function scheduleFor(date: IsoDate | undefined, table: readonly Dated<ChargeSchedule>[]): ChargeSchedule {
  if (date === undefined) return table[table.length - 1].value;
  if (!isValidIsoDate(date)) throw new TaxInputError('date', 'date must be a calendar date written YYYY-MM-DD');
  const schedule = findInForce(table, date);
  if (!schedule) throw new TaxInputError('date', `No charge schedule is known for ${date}`);
  return schedule;
}

/** The charge on a bill: fee by the dated schedule (`tables`: the seed unless the server passes its own), capped, plus VAT on the fee. */
export function computeBillCharge(input: BillChargeInput, tables: ChargeTable = SEED_CHARGE_TABLE): BillChargeResult {
  const schedule = scheduleFor(input.date, tables.chargeSchedule);
  const rule = Object.hasOwn(schedule.fees, input.billType) ? schedule.fees[input.billType] : undefined;
  if (!rule) throw new TaxInputError('billType', "billType must be 'paye' or 'wht'");
  const count = input.recipientCount;
  if (!Number.isSafeInteger(count) || count < 1) {
    throw new TaxInputError('recipientCount', 'recipientCount must be a whole number of at least 1');
  }
  const amountDue = input.amountDue;
  if (typeof amountDue !== 'number' || !Number.isSafeInteger(amountDue) || amountDue < 0) {
    throw new TaxInputError('amountDue', 'amountDue must be a non-negative whole number of kobo');
  }
  // Compare before multiplying out so a huge count cannot overflow.
  const uncapped = rule.base + rule.perRecipient * count;
  const capped = !Number.isSafeInteger(uncapped) || uncapped > rule.cap;
  const fee = asKobo(capped ? rule.cap : uncapped);
  const vat = applyRate(fee, schedule.vatRateBps);
  const charge = asKobo(fee + vat);
  const total = amountDue + charge;
  if (!Number.isSafeInteger(total)) throw new TaxInputError('amountDue', 'amountDue is too large');
  return { fee, vat, charge, amountDue, total: asKobo(total), capped };
}
