import { computeBillCharge, lagosDate, type ChargeTable, type IsoDate } from '@levy/tax';
import type { Db } from '../../db/client';
import { paidBillsForPeriodsFrom } from './bills.repo';

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
export async function paidBillsChargeChangedBy(executor: Db, input: { from: IsoDate; before: ChargeTable; after: ChargeTable }): Promise<PaidBillChargeChanged[]> {
  const changed: PaidBillChargeChanged[] = [];
  for (const bill of await paidBillsForPeriodsFrom(executor, input.from)) {
    const period = bill.periodStart.slice(0, 7);
    const priced = { billType: bill.type, recipientCount: bill.recipientCount, amountDue: bill.amountDueKobo, date: `${period}-01` };
    const before = computeBillCharge(priced, input.before);
    const after = computeBillCharge(priced, input.after);
    if (before.fee !== after.fee || before.vat !== after.vat) changed.push({ reference: bill.reference, period, paidOn: lagosDate(bill.paidAt!) });
  }
  return changed;
}
