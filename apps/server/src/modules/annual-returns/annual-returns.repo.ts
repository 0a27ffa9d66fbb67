import { and, asc, desc, eq, min } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { annualReturns } from './annual-returns.schema';

export type AnnualReturnRow = typeof annualReturns.$inferSelect;

/** Every version filed for a corporation, state and year, newest first. */
export function findVersions(executor: Db, key: { corporationId: string; stateId: number; year: number }): Promise<AnnualReturnRow[]> {
  return executor
    .select()
    .from(annualReturns)
    .where(and(eq(annualReturns.corporationId, key.corporationId), eq(annualReturns.stateId, key.stateId), eq(annualReturns.year, key.year)))
    .orderBy(desc(annualReturns.version));
}

/** Stores a version; null when that version number was taken first (a filing at the same moment). */
export async function insertVersion(executor: Db, row: typeof annualReturns.$inferInsert): Promise<AnnualReturnRow | null> {
  const [stored] = await executor.insert(annualReturns).values(row).onConflictDoNothing().returning();
  return stored ?? null;
}

/** The first filing of each corporation, state and year of an organisation (what deadlines need). */
export function firstFilings(executor: Db, organisationId: string) {
  return executor
    .select({ corporationId: annualReturns.corporationId, stateId: annualReturns.stateId, year: annualReturns.year, filedAt: min(annualReturns.filedAt) })
    .from(annualReturns)
    .where(eq(annualReturns.organisationId, organisationId))
    .groupBy(annualReturns.corporationId, annualReturns.stateId, annualReturns.year)
    .orderBy(asc(annualReturns.year));
}
