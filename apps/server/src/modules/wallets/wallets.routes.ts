import {
  exportCorporationWalletHistory,
  exportOrganisationWalletHistory,
  getCorporationWallets,
  getOrganisationWallets,
  listCorporationWalletHistory,
  listOrganisationWalletHistory,
  simulateTransfer,
} from '@levy/contracts';
import { defineRoute, reply } from '../../http/route';
import type { WalletsService } from './wallets.service';

export function walletRoutes(wallets: WalletsService) {
  return [
    defineRoute({
      contract: getOrganisationWallets,
      summary: "The organisation's wallets with balances and funding accounts: {wallet_type, total_balance, wallets}",
      auth: { permission: 'core-internal.organisation.getwallets' },
      handler: ({ caller, params }) => wallets.organisationWallets(caller, params.id),
    }),
    defineRoute({
      contract: listOrganisationWalletHistory,
      summary: 'Credits and debits of every wallet in use: filters (type, status, created_at >= / <=), search by reference, order_by created_at or amount, is_asc, page, no_pages',
      auth: { permission: 'core-internal.organisation.fetchwallethistory' },
      handler: ({ caller, params }) => wallets.organisationHistory(caller, params.id, params),
    }),
    defineRoute({
      contract: exportOrganisationWalletHistory,
      summary: 'The organisation wallet history as a CSV or XLSX download (format), with the same filters and search',
      auth: { permission: 'core-internal.organisation.fetchwallethistory' },
      handler: ({ caller, params }) => wallets.exportHistory(caller, { organisationId: params.id }, params, params.format),
    }),
    defineRoute({
      contract: getCorporationWallets,
      summary: "The corporation's own wallet (empty unless the organisation gives corporations wallets)",
      auth: { permission: 'core-internal.corporation.getwallets' },
      handler: ({ caller, params }) => wallets.corporationWallets(caller, params.id),
    }),
    defineRoute({
      contract: listCorporationWalletHistory,
      summary: "Credits and debits of the corporation's wallet, with the same params as the organisation history",
      auth: { permission: 'core-internal.corporation.fetchwallethistory' },
      handler: ({ caller, params }) => wallets.corporationHistory(caller, params.id, params),
    }),
    defineRoute({
      contract: exportCorporationWalletHistory,
      summary: "The corporation wallet history as a CSV or XLSX download (format)",
      auth: { permission: 'core-internal.corporation.fetchwallethistory' },
      handler: ({ caller, params }) => wallets.exportHistory(caller, { corporationId: params.id }, params, params.format),
    }),
  ];
}

/** Sandbox only: a simulated bank transfer, sent through the same signed webhook a provider uses. */
export function sandboxFundingRoutes(wallets: WalletsService, sendTransfer: (walletId: string, accountNumber: string, amount: string, senderName: string) => Promise<unknown>) {
  return [
    defineRoute({
      contract: simulateTransfer,
      summary: 'Sandbox: simulate a bank transfer of {amount} naira into a wallet (signs and sends the payment webhook)',
      auth: { permission: 'core-internal.wallet.simulatefunding' },
      handler: async ({ caller, params, body }) => {
        const { account } = await wallets.findOwnWallet(caller, params.id);
        // The webhook's answer crosses HTTP as unknown data: read it with the contract's schema.
        const credited = simulateTransfer.response.parse(await sendTransfer(params.id, account.accountNumber, body.amount, caller.firstName));
        return reply(credited, 'Transfer received');
      },
    }),
  ];
}
