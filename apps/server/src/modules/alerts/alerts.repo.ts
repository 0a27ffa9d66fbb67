import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { deadlineDigests, whtNilDeclarations } from './alerts.schema';

/** Records the day's digest; false when one was already recorded for the organisation that day. */
export async function claimDigestDay(
  executor: Db,
  input: { organisationId: string; day: string; alertCount: number; recipientCount: number },
): Promise<boolean> {
  const rows = await executor
    .insert(deadlineDigests)
    .values(input)
    .onConflictDoNothing()
    .returning({ id: deadlineDigests.id });
  return rows.length > 0;
}

export type WhtNilDeclarationRow = typeof whtNilDeclarations.$inferSelect;

const nilDeclarations = preparedQuery((executor) =>
  executor
    .select()
    .from(whtNilDeclarations)
    .where(eq(whtNilDeclarations.organisationId, sql.placeholder('organisationId')))
    .orderBy(asc(whtNilDeclarations.taxMonth))
    .prepare('wht_nil_declarations_of_organisation'),
);

/** Every alert and deadline call reads them, so it is prepared. */
export function nilDeclarationsOfOrganisation(executor: Db, organisationId: string): Promise<WhtNilDeclarationRow[]> {
  return nilDeclarations(executor, { organisationId });
}

/** The declaration, or null when the month was already declared (the unique index decides, under any concurrency). */
export async function insertNilDeclaration(
  executor: Db,
  input: typeof whtNilDeclarations.$inferInsert,
): Promise<WhtNilDeclarationRow | null> {
  const [row] = await executor.insert(whtNilDeclarations).values(input).onConflictDoNothing().returning();
  return row ?? null;
}

export async function deleteNilDeclaration(
  executor: Db,
  key: { corporationId: string; stateId: number; taxMonth: string },
): Promise<WhtNilDeclarationRow | null> {
  const [row] = await executor
    .delete(whtNilDeclarations)
    .where(
      and(
        eq(whtNilDeclarations.corporationId, key.corporationId),
        eq(whtNilDeclarations.stateId, key.stateId),
        eq(whtNilDeclarations.taxMonth, key.taxMonth),
      ),
    )
    .returning();
  return row ?? null;
}
