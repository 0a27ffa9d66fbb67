import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps, users } from './identity';
import { files, organisations } from './organisations';
import { states } from './reference';

/** Money columns hold integer kobo; every amount fits a safe JavaScript integer. */
const kobo = () => bigint({ mode: 'number' });

/** The companies an organisation manages. Names are unique per organisation, lowercase and trimmed. */
export const corporations = pgTable(
  'corporations',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    createdBy: uuid().references(() => users.id),
    ...timestamps,
  },
  (table) => [uniqueIndex('corporations_organisation_name_unique').on(table.organisationId, sql`lower(trim(${table.name}))`)],
);

/** A corporation registered with a state's revenue service under its Tax ID. */
export const corporationStates = pgTable(
  'corporation_states',
  {
    id: uuid().primaryKey().defaultRandom(),
    corporationId: uuid()
      .notNull()
      .references(() => corporations.id, { onDelete: 'cascade' }),
    stateId: integer()
      .notNull()
      .references(() => states.id),
    taxPayerNumber: text().notNull(),
    /** The name the agency holds for this Tax ID, as verified when the state was added. */
    taxPayerName: text().notNull(),
    isControlConsentGiven: boolean().notNull().default(false),
    consentGivenAt: timestamp({ withTimezone: true }),
    createdBy: uuid().references(() => users.id),
    ...timestamps,
  },
  (table) => [uniqueIndex('corporation_states_corporation_state_unique').on(table.corporationId, table.stateId)],
);

/** One consent OTP request: the client holds the token; the PIN went to the taxpayer's email. */
export const consentRequests = pgTable(
  'consent_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    corporationStateId: uuid()
      .notNull()
      .references(() => corporationStates.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    agencyReference: text().notNull(),
    email: text().notNull(),
    attempts: integer().notNull().default(0),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    requestedBy: uuid().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('consent_requests_corporation_state_idx').on(table.corporationStateId)],
);

/** Each payroll file accepted for a corporation-state; the latest one is the employee list. */
export const payrollUploads = pgTable(
  'payroll_uploads',
  {
    id: uuid().primaryKey().defaultRandom(),
    corporationStateId: uuid()
      .notNull()
      .references(() => corporationStates.id, { onDelete: 'cascade' }),
    fileId: uuid()
      .notNull()
      .references(() => files.id),
    employeeCount: integer().notNull(),
    totalTaxPayableKobo: kobo().notNull(),
    agencyReference: text().notNull(),
    uploadedBy: uuid().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('payroll_uploads_corporation_state_idx').on(table.corporationStateId, table.createdAt)],
);

/** The employees of the latest payroll file, one row per CSV row, money in kobo. */
export const payrollEmployees = pgTable(
  'payroll_employees',
  {
    id: uuid().primaryKey().defaultRandom(),
    corporationStateId: uuid()
      .notNull()
      .references(() => corporationStates.id, { onDelete: 'cascade' }),
    uploadId: uuid()
      .notNull()
      .references(() => payrollUploads.id, { onDelete: 'cascade' }),
    rowNumber: integer().notNull(),
    taxPayerNumber: text().notNull(),
    name: text().notNull(),
    nationality: text().notNull(),
    designation: text().notNull(),
    grossIncomeKobo: kobo().notNull(),
    taxPayableKobo: kobo().notNull(),
    /** Allowance column → kobo, for the template's allowance columns. */
    allowancesKobo: jsonb().$type<Record<string, number>>().notNull(),
  },
  (table) => [index('payroll_employees_corporation_state_idx').on(table.corporationStateId, table.rowNumber)],
);
