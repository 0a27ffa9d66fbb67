import type { ListFilter } from '@levy/contracts';
import {
  and,
  asc,
  desc,
  eq,
  gt,
  ilike,
  isNotNull,
  ne,
  or,
  sql,
  type Placeholder,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { readPage, totalRows } from '../../db/pagination';
import { preparedQuery, preparedVariants, sortOfVariant, sortVariant, type SortVariant } from '../../db/prepared';
import { filterConditions, type FilterField } from '../../db/list-filters';
import { organisationUsers } from './team.schema';

export type Membership = typeof organisationUsers.$inferSelect;

/** People's names as the identity module gives them, for searching and sorting a team by name. */
export interface PersonName {
  id: string;
  firstName: string;
  lastName: string;
}

/**
 * The names given by identity, as a row set joined on the member's user id: the team's sort and
 * search by name stay in one paged query without this module reading identity's tables.
 */
const personNames = (people: PersonName[]) =>
  sql`jsonb_to_recordset(${JSON.stringify(people)}::jsonb) as person_names(id uuid, "firstName" text, "lastName" text)`;
const fullName = sql`person_names."firstName" || ' ' || person_names."lastName"`;

const SORTABLE = {
  created_at: organisationUsers.createdAt,
  name: sql`lower(coalesce(${fullName}, ${organisationUsers.email}))`,
  email: sql`lower(${organisationUsers.email})`,
  status: organisationUsers.status,
} as const;

/** Team list filters: status (active, invited) and when the person was added. */
const MEMBER_FILTERS: Record<string, FilterField> = {
  status: { kind: 'in', column: organisationUsers.status, values: ['active', 'invited'] },
  created_at: { kind: 'date', column: organisationUsers.createdAt },
};

const sameEmail = (email: string) => eq(sql`lower(${organisationUsers.email})`, email.toLowerCase());

/** The user ids of an organisation's members who have accounts (invited people may not yet). */
export async function findMemberUserIds(executor: Db, organisationId: string): Promise<string[]> {
  const rows = await executor
    .select({ userId: organisationUsers.userId })
    .from(organisationUsers)
    .where(
      and(
        eq(organisationUsers.organisationId, organisationId),
        ne(organisationUsers.status, 'removed'),
        isNotNull(organisationUsers.userId),
      ),
    );
  return rows.map((row) => row.userId!);
}

/** What a team list shows of a member: no token hashes, fewer columns to build and read. */
const MEMBER_LISTED = {
  id: organisationUsers.id,
  userId: organisationUsers.userId,
  email: organisationUsers.email,
  roleId: organisationUsers.roleId,
  status: organisationUsers.status,
  invitedAt: organisationUsers.invitedAt,
  acceptedAt: organisationUsers.acceptedAt,
  createdAt: organisationUsers.createdAt,
};

type MemberSort = Exclude<keyof typeof SORTABLE, 'name'>;

/** The team page's statement; values, or placeholders where it is prepared. */
function selectMembersPage(
  executor: Db,
  input: {
    organisationId: string | Placeholder;
    people: PersonName[] | null;
    conditions: Array<SQL | undefined>;
    orderBy: keyof typeof SORTABLE;
    isAsc: boolean;
    limit: number | Placeholder;
    offset: number | Placeholder;
  },
) {
  const members = executor.select({ member: MEMBER_LISTED, total: totalRows() }).from(organisationUsers).$dynamic();
  const order = SORTABLE[input.orderBy];
  return (
    input.people
      ? members.leftJoin(personNames(input.people), sql`person_names.id = ${organisationUsers.userId}`)
      : members
  )
    .where(
      and(
        eq(organisationUsers.organisationId, input.organisationId),
        ne(organisationUsers.status, 'removed'),
        ...input.conditions,
      ),
    )
    .orderBy(input.isAsc ? asc(order) : desc(order), asc(organisationUsers.id))
    .limit(input.limit)
    .offset(input.offset);
}

/** The page as a team list first opens (no search, no filter, sorted by a column of its own): prepared, one statement per sort. */
const plainMembersPage = preparedVariants((executor, sort: SortVariant<MemberSort>) =>
  selectMembersPage(executor, {
    organisationId: sql.placeholder('organisationId'),
    people: null,
    conditions: [],
    ...sortOfVariant(sort),
    limit: sql.placeholder('limit'),
    offset: sql.placeholder('offset'),
  }).prepare(`members_page_${sort}`),
);

/**
 * One page of an organisation's team and the total, searched and sorted by the given names too;
 * `people` is null when neither the search nor the sort needs names, and no names are joined.
 */
export async function findMembersPage(
  executor: Db,
  query: {
    organisationId: string;
    people: PersonName[] | null;
    filters: ListFilter[] | undefined;
    search: string | null;
    orderBy: string | undefined;
    isAsc: boolean;
    limit: number;
    offset: number;
  },
) {
  const orderBy =
    query.orderBy && Object.hasOwn(SORTABLE, query.orderBy) ? (query.orderBy as keyof typeof SORTABLE) : 'created_at';
  const conditions = [
    ...filterConditions(query.filters, MEMBER_FILTERS),
    query.search ? or(ilike(organisationUsers.email, query.search), ilike(fullName, query.search)) : undefined,
  ];
  const isPlain = orderBy !== 'name' && conditions.every((condition) => condition === undefined);
  const { rows, total } = await readPage(
    (page) =>
      isPlain
        ? plainMembersPage(executor, sortVariant(orderBy, query.isAsc), {
            organisationId: query.organisationId,
            limit: page.limit,
            offset: page.offset,
          })
        : selectMembersPage(executor, { ...query, conditions, orderBy, limit: page.limit, offset: page.offset }),
    query,
  );
  return { members: rows.map((row) => row.member), total };
}

/**
 * The membership a session works in: the organisation given (null: any), else the latest
 * accepted. The user and organisation are placeholders of a prepared query, or another
 * statement's columns when it reads the membership as a lateral subquery.
 */
function selectActiveMembership(executor: Db, userId: SQLWrapper, organisationId: SQLWrapper) {
  return executor
    .select({
      id: organisationUsers.id,
      organisationId: organisationUsers.organisationId,
      roleId: organisationUsers.roleId,
    })
    .from(organisationUsers)
    .where(
      and(
        eq(organisationUsers.userId, userId),
        eq(organisationUsers.status, 'active'),
        sql`(${organisationId}::uuid is null or ${organisationUsers.organisationId} = ${organisationId})`,
      ),
    )
    .orderBy(desc(organisationUsers.acceptedAt))
    .limit(1);
}

const activeMembership = preparedQuery((executor) =>
  selectActiveMembership(executor, sql.placeholder('userId'), sql.placeholder('organisationId')).prepare(
    'active_membership',
  ),
);

/**
 * The active membership of the user and organisation in another module's columns, as a lateral
 * subquery: every request's caller lookup reads the session and its membership in one statement
 * (decision 0011), while this module keeps the query of its table.
 */
export function activeMembershipOf(executor: Db, userId: AnyPgColumn, organisationId: AnyPgColumn) {
  return selectActiveMembership(executor, userId, organisationId).as('active_membership');
}

export type ActiveMembershipRow = Pick<Membership, 'id' | 'organisationId' | 'roleId'>;

/** The membership a session works in: the organisation given, else the latest accepted. */
export async function findActiveMembership(
  executor: Db,
  userId: string,
  organisationId: string | null,
): Promise<ActiveMembershipRow | undefined> {
  const [row] = await activeMembership(executor, { userId, organisationId });
  return row;
}

/** A member or invitation of the organisation that has not been removed. */
export async function findLiveMember(
  executor: Db,
  organisationId: string,
  memberId: string,
): Promise<Membership | undefined> {
  const [row] = await executor
    .select()
    .from(organisationUsers)
    .where(
      and(
        eq(organisationUsers.id, memberId),
        eq(organisationUsers.organisationId, organisationId),
        ne(organisationUsers.status, 'removed'),
      ),
    );
  return row;
}

/** The organisation's live membership or invitation for an email, locked for the caller's transaction. */
export async function findLiveMemberByEmailForUpdate(
  executor: Db,
  organisationId: string,
  email: string,
): Promise<Membership | undefined> {
  const [row] = await executor
    .select()
    .from(organisationUsers)
    .where(
      and(
        eq(organisationUsers.organisationId, organisationId),
        sameEmail(email),
        ne(organisationUsers.status, 'removed'),
      ),
    )
    .for('update');
  return row;
}

/** An open invitation of the organisation, locked for the caller's transaction. */
export async function findInvitationForUpdate(
  executor: Db,
  organisationId: string,
  invitationId: string,
): Promise<Membership | undefined> {
  const [row] = await executor
    .select()
    .from(organisationUsers)
    .where(
      and(
        eq(organisationUsers.id, invitationId),
        eq(organisationUsers.organisationId, organisationId),
        eq(organisationUsers.status, 'invited'),
      ),
    )
    .for('update');
  return row;
}

export async function findMembershipByInviteToken(executor: Db, tokenHash: string): Promise<Membership | undefined> {
  const [row] = await executor.select().from(organisationUsers).where(eq(organisationUsers.inviteTokenHash, tokenHash));
  return row;
}

/** Invitations to an email that are still open, newest first. */
export function findOpenInvitations(executor: Db, email: string): Promise<Membership[]> {
  return executor
    .select()
    .from(organisationUsers)
    .where(
      and(sameEmail(email), eq(organisationUsers.status, 'invited'), gt(organisationUsers.inviteExpiresAt, new Date())),
    )
    .orderBy(desc(organisationUsers.invitedAt));
}

export async function findOpenInvitation(
  executor: Db,
  tokenHash: string,
  email: string,
): Promise<Membership | undefined> {
  const [row] = await executor
    .select()
    .from(organisationUsers)
    .where(
      and(
        eq(organisationUsers.inviteTokenHash, tokenHash),
        eq(organisationUsers.status, 'invited'),
        sameEmail(email.trim()),
        gt(organisationUsers.inviteExpiresAt, new Date()),
      ),
    );
  return row;
}

/** How many active members hold each role in the organisation. */
export function countActiveMembersByRole(
  executor: Db,
  organisationId: string,
): Promise<Array<{ roleId: number; members: number }>> {
  return executor
    .select({ roleId: organisationUsers.roleId, members: sql<number>`count(*)::int` })
    .from(organisationUsers)
    .where(and(eq(organisationUsers.organisationId, organisationId), eq(organisationUsers.status, 'active')))
    .groupBy(organisationUsers.roleId);
}

export async function insertMembership(
  executor: Db,
  membership: typeof organisationUsers.$inferInsert,
): Promise<Membership> {
  const [row] = await executor.insert(organisationUsers).values(membership).returning();
  return row;
}

export async function updateMembership(
  executor: Db,
  membershipId: string,
  changes: Partial<typeof organisationUsers.$inferInsert>,
): Promise<Membership> {
  const [row] = await executor
    .update(organisationUsers)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(organisationUsers.id, membershipId))
    .returning();
  return row;
}

/** Active members holding a role, every organisation, ordered by organisation then email. */
export function findActiveMembersWithRole(
  executor: Db,
  roleId: number,
  organisationId?: string,
): Promise<Array<{ organisationId: string; email: string; userId: string | null }>> {
  return executor
    .select({
      organisationId: organisationUsers.organisationId,
      email: organisationUsers.email,
      userId: organisationUsers.userId,
    })
    .from(organisationUsers)
    .where(
      and(
        eq(organisationUsers.status, 'active'),
        eq(organisationUsers.roleId, roleId),
        organisationId ? eq(organisationUsers.organisationId, organisationId) : undefined,
      ),
    )
    .orderBy(asc(organisationUsers.organisationId), asc(organisationUsers.email));
}
