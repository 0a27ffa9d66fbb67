import type { AccountsModule } from '../accounts/index';
import { referenceDataRoutes } from './reference-data.routes';
import { createReferenceDataService, type Collector, type ReferenceDataDeps } from './reference-data.service';

export type { RouteEntry } from './reference-data.service';

/** What the bills module offers: paid bills whose amounts a new reference row would change. */
export type PaidBillChecks = Pick<
  ReferenceDataDeps,
  'paidBillsChangedBy' | 'paidBillsChargeChangedBy' | 'paidBillsWhtRateChangedBy'
>;

/**
 * The engine's dated reference tables (MPR, holidays, charges, WHT rates, remittance routes), the
 * seed merged with staff rows, read at start and kept fresh (decision 0025).
 */
export async function referenceDataModule(
  deps: Pick<ReferenceDataDeps, 'db' | 'seedRoutes' | 'recheckMs'> & {
    collectors: Collector[];
    paidBills: PaidBillChecks;
    accounts: AccountsModule;
  },
) {
  const { collectors, paidBills, accounts, ...rest } = deps;
  const referenceData = createReferenceDataService({
    ...rest,
    ...paidBills,
    collectors: async () => collectors,
    usersByIds: accounts.usersByIds,
  });
  await referenceData.load();
  return { ...referenceData, routes: referenceDataRoutes(referenceData) };
}

export type ReferenceDataModule = Awaited<ReturnType<typeof referenceDataModule>>;
