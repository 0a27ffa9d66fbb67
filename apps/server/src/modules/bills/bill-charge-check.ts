import type { CollectorKind } from '@levy/contracts';
import { computeBillCharge, lagosDate, ZERO_KOBO, type ChargeTable, type IsoDate, type WhtRateTables } from '@levy/tax';
import type { Db } from '../../db/client';
import { whtOn } from './bill-collector';
import { chargedWhtBillsForPeriodsFrom, paidBillsForPeriodsFrom } from './bills.repo';

/** A paid bill whose charge a new charge schedule row would change. */
export interface PaidBillChargeChanged {
  reference: string;
  period: string;
  paidOn: IsoDate;
}

/**
 * Paid bills, across every organisation, whose charge differs between two charge schedules. A
 * bill is priced by the schedule in force on the first day of its tax month (bills.service), so
 * only bills for months from `from` on can differ; their receipts already state the charge, so
 * the reference-data module refuses such a row (decision 0025).
 */
export async function paidBillsChargeChangedBy(
  executor: Db,
  input: { from: IsoDate; before: ChargeTable; after: ChargeTable },
): Promise<PaidBillChargeChanged[]> {
  const changed: PaidBillChargeChanged[] = [];
  for (const bill of await paidBillsForPeriodsFrom(executor, input.from)) {
    const period = bill.periodStart.slice(0, 7);
    const priced = {
      billType: bill.type,
      recipientCount: bill.recipientCount,
      amountDue: bill.amountDueKobo,
      date: `${period}-01`,
    };
    const before = computeBillCharge(priced, input.before);
    const after = computeBillCharge(priced, input.after);
    if (before.fee !== after.fee || before.vat !== after.vat)
      changed.push({ reference: bill.reference, period, paidOn: lagosDate(bill.paidAt!) });
  }
  return changed;
}

/**
 * Paid WHT bills (settling ones too: their money is taken), across every organisation, whose rate
 * differs between two WHT schedules: their receipts and credit notes state the rate of their tax
 * month and collector, so the reference-data module refuses such a row (decision 0025).
 */
export async function paidBillsWhtRateChangedBy(
  executor: Db,
  input: { from: IsoDate; before: WhtRateTables; after: WhtRateTables; collectorOf(stateId: number): CollectorKind },
): Promise<Array<{ reference: string; period: string }>> {
  const rateOf = (period: string, code: string, collector: CollectorKind, tables: WhtRateTables) => {
    try {
      return whtOn(period, code, ZERO_KOBO, collector, tables).rateBps;
    } catch {
      return null;
    }
  };
  const changed: Array<{ reference: string; period: string }> = [];
  for (const bill of await chargedWhtBillsForPeriodsFrom(executor, input.from)) {
    const period = bill.periodStart.slice(0, 7);
    const collector = input.collectorOf(bill.stateId);
    if (
      rateOf(period, bill.whtType!, collector, input.before) !== rateOf(period, bill.whtType!, collector, input.after)
    )
      changed.push({ reference: bill.reference, period });
  }
  return changed;
}
