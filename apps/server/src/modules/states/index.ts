import type { StateAgency } from '../../adapters/agency/state-agency';
import type { Db } from '../../db/client';
import type { AccountsModule } from '../accounts/index';
import type { CorporationsModule, PayrollContents } from '../corporations/index';
import type { ReferenceModule } from '../reference/index';
import { stateRoutes } from './states.routes';
import { createStatesService } from './states.service';

export { registrationsOf } from './states.service';
export type { StatesService } from './states.service';

/** Corporations' registrations with the state revenue services, through the agency adapter. */
export function statesModule(deps: {
  db: Db;
  agency: StateAgency;
  corporations: CorporationsModule;
  reference: ReferenceModule;
  accounts: AccountsModule;
  payrollContents: PayrollContents;
}) {
  const states = createStatesService({ ...deps, organisations: deps.accounts.directory });
  return { ...states, routes: stateRoutes(states) };
}

export type StatesModule = ReturnType<typeof statesModule>;
