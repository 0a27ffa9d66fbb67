import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps, users } from './identity';
import { roles, states } from './reference';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const organisations = pgTable('organisations', {
  id: uuid().primaryKey().defaultRandom(),
  name: text(),
  ownerUserId: uuid()
    .notNull()
    .references(() => users.id),
  isKycCompleted: boolean().notNull().default(false),
  kycCompletedAt: timestamp({ withTimezone: true }),
  ...timestamps,
});

/** Uploaded documents, kept in the database so every API process sees them. */
export const files = pgTable('files', {
  id: uuid().primaryKey().defaultRandom(),
  organisationId: uuid()
    .notNull()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  filename: text().notNull(),
  contentType: text().notNull(),
  sizeBytes: integer().notNull(),
  sha256: text().notNull(),
  content: bytea().notNull(),
  uploadedBy: uuid().references(() => users.id),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** KYC identity collected at onboarding (product-design "Identity and organisation"). */
export const organisationIdentities = pgTable('organisation_identities', {
  organisationId: uuid()
    .primaryKey()
    .references(() => organisations.id, { onDelete: 'cascade' }),
  legalName: text(),
  cacNumber: text(),
  businessType: text(),
  industry: text(),
  taxId: text(),
  address: text(),
  stateId: integer().references(() => states.id),
  phone: text(),
  website: text(),
  cacDocumentFileId: uuid().references(() => files.id),
  ...timestamps,
});

export const organisationSettings = pgTable(
  'organisation_settings',
  {
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    code: text().notNull(),
    value: jsonb().notNull(),
    updatedBy: uuid().references(() => users.id),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.organisationId, table.code] })],
);

/** Members and invitations: an invitation is a membership in status 'invited' until accepted. */
export const organisationUsers = pgTable(
  'organisation_users',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    userId: uuid().references(() => users.id),
    email: text().notNull(),
    roleId: integer()
      .notNull()
      .references(() => roles.id),
    status: text({ enum: ['invited', 'active', 'removed'] }).notNull(),
    inviteTokenHash: text().unique(),
    inviteExpiresAt: timestamp({ withTimezone: true }),
    invitedBy: uuid().references(() => users.id),
    invitedAt: timestamp({ withTimezone: true }),
    acceptedAt: timestamp({ withTimezone: true }),
    removedAt: timestamp({ withTimezone: true }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('organisation_users_live_email_unique')
      .on(table.organisationId, sql`lower(${table.email})`)
      .where(sql`${table.status} <> 'removed'`),
    index('organisation_users_user_idx').on(table.userId),
  ],
);

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
