import type { Db } from '../../db/client';
import type { AccountsModule } from '../accounts/index';
import { corporationRoutes } from './corporations.routes';
import { createCorporationsService, type CorporationsDeps } from './corporations.service';

export type { CorporationsService, PayrollContents } from './corporations.service';

/**
 * Corporations of an organisation; it counts them in the onboarding summary. States and payroll,
 * built after it, own the registrations and payroll counts it shows: plain reads passed in.
 */
export function corporationsModule(
  deps: Pick<CorporationsDeps, 'db' | 'registrationsOf' | 'payrollContents'> & { db: Db; accounts: AccountsModule },
) {
  const corporations = createCorporationsService({ ...deps, organisationsByIds: deps.accounts.directory.byIds });
  deps.accounts.offerSummary(corporations.summary);
  return { ...corporations, routes: corporationRoutes(corporations) };
}

export type CorporationsModule = ReturnType<typeof corporationsModule>;
