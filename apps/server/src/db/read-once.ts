import type { Db } from './client';

/**
 * A value read from the database on first use and kept: for data seeded before the app starts
 * that never changes while it runs. The first read uses the caller's executor: on PGlite a read
 * outside a running transaction would wait for it to end. A failed read is tried again next time.
 */
export function readOnce<T>(read: (executor: Db) => Promise<T>): (executor: Db) => Promise<T> {
  let kept: Promise<T> | null = null;
  return (executor) => {
    kept ??= read(executor).catch((error: unknown) => {
      kept = null;
      throw error;
    });
    return kept;
  };
}
