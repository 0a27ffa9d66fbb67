import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  renderImageOnlyPdf,
  renderNotAStatementPdf,
} from '../../../../../packages/statements/src/fixtures/render-broken';
import {
  buildFixture,
  renderCsv,
  renderFixture,
  type Fixture,
} from '../../../../../packages/statements/src/fixtures/render-statement';
import { renderZooEntry } from '../../../../../packages/statements/src/fixtures/render-zoo';
import { ZOO } from '../../../../../packages/statements/src/fixtures/zoo';
import { pdfText } from './analysis-report';
import {
  createTestApp,
  ownerWithOrganisation,
  signUp,
  staffUser,
  type TestApp,
  type TestFile,
} from '../../../test/harness';

// The bank statement analyser against the real app and database: folders, records, uploads parsed
// in the background, transactions, analysis, extraction, corrections, mapping, exports and reports.
let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test.close();
});

type Owner = Awaited<ReturnType<typeof ownerWithOrganisation>>;

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function statementFile(
  bytes: Uint8Array | Buffer,
  filename = 'statement.pdf',
  contentType = 'application/pdf',
): TestFile {
  return { field: 'file', filename, contentType, content: Buffer.from(bytes) };
}

/**
 * A folder with one record. The record's account number is typed only when a test gives it: a
 * statement of another account than the typed one is refused, and the fixtures' numbers vary.
 */
async function folderWithRecord(owner: { token: string }, options: { accountNumber?: string } = {}) {
  const folder = await test.call('POST', 'bank', 'statement-folders', {
    token: owner.token,
    body: { name: `Folder ${randomUUID().slice(0, 8)}` },
  });
  if (folder.code !== 'OK') throw new Error(`create folder failed: ${JSON.stringify(folder)}`);
  const record = await test.call('POST', 'bank', `statement-folders/${folder.data.id}/records`, {
    token: owner.token,
    body: {
      name: 'Adaeze Okafor',
      bank_name: 'Guaranty Trust Bank',
      ...(options.accountNumber && { account_number: options.accountNumber }),
    },
  });
  if (record.code !== 'OK') throw new Error(`create record failed: ${JSON.stringify(record)}`);
  return { folderId: folder.data.id as string, recordId: record.data.id as string };
}

function upload(token: string, recordId: string, file: TestFile, fields: Record<string, string> = {}) {
  return test.upload(`statement-records/${recordId}/statements`, { namespace: 'bank', token, fields, files: [file] });
}

/** Waits until the statement's parse has finished, either way. */
async function settled(token: string, statementId: string) {
  return until(async () => {
    const statement = await test.call('GET', 'bank', `statements/${statementId}`, { token });
    return statement.data.status === 'analysed' || statement.data.status === 'failed' ? statement.data : undefined;
  });
}

async function statementCount(token: string, recordId: string): Promise<number> {
  const list = await test.call('GET', 'bank', `statement-records/${recordId}/statements`, { token });
  return list.data.pagination.total_count as number;
}

const naira = (kobo: number) => (kobo / 100).toFixed(2);

describe('folders and records', () => {
  it('creates, lists, renames and deletes folders; names are unique lowercase and trimmed', async () => {
    const owner = await ownerWithOrganisation(test);
    const created = await test.call('POST', 'bank', 'statement-folders', {
      token: owner.token,
      body: { name: '  Loan Applicants ' },
    });
    expect(created).toMatchObject({
      code: 'OK',
      message: 'Folder created successfully',
      data: { name: 'Loan Applicants', record_count: 0, statement_count: 0 },
    });
    const clash = await test.call('POST', 'bank', 'statement-folders', {
      token: owner.token,
      body: { name: 'loan applicants' },
    });
    expect(clash).toMatchObject({
      status: 400,
      code: 'INVALID_INPUT',
      message: 'The provided name already exist',
      data: { name: 'The provided name already exist' },
    });
    const empty = await test.call('POST', 'bank', 'statement-folders', { token: owner.token, body: { name: '  ' } });
    expect(empty).toMatchObject({ code: 'INVALID_INPUT', data: { name: 'Folder name is required' } });

    const other = await test.call('POST', 'bank', 'statement-folders', {
      token: owner.token,
      body: { name: 'Audit 2026' },
    });
    const renamedClash = await test.call('PUT', 'bank', `statement-folders/${other.data.id}`, {
      token: owner.token,
      body: { name: 'LOAN APPLICANTS' },
    });
    expect(renamedClash.data).toEqual({ name: 'The provided name already exist' });
    const renamed = await test.call('PUT', 'bank', `statement-folders/${other.data.id}`, {
      token: owner.token,
      body: { name: 'Audit 2026 (Q3)' },
    });
    expect(renamed.data.name).toBe('Audit 2026 (Q3)');
    const sameName = await test.call('PUT', 'bank', `statement-folders/${other.data.id}`, {
      token: owner.token,
      body: { name: 'audit 2026 (q3)' },
    });
    expect(sameName.code).toBe('OK');

    const list = await test.call('GET', 'bank', 'statement-folders', {
      token: owner.token,
      params: { order_by: 'name' },
    });
    expect(list.data.items.map((folder: { name: string }) => folder.name)).toEqual([
      'audit 2026 (q3)',
      'Loan Applicants',
    ]);
    expect(list.data.pagination).toEqual({ count: 10, current_page: 1, total_count: 2, total_pages: 1 });
    const searched = await test.call('GET', 'bank', 'statement-folders', {
      token: owner.token,
      params: { search: 'loan' },
    });
    expect(searched.data.items).toHaveLength(1);
    expect(
      (await test.call('GET', 'bank', `statement-folders/${created.data.id}`, { token: owner.token })).data.id,
    ).toBe(created.data.id);

    const deleted = await test.call('DELETE', 'bank', `statement-folders/${created.data.id}`, { token: owner.token });
    expect(deleted).toMatchObject({ code: 'OK', data: null });
    expect((await test.call('GET', 'bank', `statement-folders/${created.data.id}`, { token: owner.token })).code).toBe(
      'NOT_FOUND',
    );
  });

  it('creates, lists, updates and deletes records; deleting a folder deletes its records', async () => {
    const owner = await ownerWithOrganisation(test);
    const { folderId, recordId } = await folderWithRecord(owner);
    const invalid = await test.call('POST', 'bank', `statement-folders/${folderId}/records`, {
      token: owner.token,
      body: { name: 'Musa Bello', account_number: '12345' },
    });
    expect(invalid).toMatchObject({
      code: 'INVALID_INPUT',
      data: { account_number: 'Account number must be 10 digits' },
    });
    const second = await test.call('POST', 'bank', `statement-folders/${folderId}/records`, {
      token: owner.token,
      body: { name: 'Musa Bello', bank_name: 'Kuda' },
    });
    expect(second.data).toMatchObject({
      name: 'Musa Bello',
      account_number: null,
      bank_name: 'Kuda',
      statement_count: 0,
      folder_id: folderId,
    });

    const list = await test.call('GET', 'bank', `statement-folders/${folderId}/records`, {
      token: owner.token,
      params: { search: 'adaeze' },
    });
    expect(list.data.items.map((record: { id: string }) => record.id)).toEqual([recordId]);
    const updated = await test.call('PUT', 'bank', `statement-records/${recordId}`, {
      token: owner.token,
      body: { name: 'Adaeze Okafor (salary)', account_number: '0123456789' },
    });
    expect(updated.data).toMatchObject({ name: 'Adaeze Okafor (salary)', bank_name: null });
    const folder = await test.call('GET', 'bank', `statement-folders/${folderId}`, { token: owner.token });
    expect(folder.data.record_count).toBe(2);

    expect(
      (await test.call('DELETE', 'bank', `statement-records/${second.data.id}`, { token: owner.token })).code,
    ).toBe('OK');
    expect((await test.call('GET', 'bank', `statement-records/${second.data.id}`, { token: owner.token })).code).toBe(
      'NOT_FOUND',
    );
    await test.call('DELETE', 'bank', `statement-folders/${folderId}`, { token: owner.token });
    expect((await test.call('GET', 'bank', `statement-records/${recordId}`, { token: owner.token })).code).toBe(
      'NOT_FOUND',
    );
  });

  it('refuses callers without the permissions and hides other organisations’ folders, records and statements', async () => {
    const owner = await ownerWithOrganisation(test);
    const { folderId, recordId } = await folderWithRecord(owner);
    const { bytes } = await renderFixture({ style: 'gtbank', seed: 5, count: 30 }, 'csv');
    const statement = await upload(owner.token, recordId, statementFile(bytes, 'gtbank.csv', 'text/csv'));
    const statementId = statement.data.id as string;

    expect((await test.call('GET', 'bank', 'statement-folders')).code).toBe('NO_AUTH');
    const staff = await staffUser(test);
    expect(await test.call('GET', 'bank', 'statement-folders', { token: staff.token })).toMatchObject({
      status: 403,
      code: 'FORBIDDEN',
    });
    expect(
      (await test.call('POST', 'bank', 'statement-folders', { token: staff.token, body: { name: 'x' } })).code,
    ).toBe('FORBIDDEN');
    const { session } = await signUp(test);
    expect((await test.call('GET', 'bank', `statement-records/${recordId}`, { token: session.token })).code).toBe(
      'FORBIDDEN',
    );
    expect(
      (
        await test.upload(`statement-records/${recordId}/statements`, {
          namespace: 'bank',
          token: staff.token,
          files: [statementFile(bytes)],
        })
      ).code,
    ).toBe('FORBIDDEN');

    const stranger = await ownerWithOrganisation(test);
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `statement-folders/${folderId}`],
      ['PUT', `statement-folders/${folderId}`, { name: 'Mine now' }],
      ['DELETE', `statement-folders/${folderId}`],
      ['GET', `statement-folders/${folderId}/records`],
      ['POST', `statement-folders/${folderId}/records`, { name: 'Intruder' }],
      ['GET', `statement-records/${recordId}`],
      ['PUT', `statement-records/${recordId}`, { name: 'Intruder' }],
      ['DELETE', `statement-records/${recordId}`],
      ['GET', `statement-records/${recordId}/statements`],
      ['GET', `statement-records/${recordId}/analysis`],
      ['GET', `statements/${statementId}`],
      ['GET', `statements/${statementId}/transactions`],
      ['GET', `statements/${statementId}/transactions/export`],
      ['GET', `statements/${statementId}/analysis`],
      ['GET', `statements/${statementId}/report`],
      ['GET', `statements/${statementId}/tax-insight`],
      ['GET', `statements/${statementId}/extraction`],
      ['PUT', `statements/${statementId}/corrections`, { corrections: [{ index: 0, category: 'betting' }] }],
      ['DELETE', `statements/${statementId}/corrections`],
      ['PUT', `statements/${statementId}/mapping`, { mapping: null }],
      ['POST', `statements/${statementId}/rerun`, {}],
      ['DELETE', `statements/${statementId}`],
    ];
    for (const [method, path, body] of calls) {
      const answer = await test.call(method, 'bank', path, { token: stranger.token, body });
      expect({ method, path, code: answer.code }).toEqual({ method, path, code: 'NOT_FOUND' });
    }
    expect((await upload(stranger.token, recordId, statementFile(bytes, 'gtbank.csv', 'text/csv'))).code).toBe(
      'NOT_FOUND',
    );
    expect((await test.call('GET', 'bank', 'statement-folders', { token: stranger.token })).data.items).toEqual([]);
    expect((await settled(owner.token, statementId)).status).toBe('analysed');
  });
});

describe('a GTBank PDF from upload to analysis', () => {
  let owner: Owner;
  let recordId: string;
  let statementId: string;
  let fixture: Fixture;

  beforeAll(async () => {
    owner = await ownerWithOrganisation(test);
    const rendered = await renderFixture({ style: 'gtbank', seed: 16, count: 160, start: '2026-03-01' }, 'pdf');
    fixture = rendered.fixture;
    // The number typed on the record is the statement's: it is accepted.
    ({ recordId } = await folderWithRecord(owner, { accountNumber: fixture.accountNumber }));
    const uploaded = await upload(
      owner.token,
      recordId,
      statementFile(rendered.bytes, 'gtbank-march.pdf', 'application/octet-stream'),
    );
    expect(uploaded).toMatchObject({
      code: 'OK',
      message: 'Statement uploaded: it is being analysed',
      data: { status: 'queued', format: 'pdf', file_name: 'gtbank-march.pdf', verdict: null, totals: null },
    });
    statementId = uploaded.data.id;
  });

  it('parses in the background with progress, then shows the verdict, period and totals', async () => {
    const seen = new Set<number>();
    const statement = await until(async () => {
      const current = await test.call('GET', 'bank', `statements/${statementId}`, { token: owner.token });
      seen.add(current.data.progress.percent);
      return current.data.status === 'analysed' ? current.data : undefined;
    });
    expect(statement.progress).toMatchObject({ stage: 'done', percent: 100 });
    expect(statement).toMatchObject({
      verdict: 'consistent',
      reasons: [],
      layout: 'gtbank',
      bank_name: 'Guaranty Trust Bank',
      account_number: fixture.accountNumber,
      period_start: fixture.periodStart,
      period_end: fixture.periodEnd,
      error_code: null,
      totals: {
        opening_balance: naira(fixture.openingBalance),
        closing_balance: naira(fixture.closingBalance),
        total_debits: naira(fixture.totalDebits),
        total_credits: naira(fixture.totalCredits),
        transaction_count: fixture.rows.length,
      },
    });
    expect(statement.page_count).toBeGreaterThan(1);
    expect(statement).toMatchObject({
      period_source: 'printed',
      notes: [],
      confidence: {
        reconciled_share: 1,
        swapped_columns: false,
        decided_by_balance: 0,
        unplaced_lines: [],
        unplaced_count: 0,
      },
    });
    expect(statement.confidence.checked_rows).toBeGreaterThanOrEqual(fixture.rows.length - 1);
    expect(statement.confidence.explanation).toContain(
      `${statement.confidence.reconciled_rows} of ${statement.confidence.checked_rows} rows reconcile with the running balance`,
    );
    expect(statement.checks.find((check: { id: string }) => check.id === 'balance_chain').status).toBe('pass');
    expect(statement.metadata).toMatchObject({ producer: 'Levy statement fixtures', is_encrypted: false });
    const list = await test.call('GET', 'bank', `statement-records/${recordId}/statements`, { token: owner.token });
    expect(list.data.items).toHaveLength(1);
    expect(list.data.items[0]).toMatchObject({ id: statementId, status: 'analysed', verdict: 'consistent' });
    const record = await test.call('GET', 'bank', `statement-records/${recordId}`, { token: owner.token });
    expect(record.data).toMatchObject({
      statement_count: 1,
      period_start: fixture.periodStart,
      period_end: fixture.periodEnd,
    });
  });

  it('lists transactions with search, filters, sorting, pagination and totals', async () => {
    await settled(owner.token, statementId);
    const first = await test.call('GET', 'bank', `statements/${statementId}/transactions`, {
      token: owner.token,
      params: { count: 20 },
    });
    expect(first.data.pagination).toEqual({
      count: 20,
      current_page: 1,
      total_count: fixture.rows.length,
      total_pages: Math.ceil(fixture.rows.length / 20),
    });
    expect(first.data.aggs).toEqual({
      count: fixture.rows.length,
      total_debits: naira(fixture.totalDebits),
      total_credits: naira(fixture.totalCredits),
    });
    expect(first.data.items[0]).toMatchObject({ index: 0, date: fixture.rows[0].date, page: 1, is_corrected: false });
    expect(first.data.items[0].y).toBeGreaterThan(0);

    const debits = await test.call('GET', 'bank', `statements/${statementId}/transactions`, {
      token: owner.token,
      params: { type: 'debit', no_pages: true },
    });
    expect(
      debits.data.items.every((row: { type: string; credit: string }) => row.type === 'debit' && row.credit === '0.00'),
    ).toBe(true);
    expect(debits.data.aggs.total_debits).toBe(naira(fixture.totalDebits));

    const byAmount = await test.call('GET', 'bank', `statements/${statementId}/transactions`, {
      token: owner.token,
      params: { order_by: 'amount', count: 5 },
    });
    const amounts = byAmount.data.items.map((row: { amount: string }) => Number(row.amount));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    const largest = amounts[0];
    const ranged = await test.call('GET', 'bank', `statements/${statementId}/transactions`, {
      token: owner.token,
      params: { amount_min: String(largest), amount_max: String(largest) },
    });
    expect(ranged.data.items.every((row: { amount: string }) => Number(row.amount) === largest)).toBe(true);

    const categories = [...new Set(first.data.items.map((row: { category: string }) => row.category))].slice(
      0,
      2,
    ) as string[];
    const byCategory = await test.call('GET', 'bank', `statements/${statementId}/transactions`, {
      token: owner.token,
      params: { category: categories.join(','), no_pages: true },
    });
    expect(byCategory.data.items.length).toBeGreaterThan(0);
    expect(byCategory.data.items.every((row: { category: string }) => categories.includes(row.category))).toBe(true);

    const word = fixture.rows[3].narration.split(/\s+/).find((part) => part.length > 4)!;
    const searched = await test.call('GET', 'bank', `statements/${statementId}/transactions`, {
      token: owner.token,
      params: { search: word.toLowerCase(), no_pages: true },
    });
    expect(searched.data.items.length).toBeGreaterThan(0);
    expect(
      searched.data.items.every((row: { narration: string; reference: string | null; counterparty: string | null }) =>
        `${row.narration} ${row.reference} ${row.counterparty}`.toLowerCase().includes(word.toLowerCase()),
      ),
    ).toBe(true);

    const lastWeek = await test.call('GET', 'bank', `statements/${statementId}/transactions`, {
      token: owner.token,
      params: { date_preset: 'last_7_days', no_pages: true },
    });
    const weekStart = new Date(Date.parse(`${fixture.periodEnd}T00:00:00Z`) - 6 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    expect(lastWeek.data.items.length).toBe(fixture.rows.filter((row) => row.date >= weekStart).length);
    const custom = await test.call('GET', 'bank', `statements/${statementId}/transactions`, {
      token: owner.token,
      params: {
        date_preset: 'custom',
        date_from: fixture.rows[10].date,
        date_to: fixture.rows[10].date,
        no_pages: true,
      },
    });
    expect(custom.data.items.every((row: { date: string }) => row.date === fixture.rows[10].date)).toBe(true);

    const page2 = await test.call('GET', 'bank', `statements/${statementId}/transactions`, {
      token: owner.token,
      params: { page: 2, count: 20, order_by: 'date', is_asc: false },
    });
    expect(page2.data.items).toHaveLength(20);
    expect(page2.data.items[0].date >= page2.data.items[19].date).toBe(true);
    const bad = await test.call('GET', 'bank', `statements/${statementId}/transactions`, {
      token: owner.token,
      params: { category: 'lottery' },
    });
    expect(bad.code).toBe('INVALID_INPUT');
  });

  it('answers the analysis: figures, monthly series, balances, categories, salary and recurring panels', async () => {
    await settled(owner.token, statementId);
    const analysis = await test.call('GET', 'bank', `statements/${statementId}/analysis`, { token: owner.token });
    expect(analysis.code).toBe('OK');
    expect(analysis.data.summary).toMatchObject({
      inflow: naira(fixture.totalCredits),
      outflow: naira(fixture.totalDebits),
      count: fixture.rows.length,
      opening_balance: naira(fixture.openingBalance),
      closing_balance: naira(fixture.closingBalance),
    });
    expect(analysis.data.monthly.length).toBeGreaterThan(0);
    expect(analysis.data.monthly[0]).toMatchObject({ month: fixture.periodStart.slice(0, 7), label: 'Mar 2026' });
    expect(analysis.data.monthly.at(-1).closing_balance).toBe(naira(fixture.closingBalance));
    expect(analysis.data.balances.at(-1)).toEqual({
      date: fixture.rows.at(-1)!.date,
      balance: naira(fixture.closingBalance),
    });
    const categoryCount = analysis.data.categories.reduce(
      (sum: number, category: { count: number }) => sum + category.count,
      0,
    );
    expect(categoryCount).toBe(fixture.rows.length);
    expect(analysis.data.categories[0].label).toEqual(expect.any(String));
    expect(analysis.data.salary).toHaveProperty('is_detected');
    expect(Array.isArray(analysis.data.recurring_debits)).toBe(true);
    expect(analysis.data.verdict).toBe('consistent');
  });

  it('shows each page as read beside the rows that start on it', async () => {
    await settled(owner.token, statementId);
    const page1 = await test.call('GET', 'bank', `statements/${statementId}/extraction`, { token: owner.token });
    expect(page1.data).toMatchObject({
      statement_id: statementId,
      format: 'pdf',
      page: 1,
      layout: 'gtbank',
      mapping: null,
    });
    expect(page1.data.header_labels.date).toEqual(expect.any(String));
    const row = page1.data.rows[0];
    const line = page1.data.lines.find((candidate: { y: number }) => Math.abs(candidate.y - row.y) < 0.5);
    expect(line.text).toContain(row.narration.split(' ')[0]);
    const last = await test.call('GET', 'bank', `statements/${statementId}/extraction`, {
      token: owner.token,
      params: { page: page1.data.page_count },
    });
    expect(last.data.rows.at(-1).index).toBe(fixture.rows.length - 1);
    expect(
      (
        await test.call('GET', 'bank', `statements/${statementId}/extraction`, {
          token: owner.token,
          params: { page: page1.data.page_count + 1 },
        })
      ).code,
    ).toBe('NOT_FOUND');
  });

  it('saves corrections, re-analyses, and puts the rows back when they are cleared', async () => {
    await settled(owner.token, statementId);
    const before = await test.call('GET', 'bank', `statements/${statementId}/analysis`, { token: owner.token });
    const bettingBefore =
      before.data.categories.find((category: { category: string }) => category.category === 'betting')?.count ?? 0;
    const row = (
      await test.call('GET', 'bank', `statements/${statementId}/transactions`, {
        token: owner.token,
        params: { type: 'debit', count: 1 },
      })
    ).data.items[0];
    const corrected = await test.call('PUT', 'bank', `statements/${statementId}/corrections`, {
      token: owner.token,
      body: { corrections: [{ index: row.index, category: 'betting', counterparty: 'BET9JA' }] },
    });
    expect(corrected).toMatchObject({
      code: 'OK',
      message: 'Corrections saved and the statement re-analysed',
      data: { correction_count: 1, verdict: 'consistent' },
    });
    const after = await test.call('GET', 'bank', `statements/${statementId}/analysis`, { token: owner.token });
    expect(after.data.categories.find((category: { category: string }) => category.category === 'betting').count).toBe(
      bettingBefore + 1,
    );
    const changed = await test.call('GET', 'bank', `statements/${statementId}/transactions`, {
      token: owner.token,
      params: { category: 'betting', no_pages: true },
    });
    expect(changed.data.items.find((item: { index: number }) => item.index === row.index)).toMatchObject({
      category: 'betting',
      category_label: 'Betting',
      counterparty: 'BET9JA',
      is_corrected: true,
    });

    const amountFix = await test.call('PUT', 'bank', `statements/${statementId}/corrections`, {
      token: owner.token,
      body: { corrections: [{ index: row.index, debit: '1.00' }] },
    });
    expect(amountFix.data.totals.total_debits).toBe(
      naira(fixture.totalDebits - Math.round(Number(row.debit) * 100) + 100),
    );
    const missing = await test.call('PUT', 'bank', `statements/${statementId}/corrections`, {
      token: owner.token,
      body: { corrections: [{ index: 99_999, category: 'pos' }] },
    });
    expect(missing).toMatchObject({
      code: 'INVALID_INPUT',
      data: { corrections: 'Row 99999 is not in this statement' },
    });

    const cleared = await test.call('DELETE', 'bank', `statements/${statementId}/corrections`, { token: owner.token });
    expect(cleared.data).toMatchObject({ correction_count: 0, totals: { total_debits: naira(fixture.totalDebits) } });
    const restored = await test.call('GET', 'bank', `statements/${statementId}/transactions`, {
      token: owner.token,
      params: { page: Math.floor(row.index / 10) + 1 },
    });
    expect(restored.data.items.find((item: { index: number }) => item.index === row.index)).toMatchObject({
      category: row.category,
      debit: row.debit,
      is_corrected: false,
    });
  });

  it('exports the rows as CSV and XLSX and the analysis as a PDF report', async () => {
    await settled(owner.token, statementId);
    const csv = await test.app.inject({
      method: 'GET',
      url: `/service/v1/bank/statements/${statementId}/transactions/export?format=csv&type=credit`,
      headers: { 'api-token': owner.token },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('gtbank-march-transactions.csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toContain('Date,Value date,Narration');
    expect(lines.length - 1).toBe(fixture.rows.filter((row) => row.credit > 0).length);
    const xlsx = await test.app.inject({
      method: 'GET',
      url: `/service/v1/bank/statements/${statementId}/transactions/export?format=xlsx`,
      headers: { 'api-token': owner.token },
    });
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const nothing = await test.call('GET', 'bank', `statements/${statementId}/transactions/export`, {
      token: owner.token,
      params: { search: 'no-such-narration' },
    });
    expect(nothing).toMatchObject({ code: 'NOT_FOUND', message: 'No Data: No data to download' });

    const report = await test.app.inject({
      method: 'GET',
      url: `/service/v1/bank/statements/${statementId}/report`,
      headers: { 'api-token': owner.token },
    });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toBe('application/pdf');
    expect(report.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The report's built-in fonts have no naira or minus sign: the engine's messages print as banks write them.
    expect(pdfText('Opening ₦1,000.00 + credits − debits gives -₦20.00 ≥ 漢')).toBe(
      'Opening NGN 1,000.00 + credits - debits gives -NGN 20.00 >= ?',
    );
  });

  it('compares the statements of a record: a gap between them shows in the combined analysis', async () => {
    const march = await renderFixture({ style: 'gtbank', seed: 31, count: 40, start: '2026-03-01', perDay: 2 }, 'csv');
    const { recordId: pairId } = await folderWithRecord(owner, { accountNumber: march.fixture.accountNumber });
    const june = await renderFixture(
      {
        style: 'gtbank',
        seed: 32,
        count: 40,
        start: '2026-06-01',
        perDay: 2,
        accountNumber: march.fixture.accountNumber,
      },
      'csv',
    );
    const first = await upload(owner.token, pairId, statementFile(march.bytes, 'march.csv', 'text/csv'));
    const second = await upload(owner.token, pairId, statementFile(june.bytes, 'june.csv', 'text/csv'));
    await settled(owner.token, first.data.id);
    await settled(owner.token, second.data.id);
    const combined = await test.call('GET', 'bank', `statement-records/${pairId}/analysis`, { token: owner.token });
    expect(combined.data).toMatchObject({
      record_id: pairId,
      statement_count: 2,
      pending_count: 0,
      verdict: 'suspicious',
    });
    expect(combined.data.gaps).toEqual([{ from: expect.any(String), to: expect.any(String) }]);
    expect(combined.data.gaps[0].from > march.fixture.periodEnd).toBe(true);
    expect(combined.data.overlaps).toEqual([]);
    expect(combined.data.summary.count).toBe(march.fixture.rows.length + june.fixture.rows.length);
    expect(combined.data.statements.map((statement: { file_name: string }) => statement.file_name)).toEqual([
      'march.csv',
      'june.csv',
    ]);
  });
});

describe('a CSV statement Excel saved on Windows', () => {
  it('stores €, dashes and curly quotes as written (Windows-1252 bytes 0x80–0x9F)', async () => {
    const owner = await ownerWithOrganisation(test);
    const { recordId } = await folderWithRecord(owner);
    const fixture = buildFixture({ style: 'gtbank', seed: 44, count: 12 });
    fixture.rows[3].narration = 'CAFÉ NAÏVE – PAYMENT €50';
    fixture.rows[7].narration = 'Transfer to “Ada” O’Neil';
    const uploaded = await upload(
      owner.token,
      recordId,
      statementFile(renderCsv(fixture, 'windows-1252'), 'statement.csv', 'text/csv'),
    );
    expect(uploaded.code).toBe('OK');
    expect(await settled(owner.token, uploaded.data.id)).toMatchObject({ status: 'analysed' });
    const rows = await test.call('GET', 'bank', `statements/${uploaded.data.id}/transactions`, {
      token: owner.token,
      params: { no_pages: true },
    });
    const narrations = rows.data.items.map((row: { narration: string }) => row.narration);
    expect(narrations).toContain('CAFÉ NAÏVE – PAYMENT €50');
    expect(narrations).toContain('Transfer to “Ada” O’Neil');
  });
});

describe('uploads the analyser cannot use', () => {
  it('refuses a file that is no statement type, and one over its size limit: nothing is stored', async () => {
    const owner = await ownerWithOrganisation(test);
    const { recordId } = await folderWithRecord(owner);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const image = await upload(owner.token, recordId, statementFile(png, 'statement.pdf'));
    expect(image).toMatchObject({
      status: 422,
      code: 'UNPROCESSABLE',
      message: 'This file type is not supported: upload a PDF, CSV or XLSX statement',
      data: { reason: 'UNSUPPORTED_FORMAT', field: 'file' },
    });

    const bigCsv = Buffer.alloc(10 * 1024 * 1024 + 1, 'a');
    const tooBig = await upload(owner.token, recordId, statementFile(bigCsv, 'statement.csv', 'text/csv'));
    expect(tooBig).toMatchObject({
      status: 400,
      code: 'INVALID_INPUT',
      data: { file: 'The file is too large: a PDF may be up to 20 MB, a CSV or XLSX up to 10 MB' },
    });
    const bigPdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(20 * 1024 * 1024, ' ')]);
    expect((await upload(owner.token, recordId, statementFile(bigPdf))).data).toEqual({
      file: 'The file is too large: a PDF may be up to 20 MB, a CSV or XLSX up to 10 MB',
    });
    const none = await test.upload(`statement-records/${recordId}/statements`, {
      namespace: 'bank',
      token: owner.token,
    });
    expect(none.data).toEqual({ file: 'Choose a statement file to upload' });
    expect(await statementCount(owner.token, recordId)).toBe(0);
  });

  it('fails an image-only PDF and a PDF that is not a statement with a clear message and no rows', async () => {
    const owner = await ownerWithOrganisation(test);
    const { recordId } = await folderWithRecord(owner);
    const scanned = await upload(owner.token, recordId, statementFile(await renderImageOnlyPdf(), 'scan.pdf'));
    const invoice = await upload(owner.token, recordId, statementFile(await renderNotAStatementPdf(), 'invoice.pdf'));
    const scan = await settled(owner.token, scanned.data.id);
    expect(
      await test.call('GET', 'bank', `statements/${scanned.data.id}/extraction`, { token: owner.token }),
    ).toMatchObject({ code: 'UNPROCESSABLE' });
    expect(scan).toMatchObject({
      status: 'failed',
      error_code: 'NO_TEXT_LAYER',
      error_message: 'This PDF has no text layer; upload the e-statement from your bank',
      verdict: null,
      totals: null,
    });
    expect(await settled(owner.token, invoice.data.id)).toMatchObject({
      status: 'failed',
      error_code: 'NOT_A_STATEMENT',
      error_message: 'This file does not look like a bank statement',
    });
    const rows = await test.call('GET', 'bank', `statements/${invoice.data.id}/transactions`, { token: owner.token });
    expect(rows.data.pagination.total_count).toBe(0);
    expect(
      await test.call('GET', 'bank', `statements/${invoice.data.id}/analysis`, { token: owner.token }),
    ).toMatchObject({ code: 'UNPROCESSABLE', message: 'The statement has not been analysed yet.' });
  });

  it('asks for an encrypted PDF’s password, refuses a wrong one, and reads it with the right one', async () => {
    const owner = await ownerWithOrganisation(test);
    const { recordId } = await folderWithRecord(owner);
    const { fixture, bytes } = await renderFixture({ style: 'gtbank', seed: 23, count: 30, password: 'a1b2c3' }, 'pdf');
    const file = statementFile(bytes, 'locked.pdf');
    expect(await upload(owner.token, recordId, file)).toMatchObject({
      status: 422,
      code: 'UNPROCESSABLE',
      message: 'This PDF is password-protected: enter its password',
      data: { reason: 'PASSWORD_REQUIRED', field: 'password' },
    });
    expect(await upload(owner.token, recordId, file, { password: 'wrong' })).toMatchObject({
      code: 'UNPROCESSABLE',
      message: 'The password for this PDF is not correct: check it and try again',
      data: { reason: 'WRONG_PASSWORD', field: 'password' },
    });
    expect(await statementCount(owner.token, recordId)).toBe(0);
    const accepted = await upload(owner.token, recordId, file, { password: 'a1b2c3' });
    const statement = await settled(owner.token, accepted.data.id);
    expect(statement).toMatchObject({
      status: 'analysed',
      metadata: { is_encrypted: true },
      totals: { transaction_count: fixture.rows.length },
    });

    // A re-run reads the kept file again: it needs the password again, which was not kept.
    expect(
      (await test.call('POST', 'bank', `statements/${accepted.data.id}/rerun`, { token: owner.token, body: {} })).data,
    ).toEqual({ reason: 'PASSWORD_REQUIRED', field: 'password' });
    const rerun = await test.call('POST', 'bank', `statements/${accepted.data.id}/rerun`, {
      token: owner.token,
      body: { password: 'a1b2c3' },
    });
    expect(rerun).toMatchObject({
      code: 'OK',
      message: 'The statement is being analysed again',
      data: { status: 'queued' },
    });
    expect((await settled(owner.token, accepted.data.id)).status).toBe('analysed');
  });

  it('reads a table with unknown headers by its data, and by a column mapping once one is saved', async () => {
    const owner = await ownerWithOrganisation(test);
    const { recordId } = await folderWithRecord(owner);
    const csv = [
      'Col A,Col B,Col C,Col D,Col E',
      '02/03/2026,Opening deposit,,500000.00,500000.00',
      '05/03/2026,POS PURCHASE @ SHOPRITE LEKKI,12500.50,,487499.50',
      '09/03/2026,NIP TRANSFER FROM MUSA BELLO,,20000.00,507499.50',
    ].join('\n');
    const uploaded = await upload(owner.token, recordId, statementFile(Buffer.from(csv), 'export.csv', 'text/csv'));
    // No heading is recognised: the columns come from the dates, figures and running balance.
    expect(await settled(owner.token, uploaded.data.id)).toMatchObject({
      status: 'analysed',
      page_count: 1,
      totals: { transaction_count: 3, closing_balance: '507499.50' },
    });
    const inferred = await test.call('GET', 'bank', `statements/${uploaded.data.id}/extraction`, {
      token: owner.token,
    });
    expect(inferred.data).toMatchObject({ mapping: null });
    expect(inferred.data.lines.map((line: { text: string }) => line.text)).toEqual(
      csv.split('\n').map((line) => line.split(',').filter(Boolean).join('  ')),
    );
    const invalid = await test.call('PUT', 'bank', `statements/${uploaded.data.id}/mapping`, {
      token: owner.token,
      body: { mapping: { date: 0, narration: 1 } },
    });
    expect(invalid).toMatchObject({
      code: 'INVALID_INPUT',
      data: { 'mapping.amount': 'Map an amount column, or the debit and credit columns' },
    });
    const mapped = await test.call('PUT', 'bank', `statements/${uploaded.data.id}/mapping`, {
      token: owner.token,
      body: { mapping: { date: 0, narration: 1, debit: 2, credit: 3, balance: 4 } },
    });
    expect(mapped).toMatchObject({ code: 'OK', data: { status: 'queued', has_mapping: true } });
    const statement = await settled(owner.token, uploaded.data.id);
    expect(statement).toMatchObject({
      status: 'analysed',
      layout: 'manual',
      totals: { transaction_count: 3, closing_balance: '507499.50' },
    });
    const extraction = await test.call('GET', 'bank', `statements/${uploaded.data.id}/extraction`, {
      token: owner.token,
    });
    expect(extraction.data.mapping).toEqual({ date: 0, narration: 1, debit: 2, credit: 3, balance: 4 });
    expect(extraction.data.lines[0].text).toBe('Col A  Col B  Col C  Col D  Col E');
  });

  it('deletes a statement with its rows', async () => {
    const owner = await ownerWithOrganisation(test);
    const { recordId } = await folderWithRecord(owner);
    const { bytes } = await renderFixture({ style: 'kuda', seed: 3, count: 20 }, 'xlsx');
    const uploaded = await upload(owner.token, recordId, statementFile(bytes, 'kuda.xlsx', 'application/octet-stream'));
    expect(uploaded.data.format).toBe('xlsx');
    await settled(owner.token, uploaded.data.id);
    expect(await test.call('DELETE', 'bank', `statements/${uploaded.data.id}`, { token: owner.token })).toMatchObject({
      code: 'OK',
      message: 'Deleted successfully',
    });
    expect((await test.call('GET', 'bank', `statements/${uploaded.data.id}`, { token: owner.token })).code).toBe(
      'NOT_FOUND',
    );
    expect(await statementCount(owner.token, recordId)).toBe(0);
  });
});

describe('tax insight', () => {
  /** The organisation pays a WHT bill from its wallet; the settlement job marks it paid. */
  async function paidWhtBill(owner: Owner) {
    const corporation = await test.call('POST', 'core', 'internal/corporations', {
      token: owner.token,
      body: { name: `Insight Corp ${randomUUID().slice(0, 6)}` },
    });
    const corporationId = corporation.data.id as string;
    await test.call('POST', 'core', `internal/corporations/${corporationId}/states/LA`, {
      token: owner.token,
      body: { tax_payer_number: 'C-0012345' },
    });
    const wallets = await test.call('GET', 'core', `internal/organisations/${owner.organisationId}/wallets`, {
      token: owner.token,
    });
    await test.call('POST', 'core', `internal/sandbox/wallets/${wallets.data.wallets[0].id}/fund`, {
      token: owner.token,
      body: { amount: '500000' },
    });
    const vendors: TestFile = {
      field: 'recipients',
      filename: 'vendors.csv',
      contentType: 'text/csv',
      content: Buffer.from('tax_payer_number,name,amount\nC-2000001,Kelechi Uche Ventures Ltd,1000000\n'),
    };
    const month = new Date().toISOString().slice(0, 7);
    const created = await test.upload(`internal/corporations/${corporationId}/states/LA/wht/bills`, {
      namespace: 'core',
      token: owner.token,
      fields: { payload_type: 'auto', wht_type: 'rent', start_date: month },
      files: [vendors],
      headers: { 'idempotency-key': randomUUID() },
    });
    if (created.code !== 'OK') throw new Error(`bill failed: ${JSON.stringify(created)}`);
    return until(async () => {
      const bill = await test.call('GET', 'core', `internal/bills/${created.data.id}`, { token: owner.token });
      return bill.data.status === 'payment_paid' ? bill.data : undefined;
    });
  }

  it("matches debits to the organisation's paid bills and lists vendors that may be owed WHT with a prefilled form link", async () => {
    const owner = await ownerWithOrganisation(test);
    const bill = await paidWhtBill(owner);
    const { recordId } = await folderWithRecord(owner);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const total = Number(bill.total);
    let balance = 5_000_000;
    const lines = [
      'Transaction Date,Narration,Debit,Credit,Balance',
      `${day(-70)},NIP TRANSFER FROM ADA OKAFOR,,${balance.toFixed(2)},${balance.toFixed(2)}`,
    ];
    const debit = (date: string, narration: string, amount: number) => {
      balance -= amount;
      lines.push(`${date},${narration},${amount.toFixed(2)},,${balance.toFixed(2)}`);
    };
    debit(day(-65), 'NIP TRANSFER TO BRIGHTPATH VENTURES LTD', 250_000);
    debit(day(-35), 'NIP TRANSFER TO BRIGHTPATH VENTURES LTD', 250_000);
    // Kelechi Uche Ventures is paid this month (today) and a month before; this month's WHT on it was paid through Levy.
    debit(day(-32), 'NIP TRANSFER TO KELECHI UCHE VENTURES LIMITED', 200_000);
    debit(day(-2), 'TRANSFER TO LEVY WALLET FUNDING', total);
    debit(day(-1), 'FIRS TAX PAYMENT VAT REMITTANCE', 12_345);
    debit(day(0), 'NIP TRANSFER TO KELECHI UCHE VENTURES LIMITED', 200_000);
    const uploaded = await upload(
      owner.token,
      recordId,
      statementFile(Buffer.from(lines.join('\n')), 'insight.csv', 'text/csv'),
    );
    expect((await settled(owner.token, uploaded.data.id)).status).toBe('analysed');

    const insight = await test.call('GET', 'bank', `statements/${uploaded.data.id}/tax-insight`, {
      token: owner.token,
    });
    expect(insight.data.window_days).toBe(7);
    expect(insight.data.bill_matches).toEqual([
      {
        transaction: { index: 4, date: day(-2), narration: 'TRANSFER TO LEVY WALLET FUNDING', amount: bill.total },
        bill: {
          id: bill.id,
          reference: bill.reference,
          type: 'wht',
          period_start: bill.period_start,
          amount_due: bill.amount_due,
          total: bill.total,
          paid_at: bill.paid_at,
        },
        matched_on: 'total',
        days_apart: expect.any(Number),
      },
    ]);
    const vendor = insight.data.wht_vendors.find(
      (candidate: { vendor: string }) => candidate.vendor === 'BRIGHTPATH VENTURES LTD',
    );
    expect(vendor).toMatchObject({
      payments: 2,
      total: '500000.00',
      wht_type: 'other_services',
      wht_type_source: 'assumed',
      wht_form: { wht_type: 'other_services', amount: '500000.00', beneficiary_name: 'BRIGHTPATH VENTURES LTD' },
    });
    expect(Number(vendor.wht)).toBeCloseTo((500_000 * vendor.rate) / 100, 2);
    expect(vendor.wht_link).toBe(
      `/bills?pay=wht&wht_type=other_services&month=${vendor.wht_form.month}&amount=500000.00&beneficiary=BRIGHTPATH+VENTURES+LTD`,
    );
    expect(insight.data.unmatched_tax_payments.map((payment: { narration: string }) => payment.narration)).toEqual([
      'FIRS TAX PAYMENT VAT REMITTANCE',
    ]);
    // Nothing was withheld from Brightpath through Levy; the WHT bill withheld ₦100,000.00 from
    // Kelechi Uche Ventures Ltd this month, more than the statement's payments to him could owe.
    expect(vendor).toMatchObject({ wht_withheld_through_levy: '0.00', wht_outstanding: vendor.wht });
    const kelechi = insight.data.wht_vendors.find(
      (candidate: { vendor: string }) => candidate.vendor === 'KELECHI UCHE VENTURES LIMITED',
    );
    expect(kelechi.months).toContain(bill.period_start.slice(0, 7));
    expect(kelechi).toMatchObject({ wht_withheld_through_levy: '100000.00', wht_outstanding: '0.00' });
  });
});

describe('a parse interrupted by a restart', () => {
  it('goes back to the queue and completes once afterwards', async () => {
    const owner = await ownerWithOrganisation(test);
    const { recordId } = await folderWithRecord(owner);
    const { fixture, bytes } = await renderFixture(
      { style: 'fidelity', seed: 41, count: 2500, perDay: 6, start: '2025-01-01' },
      'pdf',
    );
    const uploaded = await upload(owner.token, recordId, statementFile(bytes, 'long.pdf'));
    const midway = await until(async () => {
      const statement = await test.call('GET', 'bank', `statements/${uploaded.data.id}`, { token: owner.token });
      return statement.data.status === 'processing' &&
        statement.data.progress.stage === 'reading' &&
        statement.data.progress.percent > 5
        ? statement.data
        : undefined;
    }, 60_000);
    expect(midway.progress.percent).toBeLessThan(80);
    await test.restart();
    const statement = await settled(owner.token, uploaded.data.id);
    expect(statement).toMatchObject({
      status: 'analysed',
      verdict: 'consistent',
      totals: { transaction_count: fixture.rows.length },
    });
    const rows = await test.call('GET', 'bank', `statements/${uploaded.data.id}/transactions`, { token: owner.token });
    expect(rows.data.pagination.total_count).toBe(fixture.rows.length);
    // The job was given back by the stop and run again: one job, completed on its second attempt.
    const { rows: jobs } = await test.database.executeSql(
      "select state, retry_count from pgboss.job where name = 'analyser.parse' and data->>'statementId' = $1",
      [uploaded.data.id],
    );
    expect(jobs).toEqual([{ state: 'completed', retry_count: 1 }]);
  }, 120_000);

  it('refuses a statement of another account from a record, naming both accounts, and keeps it out of the combined figures', async () => {
    const owner = await ownerWithOrganisation(test);
    const { recordId: mixedId } = await folderWithRecord(owner);
    const own = await renderFixture({ style: 'gtbank', seed: 41, count: 30, start: '2026-03-01' }, 'csv');
    const stranger = await renderFixture({ style: 'zenith', seed: 42, count: 30, start: '2026-04-01' }, 'csv');
    const first = await upload(owner.token, mixedId, statementFile(own.bytes, 'own.csv', 'text/csv'));
    expect((await settled(owner.token, first.data.id)).status).toBe('analysed');
    const second = await upload(owner.token, mixedId, statementFile(stranger.bytes, 'other.csv', 'text/csv'));
    const refused = await settled(owner.token, second.data.id);
    expect(refused).toMatchObject({
      status: 'failed',
      error_code: 'ACCOUNT_MISMATCH',
      error_message:
        `This statement is for account ${stranger.fixture.accountNumber} (Zenith Bank), but this record's statements are for account ` +
        `${own.fixture.accountNumber} (Guaranty Trust Bank): add it to a record of its own account`,
    });
    const combined = await test.call('GET', 'bank', `statement-records/${mixedId}/analysis`, { token: owner.token });
    expect(combined.data.summary.count).toBe(own.fixture.rows.length);
  });

  it('refuses a statement of another account than the number typed on its record, naming both, and keeps the record to its statements', async () => {
    const owner = await ownerWithOrganisation(test);
    const { recordId } = await folderWithRecord(owner, { accountNumber: '0123456789' });
    const stranger = await renderFixture({ style: 'zenith', seed: 43, count: 30, start: '2026-04-01' }, 'csv');
    const uploaded = await upload(owner.token, recordId, statementFile(stranger.bytes, 'zenith.csv', 'text/csv'));
    expect(await settled(owner.token, uploaded.data.id)).toMatchObject({
      status: 'failed',
      error_code: 'ACCOUNT_MISMATCH',
      error_message:
        `This statement is for account ${stranger.fixture.accountNumber} (Zenith Bank), but this record is for account 0123456789 ` +
        `(Guaranty Trust Bank): add the statement to a record of its own account, or correct the record's account number if it was typed wrong`,
      confidence: null,
      notes: [],
    });
    expect(
      (await test.call('GET', 'bank', `statement-records/${recordId}/analysis`, { token: owner.token })).data
        .statement_count,
    ).toBe(0);

    // The number was typed wrong: corrected on the record, the same statement reads.
    const corrected = await test.call('PUT', 'bank', `statement-records/${recordId}`, {
      token: owner.token,
      body: { name: 'Adaeze Okafor', account_number: stranger.fixture.accountNumber },
    });
    expect(corrected.code).toBe('OK');
    await test.call('POST', 'bank', `statements/${uploaded.data.id}/rerun`, { token: owner.token, body: {} });
    expect(await settled(owner.token, uploaded.data.id)).toMatchObject({
      status: 'analysed',
      account_number: stranger.fixture.accountNumber,
    });

    // Once it holds a statement, the record's number may not be changed to another account's.
    const contradicted = await test.call('PUT', 'bank', `statement-records/${recordId}`, {
      token: owner.token,
      body: { name: 'Adaeze Okafor', account_number: '0123456789' },
    });
    expect(contradicted).toMatchObject({
      code: 'INVALID_INPUT',
      data: {
        account_number: `This record's statements are for account ${stranger.fixture.accountNumber}: a record holds one account's statements`,
      },
    });
  });

  it('keeps the engine’s confidence and notes with a statement: a one-kobo rounding is a note on its row', async () => {
    const owner = await ownerWithOrganisation(test);
    const { recordId } = await folderWithRecord(owner);
    const entry = ZOO.find((candidate) => candidate.options.roundingAt !== undefined && candidate.format === 'csv')!;
    const { bytes, fileName } = await renderZooEntry(entry);
    const uploaded = await upload(owner.token, recordId, statementFile(bytes, fileName, 'text/csv'));
    const statement = await settled(owner.token, uploaded.data.id);
    expect(statement).toMatchObject({
      status: 'analysed',
      verdict: 'consistent',
      confidence: { reconciled_share: 1, columns_from: 'headings' },
    });
    expect(statement.notes).toEqual([
      {
        message: expect.stringMatching(/kobo from the row/),
        row: entry.options.roundingAt! + 1,
        date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        page: 1,
      },
    ]);
  });
});
