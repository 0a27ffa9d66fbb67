// The web app's calls without their schemas (issue 15): a page needs only a contract's method,
// namespace and path to call it, and zod loads only with the forms that validate with a schema.
// Types come from the contracts; calls.test.ts holds every entry equal to its contract.
import type * as contracts from '@levy/contracts';
import type { ContractDefinition } from '@levy/contracts';

type Contracts = typeof contracts;
type ContractName = { [K in keyof Contracts]: Contracts[K] extends ContractDefinition ? K : never }[keyof Contracts];

/** What the browser needs of a contract: method, namespace, path, and whether it takes a form or answers with a file. */
type Route<C extends ContractDefinition> = Pick<C, 'method' | 'namespace' | 'path'> &
  (C extends { multipart: true } ? { multipart: true } : unknown) &
  (C extends { download: readonly string[] } ? { download: true } : unknown);

/** Carries an entry's contract type for the client; nothing at run time. */
declare const contract: unique symbol;

/** One call the web app makes, typed by its contract (params, body and answer). */
export type Call<C extends ContractDefinition = ContractDefinition> = Route<C> & { readonly [contract]?: C };

/** The contract a call is typed by. */
export type ContractOf<T extends Call> = NonNullable<T[typeof contract]>;

/** Every call the web app makes, one entry per contract; a new call is one more entry. */
const routes = {
  // identity
  login: { method: 'POST', namespace: 'public', path: 'authx/authorize' },
  registerUser: { method: 'POST', namespace: 'public', path: 'users/register' },
  verifyEmail: { method: 'POST', namespace: 'public', path: 'users/verify-email' },
  requestPasswordReset: { method: 'POST', namespace: 'public', path: 'users/password/forgot' },
  resetPassword: { method: 'POST', namespace: 'public', path: 'users/password/reset' },
  logout: { method: 'POST', namespace: 'auth', path: 'authx/logout' },
  getSession: { method: 'GET', namespace: 'auth', path: 'users/me' },
  updateProfile: { method: 'PUT', namespace: 'auth', path: 'users/me' },
  changePassword: { method: 'POST', namespace: 'auth', path: 'users/me/password' },
  // organisations
  createOrganisation: { method: 'POST', namespace: 'auth', path: 'organisations' },
  getOrganisation: { method: 'GET', namespace: 'auth', path: 'organisations/{id}' },
  updateOrganisation: { method: 'PUT', namespace: 'auth', path: 'organisations/{id}' },
  getOrganisationIdentity: { method: 'GET', namespace: 'auth', path: 'organisations/{id}/identity' },
  downloadCacDocument: { method: 'GET', namespace: 'auth', path: 'organisations/{id}/identity/cac-document', download: true },
  updateOrganisationIdentity: { method: 'POST', namespace: 'auth', path: 'organisations/{id}/identity', multipart: true },
  getOrganisationSettings: { method: 'GET', namespace: 'auth', path: 'organisations/{id}/settings' },
  updateOrganisationSetting: { method: 'POST', namespace: 'auth', path: 'organisations/{id}/settings' },
  completeKyc: { method: 'POST', namespace: 'auth', path: 'organisations/{id}/kyc/completed' },
  getOnboardingSummary: { method: 'GET', namespace: 'auth', path: 'organisations/{id}/onboarding/summary' },
  // calculator
  calculatePaye: { method: 'POST', namespace: 'public', path: 'calculator/paye' },
  calculateWht: { method: 'POST', namespace: 'public', path: 'calculator/wht' },
  shareCalculation: { method: 'POST', namespace: 'public', path: 'calculator/share' },
  getSharedCalculation: { method: 'GET', namespace: 'public', path: 'calculator/share/{token}' },
  // receipts
  verifyReceipt: { method: 'GET', namespace: 'public', path: 'receipts/verify/{code}' },
  // corporations
  listCorporations: { method: 'GET', namespace: 'core', path: 'internal/corporations' },
  createCorporation: { method: 'POST', namespace: 'core', path: 'internal/corporations' },
  getCorporation: { method: 'GET', namespace: 'core', path: 'internal/corporations/{id}' },
  setFirstTaxMonth: { method: 'PUT', namespace: 'core', path: 'internal/corporations/{id}/states/{code}/first-tax-month' },
  // bills
  listBillTypes: { method: 'GET', namespace: 'core', path: 'internal/bills/types' },
  listStateWhtTypes: { method: 'GET', namespace: 'core', path: 'internal/states/{id}/wht/types' },
  calculateBillCharge: { method: 'POST', namespace: 'core', path: 'internal/bills/charge/calc' },
  calculateWhtTax: { method: 'POST', namespace: 'core', path: 'internal/bills/wht/tax/calc' },
  calculateWhtBulk: { method: 'POST', namespace: 'core', path: 'internal/bills/wht/tax/calc/bulk', multipart: true },
  listWhtCalcItems: { method: 'GET', namespace: 'core', path: 'internal/bills/wht/tax/calc/records/{id}/items' },
  createBill: { method: 'POST', namespace: 'core', path: 'internal/corporations/{corporation}/states/{state}/{type}/bills', multipart: true },
  listBills: { method: 'GET', namespace: 'core', path: 'internal/bills' },
  exportBills: { method: 'GET', namespace: 'core', path: 'internal/bills/export', download: true },
  getBill: { method: 'GET', namespace: 'core', path: 'internal/bills/{id}' },
  precheckBill: { method: 'GET', namespace: 'core', path: 'internal/bills/precheck' },
  approveBill: { method: 'POST', namespace: 'core', path: 'internal/bills/{id}/approve' },
  rejectBill: { method: 'POST', namespace: 'core', path: 'internal/bills/{id}/reject' },
  cancelBill: { method: 'POST', namespace: 'core', path: 'internal/bills/{id}/cancel' },
  listBillItems: { method: 'GET', namespace: 'core', path: 'internal/bills/{id}/items' },
  getBillReceipt: { method: 'GET', namespace: 'core', path: 'internal/bills/{id}/receipt', download: true },
  getBillSchedule: { method: 'GET', namespace: 'core', path: 'internal/bills/{id}/schedule', download: true },
  // alerts
  listAlerts: { method: 'GET', namespace: 'core', path: 'internal/organisations/{id}/alerts' },
  getChecklist: { method: 'GET', namespace: 'core', path: 'internal/organisations/{id}/checklist' },
  getBillMetrics: { method: 'GET', namespace: 'core', path: 'internal/organisations/{id}/bills/metrics/{x}' },
  getDeadlineCalendar: { method: 'GET', namespace: 'core', path: 'internal/organisations/{id}/deadlines' },
  downloadDeadlineCalendar: { method: 'GET', namespace: 'core', path: 'internal/organisations/{id}/deadlines/export', download: true },
  getDeadlineFeed: { method: 'GET', namespace: 'core', path: 'internal/organisations/{id}/deadlines/feed' },
  resetDeadlineFeed: { method: 'POST', namespace: 'core', path: 'internal/organisations/{id}/deadlines/feed/reset' },
  // reference
  listMarketingSources: { method: 'GET', namespace: 'auth', path: 'marketing/sources' },
  listRoleGroups: { method: 'GET', namespace: 'auth', path: 'roles/groups' },
  listStates: { method: 'GET', namespace: 'core', path: 'internal/states' },
  // team
  listTeamMembers: { method: 'GET', namespace: 'auth', path: 'organisations/{id}/users' },
  inviteMember: { method: 'POST', namespace: 'auth', path: 'organisations/users/invite' },
  verifyInvitation: { method: 'POST', namespace: 'public', path: 'organisations/users/invite/verify' },
  acceptInvitation: { method: 'POST', namespace: 'auth', path: 'organisations/{id}/users/invite/{inviteId}' },
  changeMemberRole: { method: 'PUT', namespace: 'auth', path: 'organisations/{id}/users/{userId}' },
  removeMember: { method: 'PUT', namespace: 'auth', path: 'organisations/{id}/users/{userId}/remove' },
  // states
  listCorporationStates: { method: 'GET', namespace: 'core', path: 'internal/corporations/{id}/states' },
  verifyStateTaxId: { method: 'POST', namespace: 'core', path: 'internal/corporations/states/{state}/records/verify' },
  addCorporationState: { method: 'POST', namespace: 'core', path: 'internal/corporations/{id}/states/{code}' },
  updateCorporationStateTaxId: { method: 'PUT', namespace: 'core', path: 'internal/corporations/{id}/states/{code}' },
  removeCorporationState: { method: 'POST', namespace: 'core', path: 'internal/corporations/{id}/states/{code}/remove' },
  requestStateConsent: { method: 'POST', namespace: 'core', path: 'internal/corporations/{id}/states/{code}/consent' },
  verifyStateConsent: { method: 'POST', namespace: 'core', path: 'internal/corporations/{id}/states/{code}/consent/verify' },
  // payroll
  uploadPayroll: { method: 'POST', namespace: 'core', path: 'internal/corporations/{id}/states/{code}/payrolls/file', multipart: true },
  listPayrollEmployees: { method: 'GET', namespace: 'core', path: 'internal/corporations/{id}/states/{code}/payrolls/employees' },
  downloadPayrollFile: { method: 'GET', namespace: 'core', path: 'internal/corporations/{id}/states/{code}/payrolls/file', download: true },
  // wallets
  getOrganisationWallets: { method: 'GET', namespace: 'core', path: 'internal/organisations/{id}/wallets' },
  listOrganisationWalletHistory: { method: 'GET', namespace: 'core', path: 'internal/organisations/{id}/wallets/history' },
  exportOrganisationWalletHistory: { method: 'GET', namespace: 'core', path: 'internal/organisations/{id}/wallets/history/export', download: true },
  getCorporationWallets: { method: 'GET', namespace: 'core', path: 'internal/corporations/{id}/wallets' },
  listCorporationWalletHistory: { method: 'GET', namespace: 'core', path: 'internal/corporations/{id}/wallets/history' },
  exportCorporationWalletHistory: { method: 'GET', namespace: 'core', path: 'internal/corporations/{id}/wallets/history/export', download: true },
  simulateTransfer: { method: 'POST', namespace: 'core', path: 'internal/sandbox/wallets/{id}/fund' },
  // mail
  listDevelopmentMailbox: { method: 'GET', namespace: 'public', path: 'dev/mailbox' },
  // bank
  listStatementFolders: { method: 'GET', namespace: 'bank', path: 'statement-folders' },
  createStatementFolder: { method: 'POST', namespace: 'bank', path: 'statement-folders' },
  getStatementFolder: { method: 'GET', namespace: 'bank', path: 'statement-folders/{id}' },
  updateStatementFolder: { method: 'PUT', namespace: 'bank', path: 'statement-folders/{id}' },
  deleteStatementFolder: { method: 'DELETE', namespace: 'bank', path: 'statement-folders/{id}' },
  listStatementRecords: { method: 'GET', namespace: 'bank', path: 'statement-folders/{id}/records' },
  createStatementRecord: { method: 'POST', namespace: 'bank', path: 'statement-folders/{id}/records' },
  getStatementRecord: { method: 'GET', namespace: 'bank', path: 'statement-records/{id}' },
  updateStatementRecord: { method: 'PUT', namespace: 'bank', path: 'statement-records/{id}' },
  deleteStatementRecord: { method: 'DELETE', namespace: 'bank', path: 'statement-records/{id}' },
  listStatements: { method: 'GET', namespace: 'bank', path: 'statement-records/{id}/statements' },
  uploadStatement: { method: 'POST', namespace: 'bank', path: 'statement-records/{id}/statements', multipart: true },
  getStatement: { method: 'GET', namespace: 'bank', path: 'statements/{id}' },
  deleteStatement: { method: 'DELETE', namespace: 'bank', path: 'statements/{id}' },
  rerunStatement: { method: 'POST', namespace: 'bank', path: 'statements/{id}/rerun' },
  listStatementTransactions: { method: 'GET', namespace: 'bank', path: 'statements/{id}/transactions' },
  exportStatementTransactions: { method: 'GET', namespace: 'bank', path: 'statements/{id}/transactions/export', download: true },
  getStatementAnalysis: { method: 'GET', namespace: 'bank', path: 'statements/{id}/analysis' },
  getRecordAnalysis: { method: 'GET', namespace: 'bank', path: 'statement-records/{id}/analysis' },
  getStatementReport: { method: 'GET', namespace: 'bank', path: 'statements/{id}/report', download: true },
  getStatementExtraction: { method: 'GET', namespace: 'bank', path: 'statements/{id}/extraction' },
  saveStatementCorrections: { method: 'PUT', namespace: 'bank', path: 'statements/{id}/corrections' },
  saveStatementMapping: { method: 'PUT', namespace: 'bank', path: 'statements/{id}/mapping' },
  getStatementTaxInsight: { method: 'GET', namespace: 'bank', path: 'statements/{id}/tax-insight' },
} satisfies { [K in ContractName]?: Route<Contracts[K]> };

/** The table, each entry typed by its contract for `callApi`, `uploadForm` and `downloadFile`. */
export const calls: { [K in keyof typeof routes]: Call<Contracts[K]> } = routes;
