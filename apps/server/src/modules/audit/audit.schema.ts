import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Sensitive actions: who did what to which resource, written in the transaction of the change. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: uuid(),
    actorUserId: uuid(),
    action: text().notNull(),
    resourceType: text().notNull(),
    resourceId: text(),
    details: jsonb().notNull().default({}),
    ipAddress: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('audit_log_organisation_idx').on(table.organisationId, table.createdAt)],
);
