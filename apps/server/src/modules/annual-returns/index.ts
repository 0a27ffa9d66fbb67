import type { StateAgency } from '../../adapters/agency/state-agency';
import type { Db } from '../../db/client';
import type { AccountsModule } from '../accounts/index';
import type { BillsModule } from '../bills/index';
import type { PayrollModule } from '../payroll/index';
import type { StatesModule } from '../states/index';
import { annualReturnRoutes } from './annual-returns.routes';
import { createAnnualReturnsService } from './annual-returns.service';
import { createPriorPaymentsService } from './prior-payments.service';

export { priorPaymentOfMonth } from './prior-payments.service';

/** Annual PAYE returns filed with the states, and the PAYE months paid on a state portal before Levy. */
export function annualReturnsModule(deps: {
  db: Db;
  agency: StateAgency;
  agencyTimeoutMs: number;
  accounts: AccountsModule;
  states: StatesModule;
  payroll: PayrollModule;
  bills: BillsModule;
}) {
  const { db, accounts, states, bills } = deps;
  const annualReturns = createAnnualReturnsService({
    ...deps,
    paidPayeBillsOfYear: bills.paidPayeBillsOfYear,
    people: accounts.people,
    payerAddress: accounts.payerAddress,
  });
  const priorPayments = createPriorPaymentsService({
    db,
    states,
    standingPayeBill: bills.standingPayeBill,
    readPayeFile: deps.payroll.readPayeFile,
    people: accounts.people,
  });
  return {
    filings: annualReturns.filings,
    paidMonths: priorPayments.paidMonths,
    routes: annualReturnRoutes(annualReturns, priorPayments),
  };
}

export type AnnualReturnsModule = ReturnType<typeof annualReturnsModule>;
