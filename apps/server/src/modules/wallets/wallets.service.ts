import { SETTING_CODES, type ListParams } from '@levy/contracts';
import { koboToNairaString, negateKobo, parseNaira, type Kobo } from '@levy/tax';
import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { PaymentProvider, TransferReceived } from '../../adapters/payments/payment-provider';
import type { Db } from '../../db/client';
import { filterConditions, type FilterField } from '../../db/list-filters';
import { queryRows } from '../../db/raw';
import { containsPattern, pageWindow, toPage } from '../../db/pagination';
import { ledgerAccounts, ledgerEntries, ledgerJournals, virtualAccounts } from '../../db/schema/index';
import { AppError, invalidInput } from '../../errors';
import { exportTable, type ExportFormat } from '../../http/table-export';
import type { Caller } from '../../http/route';
import type { CorporationsService } from '../corporations/corporations.service';
import { requireOwnOrganisation } from '../organisations/organisation-access';
import type { OrganisationsService } from '../organisations/organisations.service';
import { postJournal, systemAccountId } from './ledger.service';

type WalletAccount = typeof ledgerAccounts.$inferSelect;
export type WalletType = 'organisation' | 'corporations';

/** A provider may retry a webhook for days; older or future-dated transfers are refused as stale. */
const WEBHOOK_MAX_AGE_MS = 72 * 3_600_000;
const WEBHOOK_MAX_SKEW_MS = 5 * 60_000;

const HISTORY_SORT = {
  created_at: ledgerEntries.sequence,
  amount: ledgerEntries.amountKobo,
} as const;

const naira = (kobo: number) => koboToNairaString(kobo as Kobo);

export function createWalletsService(deps: {
  db: Db;
  provider: PaymentProvider;
  organisationsService: OrganisationsService;
  corporationsService: CorporationsService;
  /** Whether "Simulate a transfer" is offered: the sandbox provider outside production. */
  canSimulateTransfers: boolean;
}) {
  const { db, provider, organisationsService, corporationsService } = deps;

  async function walletTypeOf(organisationId: string): Promise<WalletType> {
    return (await organisationsService.settingValue(organisationId, SETTING_CODES.corporationWallets)) === true ? 'corporations' : 'organisation';
  }

  /** Opens a wallet with its virtual account unless it exists; safe to call again and concurrently. */
  async function ensureWallet(kind: 'organisation_wallet' | 'corporation_wallet', organisationId: string, corporationId: string | null, name: string): Promise<WalletAccount> {
    const find = () =>
      db
        .select()
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.kind, kind), corporationId ? eq(ledgerAccounts.corporationId, corporationId) : eq(ledgerAccounts.organisationId, organisationId)));
    const [existing] = await find();
    if (existing) return existing;
    return db.transaction(async (tx) => {
      const [created] = await tx
        .insert(ledgerAccounts)
        .values({ kind, organisationId, corporationId, name })
        .onConflictDoNothing()
        .returning();
      if (!created) return (await find())[0];
      const [{ serial }] = await queryRows<{ serial: string }>(tx, sql`select nextval('virtual_account_serial') as serial`);
      const account = provider.openVirtualAccount({ accountName: `Levy / ${name}`, serial: Number(serial) });
      await tx.insert(virtualAccounts).values({ walletId: created.id, ...account });
      return created;
    });
  }

  async function organisationWallet(organisationId: string) {
    const name = await organisationsService.nameOf(organisationId);
    return ensureWallet('organisation_wallet', organisationId, null, name ?? 'Organisation wallet');
  }

  /** The wallets an organisation uses now: its own, plus one per corporation when corporations have wallets. */
  async function activeWallets(organisationId: string) {
    const type = await walletTypeOf(organisationId);
    const wallets = [await organisationWallet(organisationId)];
    if (type === 'corporations') {
      for (const corporation of await corporationsService.allOfOrganisation(organisationId)) wallets.push(await ensureWallet('corporation_wallet', organisationId, corporation.id, corporation.name));
    }
    return { type, wallets };
  }

  async function views(walletIds: string[]) {
    if (walletIds.length === 0) return [];
    const rows = await db
      .select({
        wallet: ledgerAccounts,
        account: virtualAccounts,
        balance: sql<number>`coalesce((select ${ledgerEntries.balanceAfterKobo} from ${ledgerEntries} where ${ledgerEntries.accountId} = ${ledgerAccounts.id} order by ${ledgerEntries.sequence} desc limit 1), 0)::bigint`.mapWith(Number),
      })
      .from(ledgerAccounts)
      .innerJoin(virtualAccounts, eq(virtualAccounts.walletId, ledgerAccounts.id))
      .where(inArray(ledgerAccounts.id, walletIds));
    const byId = new Map(rows.map((row) => [row.wallet.id, row]));
    return walletIds.map((id) => {
      const { wallet, account, balance } = byId.get(id)!;
      return {
        id: wallet.id,
        type: wallet.kind === 'organisation_wallet' ? 'organisation' : 'corporation',
        name: wallet.name,
        corporation_id: wallet.corporationId,
        balance: naira(balance),
        balance_kobo: balance,
        virtual_account: { account_number: account.accountNumber, bank_name: account.bankName, bank_code: account.bankCode, account_name: account.accountName },
      };
    });
  }

  /** History of entries on the given wallets with the spec's list params. */
  async function history(walletIds: string[], params: ListParams) {
    const conditions: Array<SQL | undefined> = [inArray(ledgerEntries.accountId, walletIds), ...filterConditions(params.filters, HISTORY_FILTERS)];
    const search = containsPattern(params.search);
    if (search) conditions.push(ilike(ledgerJournals.reference, search));
    const where = and(...conditions);
    const order = HISTORY_SORT[(params.order_by ?? 'created_at') as keyof typeof HISTORY_SORT] ?? HISTORY_SORT.created_at;
    const { limit, offset } = pageWindow(params);
    const [rows, [{ total }]] = await Promise.all([
      db
        .select({ entry: ledgerEntries, journal: ledgerJournals, wallet: { id: ledgerAccounts.id, name: ledgerAccounts.name } })
        .from(ledgerEntries)
        .innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerEntries.journalId))
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .where(where)
        .orderBy(params.is_asc ? asc(order) : desc(order), desc(ledgerEntries.sequence))
        .limit(limit)
        .offset(offset),
      db.select({ total: count() }).from(ledgerEntries).innerJoin(ledgerJournals, eq(ledgerJournals.id, ledgerEntries.journalId)).where(where),
    ]);
    const items = rows.map(({ entry, journal, wallet }) => ({
      id: entry.sequence,
      reference: journal.reference,
      description: journal.description,
      type: entry.amountKobo > 0 ? 'credit' : 'debit',
      amount: naira(Math.abs(entry.amountKobo)),
      balance_after: naira(entry.balanceAfterKobo),
      status: journal.status,
      category: journal.kind,
      wallet,
      created_at: entry.createdAt.toISOString(),
    }));
    return toPage(items, total, params);
  }

  async function organisationHistory(caller: Caller, organisationId: string, params: ListParams) {
    requireOwnOrganisation(caller, organisationId);
    const { wallets } = await activeWallets(organisationId);
    return history(wallets.map((wallet) => wallet.id), params);
  }

  async function corporationHistory(caller: Caller, corporationId: string, params: ListParams) {
    const corporation = await corporationsService.findAccessible(db, caller, corporationId, 'read');
    const [wallet] = await db.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(and(eq(ledgerAccounts.kind, 'corporation_wallet'), eq(ledgerAccounts.corporationId, corporation.id)));
    return history(wallet ? [wallet.id] : [], params);
  }

  return {
    walletTypeOf,

    async organisationWallets(caller: Caller, organisationId: string) {
      requireOwnOrganisation(caller, organisationId);
      const { type, wallets } = await activeWallets(organisationId);
      const shown = await views(wallets.map((wallet) => wallet.id));
      const total = shown.reduce((sum, wallet) => sum + wallet.balance_kobo, 0);
      return { wallet_type: type, total_balance: naira(total), can_simulate_transfers: deps.canSimulateTransfers, wallets: shown };
    },

    organisationHistory,

    /** A corporation's own wallet: there is one only when the organisation gives corporations wallets. */
    async corporationWallets(caller: Caller, corporationId: string) {
      const corporation = await corporationsService.findAccessible(db, caller, corporationId, 'read');
      if ((await walletTypeOf(corporation.organisationId)) !== 'corporations') return [];
      const wallet = await ensureWallet('corporation_wallet', corporation.organisationId, corporation.id, corporation.name);
      return views([wallet.id]);
    },

    corporationHistory,

    /** The same history as a CSV or XLSX download (everything that matches, newest first). */
    async exportHistory(caller: Caller, scope: { organisationId: string } | { corporationId: string }, params: ListParams, format: ExportFormat) {
      const page = 'organisationId' in scope ? await organisationHistory(caller, scope.organisationId, { ...params, no_pages: true }) : await corporationHistory(caller, scope.corporationId, { ...params, no_pages: true });
      return exportTable({
        filename: `levy-wallet-history-${new Date().toISOString().slice(0, 10)}`,
        sheetName: 'Wallet history',
        format,
        rows: page.items,
        columns: [
          { header: 'Date', value: (row) => row.created_at },
          { header: 'Reference', value: (row) => row.reference },
          { header: 'Description', value: (row) => row.description },
          { header: 'Wallet', value: (row) => row.wallet.name },
          { header: 'Type', value: (row) => row.type },
          { header: 'Amount (NGN)', value: (row) => row.amount, isMoney: true },
          { header: 'Balance after (NGN)', value: (row) => row.balance_after, isMoney: true },
          { header: 'Status', value: (row) => row.status },
        ],
      });
    },

    /** The wallet a sandbox transfer goes to, if the caller's organisation owns it. */
    async findOwnWallet(caller: Caller, walletId: string) {
      const [wallet] = await db
        .select({ wallet: ledgerAccounts, account: virtualAccounts })
        .from(ledgerAccounts)
        .innerJoin(virtualAccounts, eq(virtualAccounts.walletId, ledgerAccounts.id))
        .where(eq(ledgerAccounts.id, walletId));
      if (!wallet || wallet.wallet.organisationId !== caller.organisationId) throw new AppError('NOT_FOUND', 'Wallet not found.');
      return wallet;
    },

    /** Credits a transfer once per provider reference; a replay answers credited: false. */
    async applyTransfer(transfer: TransferReceived, now = new Date()) {
      const amountKobo = parseNaira(transfer.amount);
      if (amountKobo === null || amountKobo <= 0) throw invalidInput({ amount: 'The amount must be a naira amount greater than zero.' });
      const age = now.getTime() - transfer.paidAt.getTime();
      if (Number.isNaN(age) || age > WEBHOOK_MAX_AGE_MS || age < -WEBHOOK_MAX_SKEW_MS) throw invalidInput({ paid_at: 'The transfer is stale: paid_at is outside the accepted window.' });
      const [target] = await db
        .select({ wallet: ledgerAccounts })
        .from(virtualAccounts)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, virtualAccounts.walletId))
        .where(eq(virtualAccounts.accountNumber, transfer.accountNumber));
      if (!target) throw new AppError('UNPROCESSABLE', `No wallet has the account number ${transfer.accountNumber}.`);
      const posted = await db.transaction(async (tx) =>
        postJournal(tx, {
          organisationId: target.wallet.organisationId,
          kind: 'funding',
          reference: `${provider.name}:${transfer.reference}`,
          description: `Bank transfer from ${transfer.senderName}`,
          postings: [
            { accountId: target.wallet.id, amountKobo },
            { accountId: await systemAccountId(tx, 'funding_clearing'), amountKobo: negateKobo(amountKobo) },
          ],
        }),
      );
      return { credited: posted !== null, wallet_id: target.wallet.id, amount: naira(amountKobo) };
    },

    /** Onboarding summary: the balance of every wallet of the organisation. */
    async summary(organisationId: string) {
      const [row] = await db
        .select({
          total: sql<number>`coalesce(sum((select ${ledgerEntries.balanceAfterKobo} from ${ledgerEntries} where ${ledgerEntries.accountId} = ${ledgerAccounts.id} order by ${ledgerEntries.sequence} desc limit 1)), 0)::bigint`.mapWith(Number),
        })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.organisationId, organisationId), inArray(ledgerAccounts.kind, ['organisation_wallet', 'corporation_wallet'])));
      return { total_balance: naira(row.total) };
    },
  };
}

/** History filters of product-spec §3: type (credit/debit), status, created_at ranges. */
const HISTORY_FILTERS: Record<string, FilterField> = {
  type: {
    kind: 'custom',
    condition(values) {
      const unknown = values.find((value) => value !== 'credit' && value !== 'debit');
      if (unknown !== undefined) throw invalidInput({ filters: `type cannot be ${unknown}` });
      if (values.includes('credit') && values.includes('debit')) return undefined;
      return values.includes('credit') ? sql`${ledgerEntries.amountKobo} > 0` : sql`${ledgerEntries.amountKobo} < 0`;
    },
  },
  status: { kind: 'in', column: ledgerJournals.status, values: ['success', 'pending', 'failed'] },
  created_at: { kind: 'date', column: ledgerEntries.createdAt },
};

export type WalletsService = ReturnType<typeof createWalletsService>;
