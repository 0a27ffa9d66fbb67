import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/** Runs raw SQL and returns its rows, as node-postgres answers them. */
export async function queryRows<T>(executor: Db, query: SQL): Promise<T[]> {
  const result = await executor.execute(query);
  return result.rows as T[];
}
