import { and, asc, desc, eq, inArray, lt, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { billPayrollSources } from './bill-payroll.schema';
import { bills } from './bills.schema';

export type BillPayrollSourceRow = typeof billPayrollSources.$inferSelect;

export async function insertBillPayrollSource(executor: Db, source: typeof billPayrollSources.$inferInsert) {
  await executor.insert(billPayrollSources).values(source);
}

/** Where each of these bills' employees came from; bills without a record are absent. */
export async function findBillPayrollSources(executor: Db, billIds: string[]) {
  if (billIds.length === 0) return new Map<string, BillPayrollSourceRow>();
  const rows = await executor.select().from(billPayrollSources).where(inArray(billPayrollSources.billId, billIds));
  return new Map(rows.map((row) => [row.billId, row]));
}

/**
 * The PAYE bill a month's new bill is compared with: of the latest earlier month that has a bill
 * not declined, cancelled or failed, its bill that is not an additional payment (else its latest);
 * null when there is none.
 */
export async function findPreviousPayeBill(
  executor: Db,
  key: { organisationId: string; corporationId: string; stateId: number; month: string },
) {
  const [row] = await executor
    .select()
    .from(bills)
    .where(
      and(
        eq(bills.organisationId, key.organisationId),
        eq(bills.corporationId, key.corporationId),
        eq(bills.stateId, key.stateId),
        eq(bills.type, 'paye'),
        lt(bills.periodStart, `${key.month}-01`),
        notInArray(bills.status, ['failed', 'declined', 'cancelled']),
      ),
    )
    .orderBy(desc(bills.periodStart), asc(bills.supplementary), desc(bills.createdAt))
    .limit(1);
  return row ?? null;
}
