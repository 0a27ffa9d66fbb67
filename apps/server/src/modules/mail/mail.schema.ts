import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export interface StoredAttachment {
  filename: string;
  contentType: string;
  base64: string;
}

/** Every mail the product sends, written in the same transaction as the change that caused it. */
export const outbox = pgTable('outbox', {
  id: uuid().primaryKey().defaultRandom(),
  to: text().notNull(),
  subject: text().notNull(),
  text: text().notNull(),
  links: jsonb().$type<string[]>().notNull().default([]),
  /** Small documents sent with the mail (a credit note's PDF), their bytes in base64. */
  attachments: jsonb().$type<StoredAttachment[]>().notNull().default([]),
  status: text({ enum: ['pending', 'sending', 'sent', 'logged', 'failed'] })
    .notNull()
    .default('pending'),
  error: text(),
  claimedAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp({ withTimezone: true }),
});
