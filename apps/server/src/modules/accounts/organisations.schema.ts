import { boolean, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea, timestamps } from '../../db/columns';
import { users } from './identity.schema';
import { states } from '../reference/reference.schema';

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

/** KYC identity collected at onboarding (docs/product.md "Identity and organisation"). */
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
