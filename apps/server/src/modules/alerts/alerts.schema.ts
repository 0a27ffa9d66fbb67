import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { corporations } from '../corporations/corporations.schema';
import { users } from '../accounts/identity.schema';
import { organisations } from '../accounts/organisations.schema';
import { states } from '../reference/reference.schema';

/**
 * The deadline digest sent to an organisation's admins on a day (Africa/Lagos): one row per
 * organisation and day, written with the mails in one transaction, so a second run that day
 * sends nothing.
 */
export const deadlineDigests = pgTable(
  'deadline_digests',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    /** YYYY-MM-DD in Lagos. */
    day: text().notNull(),
    alertCount: integer().notNull(),
    recipientCount: integer().notNull(),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('deadline_digests_organisation_day_unique').on(table.organisationId, table.day)],
);

/**
 * "No WHT deductions this month": a finance officer's statement that a corporation withheld no tax
 * in a month for a collector, which closes that month's WHT deadline as a paid bill would. One per
 * corporation, state and month; removing it (a mistake) reopens the month. Who declared it is kept
 * here and in the audit trail.
 */
export const whtNilDeclarations = pgTable(
  'wht_nil_declarations',
  {
    id: uuid().primaryKey().defaultRandom(),
    organisationId: uuid()
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    corporationId: uuid()
      .notNull()
      .references(() => corporations.id, { onDelete: 'cascade' }),
    stateId: integer()
      .notNull()
      .references(() => states.id),
    /** YYYY-MM */
    taxMonth: text().notNull(),
    declaredBy: uuid()
      .notNull()
      .references(() => users.id),
    declaredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('wht_nil_declarations_corporation_state_month_unique').on(
      table.corporationId,
      table.stateId,
      table.taxMonth,
    ),
    check('wht_nil_declarations_tax_month_format', sql`${table.taxMonth} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
);
