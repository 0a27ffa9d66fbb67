import { idParam, listParams, nairaAmount } from '@levy/contracts';
import { z } from 'zod';
import { defineRoute, reply } from '../../http/route';
import type { WalletsService } from './wallets.service';

const idOnly = z.object({ id: idParam });
const exportParams = z.object({ format: z.enum(['csv', 'xlsx'], { error: 'Choose csv or xlsx' }).default('csv') });

export function walletRoutes(wallets: WalletsService) {
  return [
    defineRoute({
      method: 'GET',
      namespace: 'core',
      path: 'internal/organisations/{id}/wallets',
      summary: "The organisation's wallets with balances and funding accounts: {wallet_type, total_balance, wallets}",
      auth: { permission: 'core-internal.organisation.getwallets' },
      params: idOnly,
      handler: ({ caller, params }) => wallets.organisationWallets(caller, params.id),
    }),
    defineRoute({
      method: 'GET',
      namespace: 'core',
      path: 'internal/organisations/{id}/wallets/history',
      summary: 'Credits and debits of every wallet in use: filters (type, status, created_at >= / <=), search by reference, order_by created_at or amount, is_asc, page, no_pages',
      auth: { permission: 'core-internal.organisation.fetchwallethistory' },
      params: listParams.extend(idOnly.shape),
      handler: ({ caller, params }) => wallets.organisationHistory(caller, params.id, params),
    }),
    defineRoute({
      method: 'GET',
      namespace: 'core',
      path: 'internal/organisations/{id}/wallets/history/export',
      summary: 'The organisation wallet history as a CSV or XLSX download (format), with the same filters and search',
      auth: { permission: 'core-internal.organisation.fetchwallethistory' },
      params: listParams.extend(idOnly.shape).extend(exportParams.shape),
      handler: ({ caller, params }) => wallets.exportHistory(caller, { organisationId: params.id }, params, params.format),
    }),
    defineRoute({
      method: 'GET',
      namespace: 'core',
      path: 'internal/corporations/{id}/wallets',
      summary: "The corporation's own wallet (empty unless the organisation gives corporations wallets)",
      auth: { permission: 'core-internal.corporation.getwallets' },
      params: idOnly,
      handler: ({ caller, params }) => wallets.corporationWallets(caller, params.id),
    }),
    defineRoute({
      method: 'GET',
      namespace: 'core',
      path: 'internal/corporations/{id}/wallets/history',
      summary: "Credits and debits of the corporation's wallet, with the same params as the organisation history",
      auth: { permission: 'core-internal.corporation.fetchwallethistory' },
      params: listParams.extend(idOnly.shape),
      handler: ({ caller, params }) => wallets.corporationHistory(caller, params.id, params),
    }),
    defineRoute({
      method: 'GET',
      namespace: 'core',
      path: 'internal/corporations/{id}/wallets/history/export',
      summary: "The corporation wallet history as a CSV or XLSX download (format)",
      auth: { permission: 'core-internal.corporation.fetchwallethistory' },
      params: listParams.extend(idOnly.shape).extend(exportParams.shape),
      handler: ({ caller, params }) => wallets.exportHistory(caller, { corporationId: params.id }, params, params.format),
    }),
  ];
}

/** Sandbox only: a simulated bank transfer, sent through the same signed webhook a provider uses. */
export function sandboxFundingRoutes(wallets: WalletsService, sendTransfer: (walletId: string, accountNumber: string, amount: string, senderName: string) => Promise<unknown>) {
  return [
    defineRoute({
      method: 'POST',
      namespace: 'core',
      path: 'internal/sandbox/wallets/{id}/fund',
      summary: 'Sandbox: simulate a bank transfer of {amount} naira into a wallet (signs and sends the payment webhook)',
      auth: { permission: 'core-internal.wallet.simulatefunding' },
      params: idOnly,
      // A person types the amount, often with thousands separators: 5,000,000.
      body: z.object({ amount: z.preprocess((value) => (typeof value === 'string' ? value.replaceAll(',', '') : value), nairaAmount('Amount')) }),
      handler: async ({ caller, params, body }) => {
        const { account } = await wallets.findOwnWallet(caller, params.id);
        return reply(await sendTransfer(params.id, account.accountNumber, body.amount, caller.firstName), 'Transfer received');
      },
    }),
  ];
}
