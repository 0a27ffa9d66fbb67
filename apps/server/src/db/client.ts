import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { withPreparedStatements } from './pglite-statements';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The database or a transaction on it: repositories accept either, so services own the transaction. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Plain SQL with `$n` parameters; `values` absent means the text may hold several statements. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** For libraries that speak SQL text (the jobs queue), on the same connection pool or PGlite. */
  executeSql: ExecuteSql;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = new URL('../../drizzle', import.meta.url).pathname;

/**
 * Opens PostgreSQL when a URL is given, otherwise the embedded PGlite in `dataDir`
 * (`memory://` keeps it in memory, for tests). Both run the same migrations.
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string; poolSize?: number; statementTimeoutMs?: number }): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10, statement_timeout: options.statementTimeoutMs || undefined });
    // An idle connection can drop (a server restart, a failover); the pool replaces it. Without a
    // listener, that error would end the process.
    pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case' }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      executeSql: (text, values) => pool.query(text, values),
      migrate: () => migratePg(db as never, { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  if (!options.dataDir.startsWith('memory://')) fs.mkdirSync(options.dataDir, { recursive: true });
  const client = withPreparedStatements(await PGlite.create(options.dataDir));
  // drizzle calls only `query` and `transaction` on its client, which the wrapper keeps.
  const db = drizzlePglite({ client: client as unknown as PGlite, schema, casing: 'snake_case' }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // PGlite's extended protocol takes one statement; the simple protocol (exec) takes many but no values.
    executeSql: async (text, values) => (values && values.length > 0 ? client.query(text, values) : { rows: (await client.exec(text)).at(-1)?.rows ?? [] }),
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}
