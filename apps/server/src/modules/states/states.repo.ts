import { and, asc, eq, inArray, isNull, lt, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isAnyOf, preparedQuery } from '../../db/prepared';
import { consentRequests, corporationStates } from './states.schema';

export type Registration = typeof corporationStates.$inferSelect;
export type ConsentRequest = typeof consentRequests.$inferSelect;

const registrationInState = preparedQuery((executor) =>
  executor
    .select()
    .from(corporationStates)
    .where(
      and(
        eq(corporationStates.corporationId, sql.placeholder('corporationId')),
        eq(corporationStates.stateId, sql.placeholder('stateId')),
      ),
    )
    .prepare('registration_in_state'),
);

/** A corporation's registration in a state; every bill and payroll call asks, so it is prepared. */
export async function findRegistration(
  executor: Db,
  corporationId: string,
  stateId: number,
): Promise<Registration | undefined> {
  const [row] = await registrationInState(executor, { corporationId, stateId });
  return row;
}

/**
 * Locks a registration's row for the rest of the caller's transaction. What is recorded against one
 * corporation and state and must exclude something else recorded against it (a PAYE bill and the same
 * month paid outside Levy, docs/decisions/0046) takes this lock before checking and writing.
 */
export async function lockRegistration(tx: Db, corporationId: string, stateId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: corporationStates.id })
    .from(corporationStates)
    .where(and(eq(corporationStates.corporationId, corporationId), eq(corporationStates.stateId, stateId)))
    .for('update');
  return rows.length > 0;
}

export function findRegistrationsOfCorporation(executor: Db, corporationId: string): Promise<Registration[]> {
  return executor
    .select()
    .from(corporationStates)
    .where(eq(corporationStates.corporationId, corporationId))
    .orderBy(asc(corporationStates.createdAt));
}

const registrationsOfCorporations = preparedQuery((executor) =>
  executor
    .select()
    .from(corporationStates)
    .where(isAnyOf(corporationStates.corporationId, 'ids'))
    .prepare('registrations_of_corporations'),
);

/** The registrations of corporations; every corporations list asks, so it is prepared. */
export function findRegistrationsOfCorporations(executor: Db, corporationIds: string[]): Promise<Registration[]> {
  if (corporationIds.length === 0) return Promise.resolve([]);
  return registrationsOfCorporations(executor, { ids: corporationIds });
}

/** Inserts a registration unless the corporation has one in that state; undefined means it did. */
export async function insertRegistration(
  executor: Db,
  registration: typeof corporationStates.$inferInsert,
  options: { skipIfExists: boolean },
): Promise<Registration | undefined> {
  const insert = executor.insert(corporationStates).values(registration);
  const [row] = options.skipIfExists ? await insert.onConflictDoNothing().returning() : await insert.returning();
  return row;
}

export async function deleteRegistration(executor: Db, registrationId: string): Promise<void> {
  await executor.delete(corporationStates).where(eq(corporationStates.id, registrationId));
}

export async function updateRegistration(
  executor: Db,
  registrationId: string,
  changes: Pick<Partial<Registration>, 'firstTaxMonth'>,
): Promise<Registration> {
  const [row] = await executor
    .update(corporationStates)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(corporationStates.id, registrationId))
    .returning();
  return row;
}

export async function markConsentGiven(executor: Db, registrationId: string): Promise<Registration> {
  const [row] = await executor
    .update(corporationStates)
    .set({ isControlConsentGiven: true, consentGivenAt: new Date(), updatedAt: new Date() })
    .where(eq(corporationStates.id, registrationId))
    .returning();
  return row;
}

/** When consent was last asked for, per registration; a registration never asked is absent. */
export async function findLastConsentRequests(executor: Db, registrationIds: string[]): Promise<Map<string, Date>> {
  if (registrationIds.length === 0) return new Map();
  const rows = await executor
    .select({ registrationId: consentRequests.corporationStateId, requestedAt: max(consentRequests.createdAt) })
    .from(consentRequests)
    .where(inArray(consentRequests.corporationStateId, registrationIds))
    .groupBy(consentRequests.corporationStateId);
  return new Map(rows.flatMap((row) => (row.requestedAt ? [[row.registrationId, row.requestedAt] as const] : [])));
}

export async function insertConsentRequest(executor: Db, request: typeof consentRequests.$inferInsert): Promise<void> {
  await executor.insert(consentRequests).values(request);
}

export async function findConsentRequest(
  executor: Db,
  tokenHash: string,
  registrationId: string,
): Promise<ConsentRequest | undefined> {
  const [row] = await executor
    .select()
    .from(consentRequests)
    .where(and(eq(consentRequests.tokenHash, tokenHash), eq(consentRequests.corporationStateId, registrationId)));
  return row;
}

/** Counts a try in one statement, so parallel guesses cannot exceed the limit; undefined when none is left. */
export async function countConsentAttempt(
  executor: Db,
  requestId: string,
  maxAttempts: number,
): Promise<number | undefined> {
  const [row] = await executor
    .update(consentRequests)
    .set({ attempts: sql`${consentRequests.attempts} + 1` })
    .where(
      and(eq(consentRequests.id, requestId), lt(consentRequests.attempts, maxAttempts), isNull(consentRequests.usedAt)),
    )
    .returning({ attempts: consentRequests.attempts });
  return row?.attempts;
}

/** Marks the request used unless it already was; false means it was. */
export async function useConsentRequest(executor: Db, requestId: string): Promise<boolean> {
  const [row] = await executor
    .update(consentRequests)
    .set({ usedAt: new Date() })
    .where(and(eq(consentRequests.id, requestId), isNull(consentRequests.usedAt)))
    .returning({ id: consentRequests.id });
  return Boolean(row);
}
