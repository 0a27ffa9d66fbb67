import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '../../db/raw';
import { createTestApp, ownerWithOrganisation, signUp, type TestApp } from '../../../test/harness';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

/** A transfer into a wallet's account made at the Paystack fake, which sends its signed charge.success. */
async function transferIn(accountNumber: string, amountKobo: number, senderName = 'Chukwuma Nwosu') {
  const response = await fetch(`${test.paystackFakeUrl}/__fake/paystack/dva/${accountNumber}/credit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ amount_kobo: amountKobo, sender_name: senderName }),
  });
  const { transaction, delivery } = (await response.json()) as {
    transaction: { id: number };
    delivery: { status: number };
  };
  expect(delivery.status).toBe(200);
  return `paystack:txn:${transaction.id}`;
}

async function walletsOf(owner: { token: string; organisationId: string }) {
  return (
    await test.call('GET', 'core', `internal/organisations/${owner.organisationId}/wallets`, { token: owner.token })
  ).data;
}

async function ledgerTotals() {
  const [totals] = await queryRows<{ total: string; unbalanced: number }>(
    test.database.db,
    sql`select coalesce(sum(amount_kobo), 0) as total,
        (select count(*)::int from (select journal_id from ledger_entries group by journal_id having sum(amount_kobo) <> 0) j) as unbalanced
        from ledger_entries`,
  );
  return totals;
}

describe('organisation wallet and funding', () => {
  it('gives every organisation a wallet with a dedicated account at Paystack', async () => {
    const owner = await ownerWithOrganisation(test);
    const data = await walletsOf(owner);
    expect(data.wallet_type).toBe('organisation');
    expect(data.total_balance).toBe('0.00');
    expect(data.can_simulate_transfers).toBe(true);
    expect(data.wallets).toHaveLength(1);
    const [wallet] = data.wallets;
    expect(wallet).toMatchObject({
      type: 'organisation',
      name: 'Acme Nigeria Ltd',
      balance: '0.00',
      virtual_account: {
        status: 'assigned',
        bank_name: 'Test Bank',
        account_name: 'LEVY / ACME NIGERIA LTD',
        failure_reason: null,
      },
    });
    expect(wallet.virtual_account.account_number).toMatch(/^\d{10}$/);
    const again = (await walletsOf(owner)).wallets[0];
    expect([again.id, again.virtual_account.account_number]).toEqual([
      wallet.id,
      wallet.virtual_account.account_number,
    ]);
  });

  it('shows an account Paystack assigns later as pending, then assigned; one it refuses as failed with the reason', async () => {
    const organisationNamed = async (name: string) => {
      const { session } = await signUp(test);
      const created = await test.call('POST', 'auth', 'organisations', { token: session.token, body: { name } });
      return { token: session.token as string, organisationId: created.data.id as string };
    };
    const slow = await organisationNamed('Pending Bank Ltd');
    const [pending] = (await walletsOf(slow)).wallets;
    expect(pending.virtual_account).toEqual({
      status: 'pending',
      account_number: null,
      bank_name: null,
      account_name: null,
      failure_reason: null,
    });
    const fund = await test.call('POST', 'core', `internal/sandbox/wallets/${pending.id}/fund`, {
      token: slow.token,
      body: { amount: '1000' },
    });
    expect([fund.code, fund.message]).toEqual([
      'UNPROCESSABLE',
      'This wallet has no bank account yet: Paystack is still assigning it.',
    ]);
    await vi.waitFor(async () => expect((await walletsOf(slow)).wallets[0].virtual_account.status).toBe('assigned'), {
      timeout: 15_000,
      interval: 250,
    });

    const refused = await organisationNamed('Unassignable Holdings');
    const [failed] = (await walletsOf(refused)).wallets;
    expect(failed.virtual_account).toMatchObject({
      status: 'failed',
      account_number: null,
      failure_reason: 'The customer could not be validated',
    });
  });

  it('credits a simulated transfer through the signed webhook, and shows it in history and the summary', async () => {
    const owner = await ownerWithOrganisation(test);
    const [wallet] = (await walletsOf(owner)).wallets;
    const funded = await test.call('POST', 'core', `internal/sandbox/wallets/${wallet.id}/fund`, {
      token: owner.token,
      body: { amount: '5,000,000' },
    });
    expect(funded.message).toBe('Transfer received');
    expect(funded.data).toMatchObject({ credited: true, amount: '5000000.00' });
    expect((await walletsOf(owner)).total_balance).toBe('5000000.00');
    const history = await test.call('GET', 'core', `internal/organisations/${owner.organisationId}/wallets/history`, {
      token: owner.token,
    });
    expect(history.data.items).toHaveLength(1);
    expect(history.data.items[0]).toMatchObject({
      type: 'credit',
      amount: '5000000.00',
      balance_after: '5000000.00',
      status: 'success',
      description: 'Bank transfer from Chidi',
    });
    expect(history.data.items[0].reference).toMatch(/^paystack:txn:\d+$/);
    const summary = await test.call('GET', 'auth', `organisations/${owner.organisationId}/onboarding/summary`, {
      token: owner.token,
    });
    expect(summary.data.total_balance).toBe('5000000.00');
    expect(await ledgerTotals()).toEqual({ total: '0', unbalanced: 0 });
  });

  it("refuses a transfer the sender's bank declines, crediting nothing", async () => {
    const owner = await ownerWithOrganisation(test);
    const [wallet] = (await walletsOf(owner)).wallets;
    const declined = await test.call('POST', 'core', `internal/sandbox/wallets/${wallet.id}/fund`, {
      token: owner.token,
      body: { amount: '1000.04' },
    });
    expect([declined.code, declined.message]).toEqual([
      'UNPROCESSABLE',
      "The sender's bank declined the transfer (Paystack reports it failed): nothing was credited.",
    ]);
    expect((await walletsOf(owner)).wallets[0].balance).toBe('0.00');
  });
});

describe('corporation wallets', () => {
  it('gives each corporation its own wallet when the setting is on', async () => {
    const owner = await ownerWithOrganisation(test);
    const corporation = await test.call('POST', 'core', 'internal/corporations', {
      token: owner.token,
      body: { name: 'Delta Mills Ltd' },
    });
    const corporationId = corporation.data.id;
    expect(
      (await test.call('GET', 'core', `internal/corporations/${corporationId}/wallets`, { token: owner.token })).data,
    ).toEqual([]);
    await test.call('POST', 'auth', `organisations/${owner.organisationId}/settings`, {
      token: owner.token,
      body: { setting_code: 'core.organisation.do_corporation_have_wallet', value: true },
    });
    const data = await walletsOf(owner);
    expect(data.wallet_type).toBe('corporations');
    expect(data.wallets.map((wallet: { type: string; name: string }) => [wallet.type, wallet.name])).toEqual([
      ['organisation', 'Acme Nigeria Ltd'],
      ['corporation', 'Delta Mills Ltd'],
    ]);
    const [own] = (
      await test.call('GET', 'core', `internal/corporations/${corporationId}/wallets`, { token: owner.token })
    ).data;
    expect(own.id).toBe(data.wallets[1].id);
    expect(own.virtual_account.account_number).not.toBe(data.wallets[0].virtual_account.account_number);
    await test.call('POST', 'core', `internal/sandbox/wallets/${own.id}/fund`, {
      token: owner.token,
      body: { amount: 75000 },
    });
    const history = await test.call('GET', 'core', `internal/corporations/${corporationId}/wallets/history`, {
      token: owner.token,
    });
    expect(
      history.data.items.map((item: { amount: string; wallet: { name: string } }) => [item.amount, item.wallet.name]),
    ).toEqual([['75000.00', 'Delta Mills Ltd']]);
    expect((await walletsOf(owner)).total_balance).toBe('75000.00');

    // The organisation's history covers its corporations' wallets while they have wallets, plain and searched.
    await test.call('POST', 'core', `internal/sandbox/wallets/${data.wallets[0].id}/fund`, {
      token: owner.token,
      body: { amount: 1200 },
    });
    const linesOf = async (path: string, params?: Record<string, unknown>) =>
      (await test.call('GET', 'core', path, { token: owner.token, params })).data.items.map(
        (item: { amount: string; wallet: { name: string } }) => [item.amount, item.wallet.name],
      );
    const organisationHistory = `internal/organisations/${owner.organisationId}/wallets/history`;
    const corporationHistory = `internal/corporations/${corporationId}/wallets/history`;
    const both = [
      ['1200.00', 'Acme Nigeria Ltd'],
      ['75000.00', 'Delta Mills Ltd'],
    ];
    expect(await linesOf(organisationHistory)).toEqual(both);
    expect(await linesOf(organisationHistory, { search: 'paystack' })).toEqual(both);
    expect(await linesOf(corporationHistory, { search: 'paystack' })).toEqual([['75000.00', 'Delta Mills Ltd']]);
    await test.call('POST', 'auth', `organisations/${owner.organisationId}/settings`, {
      token: owner.token,
      body: { setting_code: 'core.organisation.do_corporation_have_wallet', value: false },
    });
    expect(await linesOf(organisationHistory)).toEqual([['1200.00', 'Acme Nigeria Ltd']]);
    expect(await linesOf(organisationHistory, { search: 'paystack' })).toEqual([['1200.00', 'Acme Nigeria Ltd']]);
    // Another organisation's corporation wallet is never in this organisation's history.
    const other = await ownerWithOrganisation(test);
    expect((await test.call('GET', 'core', corporationHistory, { token: other.token })).code).toBe('NOT_FOUND');
  });
});

describe('history', () => {
  it('pages, sorts, searches and filters by type and date', async () => {
    const owner = await ownerWithOrganisation(test);
    const [wallet] = (await walletsOf(owner)).wallets;
    const account = wallet.virtual_account.account_number;
    const references: string[] = [];
    for (const amount of [1000, 2000, 3000, 4000, 5000]) references.push(await transferIn(account, amount * 100));
    const path = `internal/organisations/${owner.organisationId}/wallets/history`;
    const page = await test.call('GET', 'core', path, { token: owner.token, params: { count: 2, page: 2 } });
    expect(page.data.pagination).toEqual({ count: 2, current_page: 2, total_count: 5, total_pages: 3 });
    expect(page.data.items.map((item: { amount: string }) => item.amount)).toEqual(['3000.00', '2000.00']);
    const ascending = await test.call('GET', 'core', path, {
      token: owner.token,
      params: { order_by: 'amount', is_asc: true, count: 1 },
    });
    expect(ascending.data.items[0].balance_after).toBe('1000.00');
    const searched = await test.call('GET', 'core', path, {
      token: owner.token,
      params: { search: references[3].toUpperCase() },
    });
    expect(searched.data.items.map((item: { amount: string }) => item.amount)).toEqual(['4000.00']);
    const debits = await test.call('GET', 'core', path, {
      token: owner.token,
      params: { filters: JSON.stringify([{ field: 'type', value: 'debit' }]) },
    });
    expect(debits.data.pagination.total_count).toBe(0);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const fromTomorrow = await test.call('GET', 'core', path, {
      token: owner.token,
      params: { filters: [{ field: 'created_at', value: future, cond_op: '>=' }] },
    });
    expect(fromTomorrow.data.pagination.total_count).toBe(0);
    const untilTomorrow = await test.call('GET', 'core', path, {
      token: owner.token,
      params: {
        no_pages: true,
        filters: [
          { field: 'created_at', value: future, cond_op: '<=' },
          { field: 'status', value: ['success'] },
        ],
      },
    });
    expect(untilTomorrow.data.items).toHaveLength(5);
    const badFilter = await test.call('GET', 'core', path, {
      token: owner.token,
      params: { filters: [{ field: 'owner', value: 'x' }] },
    });
    expect(badFilter.data).toEqual({ filters: 'Cannot filter by owner' });
  });
});

describe('export', () => {
  it('downloads the history as CSV and XLSX with the same filters', async () => {
    const owner = await ownerWithOrganisation(test);
    const [wallet] = (await walletsOf(owner)).wallets;
    await transferIn(wallet.virtual_account.account_number, 125_000_075, '=HYPERLINK("x")');
    const second = await transferIn(wallet.virtual_account.account_number, 50_000);
    const base = `/service/v1/core/internal/organisations/${owner.organisationId}/wallets/history/export`;
    const csv = await test.app.inject({
      method: 'GET',
      url: `${base}?format=csv`,
      headers: { 'api-token': owner.token },
    });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="levy-wallet-history-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Date (Lagos time),Reference,Description,Wallet,Type,Amount (NGN),Balance after (NGN),Status',
    );
    // The time every screen shows: Lagos, an hour ahead of UTC.
    const [newest] = (
      await test.call('GET', 'core', `internal/organisations/${owner.organisationId}/wallets/history`, {
        token: owner.token,
      })
    ).data.items;
    expect(lines[1].split(',')[0]).toBe(
      new Date(Date.parse(newest.created_at) + 3_600_000).toISOString().slice(0, 16).replace('T', ' '),
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(
      `${second},Bank transfer from Chukwuma Nwosu,Acme Nigeria Ltd,credit,500.00,1250500.75,success`,
    );
    // A description that looks like a formula is written as text.
    expect(lines[2]).toContain(`"Bank transfer from =HYPERLINK(""x"")"`);

    const searched = await test.app.inject({
      method: 'GET',
      url: `${base}?format=csv&search=${second}`,
      headers: { 'api-token': owner.token },
    });
    expect(searched.body.trim().split('\r\n')).toHaveLength(2);
    const xlsx = await test.app.inject({
      method: 'GET',
      url: `${base}?format=xlsx`,
      headers: { 'api-token': owner.token },
    });
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Wallet history')!;
    expect(sheet.getRow(2).getCell(6).value).toBe(500);
    expect(sheet.getRow(3).getCell(7).value).toBe(1250000.75);
    const bad = await test.call(
      'GET',
      'core',
      `internal/organisations/${owner.organisationId}/wallets/history/export`,
      { token: owner.token, params: { format: 'pdf' } },
    );
    expect(bad.data).toEqual({ format: 'Choose csv or xlsx' });
  });
});

describe('boundaries', () => {
  it('answers NOT_FOUND for another organisation and refuses calls without a token', async () => {
    const a = await ownerWithOrganisation(test);
    const b = await ownerWithOrganisation(test);
    const [wallet] = (await walletsOf(a)).wallets;
    const corporation = await test.call('POST', 'core', 'internal/corporations', {
      token: a.token,
      body: { name: 'Hidden Ltd' },
    });
    const calls: Array<[string, string, unknown]> = [
      ['GET', `internal/organisations/${a.organisationId}/wallets`, undefined],
      ['GET', `internal/organisations/${a.organisationId}/wallets/history`, undefined],
      ['GET', `internal/organisations/${a.organisationId}/corporations/stats`, undefined],
      ['GET', `internal/corporations/${corporation.data.id}/wallets`, undefined],
      ['GET', `internal/corporations/${corporation.data.id}/wallets/history`, undefined],
      ['POST', `internal/sandbox/wallets/${wallet.id}/fund`, { amount: 1000 }],
    ];
    for (const [method, path, body] of calls) {
      expect([path, (await test.call(method, 'core', path, { token: b.token, body })).code]).toEqual([
        path,
        'NOT_FOUND',
      ]);
      expect([path, (await test.call(method, 'core', path, { body })).code]).toEqual([path, 'NO_AUTH']);
    }
    expect((await walletsOf(a)).wallets[0].balance).toBe('0.00');
  });

  it('reports corporation stats', async () => {
    const owner = await ownerWithOrganisation(test);
    await test.call('POST', 'core', 'internal/corporations', { token: owner.token, body: { name: 'Stats One' } });
    const stats = await test.call('GET', 'core', `internal/organisations/${owner.organisationId}/corporations/stats`, {
      token: owner.token,
    });
    expect(stats.data).toEqual({
      corporation_count: 1,
      states_registered: 0,
      states_with_payroll_consent: 0,
      employees: 0,
    });
  });
});
