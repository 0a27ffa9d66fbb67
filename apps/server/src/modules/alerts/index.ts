import type { Db } from '../../db/client';
import type { Jobs } from '../../jobs/jobs';
import type { AccountsModule } from '../accounts/index';
import type { AnnualReturnsModule } from '../annual-returns/index';
import type { BillsModule } from '../bills/index';
import type { CorporationsModule } from '../corporations/index';
import type { MailModule } from '../mail/index';
import type { PayrollModule } from '../payroll/index';
import type { ReferenceDataModule } from '../reference-data/index';
import type { StatesModule } from '../states/index';
import type { WalletsModule } from '../wallets/index';
import { alertRoutes } from './alerts.routes';
import { createAlertsService } from './alerts.service';

/** Tax alerts, the deadline digest and the deadline feed; it offers the session its alerts. */
export function alertsModule(deps: {
  db: Db;
  jobs: Jobs;
  mail: MailModule;
  appUrl: string;
  referenceData: ReferenceDataModule;
  accounts: AccountsModule;
  corporations: CorporationsModule;
  states: StatesModule;
  payroll: PayrollModule;
  wallets: WalletsModule;
  bills: BillsModule;
  annualReturns: AnnualReturnsModule;
}) {
  const { accounts, states, payroll, corporations, wallets } = deps;
  const { directory } = accounts;
  const alerts = createAlertsService({
    ...deps,
    // Every registration with the tax on its payroll on file.
    registrations: async (organisationId) => {
      const registrations = await states.registrationsOfOrganisation(organisationId);
      const taxes = await payroll.taxOnFile(registrations.map((registration) => registration.registrationId));
      return registrations.map((registration) => ({
        ...registration,
        payrollTaxKobo: taxes.get(registration.registrationId) ?? null,
      }));
    },
    bills: deps.bills.billPeriods,
    referenceTables: deps.referenceData.current,
    annualReturnFilings: deps.annualReturns.filings,
    priorPaidPayeMonths: deps.annualReturns.paidMonths,
    corporationCount: async (organisationId) => (await corporations.allOfOrganisation(organisationId)).length,
    totalBalance: wallets.totalBalance,
    organisationName: directory.nameOf,
    settingValue: directory.settingValue,
    settingOrInsert: directory.settingOrInsert,
    replaceSetting: directory.replaceSetting,
    activeAdmins: accounts.activeAdmins,
    people: accounts.people,
  });
  accounts.offerSessionAlerts(alerts.forSession);
  return { routes: alertRoutes(alerts) };
}
