import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { calculatorShares, type StoredPayeInputs, type StoredWhtInputs } from './calculator.schema';

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
