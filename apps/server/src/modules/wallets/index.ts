import type { FastifyInstance } from 'fastify';
import type { FundingProvider } from '../../adapters/payments/funding-provider';
import type { Db } from '../../db/client';
import type { Jobs } from '../../jobs/jobs';
import type { AccountsModule } from '../accounts/index';
import type { CorporationsModule } from '../corporations/index';
import type { MailModule } from '../mail/index';
import { createFundingReconciliation } from './funding-reconciliation';
import { registerPaymentWebhook } from './payment-webhooks';
import { createWalletsService } from './wallets.service';
import { fundingReconciliationRoutes, sandboxFundingRoutes, walletRoutes } from './wallets.routes';

export { paymentWebhookPath } from './payment-webhooks';
export type { WalletsService } from './wallets.service';

/**
 * Wallets, their ledger, funding (the provider's webhook and the daily reconciliation) and
 * withdrawals; it adds the balance to the onboarding summary. `funding.fakeUrl` is the sandbox's
 * local Paystack fake, when there is one: "Simulate a transfer" is offered only then.
 */
export function walletsModule(deps: {
  db: Db;
  jobs: Jobs;
  mail: MailModule;
  appUrl: string;
  funding: { provider: FundingProvider; fakeUrl: string | null };
  accounts: AccountsModule;
  corporations: CorporationsModule;
}) {
  const { db, jobs, mail, appUrl, accounts } = deps;
  const { provider, fakeUrl: paystackFakeUrl } = deps.funding;
  const wallets = createWalletsService({
    db,
    provider,
    organisationsService: accounts.directory,
    corporationsService: deps.corporations,
    canSimulateTransfers: paystackFakeUrl !== null,
    mail,
    appUrl,
    adminsOf: accounts.adminsOf,
    people: accounts.people,
  });
  const fundingReconciliation = createFundingReconciliation({
    db,
    jobs,
    provider,
    applyCharge: (reference) => wallets.applyFundingEvent({ kind: 'charge', reference }),
    adminEmailsOf: async (organisationId) => (await accounts.adminsOf(organisationId)).map((admin) => admin.email),
    mail: (tx, message) => mail.enqueue(tx, message),
    appUrl,
    now: () => new Date(),
    recheckWithdrawals: wallets.withdrawals.recheckAllProcessing,
  });
  accounts.offerSummary(async (organisationId) => ({ totalBalance: await wallets.totalBalance(organisationId) }));
  return {
    ...wallets,
    routes: [
      ...walletRoutes(wallets),
      ...fundingReconciliationRoutes(fundingReconciliation),
      ...(paystackFakeUrl ? sandboxFundingRoutes(wallets, paystackFakeUrl) : []),
    ],
    /** The provider's signed notices: a route of their own, read as raw bytes. */
    registerWebhook: (app: FastifyInstance) => registerPaymentWebhook(app, { provider, wallets }),
  };
}

export type WalletsModule = ReturnType<typeof walletsModule>;
