import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, type Database } from '../src/db/client';
import { seedReferenceData } from '../src/seed';
import { createScratchPostgresDatabase, usePostgres } from './harness';

/**
 * The API project's global setup: one database migrated and seeded before any test, that every
 * test app's fresh database copies (LEVY_TEST_TEMPLATE, read by the harness). A new PGlite runs
 * initdb (seconds on a busy machine) and then every migration; a copy of a data directory loads in
 * a fraction of that. On PostgreSQL the copy is `create database … template`.
 */
export default async function setup(): Promise<() => Promise<void>> {
  if (usePostgres) {
    const template = await createScratchPostgresDatabase();
    const database = await openDatabase({ databaseUrl: template.url, dataDir: 'memory://' });
    await migrateAndSeed(database);
    process.env.LEVY_TEST_TEMPLATE = template.name;
    return () => template.drop();
  }
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'levy-template-'));
  const database = await openDatabase({ dataDir: path.join(folder, 'data') });
  await migrateAndSeed(database);
  const pglite = await PGlite.create(path.join(folder, 'data'));
  const file = path.join(folder, 'data.tar');
  fs.writeFileSync(file, Buffer.from(await (await pglite.dumpDataDir('none')).arrayBuffer()));
  await pglite.close();
  process.env.LEVY_TEST_TEMPLATE = file;
  return async () => fs.rmSync(folder, { recursive: true, force: true });
}

async function migrateAndSeed(database: Database): Promise<void> {
  await database.migrate();
  await seedReferenceData(database.db);
  await database.close();
}
