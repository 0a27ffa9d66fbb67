import type { BillLateness, BillTypeCode, CollectorKind } from '@levy/contracts';
import { koboToNairaString, latePenalty, latePenaltyRule, remittanceDueDate, type IsoDate, type Kobo, type Period } from '@levy/tax';

/**
 * A month's tax paid on `paidOn` after its due date: the days late and the penalty and interest
 * that lateness has accrued on the amount due (NTAA 2025 s.107, the engine's latePenalty). The
 * revenue service assesses it apart from the bill, so it is said, never charged. Null when on time.
 */
export function latenessOf(type: BillTypeCode, collector: CollectorKind, period: Period, amountDue: Kobo, paidOn: IsoDate): BillLateness | null {
  const dueDate = remittanceDueDate(type, period, collector);
  if (paidOn <= dueDate) return null;
  const late = latePenalty({ tax: amountDue, dueDate, asOf: paidOn });
  return { due_date: dueDate, days_late: late.daysOverdue, penalty: koboToNairaString(late.total), rule: latePenaltyRule(dueDate, paidOn) };
}
