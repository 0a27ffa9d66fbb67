import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/** Runs raw SQL and returns its rows; PGlite and node-postgres both answer with `{ rows }`. */
export async function queryRows<T>(executor: Db, query: SQL): Promise<T[]> {
  const result = (await executor.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
