import type { CollectorKind } from '@levy/contracts';
import {
  applyRate,
  asKobo,
  computeBillCharge,
  formatNaira,
  isTaxInputError,
  sumKobo,
  type ChargeTable,
  type Kobo,
  type WhtRateTables,
} from '@levy/tax';
import { AppError } from '../../errors';
import { whtOn } from './bill-collector';
import { monthName } from '@levy/tax';
import type { BillItem } from './bills.repo';
import * as repo from './bills.repo';

/** A bill's figures: what it was prepared at, or what it costs under today's rules. */
export interface BillFigures {
  amountDue: Kobo;
  fee: Kobo;
  vat: Kobo;
  charge: Kobo;
  total: Kobo;
}

export interface Repricing {
  prepared: BillFigures;
  now: BillFigures;
  /** WHT on amounts: the recipients with the tax at today's rate, when any row's tax changed; null otherwise. */
  items: BillItem[] | null;
  /** What changed, in sentences for the approver; empty when the bill costs what it did. */
  changes: string[];
}

export const figuresOf = (bill: repo.BillRow): BillFigures => ({
  amountDue: bill.amountDueKobo,
  fee: bill.feeKobo,
  vat: bill.vatKobo,
  charge: bill.chargeKobo,
  total: bill.totalKobo,
});

/**
 * A waiting bill priced again for its own month under the rules as they stand at approval: a WHT
 * bill worked out on amounts takes the WHT type's rate for the month and collector now (staff may
 * have corrected it since), and every bill takes the charge schedule now in force for its month.
 * Declared tax (PAYE, WHT manual) is the payer's figure and stays as it was.
 * `items` are the bill's recipients, read only for WHT (PAYE rows never change here).
 */
export function repriceBill(
  bill: repo.BillRow,
  items: readonly BillItem[] | null,
  collector: CollectorKind,
  tables: WhtRateTables & ChargeTable,
): Repricing {
  const month = bill.periodStart.slice(0, 7);
  const prepared = figuresOf(bill);
  const changes: string[] = [];
  let repriced: BillItem[] | null = null;
  let amountDue = prepared.amountDue;
  if (bill.type === 'wht' && bill.whtType && items?.some((item) => item.amountKobo !== null)) {
    let rateBps: number;
    try {
      rateBps = whtOn(month, bill.whtType, asKobo(0), collector, tables).rateBps;
    } catch (error) {
      if (!isTaxInputError(error)) throw error;
      throw new AppError(
        'UNPROCESSABLE',
        `This bill's WHT type is no longer levied for ${monthName(month)} at this revenue service, so it cannot be paid as prepared. Decline it and ` +
          `prepare the bill again.`,
      );
    }
    const retaxed = items.map((item) =>
      item.amountKobo === null ? item : { ...item, taxPayableKobo: applyRate(item.amountKobo, rateBps) },
    );
    if (retaxed.some((item, index) => item.taxPayableKobo !== items[index].taxPayableKobo)) {
      repriced = retaxed;
      amountDue = sumKobo(retaxed.map((item) => item.taxPayableKobo));
      changes.push(
        `The tax is ${formatNaira(amountDue)}, not ${formatNaira(prepared.amountDue)}: the rate for ${monthName(month)} is now ${rateBps / 100}%.`,
      );
    }
  }
  const charged = computeBillCharge(
    { billType: bill.type, recipientCount: bill.recipientCount, amountDue, date: bill.periodStart },
    tables,
  );
  const now: BillFigures = {
    amountDue,
    fee: charged.fee,
    vat: charged.vat,
    charge: charged.charge,
    total: charged.total,
  };
  if (now.charge !== prepared.charge)
    changes.push(
      `The charge is ${formatNaira(now.charge)}, not ${formatNaira(prepared.charge)}: the charge schedule for ${monthName(month)} changed.`,
    );
  if (changes.length > 0) changes.push(`The total is ${formatNaira(now.total)}, not ${formatNaira(prepared.total)}.`);
  return { prepared, now, items: repriced, changes };
}
