import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteSockets } from './pglite-socket';

// node-postgres on PGlite through the in-process socket: answers as PostgreSQL gives them, and a
// connection that ends leaves nothing behind for the next one.
let pglite: PGlite;
let pool: pg.Pool;

beforeAll(async () => {
  pglite = await PGlite.create('memory://');
  pool = new pg.Pool({
    stream: pgliteSockets(pglite),
    max: 1,
    idleTimeoutMillis: 0,
    user: 'postgres',
    database: 'postgres',
  });
  await pool.query('create table socket_scratch (id int8 primary key, label text)');
});
afterAll(async () => {
  await pool.end();
  await pglite.close();
});

describe('pgliteSockets', () => {
  it('answers with node-postgres types: int8 and numeric as text, timestamps as dates', async () => {
    const { rows } = await pool.query(
      'select 9007199254740993::int8 as big, 1.50::numeric as money, 7::int4 as small, now() as at, $1::text as echoed',
      ['₦ Ọ̀gá'],
    );
    expect(rows[0]).toMatchObject({ big: '9007199254740993', money: '1.50', small: 7, echoed: '₦ Ọ̀gá' });
    expect(rows[0].at).toBeInstanceOf(Date);
  });

  it('runs several statements at once, named statements again and again, and reports errors with their code', async () => {
    const results = (await pool.query('select 1 as one; select 2 as two')) as unknown as pg.QueryResult[];
    expect(results.map((result) => result.rows[0])).toEqual([{ one: 1 }, { two: 2 }]);
    for (let id = 1; id <= 3; id++)
      await pool.query({
        name: 'socket_insert',
        text: 'insert into socket_scratch values ($1, $2)',
        values: [id, `row ${id}`],
      });
    const duplicate = await pool
      .query({ name: 'socket_insert', text: 'insert into socket_scratch values ($1, $2)', values: [1, 'again'] })
      .catch((error: unknown) => error);
    expect(duplicate).toMatchObject({ code: '23505', constraint: 'socket_scratch_pkey' });
    expect((await pool.query('select count(*) from socket_scratch')).rows).toEqual([{ count: '3' }]);
  });

  it('rolls back the transaction of a connection that ends and forgets its prepared statements', async () => {
    const client = await pool.connect();
    await client.query('begin');
    await client.query({ name: 'socket_count', text: 'select count(*) from socket_scratch' });
    await client.query('delete from socket_scratch');
    client.release(true);
    // The next connection starts clean: the rows are back, the name is free again.
    const next = await pool.connect();
    expect((await next.query({ name: 'socket_count', text: 'select count(*) from socket_scratch' })).rows).toEqual([
      { count: '3' },
    ]);
    next.release();
  });

  it('lets one connection in at a time: a second waits until the first ends', async () => {
    // A PGlite of its own: the pool above keeps its connection open on the shared one.
    const own = await PGlite.create('memory://');
    const open = pgliteSockets(own);
    const first = new pg.Client({ stream: open, user: 'postgres', database: 'postgres' });
    const second = new pg.Client({ stream: open, user: 'postgres', database: 'postgres' });
    await first.connect();
    await first.query('begin');
    await first.query('create table waited (label text)');
    await first.query(`insert into waited values ('first')`);
    let secondConnected = false;
    const connecting = second.connect().then(() => (secondConnected = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(secondConnected).toBe(false);
    await first.query('commit');
    await first.end();
    await connecting;
    expect((await second.query('select label from waited')).rows).toEqual([{ label: 'first' }]);
    await second.end();
    await own.close();
  });
});
