import { desc, eq, inArray, max } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payrollVersions } from './payroll-versions.schema';

export type PayrollVersionRow = typeof payrollVersions.$inferSelect;

/** The next number of a registration's payroll versions: 1 for the first. */
export async function nextVersionNumber(executor: Db, corporationStateId: string): Promise<number> {
  const [row] = await executor
    .select({ last: max(payrollVersions.number) })
    .from(payrollVersions)
    .where(eq(payrollVersions.corporationStateId, corporationStateId));
  return (row?.last ?? 0) + 1;
}

export async function insertVersion(executor: Db, version: typeof payrollVersions.$inferInsert) {
  const [row] = await executor.insert(payrollVersions).values(version).returning();
  return row;
}

/** A registration's latest payroll version, without its employees; null when none was kept. */
export async function latestVersion(executor: Db, corporationStateId: string) {
  const [row] = await executor
    .select({
      id: payrollVersions.id,
      number: payrollVersions.number,
      employeeCount: payrollVersions.employeeCount,
      hash: payrollVersions.hash,
      uploadedBy: payrollVersions.uploadedBy,
      createdAt: payrollVersions.createdAt,
    })
    .from(payrollVersions)
    .where(eq(payrollVersions.corporationStateId, corporationStateId))
    .orderBy(desc(payrollVersions.number))
    .limit(1);
  return row ?? null;
}

/** Payroll versions by id, without their employees. */
export function versionsByIds(executor: Db, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return executor
    .select({
      id: payrollVersions.id,
      number: payrollVersions.number,
      employeeCount: payrollVersions.employeeCount,
      hash: payrollVersions.hash,
      uploadedBy: payrollVersions.uploadedBy,
      createdAt: payrollVersions.createdAt,
    })
    .from(payrollVersions)
    .where(inArray(payrollVersions.id, ids));
}
