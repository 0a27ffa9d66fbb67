import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { users } from '../accounts/identity.schema';
import { organisations } from '../accounts/organisations.schema';

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
  (table) => [
    uniqueIndex('corporations_organisation_name_unique').on(table.organisationId, sql`lower(trim(${table.name}))`),
  ],
);
