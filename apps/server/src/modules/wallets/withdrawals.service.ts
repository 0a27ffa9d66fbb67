import { randomBytes } from 'node:crypto';
import {
  calls,
  hasPermission,
  SETTING_CODES,
  WITHDRAWAL_MESSAGES,
  type BillApprovalSetting,
  type ListParams,
  type Withdrawal,
} from '@levy/contracts';
import { formatNaira, koboToNairaString, negateKobo, toKobo, type Kobo } from '@levy/tax';
import {
  FundingUnavailableError,
  TRANSFER_RETURNED_STATUSES,
  TransferRefusedError,
  type FundingProvider,
  type Transfer,
} from '../../adapters/payments/funding-provider';
import type { Db } from '../../db/client';
import { toPage } from '../../db/pagination';
import { AppError, invalidInput } from '../../errors';
import type { Caller } from '../../http/route';
import { recordAudit } from '../audit/audit.service';
import type { MailService } from '../mail/mail.service';
import type { LedgerService } from './ledger.service';
import * as repo from './wallets.repo';
import type { WithdrawalRow } from './wallets.repo';

interface Person {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** The smallest transfer Paystack's dashboard sends (docs/payment-rails/paystack.md). */
const MINIMUM_WITHDRAWAL = toKobo('100');
/** A started withdrawal the provider has said nothing about for this long is asked about when the list is read. */
const RECHECK_AFTER_MS = 60_000;
const DEFAULT_APPROVAL: BillApprovalSetting = { mode: 'members' };

/** Paystack's transfer reference: 16 to 50 characters of a-z, 0-9, - and _ (Levy's idempotency key there). */
const newReference = () => `levy-wd-${randomBytes(12).toString('hex')}`;
const holdReference = (reference: string) => `withdrawal:${reference}`;
const returnReference = (reference: string) => `withdrawal:${reference}:returned`;

const nameOf = (person: Person | undefined) => (person ? `${person.firstName} ${person.lastName}`.trim() : 'Someone');
/** The same name however the bank spaces or cases it. */
const sameName = (a: string, b: string) =>
  a.replace(/\s+/g, ' ').trim().toUpperCase() === b.replace(/\s+/g, ' ').trim().toUpperCase();

/** "ACME NIGERIA LIMITED, Guaranty Trust Bank ••••1234" */
export const destinationOf = (row: Pick<WithdrawalRow, 'accountName' | 'bankName' | 'accountNumber'>) =>
  `${row.accountName}, ${row.bankName} ••••${row.accountNumber.slice(-4)}`;

/**
 * Withdrawals (decision 0043): money out of a wallet to the organisation's own bank account by a
 * provider transfer. The wallet is debited into payout clearing once, as the transfer starts; a
 * transfer the provider reports failed or reversed is credited back once, whatever its webhooks do;
 * the organisation's approval rule for bills decides which withdrawals wait for another admin.
 */
export function createWithdrawals(deps: {
  db: Db;
  provider: FundingProvider;
  ledger: LedgerService;
  mail: MailService;
  appUrl: string;
  adminsOf(organisationId: string): Promise<Person[]>;
  people(userIds: string[]): Promise<Person[]>;
  settingValue(organisationId: string, code: string): Promise<unknown>;
}) {
  const { db, provider, ledger } = deps;

  function unavailable(error: unknown): never {
    if (error instanceof FundingUnavailableError)
      throw new AppError('UNAVAILABLE', `${error.message} Nothing was changed; please try again later.`);
    throw error;
  }

  async function views(rows: Array<{ withdrawal: WithdrawalRow; wallet: { id: string; name: string } }>) {
    const ids = [
      ...new Set(
        rows.flatMap(({ withdrawal }) =>
          withdrawal.decidedBy ? [withdrawal.requestedBy, withdrawal.decidedBy] : [withdrawal.requestedBy],
        ),
      ),
    ];
    const people = new Map((ids.length > 0 ? await deps.people(ids) : []).map((person) => [person.id, person]));
    return rows.map(({ withdrawal: row, wallet }): Withdrawal => ({
      id: row.id,
      reference: row.reference,
      wallet,
      amount: koboToNairaString(row.amountKobo),
      amount_kobo: row.amountKobo,
      bank_code: row.bankCode,
      bank_name: row.bankName,
      account_number: row.accountNumber,
      account_name: row.accountName,
      status: row.status,
      note: row.note,
      requested_by: { id: row.requestedBy, name: nameOf(people.get(row.requestedBy)) },
      decided_by: row.decidedBy ? { id: row.decidedBy, name: nameOf(people.get(row.decidedBy)) } : null,
      created_at: row.createdAt.toISOString(),
      paid_at: row.paidAt?.toISOString() ?? null,
      returned_at: row.returnedAt?.toISOString() ?? null,
    }));
  }

  async function viewOf(id: string): Promise<Withdrawal> {
    const row = (await repo.findWithdrawal(db, id))!;
    const [wallet] = await repo.findWalletsWithBalances(db, [row.walletId]);
    return (await views([{ withdrawal: row, wallet: { id: wallet.wallet.id, name: wallet.wallet.name } }]))[0];
  }

  /** A wallet of the caller's organisation. */
  async function ownWallet(caller: Caller, walletId: string) {
    const found = await repo.findWalletWithAccount(db, walletId);
    const organisationId = found?.wallet.organisationId;
    if (!found || !organisationId || organisationId !== caller.organisationId)
      throw new AppError('NOT_FOUND', 'Wallet not found.');
    return { ...found.wallet, organisationId };
  }

  async function ownWithdrawal(caller: Caller, id: string): Promise<WithdrawalRow> {
    const row = await repo.findWithdrawal(db, id);
    if (!row || row.organisationId !== caller.organisationId) throw new AppError('NOT_FOUND', 'Withdrawal not found.');
    return row;
  }

  /** Mails people about a withdrawal, in the caller's transaction (the outbox). */
  async function mailAbout(tx: Db, to: readonly string[], subject: string, text: string) {
    const link = `${deps.appUrl}/transactions`;
    for (const address of new Set(to))
      await deps.mail.enqueue(tx, { to: address, subject, text: `${text}\n\nOpen the wallet: ${link}`, links: [link] });
  }

  /**
   * Whether a withdrawal of this amount by the caller waits for another admin: the organisation's
   * rule for bills (core.organisation.bill_approval) applied to the withdrawal as to a bill the
   * caller prepared of that total; and, when it must wait but no other admin exists, why it cannot.
   */
  async function approvalFor(caller: Caller, organisationId: string, amount: Kobo) {
    const policy =
      ((await deps.settingValue(organisationId, SETTING_CODES.billApproval)) as BillApprovalSetting | undefined) ??
      DEFAULT_APPROVAL;
    let reason: string | null = null;
    if (policy.mode === 'members' && !hasPermission(caller.permissions, calls.approveBill.permission)) {
      reason = 'Payments by members wait for an admin to approve them.';
    } else if (policy.mode === 'above' && policy.above !== undefined && amount > toKobo(policy.above, 'above')) {
      reason = `Payments above ${formatNaira(toKobo(policy.above, 'above'))} wait for an admin other than the one who asked for them.`;
    }
    if (reason === null) return { required: false as const };
    const approvers = (await deps.adminsOf(organisationId)).filter((admin) => admin.id !== caller.userId);
    return { required: true as const, reason, approvers };
  }

  /**
   * Applies what the provider says of a started withdrawal's transfer, under the withdrawal's row
   * lock: success marks it paid; a failed, reversed or otherwise returned transfer credits the
   * wallet back (a reversing journal of the hold, linked once as the withdrawal's return) and mails
   * the admins. Anything already applied changes nothing.
   */
  async function applyTransfer(transfer: Transfer): Promise<{ outcome: string; known: boolean }> {
    const isReturned = (TRANSFER_RETURNED_STATUSES as readonly string[]).includes(transfer.status);
    // Who is mailed is read before the transaction: nothing else may use the database inside it.
    const peek = isReturned ? await repo.findWithdrawalByReference(db, transfer.reference) : undefined;
    const admins = peek ? await deps.adminsOf(peek.organisationId) : [];
    return db.transaction(async (tx) => {
      const row = await repo.lockWithdrawalByReference(tx, transfer.reference);
      if (!row) return { outcome: 'unknown transfer', known: false };
      const holdId = await repo.findWithdrawalJournalId(tx, row.id, 'hold');
      if (!holdId) return { outcome: `not started (${row.status})`, known: true };
      if (transfer.status === 'success') {
        if (row.status !== 'processing') return { outcome: `already ${row.status}`, known: true };
        await repo.transitionWithdrawal(tx, row.id, ['processing'], { status: 'paid', paidAt: new Date() });
        await repo.setJournalStatus(tx, holdId, 'success');
        return { outcome: 'paid', known: true };
      }
      if (!isReturned) return { outcome: `transfer ${transfer.status}`, known: true };
      if (row.status !== 'processing' && row.status !== 'paid')
        return { outcome: `already ${row.status}`, known: true };
      const status = transfer.status === 'reversed' ? 'reversed' : 'failed';
      const why = transfer.reason ?? `Paystack reports the transfer ${transfer.status}`;
      const returned = await ledger.reverseJournal(tx, holdId, {
        reference: returnReference(row.reference),
        description: `Returned: the transfer to ${destinationOf(row)} ${status === 'reversed' ? 'was reversed' : 'failed'}`,
      });
      if (!returned) return { outcome: 'already returned', known: true };
      await repo.insertWithdrawalJournal(tx, { withdrawalId: row.id, kind: 'return', journalId: returned.journalId });
      await repo.transitionWithdrawal(tx, row.id, ['processing', 'paid'], {
        status,
        note: why,
        returnedAt: new Date(),
      });
      await repo.setJournalStatus(tx, holdId, 'failed');
      await mailAbout(
        tx,
        admins.map((admin) => admin.email),
        `A withdrawal ${status === 'reversed' ? 'was reversed' : 'failed'}: ${formatNaira(row.amountKobo)} returned to the wallet`,
        `The withdrawal of ${formatNaira(row.amountKobo)} to ${destinationOf(row)} (reference ${row.reference}) ${
          status === 'reversed' ? 'was reversed by the bank' : 'failed'
        }: ${why}. The ${formatNaira(row.amountKobo)} is back in the wallet. Check the account and withdraw again if the money is still needed there.`,
      );
      return { outcome: status === 'reversed' ? 'reversed: credited back' : 'failed: credited back', known: true };
    });
  }

  /**
   * Starts a withdrawal: in one transaction it moves to `processing` (a new one is inserted so) and
   * the wallet is debited into payout clearing (a shortfall refuses it and nothing is kept); then,
   * outside the transaction, the provider is asked for the transfer under the withdrawal's reference.
   * A refusal credits the wallet back and answers why; no answer leaves it processing, to be asked
   * about again.
   */
  async function start(
    begin: (tx: Db) => Promise<WithdrawalRow>,
    input: { recipientCode: string; actorUserId: string; ip: string; action: string },
  ): Promise<Withdrawal> {
    const row = await db.transaction(async (tx) => {
      const started = await begin(tx);
      const hold = await ledger.postJournal(tx, {
        organisationId: started.organisationId,
        kind: 'withdrawal',
        reference: holdReference(started.reference),
        description: `Withdrawal to ${destinationOf(started)}`,
        createdBy: input.actorUserId,
        status: 'pending',
        postings: [
          { accountId: started.walletId, amountKobo: negateKobo(started.amountKobo) },
          { accountId: await ledger.systemAccountId(tx, 'payout_clearing'), amountKobo: started.amountKobo },
        ],
      });
      if (!hold) throw new AppError('CONFLICT', 'This withdrawal has already started.');
      await repo.insertWithdrawalJournal(tx, { withdrawalId: started.id, kind: 'hold', journalId: hold.journalId });
      await recordAudit(tx, {
        organisationId: started.organisationId,
        actorUserId: input.actorUserId,
        action: input.action,
        resourceType: 'withdrawal',
        resourceId: started.id,
        details: { reference: started.reference, amount_kobo: started.amountKobo, account: destinationOf(started) },
        ipAddress: input.ip,
      });
      return started;
    });
    await sendTransfer(row, input.recipientCode, true);
    return viewOf(row.id);
  }

  /** Asks the provider for a started withdrawal's transfer (again, under the same reference, after no answer). */
  async function sendTransfer(row: WithdrawalRow, recipientCode: string, isFirst: boolean) {
    try {
      const transfer = await provider.initiateTransfer({
        amount: row.amountKobo,
        recipientCode,
        reference: row.reference,
        reason: `Levy withdrawal ${row.reference}`,
      });
      if (transfer.transferCode) await repo.setTransferCode(db, row.id, transfer.transferCode);
      // The outcome may already have come by webhook; applying it again changes nothing.
      await applyTransfer(transfer);
    } catch (error) {
      if (error instanceof TransferRefusedError) {
        await applyTransfer({ ...transferOf(row), status: 'failed', reason: `Paystack refused it: ${error.message}` });
        if (isFirst)
          throw new AppError(
            'UNPROCESSABLE',
            `Paystack refused the transfer (${error.message}). The ${formatNaira(row.amountKobo)} was returned to the wallet.`,
          );
        return;
      }
      if (!(error instanceof FundingUnavailableError)) throw error;
      // No answer: the transfer may or may not exist. The list asks Paystack about it later.
    }
  }

  const transferOf = (row: WithdrawalRow): Transfer => ({
    reference: row.reference,
    transferCode: row.transferCode,
    status: 'pending',
    amount: row.amountKobo,
    reason: null,
  });

  /**
   * Withdrawals the provider said nothing about (of one organisation, or of all when null): its own
   * record decides; one it does not know is sent again. Answers how many were asked about.
   */
  async function recheckProcessing(organisationId: string | null): Promise<number> {
    const stale = await repo.findProcessingWithdrawals(db, organisationId, new Date(Date.now() - RECHECK_AFTER_MS));
    for (const row of stale) {
      try {
        const transfer = await provider.verifyTransfer(row.reference);
        if (transfer) await applyTransfer(transfer);
        else if (row.recipientCode) await sendTransfer(row, row.recipientCode, false);
      } catch (error) {
        if (!(error instanceof FundingUnavailableError)) throw error;
      }
    }
    return stale.length;
  }

  /** The bank and the name it gives an account number; INVALID_INPUT on the field at fault. */
  async function resolve(bankCode: string, accountNumber: string) {
    const bank = (await provider.listBanks().catch(unavailable)).find((each) => each.code === bankCode);
    if (!bank) throw invalidInput({ bank_code: 'Choose a bank from the list' });
    const resolved = await provider.resolveAccount({ bankCode, accountNumber }).catch(unavailable);
    if (!resolved) throw invalidInput({ account_number: WITHDRAWAL_MESSAGES.accountNotResolved });
    return {
      bank_code: bank.code,
      bank_name: bank.name,
      account_number: accountNumber,
      account_name: resolved.accountName,
    };
  }

  return {
    applyTransfer,
    /** The daily check: every organisation's withdrawals still processing, asked about again. */
    recheckAllProcessing: () => recheckProcessing(null),

    async banks() {
      return (await provider.listBanks().catch(unavailable)).sort((a, b) => a.name.localeCompare(b.name));
    },

    resolve,

    /**
     * An admin asks for money out of a wallet of their organisation to a bank account the bank
     * names now. It waits for another admin when the approval rule says so; otherwise it starts.
     */
    async request(
      caller: Caller,
      walletId: string,
      body: { amount: string; bank_code: string; account_number: string; account_name?: string },
      ip: string,
    ): Promise<{ withdrawal: Withdrawal; isWaiting: boolean }> {
      const wallet = await ownWallet(caller, walletId);
      const amount = toKobo(body.amount, 'amount');
      if (amount < MINIMUM_WITHDRAWAL)
        throw invalidInput({ amount: `The smallest withdrawal is ${formatNaira(MINIMUM_WITHDRAWAL)}` });
      const balance = await ledger.balanceOf(wallet.id);
      if (amount > balance)
        throw invalidInput({
          amount: `${wallet.name} has ${formatNaira(balance)}: you can withdraw at most that.`,
        });
      const account = await resolve(body.bank_code, body.account_number);
      if (body.account_name !== undefined && !sameName(body.account_name, account.account_name))
        throw new AppError(
          'CONFLICT',
          `The bank now names this account ${account.account_name}, not ${body.account_name}. Check it and confirm again.`,
          { account_name: account.account_name },
        );
      const approval = await approvalFor(caller, wallet.organisationId, amount);
      if (approval.required && approval.approvers.length === 0)
        throw new AppError(
          'UNPROCESSABLE',
          `${approval.reason} There is no other admin to approve it, so nothing was done. ` +
            'Make another member an admin in Team Members, or change which payments wait in Settings › Organisation.',
        );
      const values = {
        organisationId: wallet.organisationId,
        walletId: wallet.id,
        reference: newReference(),
        amountKobo: amount,
        bankCode: account.bank_code,
        bankName: account.bank_name,
        accountNumber: account.account_number,
        accountName: account.account_name,
        requestedBy: caller.userId,
      };
      if (approval.required) {
        const row = await db.transaction(async (tx) => {
          const inserted = await repo.insertWithdrawal(tx, {
            ...values,
            status: 'awaiting_approval',
            note: approval.reason,
          });
          await recordAudit(tx, {
            organisationId: wallet.organisationId,
            actorUserId: caller.userId,
            action: 'withdrawal.requested',
            resourceType: 'withdrawal',
            resourceId: inserted.id,
            details: { reference: inserted.reference, amount_kobo: amount, account: destinationOf(inserted) },
            ipAddress: ip,
          });
          await mailAbout(
            tx,
            approval.approvers.map((admin) => admin.email),
            `A withdrawal waits for your approval: ${formatNaira(amount)}`,
            `${caller.firstName} asks to withdraw ${formatNaira(amount)} from ${wallet.name} to ${destinationOf(inserted)}. ` +
              `${approval.reason} Approve or decline it in Levy.`,
          );
          return inserted;
        });
        return { withdrawal: await viewOf(row.id), isWaiting: true };
      }
      const { recipientCode } = await provider
        .createRecipient({
          bankCode: account.bank_code,
          accountNumber: account.account_number,
          name: account.account_name,
        })
        .catch((error: unknown) => {
          if (error instanceof TransferRefusedError)
            throw new AppError('UNPROCESSABLE', `Paystack refused the bank account: ${error.message}`);
          return unavailable(error);
        });
      const withdrawal = await start(
        (tx) => repo.insertWithdrawal(tx, { ...values, status: 'processing', recipientCode }),
        { recipientCode, actorUserId: caller.userId, ip, action: 'withdrawal.started' },
      );
      return { withdrawal, isWaiting: false };
    },

    /** Another admin approves a waiting withdrawal: it starts, the wallet's balance checked now. */
    async approve(caller: Caller, id: string, ip: string): Promise<Withdrawal> {
      const row = await ownWithdrawal(caller, id);
      if (row.status !== 'awaiting_approval')
        throw new AppError(
          'CONFLICT',
          `This withdrawal is no longer awaiting approval: it is ${row.status.replace('_', ' ')}.`,
        );
      if (row.requestedBy === caller.userId)
        throw new AppError('FORBIDDEN', 'You asked for this withdrawal: another admin must approve it.');
      const { recipientCode } = await provider
        .createRecipient({ bankCode: row.bankCode, accountNumber: row.accountNumber, name: row.accountName })
        .catch((error: unknown) => {
          if (error instanceof TransferRefusedError)
            throw new AppError('UNPROCESSABLE', `Paystack refused the bank account: ${error.message}`);
          return unavailable(error);
        });
      return start(
        async (tx) => {
          const moved = await repo.transitionWithdrawal(tx, row.id, ['awaiting_approval'], {
            status: 'processing',
            recipientCode,
            decidedBy: caller.userId,
            decidedAt: new Date(),
            note: null,
          });
          if (!moved) throw new AppError('CONFLICT', 'This withdrawal is no longer awaiting approval.');
          return moved;
        },
        { recipientCode, actorUserId: caller.userId, ip, action: 'withdrawal.approved' },
      );
    },

    /** An admin declines a waiting withdrawal (its requester may withdraw their own); nothing moves. */
    async reject(caller: Caller, id: string, reason: string | undefined, ip: string): Promise<Withdrawal> {
      const row = await ownWithdrawal(caller, id);
      const note = reason ? `Declined: ${reason}` : 'Declined';
      const [requester] = row.requestedBy !== caller.userId ? await deps.people([row.requestedBy]) : [];
      await db.transaction(async (tx) => {
        const moved = await repo.transitionWithdrawal(tx, row.id, ['awaiting_approval'], {
          status: 'rejected',
          decidedBy: caller.userId,
          decidedAt: new Date(),
          note,
        });
        if (!moved)
          throw new AppError(
            'CONFLICT',
            `This withdrawal is no longer awaiting approval: it is ${row.status.replace('_', ' ')}.`,
          );
        await recordAudit(tx, {
          organisationId: row.organisationId,
          actorUserId: caller.userId,
          action: 'withdrawal.rejected',
          resourceType: 'withdrawal',
          resourceId: row.id,
          details: { reference: row.reference, reason: reason ?? null },
          ipAddress: ip,
        });
        if (requester)
          await mailAbout(
            tx,
            [requester.email],
            `Your withdrawal was declined: ${formatNaira(row.amountKobo)}`,
            `${caller.firstName} declined your withdrawal of ${formatNaira(row.amountKobo)} to ${destinationOf(row)}` +
              `${reason ? `: ${reason}` : ''}. Nothing left the wallet.`,
          );
      });
      return viewOf(row.id);
    },

    async list(organisationId: string, params: ListParams) {
      await recheckProcessing(organisationId);
      const { rows, total } = await repo.findWithdrawalsPage(db, organisationId, params);
      return toPage(await views(rows), total, params);
    },
  };
}

export type Withdrawals = ReturnType<typeof createWithdrawals>;
