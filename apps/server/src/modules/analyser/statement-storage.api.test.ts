import { randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderFixture } from '../../../../../packages/statements/src/fixtures/render-statement';
import { connectionOf } from '../../db/client';
import { findStatementFile } from './analyser.repo';
import { createTestApp, ownerWithOrganisation, type TestApp } from '../../../test/harness';

// Storing a large statement's rows, file and pages must not hold the database: on the embedded
// database there is one connection, and a save held in one query or transaction kept every other
// user waiting for all of it.
let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test.close();
});

/**
 * Every SQL text sent to the database, in order, once each: the pool's own query() runs on a
 * client it connects, so wrapping the clients sees queries through the pool and transactions alike.
 */
function recordQueries(pool: pg.Pool): { texts: string[]; stop(): void } {
  const texts: string[] = [];
  const log = (query: unknown) =>
    texts.push(typeof query === 'string' ? query : String((query as { text?: string }).text ?? ''));
  const poolConnect = pool.connect.bind(pool);
  const wrappedClients = new WeakSet<pg.PoolClient>();
  const wrap = (client: pg.PoolClient) => {
    if (wrappedClients.has(client)) return;
    wrappedClients.add(client);
    const clientQuery = client.query.bind(client);
    client.query = ((query: unknown, ...rest: unknown[]) => {
      log(query);
      return (clientQuery as (...args: unknown[]) => unknown)(query, ...rest);
    }) as typeof client.query;
  };
  // The pool's own query() connects with a callback, a transaction with a promise: both forms are kept.
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
      pool.connect = poolConnect;
    },
  };
}

/**
 * An analyst uploads a statement and waits for its parse while a neighbour keeps opening their
 * folder list; every query sent meanwhile is recorded.
 */
async function uploadWhileNeighbourWaits(fileName: string, content: Buffer) {
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
      files: [{ field: 'file', filename: fileName, contentType: 'text/csv', content }],
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
  return { statement, token: analyst.token, texts: queries.texts };
}

/** How many of the queries match, and whether the neighbour's folder list ran between the first and the last of them. */
function interleaving(texts: string[], pattern: RegExp) {
  const positions = texts.flatMap((text, position) => (pattern.test(text) ? [position] : []));
  const during = texts.slice(positions[0], positions.at(-1));
  return { count: positions.length, isNeighbourBetween: during.some((text) => /from "analyser_folders"/.test(text)) };
}

/** A CSV statement whose long narrations make it megabytes for a few thousand rows, its sheet too (hex compresses little). */
function longNarrationCsv(rows: number): { csv: Buffer; narrations: string[] } {
  const lines = ['Date,Narration,Debit,Credit,Balance'];
  const narrations: string[] = [];
  let balance = 1_000_000_00;
  for (let row = 0; row < rows; row++) {
    const narration = `TRF ${randomBytes(150).toString('hex').toUpperCase()}`;
    const amount = 1_000 + row;
    balance -= amount;
    narrations.push(narration);
    lines.push(
      `2024-01-${String(1 + (row % 28)).padStart(2, '0')},${narration},${(amount / 100).toFixed(2)},,${(balance / 100).toFixed(2)}`,
    );
  }
  return { csv: Buffer.from(lines.join('\n')), narrations };
}

describe("a large statement's rows", () => {
  it("are stored in batches that let another user's queries in between, and the statement is analysed once all are stored", async () => {
    const { fixture, bytes } = await renderFixture(
      { style: 'moniepoint', seed: 20, count: 2_500, perDay: 30, start: '2024-01-01' },
      'csv',
    );
    const { statement, texts } = await uploadWhileNeighbourWaits('large.csv', Buffer.from(bytes));
    expect(statement).toMatchObject({ status: 'analysed', totals: { transaction_count: fixture.rows.length } });
    const inserts = interleaving(texts, /insert into "analyser_transactions"/);
    expect(inserts.count).toBeGreaterThanOrEqual(4);
    expect(inserts.isNeighbourBetween).toBe(true);
  }, 120_000);
});

describe("a large statement's file and sheet", () => {
  it("are stored in parts of at most 512 KB that let another user's queries in between, and read back whole", async () => {
    const { csv, narrations } = longNarrationCsv(6_000);
    const { statement, token, texts } = await uploadWhileNeighbourWaits('long.csv', csv);
    expect(statement).toMatchObject({ status: 'analysed', totals: { transaction_count: narrations.length } });

    // The file: one INSERT per part, the neighbour's folder list between the first and the last.
    const fileParts = interleaving(texts, /insert into "analyser_statement_file_parts"/);
    expect(fileParts.count).toBe(Math.ceil(csv.length / (512 * 1024)));
    expect(fileParts.count).toBeGreaterThanOrEqual(4);
    expect(fileParts.isNeighbourBetween).toBe(true);
    // The sheet's one page of lines is more than a part too.
    expect(interleaving(texts, /insert into "analyser_statement_pages"/).count).toBeGreaterThanOrEqual(2);

    // Read back: the file byte for byte (what a re-run reads), and the sheet line for line.
    const stored = await findStatementFile(test.database.db, statement.id);
    expect(stored?.file && Buffer.compare(stored.file, csv)).toBe(0);
    const extraction = await test.call('GET', 'bank', `statements/${statement.id}/extraction`, { token });
    expect(extraction.data.lines).toHaveLength(narrations.length + 1);
    expect(extraction.data.lines.at(-1).text).toContain(narrations.at(-1));

    // A file missing a part (an upload stopped part way) is never read as if whole.
    await test.database.executeSql(`delete from analyser_statement_file_parts where statement_id = $1 and part = $2`, [
      statement.id,
      fileParts.count - 1,
    ]);
    const rerun = await test.call('POST', 'bank', `statements/${statement.id}/rerun`, { token, body: {} });
    expect(rerun).toMatchObject({
      code: 'UNPROCESSABLE',
      message: 'The statement file was not stored whole: upload it again',
    });
  }, 120_000);
});
