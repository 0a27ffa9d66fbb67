import { sql } from 'drizzle-orm';
import { bigint, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { copyRows } from './copy';
import { queryRows } from './raw';

// COPY on the real database (PGlite, or PostgreSQL with TEST_DATABASE=postgres): what goes in comes back.
let test: TestApp;
const scratch = pgTable('copy_scratch', { position: integer(), label: text(), amount: bigint({ mode: 'number' }) });

beforeAll(async () => {
  test = await createTestApp();
  await test.database.db.execute(sql`create table copy_scratch (position int, label text, amount bigint)`);
});
afterAll(async () => {
  await test.close();
});

describe('copyRows', () => {
  it('stores text with tabs, line breaks, backslashes and quotes, large amounts and nulls exactly', async () => {
    const labels = [
      'plain',
      'tab\there',
      'line\nbreak',
      'carriage\rreturn',
      'back\\slash \\N',
      'quote " and , comma',
      'Ọ̀gá Adébáyọ̀ ₦',
      '',
    ];
    const rows = [
      ...labels.map((label, position) => ({
        position,
        label,
        amount: position === 2 ? 9_007_199_254_740_991 : position * 100,
      })),
      { position: labels.length, label: null, amount: null },
    ];
    await test.database.db.transaction(async (tx) => {
      await copyRows(tx, scratch, rows, {
        position: (row) => row.position,
        label: (row) => row.label,
        amount: (row) => row.amount,
      });
    });
    const stored = await queryRows<{ position: number; label: string | null; amount: string | null }>(
      test.database.db,
      sql`select position, label, amount from copy_scratch order by position`,
    );
    expect(stored.map((row) => row.label)).toEqual([...labels, null]);
    expect(stored.map((row) => row.amount)).toEqual([
      '0',
      '100',
      '9007199254740991',
      '300',
      '400',
      '500',
      '600',
      '700',
      null,
    ]);
  });

  it('leaves nothing behind when its transaction rolls back, and refuses to run outside one', async () => {
    await test.database.db.execute(sql`delete from copy_scratch`);
    await expect(
      test.database.db.transaction(async (tx) => {
        await copyRows(tx, scratch, [{ position: 1, label: 'rolled back' }], {
          position: (row) => row.position,
          label: (row) => row.label,
        });
        throw new Error('the caller gives up');
      }),
    ).rejects.toThrow('the caller gives up');
    expect(await queryRows(test.database.db, sql`select * from copy_scratch`)).toEqual([]);
    await expect(copyRows(test.database.db, scratch, [1], { position: (row) => row })).rejects.toThrow(
      'needs a transaction',
    );
  });
});
