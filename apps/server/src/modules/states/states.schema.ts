import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { corporations } from '../corporations/corporations.schema';
import { users } from '../accounts/identity.schema';
import { states } from '../reference/reference.schema';

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
    /** The first tax month owed here (YYYY-MM), from the registration form: deadlines count from it. */
    firstTaxMonth: text().notNull(),
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
