import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildFixture,
  renderFixture,
  type FixtureOptions,
} from '../../../../../packages/statements/src/fixtures/render-statement';
import { createTestApp, ownerWithOrganisation, type TestApp, type TestFile } from '../../../test/harness';

// A record's combined analysis counts each transaction once, however many of its statements hold
// it, and leaves out a statement whose arithmetic fails; the same file uploaded again is said so at once.
let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test.close();
});

const CONTENT_TYPES = {
  pdf: 'application/pdf',
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

function statementFile(bytes: Uint8Array, filename: string): TestFile {
  return {
    field: 'file',
    filename,
    contentType: CONTENT_TYPES[filename.split('.').pop() as keyof typeof CONTENT_TYPES],
    content: Buffer.from(bytes),
  };
}

async function settled(token: string, statementId: string) {
  for (let attempt = 0; attempt < 600; attempt++) {
    const statement = await test.call('GET', 'bank', `statements/${statementId}`, { token });
    if (statement.data.status === 'analysed' || statement.data.status === 'failed') return statement.data;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('timed out waiting for the parse');
}

const naira = (kobo: number) => (kobo / 100).toFixed(2);

describe("a record's combined analysis", () => {
  it('counts overlapping and re-uploaded statements once, leaves out an inconsistent one, and warns on the same file at upload', async () => {
    const owner = await ownerWithOrganisation(test);
    const first: FixtureOptions = { style: 'gtbank', seed: 31, count: 40, start: '2026-03-01', perDay: 2 };
    const march = await renderFixture(first, 'csv');
    const accountNumber = march.fixture.accountNumber;
    const folder = await test.call('POST', 'bank', 'statement-folders', {
      token: owner.token,
      body: { name: `Combined ${randomUUID().slice(0, 6)}` },
    });
    const record = await test.call('POST', 'bank', `statement-folders/${folder.data.id}/records`, {
      token: owner.token,
      body: { name: march.fixture.accountName, account_number: accountNumber },
    });
    const recordId = record.data.id as string;
    const upload = (file: TestFile) =>
      test.upload(`statement-records/${recordId}/statements`, { namespace: 'bank', token: owner.token, files: [file] });

    // The longer statement prints March again, as a PDF (narrations wrapped), then runs on into April.
    const longer = await renderFixture({ ...first, count: 80, accountNumber }, 'pdf');
    const tampered = await renderFixture(
      {
        style: 'gtbank',
        seed: 77,
        count: 30,
        start: '2026-05-01',
        perDay: 2,
        accountNumber,
        tamper: { index: 5, addKobo: 100_000 },
      },
      'csv',
    );

    const uploadedMarch = await upload(statementFile(march.bytes, 'march.csv'));
    expect(uploadedMarch).toMatchObject({
      code: 'OK',
      message: 'Statement uploaded: it is being analysed',
      data: { duplicate_of: null },
    });
    const uploadedLonger = await upload(statementFile(longer.bytes, 'march-april.pdf'));
    const again = await upload(statementFile(march.bytes, 'march (1).csv'));
    expect(again).toMatchObject({
      code: 'OK',
      message:
        'Statement uploaded: it is being analysed. This file is already on this record as march.csv: its transactions are counted once in the combined ' +
        'analysis',
      data: { file_name: 'march (1).csv', duplicate_of: { id: uploadedMarch.data.id, file_name: 'march.csv' } },
    });
    const uploadedTampered = await upload(statementFile(tampered.bytes, 'may.csv'));
    for (const uploaded of [uploadedMarch, uploadedLonger, again, uploadedTampered])
      await settled(owner.token, uploaded.data.id);
    expect(
      (await test.call('GET', 'bank', `statements/${uploadedTampered.data.id}`, { token: owner.token })).data.verdict,
    ).toBe('inconsistent');

    const combined = await test.call('GET', 'bank', `statement-records/${recordId}/analysis`, { token: owner.token });
    const truth = buildFixture({ ...first, count: 80, accountNumber });
    expect(combined.data).toMatchObject({
      statement_count: 2,
      duplicate_rows: 80,
      verdict: 'suspicious',
      summary: {
        count: 80,
        inflow: naira(truth.totalCredits),
        outflow: naira(truth.totalDebits),
        closing_balance: naira(truth.closingBalance),
      },
    });
    const byFile = Object.fromEntries(
      combined.data.statements.map((statement: { file_name: string }) => [statement.file_name, statement]),
    );
    expect(byFile['march.csv']).toMatchObject({ counted_rows: 40, duplicate_rows: 0, left_out: null });
    expect(byFile['march-april.pdf']).toMatchObject({ counted_rows: 40, duplicate_rows: 40, left_out: null });
    expect(byFile['march (1).csv']).toMatchObject({ counted_rows: 0, duplicate_rows: 40, left_out: 'duplicate' });
    expect(byFile['may.csv']).toMatchObject({ counted_rows: 0, left_out: 'inconsistent' });
    expect(combined.data.reasons).toEqual(
      expect.arrayContaining([
        'may.csv is left out of the combined figures: its balances or totals do not add up',
        'march (1).csv is left out of the combined figures: every transaction in it is already in an earlier statement',
        'march-april.pdf repeats 40 transactions of an earlier statement: each is counted once',
      ]),
    );
  }, 120_000);
});
