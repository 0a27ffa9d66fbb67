import { and, asc, desc, eq, isNull, lt, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedQuery } from '../../db/prepared';
import { annualReturnClaims, annualReturns, priorPayePayments } from './annual-returns.schema';

export type AnnualReturnRow = typeof annualReturns.$inferSelect;

/** Every version filed for a corporation, state and year, newest first. */
export function findVersions(
  executor: Db,
  key: { corporationId: string; stateId: number; year: number },
): Promise<AnnualReturnRow[]> {
  return executor
    .select()
    .from(annualReturns)
    .where(
      and(
        eq(annualReturns.corporationId, key.corporationId),
        eq(annualReturns.stateId, key.stateId),
        eq(annualReturns.year, key.year),
      ),
    )
    .orderBy(desc(annualReturns.version));
}

/** Stores a version; null when that version number was taken first (a filing at the same moment). */
export async function insertVersion(
  executor: Db,
  row: typeof annualReturns.$inferInsert,
): Promise<AnnualReturnRow | null> {
  const [stored] = await executor.insert(annualReturns).values(row).onConflictDoNothing().returning();
  return stored ?? null;
}

/** Records the portal's acknowledgement of a version filed by hand, once: null when it is already recorded. */
export async function recordAcknowledgement(
  executor: Db,
  id: string,
  acknowledgement: { reference: string; recordedBy: string },
): Promise<AnnualReturnRow | null> {
  const [row] = await executor
    .update(annualReturns)
    .set({
      agencyReference: acknowledgement.reference,
      acknowledgementRecordedBy: acknowledgement.recordedBy,
      acknowledgementRecordedAt: sql`now()`,
    })
    .where(and(eq(annualReturns.id, id), eq(annualReturns.filedManually, true), isNull(annualReturns.agencyReference)))
    .returning();
  return row ?? null;
}

const firstFilingsOf = preparedQuery((executor) =>
  executor
    .select({
      corporationId: annualReturns.corporationId,
      stateId: annualReturns.stateId,
      year: annualReturns.year,
      filedAt: min(annualReturns.filedAt),
    })
    .from(annualReturns)
    .where(eq(annualReturns.organisationId, sql.placeholder('organisationId')))
    .groupBy(annualReturns.corporationId, annualReturns.stateId, annualReturns.year)
    .orderBy(asc(annualReturns.year))
    .prepare('first_annual_return_filings'),
);

/** The first filing of each corporation, state and year; every alert and deadline call reads them, so it is prepared. */
export function firstFilings(executor: Db, organisationId: string) {
  return firstFilingsOf(executor, { organisationId });
}

type ReturnKey = { corporationId: string; stateId: number; year: number };

/**
 * Takes the return's submission claim for `version`; a claim older than `staleAfterMs` (its
 * process died mid-call) is taken over. Null, with nothing changed, when someone else holds it.
 */
export async function claimSubmission(
  executor: Db,
  key: ReturnKey,
  claim: { version: number; claimedByName: string; staleAfterMs: number },
) {
  const [taken] = await executor
    .insert(annualReturnClaims)
    .values({ ...key, version: claim.version, claimedByName: claim.claimedByName })
    .onConflictDoUpdate({
      target: [annualReturnClaims.corporationId, annualReturnClaims.stateId, annualReturnClaims.year],
      set: { version: claim.version, claimedByName: claim.claimedByName, claimedAt: sql`now()` },
      // The database's clock on both sides: the service's may be a test's.
      setWhere: lt(annualReturnClaims.claimedAt, sql`now() - make_interval(secs => ${claim.staleAfterMs / 1000})`),
    })
    .returning();
  return taken ?? null;
}

/** Who holds the return's submission claim, if anyone. */
export async function findClaim(executor: Db, key: ReturnKey) {
  const [claim] = await executor
    .select()
    .from(annualReturnClaims)
    .where(
      and(
        eq(annualReturnClaims.corporationId, key.corporationId),
        eq(annualReturnClaims.stateId, key.stateId),
        eq(annualReturnClaims.year, key.year),
      ),
    );
  return claim ?? null;
}

export async function releaseClaim(executor: Db, key: ReturnKey): Promise<void> {
  await executor
    .delete(annualReturnClaims)
    .where(
      and(
        eq(annualReturnClaims.corporationId, key.corporationId),
        eq(annualReturnClaims.stateId, key.stateId),
        eq(annualReturnClaims.year, key.year),
      ),
    );
}

export type PriorPaymentRow = typeof priorPayePayments.$inferSelect;

/** A registration's months paid before Levy, newest month first. */
export function findPriorPayments(
  executor: Db,
  key: { corporationId: string; stateId: number },
): Promise<PriorPaymentRow[]> {
  return executor
    .select()
    .from(priorPayePayments)
    .where(and(eq(priorPayePayments.corporationId, key.corporationId), eq(priorPayePayments.stateId, key.stateId)))
    .orderBy(desc(priorPayePayments.taxMonth));
}

/** One month paid before Levy, or undefined. */
export async function findPriorPayment(
  executor: Db,
  key: { corporationId: string; stateId: number; taxMonth: string },
): Promise<PriorPaymentRow | undefined> {
  const [row] = await executor
    .select()
    .from(priorPayePayments)
    .where(
      and(
        eq(priorPayePayments.corporationId, key.corporationId),
        eq(priorPayePayments.stateId, key.stateId),
        eq(priorPayePayments.taxMonth, key.taxMonth),
      ),
    );
  return row;
}

/** Stores a month paid before Levy; null when that month is recorded already. */
export async function insertPriorPayment(
  executor: Db,
  row: typeof priorPayePayments.$inferInsert,
): Promise<PriorPaymentRow | null> {
  const [stored] = await executor.insert(priorPayePayments).values(row).onConflictDoNothing().returning();
  return stored ?? null;
}

export async function deletePriorPayment(
  executor: Db,
  key: { corporationId: string; stateId: number; taxMonth: string },
): Promise<PriorPaymentRow | null> {
  const [removed] = await executor
    .delete(priorPayePayments)
    .where(
      and(
        eq(priorPayePayments.corporationId, key.corporationId),
        eq(priorPayePayments.stateId, key.stateId),
        eq(priorPayePayments.taxMonth, key.taxMonth),
      ),
    )
    .returning();
  return removed ?? null;
}

const priorPaidMonths = preparedQuery((executor) =>
  executor
    .select({
      corporationId: priorPayePayments.corporationId,
      stateId: priorPayePayments.stateId,
      taxMonth: priorPayePayments.taxMonth,
    })
    .from(priorPayePayments)
    .where(eq(priorPayePayments.organisationId, sql.placeholder('organisationId')))
    .prepare('prior_paid_paye_months'),
);

/** Every month an organisation recorded as paid before Levy: what alerts close. Every alert and deadline call reads them, so it is prepared. */
export function priorPaidMonthsOfOrganisation(executor: Db, organisationId: string) {
  return priorPaidMonths(executor, { organisationId });
}
