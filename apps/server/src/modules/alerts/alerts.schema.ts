import { integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations } from '../organisations/organisations.schema';

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
