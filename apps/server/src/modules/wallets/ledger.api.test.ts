import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/raw';
import { AppError } from '../../errors';
import { createTestApp, ownerWithOrganisation, type TestApp } from '../../../test/harness';
import { asKobo } from '@levy/tax';
import { createPaystackFunding } from '../../adapters/payments/paystack';
import { SANDBOX_PAYSTACK_SECRET_KEY } from '../../config';
import { createCorporationsService } from '../corporations/corporations.service';
import { createOrganisationDirectory } from '../accounts/organisation-directory';
import { createReferenceService } from '../reference/reference.service';
import { createLedgerService, type LedgerService } from './ledger.service';
import { createWalletsService, type WalletsService } from './wallets.service';

let test: TestApp;
let wallets: WalletsService;
let ledger: LedgerService;

beforeAll(async () => {
  test = await createTestApp();
  const { db } = test.database;
  ledger = createLedgerService({ db });
  // The wallets reach corporations and organisations only for names, settings and access checks.
  const notReached = () => {
    throw new Error('Not reached by the wallets service');
  };
  const corporationsService = createCorporationsService({
    db,
    organisationsByIds: notReached,
    registrationsOf: notReached,
    payrollContents: notReached,
  });
  const organisationsService = createOrganisationDirectory({
    db,
    reference: createReferenceService({ db }),
    usersByIds: notReached,
  });
  const provider = createPaystackFunding({
    baseUrl: test.paystackFakeUrl,
    secretKey: SANDBOX_PAYSTACK_SECRET_KEY,
    timeoutMs: 1_000,
  });
  wallets = createWalletsService({
    db,
    provider,
    organisationsService,
    corporationsService,
    canSimulateTransfers: false,
    mail: { enqueue: notReached, listRecent: notReached, stop: () => undefined },
    appUrl: 'http://levy.test',
    adminsOf: notReached,
    people: notReached,
  });
});
afterAll(() => test.close());

let sequence = 0;
const nextReference = (prefix: string) => `${prefix}-${Date.now()}-${(sequence += 1)}`;

/** Three wallets of one organisation: its own and two corporations'. */
async function threeWallets() {
  const owner = await ownerWithOrganisation(test);
  for (const name of ['North Ltd', 'South Ltd'])
    await test.call('POST', 'core', 'internal/corporations', { token: owner.token, body: { name } });
  await test.call('POST', 'auth', `organisations/${owner.organisationId}/settings`, {
    token: owner.token,
    body: { setting_code: 'core.organisation.do_corporation_have_wallet', value: true },
  });
  const data = (
    await test.call('GET', 'core', `internal/organisations/${owner.organisationId}/wallets`, { token: owner.token })
  ).data;
  return {
    organisationId: owner.organisationId,
    walletIds: data.wallets.map((wallet: { id: string }) => wallet.id) as string[],
  };
}

async function fund(organisationId: string, walletId: string, amountKobo: number) {
  const clearing = await ledger.systemAccountId(test.database.db, 'funding_clearing');
  return test.database.db.transaction((tx) =>
    ledger.postJournal(tx, {
      organisationId,
      kind: 'funding',
      reference: nextReference('FUND'),
      description: 'Test funding',
      postings: [
        { accountId: walletId, amountKobo: asKobo(amountKobo) },
        { accountId: clearing, amountKobo: asKobo(-amountKobo) },
      ],
    }),
  );
}

async function pay(organisationId: string, walletId: string, amountKobo: number) {
  const settlement = await ledger.systemAccountId(test.database.db, 'agency_settlement');
  return test.database.db.transaction((tx) =>
    ledger.postJournal(tx, {
      organisationId,
      kind: 'bill_payment',
      reference: nextReference('PAY'),
      description: 'Test payment',
      postings: [
        { accountId: walletId, amountKobo: asKobo(-amountKobo) },
        { accountId: settlement, amountKobo: asKobo(amountKobo) },
      ],
    }),
  );
}

/** Every journal sums to zero, and every account's last balance equals the sum of its entries. */
async function assertLedgerConsistent() {
  const [check] = await queryRows<{ unbalanced: number; drifted: number; negative: number }>(
    test.database.db,
    sql`select
      (select count(*)::int from (select journal_id from ledger_entries group by journal_id having sum(amount_kobo) <> 0) j) as unbalanced,
      (select count(*)::int from (
        select account_id, sum(amount_kobo) as total,
          (select balance_after_kobo from ledger_entries l where l.account_id = e.account_id order by sequence desc limit 1) as last
        from ledger_entries e group by account_id) a where a.total <> a.last) as drifted,
      (select count(*)::int from ledger_entries where is_wallet and balance_after_kobo < 0) as negative`,
  );
  expect(check).toEqual({ unbalanced: 0, drifted: 0, negative: 0 });
}

describe('journals', () => {
  it('refuses an unbalanced journal before it reaches the database', async () => {
    const { organisationId, walletIds } = await threeWallets();
    const clearing = await ledger.systemAccountId(test.database.db, 'funding_clearing');
    await expect(
      test.database.db.transaction((tx) =>
        ledger.postJournal(tx, {
          organisationId,
          kind: 'funding',
          reference: nextReference('BAD'),
          description: 'x',
          postings: [
            { accountId: walletIds[0], amountKobo: asKobo(100) },
            { accountId: clearing, amountKobo: asKobo(-99) },
          ],
        }),
      ),
    ).rejects.toThrow('does not balance');
  });

  it('names the shortfall when a wallet cannot pay, and changes nothing', async () => {
    const { organisationId, walletIds } = await threeWallets();
    await fund(organisationId, walletIds[0], 150_000);
    const failure = (await pay(organisationId, walletIds[0], 200_000).catch((error: unknown) => error)) as AppError;
    expect(failure.code).toBe('UNPROCESSABLE');
    expect(failure.message).toBe(
      'Insufficient balance in Acme Nigeria Ltd: ₦2,000.00 is needed and the wallet has ₦1,500.00 (short by ₦500.00). Fund the wallet and try again.',
    );
    expect(await ledger.balanceOf(walletIds[0])).toBe(150_000);
  });

  it('corrects with a reversing journal, never by changing entries', async () => {
    const { organisationId, walletIds } = await threeWallets();
    const posted = await fund(organisationId, walletIds[1], 80_000);
    await test.database.db.transaction((tx) =>
      ledger.reverseJournal(tx, posted!.journalId, {
        reference: nextReference('REV'),
        description: 'Funding credited in error',
      }),
    );
    expect(await ledger.balanceOf(walletIds[1])).toBe(0);
    const [{ entries }] = await queryRows<{ entries: number }>(
      test.database.db,
      sql`select count(*)::int as entries from ledger_entries where account_id = ${walletIds[1]}`,
    );
    expect(entries).toBe(2);
  });
});

describe('the wallets API other modules use', () => {
  it('debits a bill payment to the agency and the fees, refuses a shortfall, and refunds once', async () => {
    const { walletIds } = await threeWallets();
    const db = test.database.db;
    await db.transaction((tx) =>
      wallets.creditWallet(tx, {
        walletId: walletIds[0],
        amount: asKobo(500_000),
        category: 'funding',
        reference: nextReference('FUND'),
        description: 'Funding',
        createdBy: null,
      }),
    );
    const reference = nextReference('BILL');
    const debit = {
      walletId: walletIds[0],
      amount: { toAgency: asKobo(300_000), toFees: asKobo(10_000) },
      category: 'bill_payment' as const,
      reference,
      description: 'PAYE 2026-01',
      createdBy: null,
    };
    const paid = await db.transaction((tx) => wallets.debitWallet(tx, debit));
    expect(paid.isReplay).toBe(false);
    expect(await ledger.balanceOf(walletIds[0])).toBe(190_000);
    const [legs] = await queryRows<{ agency: string; fees: string }>(
      db,
      sql`select (select amount_kobo from ledger_entries e join ledger_accounts a on a.id = e.account_id
          where e.journal_id = ${paid.journalId} and a.kind = 'agency_settlement') as agency,
        (select amount_kobo from ledger_entries e join ledger_accounts a on a.id = e.account_id
          where e.journal_id = ${paid.journalId} and a.kind = 'fee_revenue') as fees`,
    );
    expect(legs).toEqual({ agency: '300000', fees: '10000' });
    expect(await db.transaction((tx) => wallets.debitWallet(tx, debit))).toEqual({
      journalId: paid.journalId,
      isReplay: true,
    });
    expect(await ledger.balanceOf(walletIds[0])).toBe(190_000);

    const short = (await db
      .transaction((tx) =>
        wallets.debitWallet(tx, {
          ...debit,
          reference: nextReference('BILL'),
          amount: { toAgency: asKobo(200_000), toFees: asKobo(0) },
        }),
      )
      .catch((error: unknown) => error)) as AppError;
    expect(short.code).toBe('UNPROCESSABLE');
    expect(short.message).toBe(
      'Insufficient balance in Acme Nigeria Ltd: ₦2,000.00 is needed and the wallet has ₦1,900.00 (short by ₦100.00). Fund the wallet and try again.',
    );

    const refund = { reference: nextReference('REFUND'), description: 'Agency refused the payment' };
    const reversed = await db.transaction((tx) => wallets.reverseJournal(tx, paid.journalId, refund));
    expect(reversed.isReplay).toBe(false);
    expect(await ledger.balanceOf(walletIds[0])).toBe(500_000);
    expect(await db.transaction((tx) => wallets.reverseJournal(tx, paid.journalId, refund))).toEqual({
      journalId: reversed.journalId,
      isReplay: true,
    });
    expect(await ledger.balanceOf(walletIds[0])).toBe(500_000);
    const misused = (await db
      .transaction((tx) => wallets.reverseJournal(tx, reversed.journalId, { ...refund }))
      .catch((error: unknown) => error)) as AppError;
    expect(misused.code).toBe('CONFLICT');
    await assertLedgerConsistent();
  });

  it('a debit rolled back with its transaction leaves the wallet as it was', async () => {
    const { walletIds } = await threeWallets();
    const db = test.database.db;
    await db.transaction((tx) =>
      wallets.creditWallet(tx, {
        walletId: walletIds[1],
        amount: asKobo(100_000),
        category: 'funding',
        reference: nextReference('FUND'),
        description: 'Funding',
        createdBy: null,
      }),
    );
    await expect(
      db.transaction(async (tx) => {
        await wallets.debitWallet(tx, {
          walletId: walletIds[1],
          amount: { toAgency: asKobo(60_000), toFees: asKobo(1_000) },
          category: 'bill_payment',
          reference: nextReference('BILL'),
          description: 'PAYE',
          createdBy: null,
        });
        throw new Error('the agency did not answer');
      }),
    ).rejects.toThrow('the agency did not answer');
    expect(await ledger.balanceOf(walletIds[1])).toBe(100_000);
  });

  it('pays from the corporation wallet only when the organisation gives corporations wallets', async () => {
    const owner = await ownerWithOrganisation(test);
    const corporation = await test.call('POST', 'core', 'internal/corporations', {
      token: owner.token,
      body: { name: 'East Ltd' },
    });
    const before = await wallets.walletForCorporation(owner.organisationId, corporation.data.id);
    expect(before.name).toBe('Acme Nigeria Ltd');
    await test.call('POST', 'auth', `organisations/${owner.organisationId}/settings`, {
      token: owner.token,
      body: { setting_code: 'core.organisation.do_corporation_have_wallet', value: true },
    });
    const after = await wallets.walletForCorporation(owner.organisationId, corporation.data.id);
    expect(after.name).toBe('East Ltd');
    expect(after.walletId).not.toBe(before.walletId);
    await expect(
      wallets.walletForCorporation(owner.organisationId, '00000000-0000-0000-0000-000000000000'),
    ).rejects.toThrow('Corporation not found.');
  });
});

describe('the database enforces the ledger rules', () => {
  it('rejects an unbalanced journal at commit, changes and deletions, and a negative wallet', async () => {
    const { organisationId, walletIds } = await threeWallets();
    const posted = await fund(organisationId, walletIds[0], 10_000);
    const db = test.database.db;
    const clearing = await ledger.systemAccountId(db, 'funding_clearing');
    await expect(
      db.transaction(async (tx) => {
        const [journal] = await queryRows<{ id: string }>(
          tx,
          sql`insert into ledger_journals (organisation_id, kind, reference, description) values (${organisationId}, 'funding',
            ${nextReference('RAW')}, 'raw') returning id`,
        );
        await tx.execute(
          sql`insert into ledger_entries (journal_id, account_id, amount_kobo, is_wallet) values (${journal.id}, ${walletIds[0]}, 500, true)`,
        );
      }),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`update ledger_entries set amount_kobo = 1 where journal_id = ${posted!.journalId}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`delete from ledger_entries where journal_id = ${posted!.journalId}`)).rejects.toThrow();
    await expect(db.execute(sql`delete from ledger_journals where id = ${posted!.journalId}`)).rejects.toThrow();
    await expect(
      db.transaction(async (tx) => {
        const [journal] = await queryRows<{ id: string }>(
          tx,
          sql`insert into ledger_journals (organisation_id, kind, reference, description) values (${organisationId}, 'bill_payment',
            ${nextReference('RAW')}, 'raw') returning id`,
        );
        await tx.execute(
          sql`insert into ledger_entries (journal_id, account_id, amount_kobo, is_wallet) values (${journal.id}, ${walletIds[0]}, -20000, true),
            (${journal.id}, ${clearing}, 20000, false)`,
        );
      }),
    ).rejects.toThrow();
    expect(await ledger.balanceOf(walletIds[0])).toBe(10_000);
    await assertLedgerConsistent();
  });
});

describe('properties', () => {
  it(
    'keeps every journal balanced and every wallet at or above zero over random operations',
    { timeout: 120_000 },
    async () => {
      const { organisationId, walletIds } = await threeWallets();
      const operation = fc.oneof(
        fc.record({
          type: fc.constant('fund' as const),
          wallet: fc.nat({ max: 2 }),
          amount: fc.integer({ min: 1, max: 500_000 }),
        }),
        fc.record({
          type: fc.constant('pay' as const),
          wallet: fc.nat({ max: 2 }),
          amount: fc.integer({ min: 1, max: 500_000 }),
        }),
        fc.record({
          type: fc.constant('move' as const),
          wallet: fc.nat({ max: 2 }),
          to: fc.nat({ max: 2 }),
          amount: fc.integer({ min: 1, max: 500_000 }),
        }),
        fc.record({ type: fc.constant('reverse' as const), pick: fc.nat() }),
      );
      await fc.assert(
        fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 10 }), async (operations) => {
          const model: number[] = await Promise.all(walletIds.map((id) => ledger.balanceOf(id)));
          const journals: Array<{ id: string; changes: Array<[number, number]> }> = [];
          for (const op of operations) {
            try {
              if (op.type === 'fund') {
                const posted = await fund(organisationId, walletIds[op.wallet], op.amount);
                journals.push({ id: posted!.journalId, changes: [[op.wallet, op.amount]] });
                model[op.wallet] += op.amount;
              } else if (op.type === 'pay') {
                const posted = await pay(organisationId, walletIds[op.wallet], op.amount);
                journals.push({ id: posted!.journalId, changes: [[op.wallet, -op.amount]] });
                model[op.wallet] -= op.amount;
              } else if (op.type === 'move' && op.wallet !== op.to) {
                const posted = await test.database.db.transaction((tx) =>
                  ledger.postJournal(tx, {
                    organisationId,
                    kind: 'bill_payment',
                    reference: nextReference('MOVE'),
                    description: 'Move',
                    postings: [
                      { accountId: walletIds[op.wallet], amountKobo: asKobo(-op.amount) },
                      { accountId: walletIds[op.to], amountKobo: asKobo(op.amount) },
                    ],
                  }),
                );
                journals.push({
                  id: posted!.journalId,
                  changes: [
                    [op.wallet, -op.amount],
                    [op.to, op.amount],
                  ],
                });
                model[op.wallet] -= op.amount;
                model[op.to] += op.amount;
              } else if (op.type === 'reverse' && journals.length > 0) {
                const original = journals[op.pick % journals.length];
                await test.database.db.transaction((tx) =>
                  ledger.reverseJournal(tx, original.id, { reference: nextReference('REV'), description: 'Reversal' }),
                );
                for (const [wallet, change] of original.changes) model[wallet] -= change;
              }
            } catch (error) {
              // Only a shortfall may refuse an operation, and the model then stays as it was.
              expect((error as AppError).code).toBe('UNPROCESSABLE');
            }
            expect(model.every((balance) => balance >= 0)).toBe(true);
          }
          expect(await Promise.all(walletIds.map((id) => ledger.balanceOf(id)))).toEqual(model);
        }),
        { numRuns: 15 },
      );
      await assertLedgerConsistent();
    },
  );
});

describe('concurrency', () => {
  it('lets exactly 10 of 50 concurrent debits through a wallet that can afford 10', { timeout: 120_000 }, async () => {
    const { organisationId, walletIds } = await threeWallets();
    await fund(organisationId, walletIds[0], 10 * 100_000);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () => pay(organisationId, walletIds[0], 100_000)),
    );
    const succeeded = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(succeeded).toHaveLength(10);
    expect(refused.every((result) => (result.reason as AppError).code === 'UNPROCESSABLE')).toBe(true);
    expect(await ledger.balanceOf(walletIds[0])).toBe(0);
    await assertLedgerConsistent();
  });
});
