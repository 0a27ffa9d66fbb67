import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle, type NodePgDatabase, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { pgliteSockets } from './pglite-socket';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The database or a transaction on it: repositories accept either, so services own the transaction. */
export type Db = PgDatabase<NodePgQueryResultHKT, Schema>;

export type DatabaseKind = 'pglite' | 'postgres';

/** Plain SQL with `$n` parameters; `values` absent means the text may hold several statements. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>;

export interface Database {
  db: Db;
  kind: DatabaseKind;
  /** For libraries that speak SQL text (the jobs queue), on the database's connection pool. */
  executeSql: ExecuteSql;
  migrate(): Promise<void>;
  /** Opens the pool's connections at once, so a new process does not open them one by one under its first burst of requests. */
  connectAll(): Promise<void>;
  close(): Promise<void>;
}

/** The node-postgres connection an executor runs on: a transaction's own client, or the database's pool. */
export interface Connection {
  client: pg.Pool | pg.PoolClient;
  kind: DatabaseKind;
}

const connections = new WeakMap<Db, Connection>();

/**
 * The connection behind a database or a transaction opened by `openDatabase`, for the few callers
 * that speak to node-postgres directly (COPY, the jobs queue) on the caller's transaction.
 */
export function connectionOf(executor: Db): Connection {
  const connection = connections.get(executor);
  if (!connection) throw new Error('connectionOf: not a database or transaction from openDatabase');
  return connection;
}

const migrationsFolder = new URL('../../drizzle', import.meta.url).pathname;

/**
 * Opens PostgreSQL when a URL is given, otherwise the embedded PGlite in `dataDir` (`memory://`
 * keeps it in memory, for tests). Both are reached through node-postgres and drizzle's
 * node-postgres driver, so they return the same types (decision 0018), and run the same migrations.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  /** PGlite only: start from this data directory (a tarball from `dumpDataDir`) instead of an empty one. */
  loadDataDir?: Blob;
  poolSize?: number;
  statementTimeoutMs?: number;
}): Promise<Database> {
  let pglite: PGlite | undefined;
  let pool: pg.Pool;
  if (options.databaseUrl) {
    pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      statement_timeout: options.statementTimeoutMs || undefined,
    });
  } else {
    if (!options.dataDir.startsWith('memory://')) fs.mkdirSync(options.dataDir, { recursive: true });
    pglite = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
    // PGlite is one session: a pool of one connection, kept open (its prepared statements with it).
    // A query on the database inside a transaction would wait for the transaction forever, so
    // code in a transaction uses the transaction only (decision 0002).
    pool = new pg.Pool({
      stream: pgliteSockets(pglite),
      max: 1,
      idleTimeoutMillis: 0,
      user: 'postgres',
      database: 'postgres',
    });
  }
  // An idle connection can drop (a server restart, a failover); the pool replaces it. Without a
  // listener, that error would end the process.
  pool.on('error', (error) => console.error(`Database connection lost: ${error.message}`));
  const kind: DatabaseKind = pglite ? 'pglite' : 'postgres';
  const db = drizzle({ client: pool, schema, casing: 'snake_case' });
  connections.set(db, { client: pool, kind });

  // A transaction runs on a client taken from the pool here rather than inside drizzle, so
  // connectionOf knows it. Each client keeps its own drizzle instance, built once.
  const onClient = new WeakMap<pg.PoolClient, NodePgDatabase<Schema>>();
  db.transaction = async (work, config) => {
    const client = await pool.connect();
    try {
      let clientDb = onClient.get(client);
      if (!clientDb) {
        clientDb = drizzle({ client, schema, casing: 'snake_case' });
        onClient.set(client, clientDb);
      }
      return await clientDb.transaction((tx) => {
        connections.set(tx, { client, kind });
        return work(tx);
      }, config);
    } finally {
      client.release();
    }
  };

  return {
    db,
    kind,
    executeSql: (text, values) => pool.query(text, values),
    migrate: () => migrate(db, { migrationsFolder }),
    async connectAll() {
      const clients = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
      await Promise.all(clients.map((client) => client.query('select 1')));
      for (const client of clients) client.release();
    },
    async close() {
      await pool.end();
      await pglite?.close();
    },
  };
}
