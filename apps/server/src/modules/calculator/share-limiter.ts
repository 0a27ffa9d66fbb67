import type { Db } from '../../db/client';
import { reserveShareAttempt } from './calculator.repo';

/**
 * Sharing is the calculator's only public call that writes, so each address may save at most
 * `max` shares per window. Counted in PostgreSQL, one address at a time, so the limit holds
 * whatever the timing and however many API processes share the database.
 */
export function createShareLimiter({ max, windowMs }: { max: number; windowMs: number }, now: () => number = Date.now) {
  return {
    /** Counts one share for the address in the caller's transaction; false when it is over the limit. */
    take(executor: Db, address: string): Promise<boolean> {
      return reserveShareAttempt(executor, { address, at: new Date(now()), windowMs, max });
    },
  };
}

export const SHARE_LIMIT = { max: 30, windowMs: 10 * 60_000 };
