import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
 * Calculations a visitor shared from the public calculator (product-design "Public calculator"):
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
