import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The database or a transaction on it: repositories accept either, so services own the transaction. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = new URL('../../drizzle', import.meta.url).pathname;

/**
 * Opens PostgreSQL when a URL is given, otherwise the embedded PGlite in `dataDir`
 * (`memory://` keeps it in memory, for tests). Both run the same migrations.
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection can drop (a server restart, a failover); the pool replaces it. Without a
    // listener, that error would end the process.
    pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(db as never, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  if (!options.dataDir.startsWith('memory://')) fs.mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(options.dataDir);
  const db = drizzlePglite({ client, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}
