import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { users } from '../db/schema/index';
import { verifyPassword } from '../modules/accounts/secrets';
import { createScratchPostgresDatabase, usePostgres } from '../../test/harness';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const cleanups: Array<() => unknown> = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

it('creates a staff user who can sign in, once', { timeout: 120_000 }, async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'levy-staff-'));
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, STAFF_PASSWORD: 'staff-password-1' };
  delete env.DATABASE_URL;
  if (usePostgres) {
    const scratch = await createScratchPostgresDatabase();
    cleanups.push(() => scratch.drop());
    env.DATABASE_URL = scratch.url;
  }
  const run = () =>
    spawnSync(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli/create-staff-user.ts', 'ops@levy.ng', 'Sade', 'Ops'],
      { cwd: ROOT, env, encoding: 'utf8' },
    );
  const first = run();
  expect(first.stdout).toContain(
    "Staff user ops@levy.ng created. They see every organisation's corporations, read-only.",
  );
  expect(first.status).toBe(0);
  const second = run();
  expect([second.status, second.stderr.trim()]).toEqual([1, 'ops@levy.ng already has an account.']);

  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
  try {
    const [staff] = await database.db.select().from(users).where(eq(users.email, 'ops@levy.ng'));
    expect(staff.userTypeId).toBe(1);
    expect(await verifyPassword(staff.passwordHash, 'staff-password-1')).toBe(true);
  } finally {
    await database.close();
  }
});
