import { z } from './zod';
import { defineContract } from './api';
import * as calls from './calls';
import { nairaAmount } from './calculator';
import { idParam, listParams, pageOf } from './common';

/** Naira with two decimals, e.g. "5000000.00". */
const money = z.string();

/** Whose wallets are in use: the organisation's one, or one per corporation (a setting). */
export const WALLET_TYPES = ['organisation', 'corporations'] as const;
export type WalletType = (typeof WALLET_TYPES)[number];

export const wallet = z.object({
  id: z.string(),
  /** organisation or corporation. */
  type: z.string(),
  name: z.string(),
  corporation_id: z.string().nullable(),
  balance: money,
  balance_kobo: z.number(),
  /**
   * The bank account that funds the wallet by transfer, at the payment provider: `pending` until
   * the provider assigns it (no number yet), `failed` with the provider's reason.
   */
  virtual_account: z.object({
    status: z.enum(['pending', 'assigned', 'failed']),
    account_number: z.string().nullable(),
    bank_name: z.string().nullable(),
    account_name: z.string().nullable(),
    failure_reason: z.string().nullable(),
  }),
});
export type Wallet = z.infer<typeof wallet>;

export const organisationWallets = z.object({
  wallet_type: z.enum(WALLET_TYPES),
  total_balance: money,
  can_simulate_transfers: z.boolean(),
  wallets: z.array(wallet),
});
export type OrganisationWallets = z.infer<typeof organisationWallets>;

/** One credit or debit on a wallet. */
export const walletHistoryItem = z.object({
  id: z.number(),
  reference: z.string(),
  description: z.string(),
  /** credit or debit. */
  type: z.string(),
  amount: money,
  balance_after: money,
  status: z.string(),
  category: z.string(),
  wallet: z.object({ id: z.string(), name: z.string() }),
  created_at: z.string(),
});
export type WalletHistoryItem = z.infer<typeof walletHistoryItem>;

export const transferCredited = z.object({
  /** False when the provider's reference was already applied. */
  credited: z.boolean(),
  wallet_id: z.string(),
  amount: money,
});
export type TransferCredited = z.infer<typeof transferCredited>;

const idOnly = z.object({ id: idParam });
const exportParams = z.object({ format: z.enum(['csv', 'xlsx'], { error: 'Choose csv or xlsx' }).default('csv') });

export const getOrganisationWallets = defineContract(calls.getOrganisationWallets, {
  summary: "The organisation's wallets with balances and funding accounts: {wallet_type, total_balance, wallets}",
  params: idOnly,
  response: organisationWallets,
});

export const listOrganisationWalletHistory = defineContract(calls.listOrganisationWalletHistory, {
  summary:
    'Credits and debits of every wallet in use: filters (type, status, created_at >= / <=), search by reference, order_by created_at or amount, ' +
    'is_asc, page, no_pages',
  params: listParams.extend(idOnly.shape),
  response: pageOf(walletHistoryItem),
});

export const exportOrganisationWalletHistory = defineContract(calls.exportOrganisationWalletHistory, {
  summary: 'The organisation wallet history as a CSV or XLSX download (format), with the same filters and search',
  params: listParams.extend(idOnly.shape).extend(exportParams.shape),
});

export const getCorporationWallets = defineContract(calls.getCorporationWallets, {
  summary: "The corporation's own wallet (empty unless the organisation gives corporations wallets)",
  params: idOnly,
  response: z.array(wallet),
});

export const listCorporationWalletHistory = defineContract(calls.listCorporationWalletHistory, {
  summary: "Credits and debits of the corporation's wallet, with the same params as the organisation history",
  params: listParams.extend(idOnly.shape),
  response: pageOf(walletHistoryItem),
});

export const exportCorporationWalletHistory = defineContract(calls.exportCorporationWalletHistory, {
  summary: 'The corporation wallet history as a CSV or XLSX download (format)',
  params: listParams.extend(idOnly.shape).extend(exportParams.shape),
});

export const requeryWalletFunding = defineContract(calls.requeryWalletFunding, {
  summary:
    '"I sent money and don\'t see it": asks the payment provider to look for transfers to the wallet\'s account its bank has not reported; what it ' +
    'finds is credited through the webhook',
  params: idOnly,
  response: z.object({ requested: z.literal(true) }),
});

/** Sandbox only: a simulated bank transfer of `amount` naira, through the signed payment webhook. */
export const simulateTransfer = defineContract(calls.simulateTransfer, {
  summary:
    "Sandbox: the local Paystack fake receives a bank transfer of {amount} naira into the wallet's account and sends its signed charge.success webhook",
  params: idOnly,
  body: z.object({
    amount: z.preprocess(
      (value) => (typeof value === 'string' ? value.replaceAll(',', '') : value),
      nairaAmount('Amount'),
    ),
  }),
  response: transferCredited,
});

/**
 * Money out (docs/decisions/0043): an admin sends a wallet's money to the organisation's own bank
 * account, named by the bank before anything is confirmed. Under the organisation's approval rule
 * a withdrawal may wait for another admin; the wallet is debited when the transfer starts and
 * credited back, once, if the transfer fails or the bank reverses it.
 */
export const WITHDRAWAL_STATUSES = [
  'awaiting_approval',
  'rejected',
  'processing',
  'paid',
  'failed',
  'reversed',
] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];

/** A bank the money can be sent to; `code` is what the other calls name it by. */
export const payoutBank = z.object({ code: z.string(), name: z.string() });
export type PayoutBank = z.infer<typeof payoutBank>;

const bankCode = z.string({ error: 'Choose the bank' }).trim().min(1, { error: 'Choose the bank' });
const accountNumber = z
  .string({ error: 'Account number is required' })
  .trim()
  .regex(/^\d{10}$/, { error: 'Account number must be the 10 digits of a NUBAN' });

export const resolvedBankAccount = z.object({
  bank_code: z.string(),
  bank_name: z.string(),
  account_number: z.string(),
  /** The name the bank gives the account: the money goes to whoever holds it. */
  account_name: z.string(),
});
export type ResolvedBankAccount = z.infer<typeof resolvedBankAccount>;

export const withdrawal = z.object({
  id: z.string(),
  /** The transfer reference at the payment provider. */
  reference: z.string(),
  wallet: z.object({ id: z.string(), name: z.string() }),
  amount: money,
  amount_kobo: z.number(),
  bank_code: z.string(),
  bank_name: z.string(),
  account_number: z.string(),
  account_name: z.string(),
  status: z.enum(WITHDRAWAL_STATUSES),
  /** Why it waits for approval, or why it failed, was reversed or was declined. */
  note: z.string().nullable(),
  requested_by: z.object({ id: z.string(), name: z.string() }),
  decided_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  returned_at: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawal>;

export const listBanks = defineContract(calls.listBanks, {
  summary: 'The Nigerian banks a withdrawal can be sent to, from the payment provider: [{code, name}]',
  response: z.array(payoutBank),
});

export const resolveBankAccount = defineContract(calls.resolveBankAccount, {
  summary:
    'The name a bank gives an account number (bank_code, account_number), asked of the payment provider; UNPROCESSABLE when the bank does not know it',
  params: z.object({ bank_code: bankCode, account_number: accountNumber }),
  response: resolvedBankAccount,
});

export const requestWithdrawal = defineContract(calls.requestWithdrawal, {
  summary:
    "An admin sends {amount} naira of the wallet to the organisation's bank account {bank_code, account_number}, " +
    "named again by the bank (account_name, when given, must still match). Under the organisation's approval rule it may " +
    'wait for another admin (status awaiting_approval, nothing moves); otherwise the wallet is debited and the transfer ' +
    'starts (processing, then paid; failed or reversed credits it back once). A shortfall is UNPROCESSABLE',
  params: idOnly,
  body: z.object({
    amount: z.preprocess(
      (value) => (typeof value === 'string' ? value.replaceAll(',', '') : value),
      nairaAmount('Amount'),
    ),
    bank_code: bankCode,
    account_number: accountNumber,
    account_name: z.string().trim().min(1).optional(),
  }),
  response: withdrawal,
});

export const listWithdrawals = defineContract(calls.listWithdrawals, {
  summary:
    "The organisation's withdrawals, newest first: filters (status), search by reference or account name, page, no_pages",
  params: listParams.extend(idOnly.shape),
  response: pageOf(withdrawal),
});

export const approveWithdrawal = defineContract(calls.approveWithdrawal, {
  summary:
    'An admin other than its requester approves a withdrawal awaiting approval: the wallet is debited (its balance checked now) and the transfer starts',
  params: idOnly,
  response: withdrawal,
});

export const rejectWithdrawal = defineContract(calls.rejectWithdrawal, {
  summary:
    'An admin (its requester included) declines a withdrawal awaiting approval, with an optional reason; nothing moves',
  params: idOnly,
  body: z.object({ reason: z.string().trim().max(500, { error: 'Reason must be at most 500 characters' }).optional() }),
  response: withdrawal,
});

/**
 * A difference the daily reconciliation found between Paystack's transfers and the ledger's
 * credits, with what happened and what to do in words (the same as the admins' mail).
 */
export const fundingDifference = z.object({
  id: z.string(),
  kind: z.enum(['missing_credit', 'unknown_credit', 'amount_mismatch']),
  /** `credited`: the reconciliation credited the transfer itself; `to_check`: someone must look. */
  resolution: z.enum(['credited', 'to_check']),
  wallet: z.object({ id: z.string(), name: z.string() }),
  transaction_id: z.string().describe("Paystack's transaction id"),
  provider_reference: z.string().nullable(),
  provider_amount: money.nullable().describe('What Paystack says it received; null when it knows no such transfer'),
  provider_status: z.string().nullable(),
  ledger_amount: money.nullable().describe('What the wallet was credited; null when it was not'),
  what_happened: z.string(),
  what_to_do: z.string(),
  detected_at: z.string(),
});
export type FundingDifference = z.infer<typeof fundingDifference>;

export const listFundingDifferences = defineContract(calls.listFundingDifferences, {
  summary:
    "Differences the daily reconciliation found between Paystack's transfers and the wallets' credits: those still to check, and those it credited in " +
    'the last 30 days',
  params: idOnly,
  response: z.array(fundingDifference),
});

export const fundingReconciliation = z.object({
  from: z.string(),
  to: z.string(),
  charges_checked: z.number().describe('Successful Paystack transfers into wallet accounts in the window'),
  credits_checked: z.number().describe('Paystack credits the ledger posted in the window'),
  matched: z.number(),
  not_ours: z.number().describe('Transfers into accounts no wallet has (left alone)'),
  differences: z
    .array(fundingDifference)
    .describe('Differences found for the first time: recorded and mailed to admins'),
  withdrawals_rechecked: z
    .number()
    .describe(
      'Withdrawals still processing a minute after they started, asked about again: paid, returned, or sent again',
    ),
});
export type FundingReconciliation = z.infer<typeof fundingReconciliation>;

export const reconcileFunding = defineContract(calls.reconcileFunding, {
  summary:
    "Staff: compares Paystack's transfers of the last three days with the wallets' credits now (the daily job's work); a transfer never credited is " +
    'credited once, and every difference is recorded and mailed to its admins',
  response: fundingReconciliation,
});
