// Every call of the API, declared once (issue 25): method, namespace, path, who may call, and
// whether it takes a form or answers with a file. The zod contract of each call extends its entry
// here with its summary and schemas; the server's route takes everything from the contract; the
// web calls through these entries. No zod and no prose here: the signed-in frame loads this module
// (the summaries, 4.5 KB gzipped, would put the app shell over its first-load budget).
import { CAC_DOCUMENT_TYPES, CALENDAR_OR_CSV_TYPES, CALENDAR_TYPES, CSV_TYPES, PDF_TYPES, SPREADSHEET_TYPES } from './media-types';
import type { Permission } from './permissions';

export const NAMESPACES = ['public', 'auth', 'core', 'bank'] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

interface CallFields {
  method: HttpMethod;
  namespace: Namespace;
  /** Relative to the namespace, with `{name}` path parameters: `organisations/{id}/users`. */
  path: string;
  /** Accepts multipart form data: fields go to the body, files alongside. */
  multipart?: true;
  /** Answers with a file of one of these content types instead of an envelope. */
  download?: readonly string[];
}

/** Who may call: holders of a permission; anyone, without a token (`public`); or, with neither, any signed-in caller. */
type Access = { permission: Permission; public?: never } | { public: true; permission?: never } | { permission?: never; public?: never };

export type CallDeclaration = CallFields & Access;

/** A declared call, with its name: the web's client finds the call's zod contract by it. */
export type CallDescriptor<N extends string = string> = CallDeclaration & { readonly name: N };

function declareCalls<const T extends Record<string, CallDeclaration>>(table: T): { [K in keyof T & string]: T[K] & { readonly name: K } } {
  return Object.fromEntries(Object.entries(table).map(([name, call]) => [name, { ...call, name }])) as never;
}

export const calls = declareCalls({
  // identity
  login: { method: 'POST', namespace: 'public', path: 'authx/authorize', public: true },
  registerUser: { method: 'POST', namespace: 'public', path: 'users/register', public: true },
  verifyEmail: { method: 'POST', namespace: 'public', path: 'users/verify-email', public: true },
  requestPasswordReset: { method: 'POST', namespace: 'public', path: 'users/password/forgot', public: true },
  resetPassword: { method: 'POST', namespace: 'public', path: 'users/password/reset', public: true },
  logout: { method: 'POST', namespace: 'auth', path: 'authx/logout' },
  getSession: { method: 'GET', namespace: 'auth', path: 'users/me' },
  updateProfile: { method: 'PUT', namespace: 'auth', path: 'users/me', permission: 'auth-accountuser.update' },
  changePassword: { method: 'POST', namespace: 'auth', path: 'users/me/password', permission: 'auth-accountuser.update' },
  // organisations
  createOrganisation: { method: 'POST', namespace: 'auth', path: 'organisations', permission: 'auth-organisation.create' },
  getOrganisation: { method: 'GET', namespace: 'auth', path: 'organisations/{id}', permission: 'auth-organisation.getone' },
  updateOrganisation: { method: 'PUT', namespace: 'auth', path: 'organisations/{id}', permission: 'auth-organisation.update' },
  getOrganisationIdentity: { method: 'GET', namespace: 'auth', path: 'organisations/{id}/identity', permission: 'auth-organisation.getidentity' },
  downloadCacDocument: { method: 'GET', namespace: 'auth', path: 'organisations/{id}/identity/cac-document', permission: 'auth-organisation.getidentity', download: CAC_DOCUMENT_TYPES },
  updateOrganisationIdentity: { method: 'POST', namespace: 'auth', path: 'organisations/{id}/identity', permission: 'auth-organisation.updateidentity', multipart: true },
  getOrganisationSettings: { method: 'GET', namespace: 'auth', path: 'organisations/{id}/settings', permission: 'auth-organisation.getsettings' },
  updateOrganisationSetting: { method: 'POST', namespace: 'auth', path: 'organisations/{id}/settings', permission: 'auth-organisation.updatesettings' },
  completeKyc: { method: 'POST', namespace: 'auth', path: 'organisations/{id}/kyc/completed', permission: 'auth-organisation.completekyc' },
  getOnboardingSummary: { method: 'GET', namespace: 'auth', path: 'organisations/{id}/onboarding/summary', permission: 'auth-organisation.getsummary' },
  // team
  listTeamMembers: { method: 'GET', namespace: 'auth', path: 'organisations/{id}/users', permission: 'auth-organisation.getorganisationusers' },
  inviteMember: { method: 'POST', namespace: 'auth', path: 'organisations/users/invite', permission: 'auth-organisation.inviteuser' },
  verifyInvitation: { method: 'POST', namespace: 'public', path: 'organisations/users/invite/verify', public: true },
  acceptInvitation: { method: 'POST', namespace: 'auth', path: 'organisations/{id}/users/invite/{inviteId}', permission: 'auth-organisation.acceptinvitation' },
  changeMemberRole: { method: 'PUT', namespace: 'auth', path: 'organisations/{id}/users/{userId}', permission: 'auth-organisation.updateuser' },
  removeMember: { method: 'PUT', namespace: 'auth', path: 'organisations/{id}/users/{userId}/remove', permission: 'auth-organisation.removeuser' },
  // reference
  listMarketingSources: { method: 'GET', namespace: 'auth', path: 'marketing/sources', public: true },
  listRoleGroups: { method: 'GET', namespace: 'auth', path: 'roles/groups', permission: 'auth-roles.getall' },
  listStates: { method: 'GET', namespace: 'core', path: 'internal/states', permission: 'core-internal.state.getall' },
  // calculator
  calculatePaye: { method: 'POST', namespace: 'public', path: 'calculator/paye', public: true },
  calculateWht: { method: 'POST', namespace: 'public', path: 'calculator/wht', public: true },
  shareCalculation: { method: 'POST', namespace: 'public', path: 'calculator/share', public: true },
  getSharedCalculation: { method: 'GET', namespace: 'public', path: 'calculator/share/{token}', public: true },
  // receipts
  verifyReceipt: { method: 'GET', namespace: 'public', path: 'receipts/verify/{code}', public: true },
  // corporations
  listCorporations: { method: 'GET', namespace: 'core', path: 'internal/corporations', permission: 'core-internal.corporation.getall' },
  createCorporation: { method: 'POST', namespace: 'core', path: 'internal/corporations', permission: 'core-internal.corporation.create' },
  getCorporation: { method: 'GET', namespace: 'core', path: 'internal/corporations/{id}', permission: 'core-internal.corporation.getone' },
  updateCorporation: { method: 'PUT', namespace: 'core', path: 'internal/corporations/{id}', permission: 'core-internal.corporation.update' },
  getCorporationStats: { method: 'GET', namespace: 'core', path: 'internal/organisations/{id}/corporations/stats', permission: 'core-internal.corporation.getall' },
  // states
  listCorporationStates: { method: 'GET', namespace: 'core', path: 'internal/corporations/{id}/states', permission: 'core-internal.corporation.getone' },
  verifyStateTaxId: { method: 'POST', namespace: 'core', path: 'internal/corporations/states/{state}/records/verify', permission: 'core-internal.corporation.verifystate' },
  addCorporationState: { method: 'POST', namespace: 'core', path: 'internal/corporations/{id}/states/{code}', permission: 'core-internal.corporation.addstate' },
  updateCorporationStateTaxId: { method: 'PUT', namespace: 'core', path: 'internal/corporations/{id}/states/{code}', permission: 'core-internal.corporation.updatestate' },
  setFirstTaxMonth: { method: 'PUT', namespace: 'core', path: 'internal/corporations/{id}/states/{code}/first-tax-month', permission: 'core-internal.corporation.updatestate' },
  removeCorporationState: { method: 'POST', namespace: 'core', path: 'internal/corporations/{id}/states/{code}/remove', permission: 'core-internal.corporation.removestate' },
  requestStateConsent: { method: 'POST', namespace: 'core', path: 'internal/corporations/{id}/states/{code}/consent', permission: 'core-internal.corporation.sendstateconsentotp' },
  verifyStateConsent: { method: 'POST', namespace: 'core', path: 'internal/corporations/{id}/states/{code}/consent/verify', permission: 'core-internal.corporation.verifyconsent' },
  // payroll
  uploadPayroll: { method: 'POST', namespace: 'core', path: 'internal/corporations/{id}/states/{code}/payrolls/file', permission: 'core-internal.corporation.uploadpayroll', multipart: true },
  listPayrollEmployees: { method: 'GET', namespace: 'core', path: 'internal/corporations/{id}/states/{code}/payrolls/employees', permission: 'core-internal.corporation.getemployees' },
  downloadPayrollFile: { method: 'GET', namespace: 'core', path: 'internal/corporations/{id}/states/{code}/payrolls/file', permission: 'core-internal.corporation.getemployees', download: CSV_TYPES },
  // wallets
  getOrganisationWallets: { method: 'GET', namespace: 'core', path: 'internal/organisations/{id}/wallets', permission: 'core-internal.organisation.getwallets' },
  listOrganisationWalletHistory: { method: 'GET', namespace: 'core', path: 'internal/organisations/{id}/wallets/history', permission: 'core-internal.organisation.fetchwallethistory' },
  exportOrganisationWalletHistory: { method: 'GET', namespace: 'core', path: 'internal/organisations/{id}/wallets/history/export', permission: 'core-internal.organisation.fetchwallethistory', download: SPREADSHEET_TYPES },
  getCorporationWallets: { method: 'GET', namespace: 'core', path: 'internal/corporations/{id}/wallets', permission: 'core-internal.corporation.getwallets' },
  listCorporationWalletHistory: { method: 'GET', namespace: 'core', path: 'internal/corporations/{id}/wallets/history', permission: 'core-internal.corporation.fetchwallethistory' },
  exportCorporationWalletHistory: { method: 'GET', namespace: 'core', path: 'internal/corporations/{id}/wallets/history/export', permission: 'core-internal.corporation.fetchwallethistory', download: SPREADSHEET_TYPES },
  simulateTransfer: { method: 'POST', namespace: 'core', path: 'internal/sandbox/wallets/{id}/fund', permission: 'core-internal.wallet.simulatefunding' },
  // bills
  listBillTypes: { method: 'GET', namespace: 'core', path: 'internal/bills/types', permission: 'core-internal.bill.getall' },
  listStateWhtTypes: { method: 'GET', namespace: 'core', path: 'internal/states/{id}/wht/types', permission: 'core-internal.bill.getall' },
  calculateBillCharge: { method: 'POST', namespace: 'core', path: 'internal/bills/charge/calc', permission: 'core-internal.bill.calccharge' },
  calculateWhtTax: { method: 'POST', namespace: 'core', path: 'internal/bills/wht/tax/calc', permission: 'core-internal.bill.calccharge' },
  calculateWhtBulk: { method: 'POST', namespace: 'core', path: 'internal/bills/wht/tax/calc/bulk', permission: 'core-internal.bill.calccharge', multipart: true },
  listWhtCalcItems: { method: 'GET', namespace: 'core', path: 'internal/bills/wht/tax/calc/records/{id}/items', permission: 'core-internal.bill.calccharge' },
  createBill: { method: 'POST', namespace: 'core', path: 'internal/corporations/{corporation}/states/{state}/{type}/bills', permission: 'core-internal.bill.createpayebill', multipart: true },
  precheckBill: { method: 'GET', namespace: 'core', path: 'internal/bills/precheck', permission: 'core-internal.bill.createpayebill' },
  approveBill: { method: 'POST', namespace: 'core', path: 'internal/bills/{id}/approve', permission: 'core-internal.bill.approve' },
  rejectBill: { method: 'POST', namespace: 'core', path: 'internal/bills/{id}/reject', permission: 'core-internal.bill.approve' },
  cancelBill: { method: 'POST', namespace: 'core', path: 'internal/bills/{id}/cancel', permission: 'core-internal.bill.cancel' },
  listBills: { method: 'GET', namespace: 'core', path: 'internal/bills', permission: 'core-internal.bill.getall' },
  exportBills: { method: 'GET', namespace: 'core', path: 'internal/bills/export', permission: 'core-internal.bill.getall', download: SPREADSHEET_TYPES },
  getBill: { method: 'GET', namespace: 'core', path: 'internal/bills/{id}', permission: 'core-internal.bill.getall' },
  listBillItems: { method: 'GET', namespace: 'core', path: 'internal/bills/{id}/items', permission: 'core-internal.bill.getall' },
  getBillReceipt: { method: 'GET', namespace: 'core', path: 'internal/bills/{id}/receipt', permission: 'core-internal.bill.getall', download: PDF_TYPES },
  getBillSchedule: { method: 'GET', namespace: 'core', path: 'internal/bills/{id}/schedule', permission: 'core-internal.bill.getall', download: SPREADSHEET_TYPES },
  // alerts
  listAlerts: { method: 'GET', namespace: 'core', path: 'internal/organisations/{id}/alerts', permission: 'core-internal.bill.getall' },
  getChecklist: { method: 'GET', namespace: 'core', path: 'internal/organisations/{id}/checklist', permission: 'core-internal.organisation.getchecklist' },
  getBillMetrics: { method: 'GET', namespace: 'core', path: 'internal/organisations/{id}/bills/metrics/{x}', permission: 'core-internal.bill.getall' },
  getDeadlineCalendar: { method: 'GET', namespace: 'core', path: 'internal/organisations/{id}/deadlines', permission: 'core-internal.bill.getall' },
  downloadDeadlineCalendar: { method: 'GET', namespace: 'core', path: 'internal/organisations/{id}/deadlines/export', permission: 'core-internal.bill.getall', download: CALENDAR_OR_CSV_TYPES },
  getDeadlineFeed: { method: 'GET', namespace: 'core', path: 'internal/organisations/{id}/deadlines/feed', permission: 'core-internal.bill.getall' },
  resetDeadlineFeed: { method: 'POST', namespace: 'core', path: 'internal/organisations/{id}/deadlines/feed/reset', permission: 'auth-organisation.updatesettings' },
  readDeadlineFeed: { method: 'GET', namespace: 'public', path: 'feeds/deadlines/{token}.ics', public: true, download: CALENDAR_TYPES },
  // mail
  listDevelopmentMailbox: { method: 'GET', namespace: 'public', path: 'dev/mailbox', public: true },
  // bank
  listStatementFolders: { method: 'GET', namespace: 'bank', path: 'statement-folders', permission: 'bank.statement-folder.getall' },
  createStatementFolder: { method: 'POST', namespace: 'bank', path: 'statement-folders', permission: 'bank.statement-folder.create' },
  getStatementFolder: { method: 'GET', namespace: 'bank', path: 'statement-folders/{id}', permission: 'bank.statement-folder.getone' },
  updateStatementFolder: { method: 'PUT', namespace: 'bank', path: 'statement-folders/{id}', permission: 'bank.statement-folder.update' },
  deleteStatementFolder: { method: 'DELETE', namespace: 'bank', path: 'statement-folders/{id}', permission: 'bank.statement-folder.delete' },
  listStatementRecords: { method: 'GET', namespace: 'bank', path: 'statement-folders/{id}/records', permission: 'bank.statement-folder.getone' },
  createStatementRecord: { method: 'POST', namespace: 'bank', path: 'statement-folders/{id}/records', permission: 'bank.statement-record.create' },
  getStatementRecord: { method: 'GET', namespace: 'bank', path: 'statement-records/{id}', permission: 'bank.statement-record.getone' },
  updateStatementRecord: { method: 'PUT', namespace: 'bank', path: 'statement-records/{id}', permission: 'bank.statement-record.update' },
  deleteStatementRecord: { method: 'DELETE', namespace: 'bank', path: 'statement-records/{id}', permission: 'bank.statement-record.delete' },
  getRecordAnalysis: { method: 'GET', namespace: 'bank', path: 'statement-records/{id}/analysis', permission: 'bank.statement-record.getone' },
  listStatements: { method: 'GET', namespace: 'bank', path: 'statement-records/{id}/statements', permission: 'bank.statement-record.getone' },
  uploadStatement: { method: 'POST', namespace: 'bank', path: 'statement-records/{id}/statements', permission: 'bank.statement-statement.create', multipart: true },
  getStatement: { method: 'GET', namespace: 'bank', path: 'statements/{id}', permission: 'bank.statement-statement.getalltransactions' },
  deleteStatement: { method: 'DELETE', namespace: 'bank', path: 'statements/{id}', permission: 'bank.statement-statement.delete' },
  rerunStatement: { method: 'POST', namespace: 'bank', path: 'statements/{id}/rerun', permission: 'bank.statement-statement.update' },
  listStatementTransactions: { method: 'GET', namespace: 'bank', path: 'statements/{id}/transactions', permission: 'bank.statement-statement.getalltransactions' },
  exportStatementTransactions: { method: 'GET', namespace: 'bank', path: 'statements/{id}/transactions/export', permission: 'bank.statement-statement.getalltransactions', download: SPREADSHEET_TYPES },
  getStatementAnalysis: { method: 'GET', namespace: 'bank', path: 'statements/{id}/analysis', permission: 'bank.statement-statement.getalltransactions' },
  getStatementReport: { method: 'GET', namespace: 'bank', path: 'statements/{id}/report', permission: 'bank.statement-statement.getalltransactions', download: PDF_TYPES },
  getStatementTaxInsight: { method: 'GET', namespace: 'bank', path: 'statements/{id}/tax-insight', permission: 'bank.statement-statement.getalltransactions' },
  getStatementExtraction: { method: 'GET', namespace: 'bank', path: 'statements/{id}/extraction', permission: 'bank.statement-statement.getalltransactions' },
  saveStatementCorrections: { method: 'PUT', namespace: 'bank', path: 'statements/{id}/corrections', permission: 'bank.statement-statement.update' },
  clearStatementCorrections: { method: 'DELETE', namespace: 'bank', path: 'statements/{id}/corrections', permission: 'bank.statement-statement.update' },
  saveStatementMapping: { method: 'PUT', namespace: 'bank', path: 'statements/{id}/mapping', permission: 'bank.statement-statement.update' },
});

export type CallName = keyof typeof calls;
