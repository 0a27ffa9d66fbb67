import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/raw';
import { referenceDataReviews, referenceDataRows, remittanceRoutes } from './reference-data.schema';

export type ReferenceDataRow = typeof referenceDataRows.$inferSelect;
export type ReferenceDataReview = typeof referenceDataReviews.$inferSelect;
export type RemittanceRouteRow = typeof remittanceRoutes.$inferSelect;

export function listRows(executor: Db): Promise<ReferenceDataRow[]> {
  return executor.select().from(referenceDataRows).orderBy(asc(referenceDataRows.createdAt), asc(referenceDataRows.id));
}

export function listReviews(executor: Db): Promise<ReferenceDataReview[]> {
  return executor
    .select()
    .from(referenceDataReviews)
    .orderBy(asc(referenceDataReviews.reviewedAt), asc(referenceDataReviews.id));
}

/** The tables only grow, so their row counts together change whenever one does: a cheap version. */
export async function readVersion(executor: Db): Promise<number> {
  const [row] = await queryRows<{ version: number }>(
    executor,
    sql`select (select count(*) from ${referenceDataRows})::int + (select count(*) from ${referenceDataReviews})::int + (select count(*) from
      ${remittanceRoutes})::int as version`,
  );
  return Number(row.version);
}

export async function insertRow(executor: Db, row: typeof referenceDataRows.$inferInsert): Promise<void> {
  await executor.insert(referenceDataRows).values(row);
}

export async function insertReview(executor: Db, review: typeof referenceDataReviews.$inferInsert): Promise<void> {
  await executor.insert(referenceDataReviews).values(review);
}

/** One at a time: the paid-bill check and the insert of one row see every row added before it. */
export async function lockRows(tx: Db): Promise<void> {
  await tx.execute(sql`lock table ${referenceDataRows} in share row exclusive mode`);
}

export function listRemittanceRoutes(executor: Db): Promise<RemittanceRouteRow[]> {
  return executor.select().from(remittanceRoutes).orderBy(asc(remittanceRoutes.createdAt), asc(remittanceRoutes.id));
}

export async function insertRemittanceRoute(executor: Db, row: typeof remittanceRoutes.$inferInsert): Promise<void> {
  await executor.insert(remittanceRoutes).values(row);
}
