import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { users } from './identity.schema';
import { organisations } from './organisations.schema';
import { roles } from '../reference/reference.schema';

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
