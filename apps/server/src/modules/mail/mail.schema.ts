import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every mail the product sends, written in the same transaction as the change that caused it. */
export const outbox = pgTable('outbox', {
  id: uuid().primaryKey().defaultRandom(),
  to: text().notNull(),
  subject: text().notNull(),
  text: text().notNull(),
  links: jsonb().$type<string[]>().notNull().default([]),
  status: text({ enum: ['pending', 'sending', 'sent', 'logged', 'failed'] })
    .notNull()
    .default('pending'),
  error: text(),
  claimedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp({ withTimezone: true }),
});
