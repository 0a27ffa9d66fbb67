import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog } from './audit.schema';

export async function insertAuditEntry(executor: Db, entry: typeof auditLog.$inferInsert): Promise<void> {
  await executor.insert(auditLog).values(entry);
}

export function listAuditEntries(executor: Db, resourceType: string, limit: number) {
  return executor
    .select()
    .from(auditLog)
    .where(eq(auditLog.resourceType, resourceType))
    .orderBy(desc(auditLog.createdAt))
    .limit(limit);
}
