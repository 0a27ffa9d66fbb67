import type { Db } from '../../db/client';
import { auditLog } from './audit.schema';

export async function insertAuditEntry(executor: Db, entry: typeof auditLog.$inferInsert): Promise<void> {
  await executor.insert(auditLog).values(entry);
}
