import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderFixture } from '../../../../../packages/statements/src/fixtures/render-statement';
import { connectionOf } from '../../db/client';
import { createTestApp, ownerWithOrganisation, type TestApp } from '../../../test/harness';

// Storing a large statement's rows must not hold the database: on the embedded database there is
// one connection, and a save held in one transaction kept every other user waiting for all of it.
let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test.close();
});

/** Every SQL text sent to the database, in order, whether through the pool or a transaction's client. */
function recordQueries(pool: pg.Pool): { texts: string[]; stop(): void } {
  const texts: string[] = [];
  const log = (query: unknown) =>
    texts.push(typeof query === 'string' ? query : String((query as { text?: string }).text ?? ''));
  const poolQuery = pool.query.bind(pool);
  const poolConnect = pool.connect.bind(pool);
  const wrappedClients = new WeakSet<pg.PoolClient>();
  pool.query = ((query: unknown, ...rest: unknown[]) => {
    log(query);
    return (poolQuery as (...args: unknown[]) => unknown)(query, ...rest);
  }) as typeof pool.query;
  const wrap = (client: pg.PoolClient) => {
    if (wrappedClients.has(client)) return;
    wrappedClients.add(client);
    const clientQuery = client.query.bind(client);
    client.query = ((query: unknown, ...rest: unknown[]) => {
      log(query);
      return (clientQuery as (...args: unknown[]) => unknown)(query, ...rest);
    }) as typeof client.query;
  };
  // The pool's own query() takes a client with a callback: both forms are kept.
  pool.connect = ((
    callback?: (error: Error | undefined, client: pg.PoolClient | undefined, done: () => void) => void,
  ) => {
    if (callback) {
      return (poolConnect as (cb: typeof callback) => void)((error, client, done) => {
        if (client) wrap(client);
        callback(error, client, done);
      });
    }
    return poolConnect().then((client) => {
      wrap(client);
      return client;
    });
  }) as typeof pool.connect;
  return {
    texts,
    stop() {
      pool.query = poolQuery;
      pool.connect = poolConnect;
    },
  };
}

describe("a large statement's rows", () => {
  it("are stored in batches that let another user's queries in between, and the statement is analysed once all are stored", async () => {
    const analyst = await ownerWithOrganisation(test);
    const neighbour = await ownerWithOrganisation(test);
    const folder = await test.call('POST', 'bank', 'statement-folders', {
      token: analyst.token,
      body: { name: `Large ${randomUUID().slice(0, 6)}` },
    });
    const record = await test.call('POST', 'bank', `statement-folders/${folder.data.id}/records`, {
      token: analyst.token,
      body: { name: 'Bello Stores' },
    });
    await test.call('POST', 'bank', 'statement-folders', {
      token: neighbour.token,
      body: { name: 'Neighbour folder' },
    });
    const { fixture, bytes } = await renderFixture(
      { style: 'moniepoint', seed: 20, count: 2_500, perDay: 30, start: '2024-01-01' },
      'csv',
    );

    const pool = connectionOf(test.database.db).client as pg.Pool;
    const queries = recordQueries(pool);
    let isParsing = true;
    const neighbourCalls = (async () => {
      while (isParsing) {
        const folders = await test.call('GET', 'bank', 'statement-folders', { token: neighbour.token });
        expect(folders.code).toBe('OK');
      }
    })();
    let statement;
    try {
      const uploaded = await test.upload(`statement-records/${record.data.id}/statements`, {
        namespace: 'bank',
        token: analyst.token,
        files: [{ field: 'file', filename: 'large.csv', contentType: 'text/csv', content: Buffer.from(bytes) }],
      });
      for (;;) {
        statement = (await test.call('GET', 'bank', `statements/${uploaded.data.id}`, { token: analyst.token })).data;
        if (statement.status === 'analysed' || statement.status === 'failed') break;
        // While the rows are being written the statement is not yet analysed: nothing shows half of them as its result.
        expect(statement.totals).toBeNull();
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      isParsing = false;
      await neighbourCalls;
      queries.stop();
    }
    expect(statement).toMatchObject({ status: 'analysed', totals: { transaction_count: fixture.rows.length } });

    const inserts = queries.texts.flatMap((text, position) =>
      /insert into "analyser_transactions"/.test(text) ? [position] : [],
    );
    expect(inserts.length).toBeGreaterThanOrEqual(4);
    const during = queries.texts.slice(inserts[0], inserts.at(-1));
    // The neighbour's folder list ran between the first and the last batch.
    expect(during.some((text) => /from "analyser_folders"/.test(text))).toBe(true);
  }, 120_000);
});
