import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isAnyOf, preparedQuery } from '../../db/prepared';
import { queryRows } from '../../db/raw';
import type { TeamService } from './team.service';
import { loginFailures, sessions, users, userTokens } from './identity.schema';

export type User = typeof users.$inferSelect;
export type UserToken = typeof userTokens.$inferSelect;
export type TokenPurpose = UserToken['purpose'];

export async function findUserByEmail(executor: Db, email: string): Promise<User | undefined> {
  const [user] = await executor
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()));
  return user;
}

export async function findUserById(executor: Db, userId: string): Promise<User | undefined> {
  const [user] = await executor.select().from(users).where(eq(users.id, userId));
  return user;
}

const usersByIds = preparedQuery((executor) =>
  executor
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(isAnyOf(users.id, 'ids'))
    .prepare('users_by_ids'),
);

/** Names and emails of people; a team list asks on every call, so it is prepared. */
export function findUsersByIds(
  executor: Db,
  userIds: string[],
): Promise<Array<Pick<User, 'id' | 'firstName' | 'lastName' | 'email'>>> {
  if (userIds.length === 0) return Promise.resolve([]);
  return usersByIds(executor, { ids: userIds });
}

export async function insertUser(executor: Db, user: typeof users.$inferInsert): Promise<User> {
  const [row] = await executor.insert(users).values(user).returning();
  return row;
}

export async function updateUser(
  executor: Db,
  userId: string,
  changes: Partial<Pick<User, 'firstName' | 'lastName' | 'phone' | 'passwordHash' | 'emailVerifiedAt'>>,
): Promise<void> {
  await executor
    .update(users)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** Marks the email verified unless it already was (a reset link proves the address too). */
export async function confirmUserEmail(executor: Db, userId: string): Promise<void> {
  await executor
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

export async function insertUserToken(executor: Db, token: typeof userTokens.$inferInsert): Promise<void> {
  await executor.insert(userTokens).values(token);
}

/** The token row, locked for the caller's transaction so it is used once. */
export async function findUserTokenForUpdate(
  executor: Db,
  tokenHash: string,
  purpose: TokenPurpose,
): Promise<UserToken | undefined> {
  const [row] = await executor
    .select()
    .from(userTokens)
    .where(and(eq(userTokens.tokenHash, tokenHash), eq(userTokens.purpose, purpose)))
    .for('update');
  return row;
}

export async function markUserTokenUsed(executor: Db, tokenId: string): Promise<void> {
  await executor.update(userTokens).set({ usedAt: new Date() }).where(eq(userTokens.id, tokenId));
}

export async function insertSession(executor: Db, session: typeof sessions.$inferInsert): Promise<void> {
  await executor.insert(sessions).values(session);
}

/** The membership a session works in, as a lateral subquery over the user's and the session's columns; owned by the team module. */
export type MembershipSubquery = TeamService['sessionMembership']['subquery'];

/**
 * A session that is not revoked, with what a caller needs of its user and the membership it
 * works in (null when none): every request asks, so it is one prepared statement (decision 0011).
 */
export function liveSessionQuery(membershipOf: MembershipSubquery) {
  const liveSession = preparedQuery((executor) => {
    const membership = membershipOf(executor, users.id, sessions.organisationId);
    return executor
      .select({
        session: { id: sessions.id, organisationId: sessions.organisationId, lastSeenAt: sessions.lastSeenAt },
        user: { id: users.id, userTypeId: users.userTypeId, email: users.email, firstName: users.firstName },
        membership: { id: membership.id, organisationId: membership.organisationId, roleId: membership.roleId },
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoinLateral(membership, sql`true`)
      .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), isNull(sessions.revokedAt)))
      .prepare('live_session');
  });
  return async (executor: Db, tokenHash: string) => {
    const [row] = await liveSession(executor, { tokenHash });
    return row;
  };
}

export async function touchSession(executor: Db, sessionId: string): Promise<void> {
  await executor.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, sessionId));
}

export async function setSessionOrganisation(executor: Db, sessionId: string, organisationId: string): Promise<void> {
  await executor.update(sessions).set({ organisationId }).where(eq(sessions.id, sessionId));
}

export async function revokeSession(executor: Db, sessionId: string): Promise<void> {
  await executor.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** Revokes every live session of the user, but the one kept (the device that made the change). */
export async function revokeUserSessions(executor: Db, userId: string, keptSessionId?: string): Promise<void> {
  await executor
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keptSessionId ? ne(sessions.id, keptSessionId) : undefined,
      ),
    );
}

/**
 * Reserves one sign-in attempt for the email and address, counted as a failure until the
 * password proves right; undefined when either is at its limit within the window. The caller's
 * transaction holds an advisory lock per email, then per address (always in that order, so two
 * attempts cannot deadlock), so attempts for one email or address are counted one at a time in
 * every process on the database.
 */
export async function reserveSignInAttempt(
  executor: Db,
  attempt: { email: string; ipAddress: string; windowMinutes: number; maxPerEmail: number; maxPerAddress: number },
): Promise<string | undefined> {
  await executor.execute(sql`select pg_advisory_xact_lock(1, hashtext(${attempt.email}))`);
  await executor.execute(sql`select pg_advisory_xact_lock(2, hashtext(${attempt.ipAddress}))`);
  const [row] = await queryRows<{ id: string }>(
    executor,
    sql`
    insert into ${loginFailures} (email, ip_address)
    select ${attempt.email}, ${attempt.ipAddress}
    where (select count(*) from ${loginFailures} where email = ${attempt.email}
        and created_at > now() - make_interval(mins => ${attempt.windowMinutes})) < ${attempt.maxPerEmail}
      and (select count(*) from ${loginFailures} where ip_address = ${attempt.ipAddress}
        and created_at > now() - make_interval(mins => ${attempt.windowMinutes})) < ${attempt.maxPerAddress}
    returning id`,
  );
  return row?.id;
}

/** Gives back a reserved attempt that turned out not to be a failed guess. */
export async function releaseSignInAttempt(executor: Db, attemptId: string): Promise<void> {
  await executor.delete(loginFailures).where(eq(loginFailures.id, attemptId));
}

export async function clearSignInFailures(executor: Db, email: string): Promise<void> {
  await executor.delete(loginFailures).where(eq(loginFailures.email, email));
}
