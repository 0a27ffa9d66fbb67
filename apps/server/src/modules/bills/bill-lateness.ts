import { REFERENCE_REVIEW_DAYS, type BillLateness, type BillTypeCode, type CollectorKind } from '@levy/contracts';
import {
  koboToNairaString,
  lagosDate,
  latePenalty,
  latePenaltyRule,
  mprCaveat,
  remittanceDueDate,
  type IsoDate,
  type Kobo,
  type MprTable,
  type Period,
} from '@levy/tax';
import type { Db } from '../../db/client';
import { billsPaidSince } from './bills.repo';

/**
 * A month's tax paid on `paidOn` after its due date: the days late and the penalty and interest
 * that lateness has accrued on the amount due (NTAA 2025 s.107, the engine's latePenalty). The
 * revenue service assesses it apart from the bill, so it is said, never charged. Null when on time.
 * `tables`: the MPR the server reads (seed merged with staff rows, decision 0025).
 */
export function latenessOf(
  type: BillTypeCode,
  collector: CollectorKind,
  period: Period,
  amountDue: Kobo,
  paidOn: IsoDate,
  tables: MprTable,
): BillLateness | null {
  const dueDate = remittanceDueDate(type, period, collector);
  if (paidOn <= dueDate) return null;
  const late = latePenalty({ tax: amountDue, dueDate, asOf: paidOn }, tables);
  return {
    due_date: dueDate,
    days_late: late.daysOverdue,
    penalty: koboToNairaString(late.total),
    rule: latePenaltyRule(dueDate, paidOn, tables),
    mpr_caveat: mprCaveat(tables.mprReviewedOn, paidOn, REFERENCE_REVIEW_DAYS),
  };
}

/** A paid bill whose late penalty a new MPR row would change. */
export interface PaidBillChanged {
  reference: string;
  paidOn: IsoDate;
  penaltyBefore: string | null;
  penaltyAfter: string | null;
}

/**
 * Paid bills, across every organisation, whose late penalty differs between two MPR tables: a
 * row dated on or before a late payment rewrites the figure its receipt already states, so the
 * reference-data module refuses it (decision 0025). Only bills paid from `from` on can differ.
 */
export async function paidBillsChangedBy(
  executor: Db,
  input: { from: IsoDate; before: MprTable; after: MprTable; collectorOf(stateId: number): CollectorKind },
): Promise<PaidBillChanged[]> {
  // Midnight in Lagos (UTC+1) of `from`, a day early so no time zone can drop a bill.
  const since = new Date(Date.parse(`${input.from}T00:00:00Z`) - 25 * 60 * 60 * 1000);
  const changed: PaidBillChanged[] = [];
  for (const bill of await billsPaidSince(executor, since)) {
    const paidOn = lagosDate(bill.paidAt!);
    const period = bill.periodStart.slice(0, 7);
    const collector = input.collectorOf(bill.stateId);
    const before = latenessOf(bill.type, collector, period, bill.amountDueKobo, paidOn, input.before)?.penalty ?? null;
    const after = latenessOf(bill.type, collector, period, bill.amountDueKobo, paidOn, input.after)?.penalty ?? null;
    if (before !== after)
      changed.push({ reference: bill.reference, paidOn, penaltyBefore: before, penaltyAfter: after });
  }
  return changed;
}
