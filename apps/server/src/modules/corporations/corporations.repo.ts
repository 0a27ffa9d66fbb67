import { and, asc, desc, eq, getTableColumns, ilike, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { readPage, totalRows } from '../../db/pagination';
import { corporations } from './corporations.schema';

export type Corporation = typeof corporations.$inferSelect;

const SORTABLE = {
  created_at: corporations.createdAt,
  name: sql`lower(${corporations.name})`,
} as const;

/** One page of corporations and the total: an organisation's, or every one when no organisation is given. */
export async function findCorporationsPage(
  executor: Db,
  query: { organisationId: string | null; search: string | null; orderBy: string | undefined; isAsc: boolean; limit: number; offset: number },
): Promise<{ rows: Corporation[]; total: number }> {
  const where = and(query.organisationId ? eq(corporations.organisationId, query.organisationId) : undefined, query.search ? ilike(corporations.name, query.search) : undefined);
  const orderColumn = SORTABLE[(query.orderBy ?? 'created_at') as keyof typeof SORTABLE] ?? SORTABLE.created_at;
  return readPage(
    (page) =>
      executor
        .select({ ...getTableColumns(corporations), total: totalRows() })
        .from(corporations)
        .where(where)
        .orderBy(query.isAsc ? asc(orderColumn) : desc(orderColumn), asc(corporations.id))
        .limit(page.limit)
        .offset(page.offset),
    query,
  );
}

export async function findCorporation(executor: Db, corporationId: string): Promise<Corporation | undefined> {
  const [row] = await executor.select().from(corporations).where(eq(corporations.id, corporationId));
  return row;
}

export async function findCorporationInOrganisation(executor: Db, organisationId: string, corporationId: string): Promise<Corporation | undefined> {
  const [row] = await executor.select().from(corporations).where(and(eq(corporations.id, corporationId), eq(corporations.organisationId, organisationId)));
  return row;
}

/** Every corporation of an organisation, oldest first. */
export function findCorporationsOfOrganisation(executor: Db, organisationId: string): Promise<Corporation[]> {
  return executor.select().from(corporations).where(eq(corporations.organisationId, organisationId)).orderBy(asc(corporations.createdAt));
}

/** The corporation of the organisation whose name matches, lowercase and trimmed. */
export async function findByName(executor: Db, organisationId: string, name: string): Promise<{ id: string } | undefined> {
  const [row] = await executor
    .select({ id: corporations.id })
    .from(corporations)
    .where(and(eq(corporations.organisationId, organisationId), eq(sql`lower(trim(${corporations.name}))`, sql`lower(trim(${name}))`)));
  return row;
}

export async function insertCorporation(executor: Db, corporation: typeof corporations.$inferInsert): Promise<Corporation> {
  const [row] = await executor.insert(corporations).values(corporation).returning();
  return row;
}

export async function renameCorporation(executor: Db, corporationId: string, name: string): Promise<void> {
  await executor.update(corporations).set({ name, updatedAt: new Date() }).where(eq(corporations.id, corporationId));
}
