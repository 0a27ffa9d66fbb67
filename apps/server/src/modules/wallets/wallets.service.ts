import { SETTING_CODES, type ListParams } from '@levy/contracts';
import { addKobo, koboToNairaString, negateKobo, sumKobo, type Kobo } from '@levy/tax';
import {
  FundingUnavailableError,
  type FundingEvent,
  type FundingProvider,
} from '../../adapters/payments/funding-provider';
import type { Db } from '../../db/client';
import { toPage } from '../../db/pagination';
import { AppError } from '../../errors';
import { exportTable, lagosTimeCell, type ExportFormat } from '../../http/table-export';
import type { Caller } from '../../http/route';
import type { CorporationsService } from '../corporations/corporations.service';
import { requireOwnOrganisation } from '../accounts/organisation-access';
import type { OrganisationDirectory } from '../accounts/organisation-directory';
import type { MailService } from '../mail/mail.service';
import { createLedgerService, type JournalInput, type Posting } from './ledger.service';
import { createWithdrawals } from './withdrawals.service';
import * as repo from './wallets.repo';
import { fundingReference, type HistoryOwner, type LedgerAccount, type WalletKind } from './wallets.repo';

export type WalletType = 'organisation' | 'corporations';

/** A wallet whose account request went unanswered is asked for again after this long. */
const ACCOUNT_REQUEST_RETRY_MS = 60_000;

/**
 * The wallet's customer email at the provider: one customer per wallet, and the provider's
 * customers are keyed by email. The address names the wallet, not a person, so no one is mailed.
 */
const walletCustomerEmail = (walletId: string) => `wallet-${walletId}@wallets.levy.ng`;

const naira = (kobo: Kobo) => koboToNairaString(kobo);

/** Money leaving a wallet: where it goes, in kobo per destination (either may be zero, not both). */
export interface WalletDebitSplit {
  /** Remitted to the state agency (the bill amount). */
  toAgency: Kobo;
  /** Kept as the platform's fee (the charge). */
  toFees: Kobo;
}

/** One movement on a wallet; the reference is unique, so a retry with it changes nothing. */
export interface WalletMovement {
  walletId: string;
  reference: string;
  description: string;
  createdBy: string | null;
}

/** The provider did not answer: the caller (or the provider's retry) tries again; nothing changed. */
function unavailable(error: unknown): never {
  if (error instanceof FundingUnavailableError)
    throw new AppError('UNAVAILABLE', `${error.message} Nothing was changed; please try again later.`);
  throw error;
}

export function createWalletsService(deps: {
  db: Db;
  provider: FundingProvider;
  organisationsService: OrganisationDirectory;
  corporationsService: CorporationsService;
  /** Whether "Simulate a transfer" is offered: the payment provider is the local Paystack fake. */
  canSimulateTransfers: boolean;
  mail: MailService;
  appUrl: string;
  /** The organisation's active admins (the team module's): who approves a withdrawal and hears of a failed one. */
  adminsOf(organisationId: string): Promise<Array<{ id: string; firstName: string; lastName: string; email: string }>>;
  people(userIds: string[]): Promise<Array<{ id: string; firstName: string; lastName: string; email: string }>>;
}) {
  const { db, provider, organisationsService, corporationsService } = deps;
  const ledger = createLedgerService({ db });
  const withdrawals = createWithdrawals({
    db,
    provider,
    ledger,
    mail: deps.mail,
    appUrl: deps.appUrl,
    adminsOf: deps.adminsOf,
    people: deps.people,
    settingValue: organisationsService.settingValue,
  });

  async function walletTypeOf(organisationId: string): Promise<WalletType> {
    return (await organisationsService.settingValue(organisationId, SETTING_CODES.corporationWallets)) === true
      ? 'corporations'
      : 'organisation';
  }

  /** Opens a wallet with its virtual account unless it exists; safe to call again and concurrently. */
  async function ensureWallet(
    kind: WalletKind,
    organisationId: string,
    corporationId: string | null,
    name: string,
  ): Promise<LedgerAccount> {
    const owner = { organisationId, corporationId };
    const existing = await repo.findWallet(db, kind, owner);
    if (existing) return existing;
    return db.transaction(async (tx) => {
      const created = await repo.insertWallet(tx, { kind, organisationId, corporationId, name });
      if (!created) return (await repo.findWallet(tx, kind, owner))!;
      await repo.insertVirtualAccount(tx, { walletId: created.id, provider: provider.name });
      return created;
    });
  }

  async function organisationWallet(organisationId: string) {
    // The organisation's name is read only to open its wallet, once (history pages need the wallet on every call).
    const existing = await repo.findWallet(db, 'organisation_wallet', { organisationId, corporationId: null });
    if (existing) return existing;
    const name = await organisationsService.nameOf(organisationId);
    return ensureWallet('organisation_wallet', organisationId, null, name ?? 'Organisation wallet');
  }

  /** The wallets an organisation uses now: its own, plus one per corporation when corporations have wallets. */
  async function activeWallets(organisationId: string) {
    const [type, organisationWalletAccount] = await Promise.all([
      walletTypeOf(organisationId),
      organisationWallet(organisationId),
    ]);
    const wallets = [organisationWalletAccount];
    if (type === 'corporations') {
      for (const corporation of await corporationsService.allOfOrganisation(organisationId))
        wallets.push(await ensureWallet('corporation_wallet', organisationId, corporation.id, corporation.name));
    }
    return { type, wallets };
  }

  /**
   * Asks the provider for a pending wallet's account (its customer first), outside any transaction.
   * Unanswered, the wallet stays pending and the next look at it asks again.
   */
  async function requestAccountIfDue(wallet: { id: string; name: string }) {
    if (!(await repo.claimAccountRequest(db, wallet.id, ACCOUNT_REQUEST_RETRY_MS))) return;
    const customer = { email: walletCustomerEmail(wallet.id), name: wallet.name };
    try {
      // The code is stored before the account is asked for: the provider may announce it at once.
      await repo.setCustomerCode(db, wallet.id, (await provider.createCustomer(customer)).customerCode);
      await provider.requestAccount(customer);
    } catch (error) {
      if (!(error instanceof FundingUnavailableError)) throw error;
    }
  }

  async function views(walletIds: string[]) {
    if (walletIds.length === 0) return [];
    let rows = await repo.findWalletsWithBalances(db, walletIds);
    const pending = rows.filter((row) => row.account.status === 'pending');
    if (pending.length > 0) {
      await Promise.all(pending.map((row) => requestAccountIfDue(row.wallet)));
      rows = await repo.findWalletsWithBalances(db, walletIds);
    }
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
        virtual_account: {
          status: account.status,
          account_number: account.accountNumber,
          bank_name: account.bankName,
          account_name: account.accountName,
          failure_reason: account.failureReason,
        },
      };
    });
  }

  /** History of entries on the owner's wallets, with the list params of docs/product.md. */
  async function history(owner: HistoryOwner, params: ListParams) {
    const { rows, total } = await repo.findHistoryPage(db, owner, params);
    const items = rows.map(({ entry, journal, wallet }) => ({
      id: entry.sequence,
      reference: journal.reference,
      description: journal.description,
      type: entry.amountKobo > 0 ? 'credit' : 'debit',
      amount: naira(entry.amountKobo > 0 ? entry.amountKobo : negateKobo(entry.amountKobo)),
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
    // The wallets activeWallets lists: the organisation's own, and its corporations' when they have wallets.
    const kinds: WalletKind[] =
      (await walletTypeOf(organisationId)) === 'corporations'
        ? ['organisation_wallet', 'corporation_wallet']
        : ['organisation_wallet'];
    return history({ organisationId, kinds }, params);
  }

  async function corporationHistory(caller: Caller, corporationId: string, params: ListParams) {
    const corporation = await corporationsService.findAccessible(db, caller, corporationId, 'read');
    return history({ corporationId: corporation.id }, params);
  }

  /** A journal posted now, or the one already posted under this reference (a retry). */
  async function postOnce(tx: Db, posting: JournalInput): Promise<{ journalId: string; isReplay: boolean }> {
    const posted = await ledger.postJournal(tx, posting);
    if (posted) return { journalId: posted.journalId, isReplay: false };
    const existing = await repo.findJournalByReference(tx, posting.reference);
    return { journalId: existing!.id, isReplay: true };
  }

  async function walletToMove(tx: Db, walletId: string): Promise<LedgerAccount> {
    const [wallet] = await repo.lockAccounts(tx, [walletId]);
    if (!wallet || (wallet.kind !== 'organisation_wallet' && wallet.kind !== 'corporation_wallet'))
      throw new AppError('NOT_FOUND', 'Wallet not found.');
    return wallet;
  }

  /** Funds a wallet from the funding clearing account (money that came in by bank transfer). */
  async function creditWallet(
    tx: Db,
    credit: WalletMovement & { amount: Kobo; category: 'funding' },
  ): Promise<{ journalId: string; isReplay: boolean }> {
    const wallet = await walletToMove(tx, credit.walletId);
    if (credit.amount <= 0) throw new Error(`a wallet credit moves a positive amount, got ${credit.amount} kobo`);
    return postOnce(tx, {
      organisationId: wallet.organisationId,
      kind: credit.category,
      reference: credit.reference,
      description: credit.description,
      createdBy: credit.createdBy,
      postings: [
        { accountId: wallet.id, amountKobo: credit.amount },
        { accountId: await ledger.systemAccountId(tx, 'funding_clearing'), amountKobo: negateKobo(credit.amount) },
      ],
    });
  }

  /** A wallet of the caller's organisation whose bank account the provider has assigned. */
  async function findOwnAssignedWallet(caller: Caller, walletId: string) {
    const found = await repo.findWalletWithAccount(db, walletId);
    if (!found || found.wallet.organisationId !== caller.organisationId)
      throw new AppError('NOT_FOUND', 'Wallet not found.');
    const { account } = found;
    if (account.status === 'failed')
      throw new AppError(
        'UNPROCESSABLE',
        `This wallet has no bank account: Paystack could not give it one (${account.failureReason ?? 'no reason given'}).`,
      );
    if (account.status !== 'assigned' || !account.accountNumber || !account.bankSlug)
      throw new AppError('UNPROCESSABLE', 'This wallet has no bank account yet: Paystack is still assigning it.');
    return { wallet: found.wallet, accountNumber: account.accountNumber, bankSlug: account.bankSlug };
  }

  return {
    walletTypeOf,

    /**
     * The wallet that pays for a corporation: its own when the organisation gives corporations
     * wallets (setting core.organisation.do_corporation_have_wallet), else the organisation's, with
     * its balance now (what a bill's summary shows; the debit checks it again under lock).
     */
    async walletForCorporation(
      organisationId: string,
      corporationId: string,
    ): Promise<{ walletId: string; name: string; balanceKobo: Kobo }> {
      const wallet =
        (await walletTypeOf(organisationId)) === 'corporations'
          ? await corporationsService
              .findInOrganisation(organisationId, corporationId)
              .then((corporation) =>
                ensureWallet('corporation_wallet', organisationId, corporation.id, corporation.name),
              )
          : await organisationWallet(organisationId);
      return { walletId: wallet.id, name: wallet.name, balanceKobo: await ledger.balanceOf(wallet.id) };
    },

    /**
     * Pays out of a wallet in the caller's transaction: the wallet is debited the sum of the split,
     * the agency settlement and fee revenue accounts are credited their parts. A shortfall is
     * UNPROCESSABLE naming it; a retry with the same reference answers the journal already posted.
     */
    async debitWallet(
      tx: Db,
      debit: WalletMovement & { amount: WalletDebitSplit; category: 'bill_payment' },
    ): Promise<{ journalId: string; isReplay: boolean }> {
      const wallet = await walletToMove(tx, debit.walletId);
      const total = addKobo(debit.amount.toAgency, debit.amount.toFees);
      if (debit.amount.toAgency < 0 || debit.amount.toFees < 0 || total <= 0)
        throw new Error(`a wallet debit moves a positive amount, got ${total} kobo`);
      const credits: Posting[] = [];
      if (debit.amount.toAgency > 0)
        credits.push({
          accountId: await ledger.systemAccountId(tx, 'agency_settlement'),
          amountKobo: debit.amount.toAgency,
        });
      if (debit.amount.toFees > 0)
        credits.push({ accountId: await ledger.systemAccountId(tx, 'fee_revenue'), amountKobo: debit.amount.toFees });
      return postOnce(tx, {
        organisationId: wallet.organisationId,
        kind: debit.category,
        reference: debit.reference,
        description: debit.description,
        createdBy: debit.createdBy,
        postings: [
          { accountId: wallet.id, amountKobo: negateKobo(sumKobo(credits.map((credit) => credit.amountKobo))) },
          ...credits,
        ],
      });
    },

    creditWallet,

    /**
     * Undoes a journal (a refund) with one reversing journal in the caller's transaction. The
     * reference is unique: reversing again with it answers the reversal already posted, once.
     */
    async reverseJournal(
      tx: Db,
      journalId: string,
      reversal: { reference: string; description: string; createdBy?: string | null },
    ): Promise<{ journalId: string; isReplay: boolean }> {
      const posted = await ledger.reverseJournal(tx, journalId, reversal);
      if (posted) return { journalId: posted.journalId, isReplay: false };
      const existing = await repo.findJournalByReference(tx, reversal.reference);
      if (existing?.reversesJournalId !== journalId)
        throw new AppError('CONFLICT', `The reference ${reversal.reference} is already used by another journal.`);
      return { journalId: existing.id, isReplay: true };
    },

    async organisationWallets(caller: Caller, organisationId: string) {
      requireOwnOrganisation(caller, organisationId);
      const { type, wallets } = await activeWallets(organisationId);
      const shown = await views(wallets.map((wallet) => wallet.id));
      const total = sumKobo(shown.map((wallet) => wallet.balance_kobo));
      return {
        wallet_type: type,
        total_balance: naira(total),
        can_simulate_transfers: deps.canSimulateTransfers,
        wallets: shown,
      };
    },
    organisationHistory,

    /** A corporation's own wallet: there is one only when the organisation gives corporations wallets. */
    async corporationWallets(caller: Caller, corporationId: string) {
      const corporation = await corporationsService.findAccessible(db, caller, corporationId, 'read');
      if ((await walletTypeOf(corporation.organisationId)) !== 'corporations') return [];
      const wallet = await ensureWallet(
        'corporation_wallet',
        corporation.organisationId,
        corporation.id,
        corporation.name,
      );
      return views([wallet.id]);
    },

    corporationHistory,

    /** The same history as a CSV or XLSX download (everything that matches, newest first). */
    async exportHistory(
      caller: Caller,
      scope: { organisationId: string } | { corporationId: string },
      params: ListParams,
      format: ExportFormat,
    ) {
      const page =
        'organisationId' in scope
          ? await organisationHistory(caller, scope.organisationId, { ...params, no_pages: true })
          : await corporationHistory(caller, scope.corporationId, { ...params, no_pages: true });
      return exportTable({
        filename: `levy-wallet-history-${new Date().toISOString().slice(0, 10)}`,
        sheetName: 'Wallet history',
        format,
        rows: page.items,
        columns: [
          { header: 'Date (Lagos time)', value: (row) => lagosTimeCell(row.created_at) },
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

    findOwnAssignedWallet,

    /**
     * "I sent money and don't see it": asks the provider to look for transfers its bank has not
     * reported; what it finds arrives through the webhook like any transfer.
     */
    async requery(caller: Caller, walletId: string) {
      const { accountNumber, bankSlug } = await findOwnAssignedWallet(caller, walletId);
      await provider.requery({ accountNumber, bankSlug }).catch(unavailable);
      return { requested: true } as const;
    },

    /**
     * What a signed webhook announces. A transfer is credited only as the provider's verification
     * describes it (its amount, its account, status success), once per provider transaction
     * whatever the retries or the age of the notice; an account assignment completes the wallet's.
     */
    async applyFundingEvent(event: FundingEvent) {
      if (event.kind === 'assigned') {
        const known = await repo.settleAccountAssignment(db, event.customerCode, {
          status: 'assigned',
          ...event.account,
        });
        return { outcome: known ? 'account assigned' : 'unknown customer ignored' };
      }
      if (event.kind === 'assignment_failed') {
        const known = await repo.settleAccountAssignment(db, event.customerCode, {
          status: 'failed',
          failureReason: event.reason,
        });
        return { outcome: known ? 'account assignment failed' : 'unknown customer ignored' };
      }
      if (event.kind === 'ignored') return { outcome: `event ${event.event} ignored` };
      if (event.kind === 'transfer') {
        // As for money in: what the provider's own record says, never the notice's body.
        const transfer = await provider.verifyTransfer(event.reference).catch(unavailable);
        if (!transfer)
          throw new AppError(
            'UNPROCESSABLE',
            `${provider.name} does not know the transfer ${event.reference}: nothing was changed.`,
          );
        const applied = await withdrawals.applyTransfer(transfer);
        if (!applied.known)
          throw new AppError(
            'UNPROCESSABLE',
            `No withdrawal has the reference ${event.reference}: nothing was changed.`,
          );
        return { outcome: applied.outcome };
      }
      const charge = await provider.verifyCharge(event.reference).catch(unavailable);
      if (!charge)
        throw new AppError(
          'UNPROCESSABLE',
          `${provider.name} does not know the transaction ${event.reference}: nothing was credited.`,
        );
      if (
        charge.status !== 'success' ||
        charge.channel !== 'dedicated_nuban' ||
        charge.currency !== 'NGN' ||
        charge.amount <= 0
      ) {
        return {
          outcome: `not credited: ${provider.name} says the transaction is ${charge.status} (${charge.channel}, ${charge.currency})`,
        };
      }
      const found = charge.accountNumber ? await repo.findWalletByAccountNumber(db, charge.accountNumber) : undefined;
      if (!found || (found.account.customerCode !== null && charge.customerCode !== found.account.customerCode)) {
        throw new AppError(
          'UNPROCESSABLE',
          `No wallet has the account number ${charge.accountNumber ?? '(none)'} for this customer: nothing was credited.`,
        );
      }
      const posted = await db.transaction((tx) =>
        creditWallet(tx, {
          walletId: found.wallet.id,
          amount: charge.amount,
          category: 'funding',
          reference: fundingReference(provider.name, charge.transactionId),
          description: `Bank transfer from ${charge.senderName ?? 'a bank account'}`,
          createdBy: null,
        }),
      );
      return {
        outcome: posted.isReplay ? 'already credited' : 'credited',
        credit: { credited: !posted.isReplay, wallet_id: found.wallet.id, amount: naira(charge.amount) },
      };
    },

    /** Money out to the organisation's bank (decision 0043). */
    withdrawals: {
      banks: withdrawals.banks,
      resolve: withdrawals.resolve,
      request: withdrawals.request,
      approve: withdrawals.approve,
      reject: withdrawals.reject,
      recheckAllProcessing: withdrawals.recheckAllProcessing,
      async list(caller: Caller, organisationId: string, params: ListParams) {
        requireOwnOrganisation(caller, organisationId);
        return withdrawals.list(organisationId, params);
      },
    },

    /** The balance of every wallet of the organisation. */
    totalBalance: (organisationId: string) => repo.sumWalletBalances(db, organisationId),
  };
}

export type WalletsService = ReturnType<typeof createWalletsService>;
