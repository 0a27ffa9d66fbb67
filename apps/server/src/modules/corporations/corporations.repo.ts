import { and, asc, desc, eq, getTableColumns, ilike, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { readPage, totalRows } from '../../db/pagination';
import { preparedQuery, preparedVariants, sortOfVariant, sortVariant, type SortVariant } from '../../db/prepared';
import { corporations } from './corporations.schema';

export type Corporation = typeof corporations.$inferSelect;

const SORTABLE = {
  created_at: corporations.createdAt,
  name: sql`lower(${corporations.name})`,
} as const;

/** The corporations page's statement; values, or placeholders where it is prepared. */
function selectCorporationsPage(
  executor: Db,
  input: {
    where: SQL | undefined;
    orderBy: keyof typeof SORTABLE;
    isAsc: boolean;
    limit: number | Placeholder;
    offset: number | Placeholder;
  },
) {
  const order = SORTABLE[input.orderBy];
  return executor
    .select({ ...getTableColumns(corporations), total: totalRows() })
    .from(corporations)
    .where(input.where)
    .orderBy(input.isAsc ? asc(order) : desc(order), asc(corporations.id))
    .limit(input.limit)
    .offset(input.offset);
}

/** An organisation's page as the list first opens (no search): prepared, one statement per sort. */
const plainCorporationsPage = preparedVariants((executor, sort: SortVariant<keyof typeof SORTABLE>) =>
  selectCorporationsPage(executor, {
    where: eq(corporations.organisationId, sql.placeholder('organisationId')),
    ...sortOfVariant(sort),
    limit: sql.placeholder('limit'),
    offset: sql.placeholder('offset'),
  }).prepare(`corporations_page_${sort}`),
);

/** One page of corporations and the total: an organisation's, or every one when no organisation is given. */
export async function findCorporationsPage(
  executor: Db,
  query: {
    organisationId: string | null;
    search: string | null;
    orderBy: string | undefined;
    isAsc: boolean;
    limit: number;
    offset: number;
  },
): Promise<{ rows: Corporation[]; total: number }> {
  const { organisationId, search } = query;
  const orderBy =
    query.orderBy && Object.hasOwn(SORTABLE, query.orderBy) ? (query.orderBy as keyof typeof SORTABLE) : 'created_at';
  return readPage(
    (page) =>
      organisationId && !search
        ? plainCorporationsPage(executor, sortVariant(orderBy, query.isAsc), { organisationId, ...page })
        : selectCorporationsPage(executor, {
            where: and(
              organisationId ? eq(corporations.organisationId, organisationId) : undefined,
              search ? ilike(corporations.name, search) : undefined,
            ),
            orderBy,
            isAsc: query.isAsc,
            ...page,
          }),
    query,
  );
}

const corporationById = preparedQuery((executor) =>
  executor
    .select()
    .from(corporations)
    .where(eq(corporations.id, sql.placeholder('corporationId')))
    .prepare('corporation_by_id'),
);

/** A corporation by id; every call on a corporation's bills or states asks, so it is prepared. */
export async function findCorporation(executor: Db, corporationId: string): Promise<Corporation | undefined> {
  const [row] = await corporationById(executor, { corporationId });
  return row;
}

export async function findCorporationInOrganisation(
  executor: Db,
  organisationId: string,
  corporationId: string,
): Promise<Corporation | undefined> {
  const [row] = await executor
    .select()
    .from(corporations)
    .where(and(eq(corporations.id, corporationId), eq(corporations.organisationId, organisationId)));
  return row;
}

const corporationsOfOrganisation = preparedQuery((executor) =>
  executor
    .select()
    .from(corporations)
    .where(eq(corporations.organisationId, sql.placeholder('organisationId')))
    .orderBy(asc(corporations.createdAt))
    .prepare('corporations_of_organisation'),
);

/** Every corporation of an organisation, oldest first; the dashboard's calls all ask, so it is prepared. */
export function findCorporationsOfOrganisation(executor: Db, organisationId: string): Promise<Corporation[]> {
  return corporationsOfOrganisation(executor, { organisationId });
}

/** The corporation of the organisation whose name matches, lowercase and trimmed. */
export async function findByName(
  executor: Db,
  organisationId: string,
  name: string,
): Promise<{ id: string } | undefined> {
  const [row] = await executor
    .select({ id: corporations.id })
    .from(corporations)
    .where(
      and(
        eq(corporations.organisationId, organisationId),
        eq(sql`lower(trim(${corporations.name}))`, sql`lower(trim(${name}))`),
      ),
    );
  return row;
}

export async function insertCorporation(
  executor: Db,
  corporation: typeof corporations.$inferInsert,
): Promise<Corporation> {
  const [row] = await executor.insert(corporations).values(corporation).returning();
  return row;
}

export async function renameCorporation(executor: Db, corporationId: string, name: string): Promise<void> {
  await executor.update(corporations).set({ name, updatedAt: new Date() }).where(eq(corporations.id, corporationId));
}
