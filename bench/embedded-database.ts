import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestAppOptions } from '../apps/server/test/harness';

/**
 * Where a bench keeps its embedded database: in a data directory on disk, as `npm start` runs it,
 * removed afterwards; nothing when DATABASE_URL names PostgreSQL. An in-memory PGlite copies a
 * whole file each time one grows by an eighth: storing 100,000 rows spent half a second doing
 * that, on the thread that answers everyone, a cost no running Levy pays.
 */
export function benchDatabase(name: string): { options: TestAppOptions; remove(): void } {
  if (process.env.DATABASE_URL) return { options: {}, remove: () => undefined };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `levy-${name}-bench-`));
  return {
    options: { keep: { dataDir } },
    remove: () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}
