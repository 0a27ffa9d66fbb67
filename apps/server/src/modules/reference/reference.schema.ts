import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** Reference data, seeded by src/seed.ts on every start (upserts, never deletes). */
export const userTypes = pgTable('user_types', {
  id: integer().primaryKey(),
  code: text().notNull().unique(),
  name: text().notNull(),
});

export const roleGroups = pgTable('role_groups', {
  id: integer().primaryKey(),
  name: text().notNull(),
  userTypeId: integer()
    .notNull()
    .references(() => userTypes.id),
});

export const roles = pgTable('roles', {
  id: integer().primaryKey(),
  code: text().notNull().unique(),
  name: text().notNull(),
  description: text().notNull(),
  groupId: integer()
    .notNull()
    .references(() => roleGroups.id),
  isAdmin: boolean().notNull().default(false),
});

export const marketingSources = pgTable('marketing_sources', {
  id: integer().primaryKey(),
  name: text().notNull(),
});

export const states = pgTable('states', {
  id: integer().primaryKey(),
  code: text().notNull().unique(),
  name: text().notNull(),
  revenueService: text().notNull(),
  /** Only where the service's own abbreviation is confirmed (docs/tax-rules.md §6). */
  abbreviation: text(),
  /** Who collects there: a State IRS, or the federal Nigeria Revenue Service (WHT on payments to companies only). */
  collector: text().$type<'state' | 'federal'>().notNull().default('state'),
});
