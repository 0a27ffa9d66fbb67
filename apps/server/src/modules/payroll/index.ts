import type { StateAgency } from '../../adapters/agency/state-agency';
import type { Db } from '../../db/client';
import type { AccountsModule } from '../accounts/index';
import type { ReferenceModule } from '../reference/index';
import type { StatesModule } from '../states/index';
import { payrollContents } from './payroll-contents';
import { payrollRoutes } from './payroll.routes';
import { createPayrollService } from './payroll.service';

export { payrollContents } from './payroll-contents';

/** Each registration's payroll on file and its versions. */
export function payrollModule(deps: {
  db: Db;
  agency: StateAgency;
  states: StatesModule;
  reference: ReferenceModule;
  accounts: AccountsModule;
}) {
  const { db, accounts } = deps;
  const payroll = createPayrollService({ ...deps, organisations: accounts.directory, people: accounts.people });
  return {
    ...payroll,
    /** How many employees the registration's payroll on file holds (0: none). */
    employeeCount: async (registrationId: string) =>
      (await payrollContents(db, [registrationId])).get(registrationId)?.employees ?? 0,
    routes: payrollRoutes(payroll),
  };
}

export type PayrollModule = ReturnType<typeof payrollModule>;
