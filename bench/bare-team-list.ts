// The baseline of bench/api.bench.ts: a bare Fastify + pg route doing the team list's work with
// nothing else: the session by token hash (its last-seen written at most once a minute, as the
// app does), one page of members with their names, and the count. No logging, no schemas.
// Run as its own process: PORT, and DATABASE_URL (PostgreSQL) or DATA_DIR (a copy of an embedded
// PGlite database, for the app on PGlite measured against the same database), both through `pg`.
import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import Fastify from 'fastify';
import pg from 'pg';
import { pgliteSockets } from '../apps/server/src/db/pglite-socket';

const TOUCH_INTERVAL_MS = 60_000;
const IDLE_MS = 120 * 60_000;
const PAGE_SIZE = 10;

/** PostgreSQL, or PGlite through the app's node-postgres socket: the same `pg` pool either way. */
async function connect(): Promise<{ pool: pg.Pool; close(): Promise<void> }> {
  if (process.env.DATA_DIR) {
    const pglite = await PGlite.create(process.env.DATA_DIR);
    const pool = new pg.Pool({
      stream: pgliteSockets(pglite),
      max: 1,
      idleTimeoutMillis: 0,
      user: 'postgres',
      database: 'postgres',
    });
    return { pool, close: () => pool.end().then(() => pglite.close()) };
  }
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  return { pool, close: () => pool.end() };
}

const { pool, close } = await connect();
const app = Fastify({ logger: false });

app.get<{ Params: { id: string } }>('/service/v1/auth/organisations/:id/users', async (request, reply) => {
  const token = request.headers['api-token'];
  if (typeof token !== 'string')
    return reply.code(401).send({ code: 'NO_AUTH', message: 'Unauthenticated', data: null });
  const tokenHash = createHash('sha256').update(token).digest('hex');
  const {
    rows: [session],
  } = await pool.query<{ id: string; last_seen_at: Date; organisation_id: string | null }>(
    `select s.id, s.last_seen_at, s.organisation_id, u.id as user_id, u.email, u.first_name
       from sessions s join users u on u.id = s.user_id
      where s.token_hash = $1 and s.revoked_at is null`,
    [tokenHash],
  );
  const idleMs = session ? Date.now() - session.last_seen_at.getTime() : Infinity;
  if (idleMs > IDLE_MS) return reply.code(401).send({ code: 'NO_AUTH', message: 'Unauthenticated', data: null });
  if (idleMs > TOUCH_INTERVAL_MS)
    await pool.query('update sessions set last_seen_at = now() where id = $1', [session.id]);
  if (session.organisation_id !== request.params.id)
    return reply.code(404).send({ code: 'NOT_FOUND', message: 'Not found', data: null });
  const [page, count] = await Promise.all([
    pool.query(
      `select m.id, m.user_id, m.email, m.role_id, m.status, m.invited_at, m.accepted_at, m.created_at, u.first_name, u.last_name
         from organisation_users m left join users u on u.id = m.user_id
        where m.organisation_id = $1 and m.status <> 'removed'
        order by m.created_at desc, m.id asc limit $2 offset 0`,
      [request.params.id, PAGE_SIZE],
    ),
    pool.query<{ total: number }>(
      `select count(*)::int as total from organisation_users where organisation_id = $1 and status <> 'removed'`,
      [request.params.id],
    ),
  ]);
  const total = count.rows[0].total;
  return {
    code: 'OK',
    message: 'Request successful',
    data: {
      items: page.rows,
      pagination: { page: 1, count: PAGE_SIZE, total_count: total, total_pages: Math.ceil(total / PAGE_SIZE) },
    },
  };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(
    signal,
    () =>
      void app
        .close()
        .then(close)
        .then(() => process.exit(0)),
  );
}
