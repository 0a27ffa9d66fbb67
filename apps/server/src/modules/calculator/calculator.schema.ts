import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** PAYE calculator inputs as shared: the period and the amounts given, in integer kobo. */
export interface StoredPayeInputs {
  period: string;
  amounts_kobo: Partial<Record<string, number>>;
}

/** WHT calculator inputs as shared; the amount in integer kobo. */
export interface StoredWhtInputs {
  period: string;
  type: string;
  payee_kind: 'company' | 'individual';
  resident: boolean;
  has_tax_id: boolean;
  amount_kobo: number;
}

/**
 * Calculations a visitor shared from the public calculator (docs/product.md "Public calculator"):
 * only the inputs are kept, so a shared link always shows the figures the engine gives today for
 * that month's rules. The token is the link itself, not a credential to anything else.
 */
export const calculatorShares = pgTable('calculator_shares', {
  id: uuid().primaryKey().defaultRandom(),
  token: text().notNull().unique(),
  paye: jsonb().$type<StoredPayeInputs>(),
  wht: jsonb().$type<StoredWhtInputs>(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Shares counted per address for the share limit, in the database so every API process sees the
 * same count. Rows older than the window are only history: each share deletes its address's.
 */
export const calculatorShareAttempts = pgTable(
  'calculator_share_attempts',
  {
    id: uuid().primaryKey().defaultRandom(),
    ipAddress: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('calculator_share_attempts_ip_idx').on(table.ipAddress, table.createdAt)],
);
