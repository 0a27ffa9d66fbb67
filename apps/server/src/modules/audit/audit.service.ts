import type { Db } from '../../db/client';
import { insertAuditEntry, listAuditEntries } from './audit.repo';

export interface AuditEntry {
  organisationId: string | null;
  actorUserId: string | null;
  action: string;
  resourceType: string;
  resourceId?: string | null;
  details?: Record<string, unknown>;
  ipAddress?: string | null;
}

/** Records a sensitive action in the caller's transaction, so the record and the change land together. */
export async function recordAudit(executor: Db, entry: AuditEntry): Promise<void> {
  await insertAuditEntry(executor, {
    organisationId: entry.organisationId,
    actorUserId: entry.actorUserId,
    action: entry.action,
    resourceType: entry.resourceType,
    resourceId: entry.resourceId ?? null,
    details: entry.details ?? {},
    ipAddress: entry.ipAddress ?? null,
  });
}

/** The latest entries about one kind of resource, newest first (a staff screen's trail). */
export function auditTrail(executor: Db, resourceType: string, limit = 50) {
  return listAuditEntries(executor, resourceType, limit);
}
