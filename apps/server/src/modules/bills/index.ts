import type { RemittanceGateway } from '../../adapters/remittance/remittance-gateway';
import type { Db } from '../../db/client';
import type { Jobs } from '../../jobs/jobs';
import type { AccountsModule } from '../accounts/index';
import type { CorporationsModule } from '../corporations/index';
import type { MailModule } from '../mail/index';
import type { PayrollModule } from '../payroll/index';
import type { PaidBillChecks, ReferenceDataModule } from '../reference-data/index';
import type { ReferenceModule } from '../reference/index';
import type { StatesModule } from '../states/index';
import type { WalletsModule } from '../wallets/index';
import { paidBillsChargeChangedBy, paidBillsWhtRateChangedBy } from './bill-charge-check';
import { paidBillsChangedBy } from './bill-lateness';
import type { BillVendors, PriorPayePaymentOf } from './bill-ports';
import { billRoutes } from './bills.routes';
import { createBillsService } from './bills.service';
import { createReceiptCodes, createReceiptVerification } from './receipt-verification';

export type { PaidWhtBill, WhtPayee } from './bill-ports';

/**
 * Which paid bills a new reference row would change, for the reference-data module, built before
 * this one: a bill's due date and WHT rate depend on its collector (a state or the NRS).
 */
export function paidBillChecks(reference: Pick<ReferenceModule, 'collectorsOf'>): PaidBillChecks {
  return {
    paidBillsChangedBy: async (executor, input) =>
      paidBillsChangedBy(executor, { ...input, collectorOf: await reference.collectorsOf(executor) }),
    paidBillsChargeChangedBy,
    paidBillsWhtRateChangedBy: async (executor, input) =>
      paidBillsWhtRateChangedBy(executor, { ...input, collectorOf: await reference.collectorsOf(executor) }),
  };
}

/**
 * PAYE and WHT bills: made, approved, paid from a wallet through the remittance gateway, receipted
 * and verified; it counts them in the onboarding summary. Vendors and prior payments are modules
 * that read bills, so they come in as the ports bill-ports.ts names.
 */
export function billsModule(deps: {
  db: Db;
  jobs: Jobs;
  gateway: RemittanceGateway;
  mail: MailModule;
  appUrl: string;
  receiptSigningSecret: string;
  reference: ReferenceModule;
  referenceData: ReferenceDataModule;
  accounts: AccountsModule;
  corporations: CorporationsModule;
  states: StatesModule;
  payroll: PayrollModule;
  wallets: WalletsModule;
  vendors: BillVendors;
  priorPayePayment: PriorPayePaymentOf;
}) {
  const { db, appUrl, reference, referenceData, accounts, corporations, payroll } = deps;
  const receiptCodes = createReceiptCodes({ secret: deps.receiptSigningSecret, appUrl });
  const receiptVerification = createReceiptVerification({
    db,
    codes: receiptCodes,
    corporationName: async (organisationId, corporationId) =>
      (await corporations.findInOrganisation(organisationId, corporationId)).name,
    stateOf: async (stateId) => (await reference.listStates()).find((state) => state.id === stateId),
  });
  const bills = createBillsService({
    ...deps,
    routeOf: referenceData.routeFor,
    listStates: () => reference.listStates(),
    referenceTables: referenceData.current,
    people: accounts.people,
    adminsOf: accounts.adminsOf,
    settingValue: accounts.directory.settingValue,
    receiptCodes,
    payrollOnFile: payroll.payeFileOnFile,
    payrollEmployeeCount: payroll.employeeCount,
    payrollVersions: { payrollVersionOnFile: payroll.versionOnFile, payrollVersionsByIds: payroll.versionsByIds },
    payerAddress: accounts.payerAddress,
  });
  accounts.offerSummary(bills.summary);
  return { ...bills, routes: billRoutes(bills, receiptVerification) };
}

export type BillsModule = ReturnType<typeof billsModule>;
