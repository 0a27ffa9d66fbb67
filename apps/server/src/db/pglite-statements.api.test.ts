import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withPreparedStatements, type PgliteQueries } from './pglite-statements';

// The prepared-statement path on PGlite answers exactly as PGlite's own query does; the server
// runs on it whenever there is no DATABASE_URL, so this runs on PGlite whatever the database.
let client: PGlite;
let prepared: PgliteQueries;

/** The statements PostgreSQL holds for this connection, by their text. */
async function preparedTexts(): Promise<string[]> {
  const { rows } = await client.query<{ statement: string }>('select statement from pg_prepared_statements order by prepare_time');
  return rows.map((row) => row.statement);
}

beforeAll(async () => {
  client = await PGlite.create('memory://');
  prepared = withPreparedStatements(client);
  await client.exec(`
    create table things (id uuid primary key default gen_random_uuid(), name text not null unique, amount bigint, price numeric(20,2),
      active boolean, seen_at timestamptz, born_on date, tags text[], details jsonb);
  `);
});
afterAll(async () => {
  await prepared.close();
});

describe('PGlite with prepared statements', () => {
  it('reads and writes every kind of column as PGlite does, in object and array row modes', async () => {
    const insert = 'insert into things (name, amount, price, active, seen_at, born_on, tags, details) values ($1, $2, $3, $4, $5, $6, $7, $8) returning name';
    const inserted = await prepared.query(insert, ['Ọ̀gá ₦ "quoted"\ttab', 9_007_199_254_740_991n, '1234567.89', true, new Date('2026-03-19T08:30:00.123Z'), '2026-03-20', ['a', 'b,c', null], { nested: [1, 'two'] }]);
    expect(inserted.rows).toEqual([{ name: 'Ọ̀gá ₦ "quoted"\ttab' }]);
    expect(inserted.affectedRows).toBe(1);
    await prepared.query(insert, ['empty', null, null, null, null, null, null, null]);

    const select = 'select id, name, amount, price, active, seen_at, born_on, tags, details from things where name = any($1::text[]) order by name';
    const names = [['empty', 'Ọ̀gá ₦ "quoted"\ttab']];
    for (const options of [undefined, { rowMode: 'array' as const }, { rowMode: 'array' as const, parsers: { [types.TIMESTAMPTZ]: (value: string) => value } }]) {
      const theirs = await client.query(select, names, options);
      const ours = await prepared.query(select, names, options);
      expect(ours.rows).toEqual(theirs.rows);
      expect(ours.fields).toEqual(theirs.fields);
    }
    const [row] = (await prepared.query<{ seen_at: Date; amount: number; tags: unknown[] }>(select, [['Ọ̀gá ₦ "quoted"\ttab']])).rows;
    expect(row.seen_at).toEqual(new Date('2026-03-19T08:30:00.123Z'));
    expect(row.tags).toEqual(['a', 'b,c', null]);
  });

  it('parses a statement once, and keeps at most 200, closing the least recently used', async () => {
    const text = 'select count(*)::int as total from things where active is not distinct from $1';
    const before = (await preparedTexts()).filter((statement) => statement === text).length;
    await prepared.query(text, [true]);
    await prepared.query(text, [null]);
    expect((await preparedTexts()).filter((statement) => statement === text)).toHaveLength(before + 1);

    for (let index = 0; index < 205; index++) await prepared.query(`select $1::int + ${index} as answer`, [1]);
    const texts = await preparedTexts();
    expect(texts).toHaveLength(200);
    expect(texts).not.toContain('select $1::int + 0 as answer');
    expect(texts).toContain('select $1::int + 204 as answer');
  });

  it('throws PostgreSQL errors with their code and constraint, and answers the next query', async () => {
    const insert = 'insert into things (name) values ($1)';
    await prepared.query(insert, ['unique']);
    await expect(prepared.query(insert, ['unique'])).rejects.toMatchObject({ code: '23505', constraint: 'things_name_key', severity: 'ERROR' });
    await expect(prepared.query('select * from no_such_table where id = $1', [1])).rejects.toMatchObject({ code: '42P01', message: 'relation "no_such_table" does not exist' });
    expect((await prepared.query('select count(*)::int as total from things where name = $1', ['unique'])).rows).toEqual([{ total: 1 }]);
  });

  it('runs in transactions that commit or roll back, and a query outside waits for the transaction', async () => {
    const count = async () => (await prepared.query<{ total: number }>('select count(*)::int as total from things where name like $1', ['tx %'])).rows[0].total;
    let outside: Promise<number> | undefined;
    await prepared.transaction(async (tx) => {
      await tx.query('insert into things (name) values ($1)', ['tx committed']);
      outside = count();
      // The outside query has not run yet: it would see no row.
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect((await tx.query<{ total: number }>('select count(*)::int as total from things where name like $1', ['tx %'])).rows[0].total).toBe(1);
    });
    expect(await outside).toBe(1);

    await expect(
      prepared.transaction(async (tx) => {
        await tx.query('insert into things (name) values ($1)', ['tx rolled back']);
        await tx.query('insert into things (name) values ($1)', ['tx committed']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await count()).toBe(1);
  });

  it('prepares a statement again after a migration changes its table', async () => {
    await client.exec('create table shapes (id int)');
    const text = 'select * from shapes where id = $1';
    await client.exec('insert into shapes values (1)');
    expect((await prepared.query(text, [1])).rows).toEqual([{ id: 1 }]);
    await client.exec('alter table shapes add column label text');
    await expect(prepared.query(text, [1])).rejects.toMatchObject({ code: '0A000' });
    expect((await prepared.query(text, [1])).rows).toEqual([{ id: 1, label: null }]);
  });
});
