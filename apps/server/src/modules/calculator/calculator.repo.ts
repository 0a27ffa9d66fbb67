import { and, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/raw';
import {
  calculatorShareAttempts,
  calculatorShares,
  type StoredPayeInputs,
  type StoredWhtInputs,
} from './calculator.schema';

export type CalculatorShareRow = typeof calculatorShares.$inferSelect;

/** Saves a shared calculation's inputs under its token. */
export async function insertShare(
  executor: Db,
  share: { token: string; paye: StoredPayeInputs | null; wht: StoredWhtInputs | null },
): Promise<CalculatorShareRow> {
  const [row] = await executor.insert(calculatorShares).values(share).returning();
  return row;
}

export async function findShareByToken(executor: Db, token: string): Promise<CalculatorShareRow | undefined> {
  const [row] = await executor.select().from(calculatorShares).where(eq(calculatorShares.token, token));
  return row;
}

/**
 * Counts a share for the address unless it already has `max` within the window; false when it
 * has. An advisory lock per address, held to the end of the caller's transaction, makes parallel
 * shares from one address count one at a time in every process. The address's rows older than
 * the window go at the same time, so the table holds only the current windows.
 */
export async function reserveShareAttempt(
  executor: Db,
  attempt: { address: string; at: Date; windowMs: number; max: number },
): Promise<boolean> {
  const at = attempt.at.toISOString();
  const since = new Date(attempt.at.getTime() - attempt.windowMs).toISOString();
  await executor.execute(sql`select pg_advisory_xact_lock(3, hashtext(${attempt.address}))`);
  await executor
    .delete(calculatorShareAttempts)
    .where(
      and(
        eq(calculatorShareAttempts.ipAddress, attempt.address),
        lte(calculatorShareAttempts.createdAt, sql`${since}::timestamptz`),
      ),
    );
  const rows = await queryRows<{ id: string }>(
    executor,
    sql`
    insert into ${calculatorShareAttempts} (ip_address, created_at)
    select ${attempt.address}, ${at}::timestamptz
    where (select count(*) from ${calculatorShareAttempts} where ip_address = ${attempt.address} and created_at > ${since}::timestamptz) < ${attempt.max}
    returning id`,
  );
  return rows.length > 0;
}
