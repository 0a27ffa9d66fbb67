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
      handler: ({ caller, params }) => wallets.organisationWallets(caller, params.id),
    }),
    defineRoute({
      contract: listOrganisationWalletHistory,
      handler: ({ caller, params }) => wallets.organisationHistory(caller, params.id, params),
    }),
    defineRoute({
      contract: exportOrganisationWalletHistory,
      handler: ({ caller, params }) => wallets.exportHistory(caller, { organisationId: params.id }, params, params.format),
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
      handler: ({ caller, params }) => wallets.exportHistory(caller, { corporationId: params.id }, params, params.format),
    }),
  ];
}

/** Sandbox only: a simulated bank transfer, sent through the same signed webhook a provider uses. */
export function sandboxFundingRoutes(wallets: WalletsService, sendTransfer: (walletId: string, accountNumber: string, amount: string, senderName: string) => Promise<unknown>) {
  return [
    defineRoute({
      contract: simulateTransfer,
      handler: async ({ caller, params, body }) => {
        const { account } = await wallets.findOwnWallet(caller, params.id);
        // The webhook's answer crosses HTTP as unknown data: read it with the contract's schema.
        const credited = simulateTransfer.response.parse(await sendTransfer(params.id, account.accountNumber, body.amount, caller.firstName));
        return reply(credited, 'Transfer received');
      },
    }),
  ];
}
