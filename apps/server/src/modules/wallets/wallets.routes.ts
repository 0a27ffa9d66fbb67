import {
  exportCorporationWalletHistory,
  exportOrganisationWalletHistory,
  getCorporationWallets,
  getOrganisationWallets,
  listCorporationWalletHistory,
  listFundingDifferences,
  listOrganisationWalletHistory,
  reconcileFunding,
  requeryWalletFunding,
  simulateTransfer,
  listBanks,
  resolveBankAccount,
  requestWithdrawal,
  listWithdrawals,
  approveWithdrawal,
  rejectWithdrawal,
  WITHDRAWAL_MESSAGES,
  ENVELOPE_CODES,
  type ErrorCode,
} from '@levy/contracts';
import { toKobo } from '@levy/tax';
import { z } from 'zod';
import { AppError } from '../../errors';
import { defineRoute, reply } from '../../http/route';
import type { FundingReconciliationService } from './funding-reconciliation';
import type { WalletsService } from './wallets.service';

// The Paystack fake's answer to a credit: its transaction, and what the app's webhook answered (null: no webhook sent).
const fakeCredit = z.object({
  transaction: z.object({ status: z.string() }),
  delivery: z.object({ status: z.number(), body: z.string() }).nullable(),
});
const errorCode = z.string().refine((code): code is ErrorCode => code in ENVELOPE_CODES);
const webhookAnswer = z.object({ code: z.union([z.literal('OK'), errorCode]), message: z.string(), data: z.unknown() });

export function walletRoutes(wallets: WalletsService) {
  return [
    defineRoute({
      contract: getOrganisationWallets,
      handler: ({ caller, params }) => wallets.organisationWallets(caller, params.id),
    }),
    defineRoute({
      contract: listOrganisationWalletHistory,
      handler: ({ caller, params }) => wallets.organisationHistory(caller, params.id, params),
    }),
    defineRoute({
      contract: exportOrganisationWalletHistory,
      handler: ({ caller, params }) =>
        wallets.exportHistory(caller, { organisationId: params.id }, params, params.format),
    }),
    defineRoute({
      contract: getCorporationWallets,
      handler: ({ caller, params }) => wallets.corporationWallets(caller, params.id),
    }),
    defineRoute({
      contract: listCorporationWalletHistory,
      handler: ({ caller, params }) => wallets.corporationHistory(caller, params.id, params),
    }),
    defineRoute({
      contract: exportCorporationWalletHistory,
      handler: ({ caller, params }) =>
        wallets.exportHistory(caller, { corporationId: params.id }, params, params.format),
    }),
    defineRoute({
      contract: requeryWalletFunding,
      handler: async ({ caller, params }) =>
        reply(
          await wallets.requery(caller, params.id),
          'Paystack is checking for transfers to this account; any it finds are credited within minutes.',
        ),
    }),
    defineRoute({ contract: listBanks, handler: () => wallets.withdrawals.banks() }),
    defineRoute({
      contract: resolveBankAccount,
      handler: ({ params }) => wallets.withdrawals.resolve(params.bank_code, params.account_number),
    }),
    defineRoute({
      contract: requestWithdrawal,
      handler: async ({ caller, params, body, ip }) => {
        const { withdrawal, isWaiting } = await wallets.withdrawals.request(caller, params.id, body, ip);
        return reply(withdrawal, isWaiting ? WITHDRAWAL_MESSAGES.awaitingApproval : WITHDRAWAL_MESSAGES.requested);
      },
    }),
    defineRoute({
      contract: listWithdrawals,
      handler: ({ caller, params }) => wallets.withdrawals.list(caller, params.id, params),
    }),
    defineRoute({
      contract: approveWithdrawal,
      handler: async ({ caller, params, ip }) =>
        reply(await wallets.withdrawals.approve(caller, params.id, ip), WITHDRAWAL_MESSAGES.approved),
    }),
    defineRoute({
      contract: rejectWithdrawal,
      handler: async ({ caller, params, body, ip }) =>
        reply(await wallets.withdrawals.reject(caller, params.id, body.reason, ip), WITHDRAWAL_MESSAGES.rejected),
    }),
  ];
}

/** The funding reconciliation's differences on Transactions, and staff's way to run it now. */
export function fundingReconciliationRoutes(reconciliation: FundingReconciliationService) {
  return [
    defineRoute({
      contract: listFundingDifferences,
      handler: ({ caller, params }) => reconciliation.differences(caller, params.id),
    }),
    defineRoute({
      // Staff only (the permission is in STAFF_PERMISSIONS alone): the daily job's work, run now.
      contract: reconcileFunding,
      handler: async () => reply(await reconciliation.reconcile(), 'Paystack transfers checked against the ledger'),
    }),
  ];
}

/**
 * Sandbox only: a bank transfer into the wallet's account, made at the local Paystack fake, which
 * sends its signed charge.success to the app's webhook as Paystack would; the answer is the webhook's.
 */
export function sandboxFundingRoutes(wallets: WalletsService, paystackFakeUrl: string) {
  return [
    defineRoute({
      contract: simulateTransfer,
      handler: async ({ caller, params, body }) => {
        const { accountNumber } = await wallets.findOwnAssignedWallet(caller, params.id);
        const response = await fetch(`${paystackFakeUrl}/__fake/paystack/dva/${accountNumber}/credit`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ amount_kobo: toKobo(body.amount), sender_name: caller.firstName }),
        });
        const { transaction, delivery } = fakeCredit.parse(await response.json());
        if (!delivery)
          throw new AppError(
            'UNPROCESSABLE',
            `The sender's bank declined the transfer (Paystack reports it ${transaction.status}): nothing was credited.`,
          );
        const answer = webhookAnswer.parse(JSON.parse(delivery.body));
        if (answer.code !== 'OK') throw new AppError(answer.code, answer.message, answer.data);
        return reply(simulateTransfer.response.parse(answer.data), 'Transfer received');
      },
    }),
  ];
}
