// Every call of the API, declared once: method, namespace, path, who may call, and
// whether it takes a form or answers with a file. The zod contract of each call extends its
// declaration here with its summary and schemas; the server's route takes everything from the
// contract; the web imports this module as `calls` and calls through it. No zod and no prose here,
// and one export per call, so a page's bundle holds only the declarations it uses (the home page's
// route guard needs a few; all of them, 2 KB gzipped, put it over its first-load budget). Pages that
// share a module share one copy holding every declaration any of them uses, so the public pages'
// calls (and the deployment every page asks about) are in public-calls.ts, re-exported here.
import type { CallDeclaration } from './api';
import * as PERMISSIONS from './permission-catalogue';
import {
  CAC_DOCUMENT_TYPES,
  CALENDAR_OR_CSV_TYPES,
  CALENDAR_TYPES,
  CSV_TYPES,
  PDF_TYPES,
  SPREADSHEET_OR_PDF_TYPES,
  SPREADSHEET_TYPES,
  ZIP_TYPES,
} from './media-types';

export * from './public-calls';

// identity
export const login = {
  method: 'POST',
  namespace: 'public',
  path: 'authx/authorize',
  public: true,
} as const satisfies CallDeclaration;
export const registerUser = {
  method: 'POST',
  namespace: 'public',
  path: 'users/register',
  public: true,
} as const satisfies CallDeclaration;
export const verifyEmail = {
  method: 'POST',
  namespace: 'public',
  path: 'users/verify-email',
  public: true,
} as const satisfies CallDeclaration;
export const requestPasswordReset = {
  method: 'POST',
  namespace: 'public',
  path: 'users/password/forgot',
  public: true,
} as const satisfies CallDeclaration;
export const resetPassword = {
  method: 'POST',
  namespace: 'public',
  path: 'users/password/reset',
  public: true,
} as const satisfies CallDeclaration;
export const logout = { method: 'POST', namespace: 'auth', path: 'authx/logout' } as const satisfies CallDeclaration;
export const getSession = { method: 'GET', namespace: 'auth', path: 'users/me' } as const satisfies CallDeclaration;
export const updateProfile = {
  method: 'PUT',
  namespace: 'auth',
  path: 'users/me',
  permission: PERMISSIONS.updateProfile,
} as const satisfies CallDeclaration;
export const changePassword = {
  method: 'POST',
  namespace: 'auth',
  path: 'users/me/password',
  permission: PERMISSIONS.updateProfile,
} as const satisfies CallDeclaration;

// organisations
export const createOrganisation = {
  method: 'POST',
  namespace: 'auth',
  path: 'organisations',
  permission: PERMISSIONS.createOrganisation,
} as const satisfies CallDeclaration;
export const getOrganisation = {
  method: 'GET',
  namespace: 'auth',
  path: 'organisations/{id}',
  permission: PERMISSIONS.viewOrganisation,
} as const satisfies CallDeclaration;
export const updateOrganisation = {
  method: 'PUT',
  namespace: 'auth',
  path: 'organisations/{id}',
  permission: PERMISSIONS.updateOrganisation,
} as const satisfies CallDeclaration;
export const getOrganisationIdentity = {
  method: 'GET',
  namespace: 'auth',
  path: 'organisations/{id}/identity',
  permission: PERMISSIONS.viewIdentity,
} as const satisfies CallDeclaration;
export const downloadCacDocument = {
  method: 'GET',
  namespace: 'auth',
  path: 'organisations/{id}/identity/cac-document',
  permission: PERMISSIONS.viewIdentity,
  download: CAC_DOCUMENT_TYPES,
} as const satisfies CallDeclaration;
export const updateOrganisationIdentity = {
  method: 'POST',
  namespace: 'auth',
  path: 'organisations/{id}/identity',
  permission: PERMISSIONS.updateIdentity,
  multipart: true,
} as const satisfies CallDeclaration;
export const getOrganisationSettings = {
  method: 'GET',
  namespace: 'auth',
  path: 'organisations/{id}/settings',
  permission: PERMISSIONS.viewSettings,
} as const satisfies CallDeclaration;
export const updateOrganisationSetting = {
  method: 'POST',
  namespace: 'auth',
  path: 'organisations/{id}/settings',
  permission: PERMISSIONS.updateSettings,
} as const satisfies CallDeclaration;
export const completeKyc = {
  method: 'POST',
  namespace: 'auth',
  path: 'organisations/{id}/kyc/completed',
  permission: PERMISSIONS.completeKyc,
} as const satisfies CallDeclaration;
export const getOnboardingSummary = {
  method: 'GET',
  namespace: 'auth',
  path: 'organisations/{id}/onboarding/summary',
  permission: PERMISSIONS.viewSummary,
} as const satisfies CallDeclaration;

// team
export const listTeamMembers = {
  method: 'GET',
  namespace: 'auth',
  path: 'organisations/{id}/users',
  permission: PERMISSIONS.listMembers,
} as const satisfies CallDeclaration;
export const inviteMember = {
  method: 'POST',
  namespace: 'auth',
  path: 'organisations/users/invite',
  permission: PERMISSIONS.inviteMembers,
} as const satisfies CallDeclaration;
export const verifyInvitation = {
  method: 'POST',
  namespace: 'public',
  path: 'organisations/users/invite/verify',
  public: true,
} as const satisfies CallDeclaration;
export const acceptInvitation = {
  method: 'POST',
  namespace: 'auth',
  path: 'organisations/{id}/users/invite/{inviteId}',
  permission: PERMISSIONS.acceptInvitation,
} as const satisfies CallDeclaration;
export const changeMemberRole = {
  method: 'PUT',
  namespace: 'auth',
  path: 'organisations/{id}/users/{userId}',
  permission: PERMISSIONS.changeMemberRoles,
} as const satisfies CallDeclaration;
export const removeMember = {
  method: 'PUT',
  namespace: 'auth',
  path: 'organisations/{id}/users/{userId}/remove',
  permission: PERMISSIONS.removeMembers,
} as const satisfies CallDeclaration;

// reference
export const listMarketingSources = {
  method: 'GET',
  namespace: 'auth',
  path: 'marketing/sources',
  public: true,
} as const satisfies CallDeclaration;
export const listRoleGroups = {
  method: 'GET',
  namespace: 'auth',
  path: 'roles/groups',
  permission: PERMISSIONS.listRoles,
} as const satisfies CallDeclaration;
export const listStates = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/states',
  permission: PERMISSIONS.listStates,
} as const satisfies CallDeclaration;
export const listCollectors = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/collectors',
  permission: PERMISSIONS.listStates,
} as const satisfies CallDeclaration;

// corporations
export const listCorporations = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/corporations',
  permission: PERMISSIONS.listCorporations,
} as const satisfies CallDeclaration;
export const createCorporation = {
  method: 'POST',
  namespace: 'core',
  path: 'internal/corporations',
  permission: PERMISSIONS.createCorporation,
} as const satisfies CallDeclaration;
export const getCorporation = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/corporations/{id}',
  permission: PERMISSIONS.viewCorporation,
} as const satisfies CallDeclaration;
export const updateCorporation = {
  method: 'PUT',
  namespace: 'core',
  path: 'internal/corporations/{id}',
  permission: PERMISSIONS.updateCorporation,
} as const satisfies CallDeclaration;
export const getCorporationStats = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/organisations/{id}/corporations/stats',
  permission: PERMISSIONS.listCorporations,
} as const satisfies CallDeclaration;

// states
export const listCorporationStates = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/corporations/{id}/states',
  permission: PERMISSIONS.viewCorporation,
} as const satisfies CallDeclaration;
export const verifyStateTaxId = {
  method: 'POST',
  namespace: 'core',
  path: 'internal/corporations/states/{state}/records/verify',
  permission: PERMISSIONS.verifyStateTaxId,
} as const satisfies CallDeclaration;
export const addCorporationState = {
  method: 'POST',
  namespace: 'core',
  path: 'internal/corporations/{id}/states/{code}',
  permission: PERMISSIONS.addState,
} as const satisfies CallDeclaration;
export const updateCorporationStateTaxId = {
  method: 'PUT',
  namespace: 'core',
  path: 'internal/corporations/{id}/states/{code}',
  permission: PERMISSIONS.updateState,
} as const satisfies CallDeclaration;
export const setFirstTaxMonth = {
  method: 'PUT',
  namespace: 'core',
  path: 'internal/corporations/{id}/states/{code}/first-tax-month',
  permission: PERMISSIONS.updateState,
} as const satisfies CallDeclaration;
export const removeCorporationState = {
  method: 'POST',
  namespace: 'core',
  path: 'internal/corporations/{id}/states/{code}/remove',
  permission: PERMISSIONS.removeState,
} as const satisfies CallDeclaration;
export const requestStateConsent = {
  method: 'POST',
  namespace: 'core',
  path: 'internal/corporations/{id}/states/{code}/consent',
  permission: PERMISSIONS.requestConsent,
} as const satisfies CallDeclaration;
export const verifyStateConsent = {
  method: 'POST',
  namespace: 'core',
  path: 'internal/corporations/{id}/states/{code}/consent/verify',
  permission: PERMISSIONS.verifyConsent,
} as const satisfies CallDeclaration;
export const attestStateConsent = {
  method: 'POST',
  namespace: 'core',
  path: 'internal/corporations/{id}/states/{code}/consent/attest',
  permission: PERMISSIONS.verifyConsent,
} as const satisfies CallDeclaration;

// payroll
export const uploadPayroll = {
  method: 'POST',
  namespace: 'core',
  path: 'internal/corporations/{id}/states/{code}/payrolls/file',
  permission: PERMISSIONS.uploadPayroll,
  multipart: true,
} as const satisfies CallDeclaration;
/** Moves the employees of a payroll on file who live in another state to that state's payroll of the same corporation. */
export const moveResidentsToTheirState = {
  method: 'POST',
  namespace: 'core',
  path: 'internal/corporations/{id}/states/{code}/payrolls/residents/move',
  permission: PERMISSIONS.uploadPayroll,
} as const satisfies CallDeclaration;
/** Per corporation, the states its employees live in (where their PAYE is owed) and whether each is registered. */
export const payeByResidence = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/organisations/{id}/paye-by-residence',
  permission: PERMISSIONS.viewPayroll,
} as const satisfies CallDeclaration;
export const listPayrollEmployees = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/corporations/{id}/states/{code}/payrolls/employees',
  permission: PERMISSIONS.viewPayroll,
} as const satisfies CallDeclaration;
export const downloadPayrollFile = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/corporations/{id}/states/{code}/payrolls/file',
  permission: PERMISSIONS.viewPayroll,
  download: CSV_TYPES,
} as const satisfies CallDeclaration;
export const getPayrollFiling = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/corporations/{id}/states/{code}/payrolls/filing',
  permission: PERMISSIONS.viewPayroll,
} as const satisfies CallDeclaration;
export const downloadPayrollSchedule = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/corporations/{id}/states/{code}/payrolls/schedule',
  permission: PERMISSIONS.viewPayroll,
  download: CSV_TYPES,
} as const satisfies CallDeclaration;
export const recordPayrollAcknowledgement = {
  method: 'POST',
  namespace: 'core',
  path: 'internal/corporations/{id}/states/{code}/payrolls/acknowledgement',
  permission: PERMISSIONS.uploadPayroll,
} as const satisfies CallDeclaration;

// wallets
export const getOrganisationWallets = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/organisations/{id}/wallets',
  permission: PERMISSIONS.viewWallets,
} as const satisfies CallDeclaration;
export const listOrganisationWalletHistory = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/organisations/{id}/wallets/history',
  permission: PERMISSIONS.viewWalletHistory,
} as const satisfies CallDeclaration;
export const listFundingDifferences = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/organisations/{id}/wallets/differences',
  permission: PERMISSIONS.viewWallets,
} as const satisfies CallDeclaration;
export const exportOrganisationWalletHistory = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/organisations/{id}/wallets/history/export',
  permission: PERMISSIONS.viewWalletHistory,
  download: SPREADSHEET_TYPES,
} as const satisfies CallDeclaration;
export const getCorporationWallets = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/corporations/{id}/wallets',
  permission: PERMISSIONS.viewCorporationWallets,
} as const satisfies CallDeclaration;
export const listCorporationWalletHistory = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/corporations/{id}/wallets/history',
  permission: PERMISSIONS.viewCorporationWalletHistory,
} as const satisfies CallDeclaration;
export const exportCorporationWalletHistory = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/corporations/{id}/wallets/history/export',
  permission: PERMISSIONS.viewCorporationWalletHistory,
  download: SPREADSHEET_TYPES,
} as const satisfies CallDeclaration;
export const requeryWalletFunding = {
  method: 'POST',
  namespace: 'core',
  path: 'internal/wallets/{id}/requery',
  permission: PERMISSIONS.viewWallets,
} as const satisfies CallDeclaration;
export const simulateTransfer = {
  method: 'POST',
  namespace: 'core',
  path: 'internal/sandbox/wallets/{id}/fund',
  permission: PERMISSIONS.simulateFunding,
} as const satisfies CallDeclaration;
export const listBanks = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/banks',
  permission: PERMISSIONS.withdrawFromWallet,
} as const satisfies CallDeclaration;
export const resolveBankAccount = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/banks/resolve',
  permission: PERMISSIONS.withdrawFromWallet,
} as const satisfies CallDeclaration;
export const requestWithdrawal = {
  method: 'POST',
  namespace: 'core',
  path: 'internal/wallets/{id}/withdrawals',
  permission: PERMISSIONS.withdrawFromWallet,
} as const satisfies CallDeclaration;
export const listWithdrawals = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/organisations/{id}/withdrawals',
  permission: PERMISSIONS.viewWalletHistory,
} as const satisfies CallDeclaration;
export const approveWithdrawal = {
  method: 'POST',
  namespace: 'core',
  path: 'internal/withdrawals/{id}/approve',
  permission: PERMISSIONS.withdrawFromWallet,
} as const satisfies CallDeclaration;
export const rejectWithdrawal = {
  method: 'POST',
  namespace: 'core',
  path: 'internal/withdrawals/{id}/reject',
  permission: PERMISSIONS.withdrawFromWallet,
} as const satisfies CallDeclaration;

// bills
export const listBillTypes = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/bills/types',
  permission: PERMISSIONS.viewBills,
} as const satisfies CallDeclaration;
export const listStateWhtTypes = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/states/{id}/wht/types',
  permission: PERMISSIONS.viewBills,
} as const satisfies CallDeclaration;
export const calculateBillCharge = {
  method: 'POST',
  namespace: 'core',
  path: 'internal/bills/charge/calc',
  permission: PERMISSIONS.calculateCharge,
} as const satisfies CallDeclaration;
export const calculateWhtTax = {
  method: 'POST',
  namespace: 'core',
  path: 'internal/bills/wht/tax/calc',
  permission: PERMISSIONS.calculateCharge,
} as const satisfies CallDeclaration;
export const calculateWhtBulk = {
  method: 'POST',
  namespace: 'core',
  path: 'internal/bills/wht/tax/calc/bulk',
  permission: PERMISSIONS.calculateCharge,
  multipart: true,
} as const satisfies CallDeclaration;
export const listWhtCalcItems = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/bills/wht/tax/calc/records/{id}/items',
  permission: PERMISSIONS.calculateCharge,
} as const satisfies CallDeclaration;
export const createPayeBill = {
  method: 'POST',
  namespace: 'core',
  path: 'internal/corporations/{corporation}/states/{state}/paye/bills',
  permission: PERMISSIONS.createPayeBill,
  multipart: true,
} as const satisfies CallDeclaration;
export const createWhtBill = {
  method: 'POST',
  namespace: 'core',
  path: 'internal/corporations/{corporation}/states/{state}/wht/bills',
  permission: PERMISSIONS.createWhtBill,
  multipart: true,
} as const satisfies CallDeclaration;
export const precheckBill = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/bills/precheck',
  permission: PERMISSIONS.createPayeBill,
} as const satisfies CallDeclaration;
/** The PAYE bill before a month, with its employees: what the summary compares the new bill's employees with. */
export const previousPayeBill = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/bills/paye-previous',
  permission: PERMISSIONS.createPayeBill,
} as const satisfies CallDeclaration;
export const approveBill = {
  method: 'POST',
  namespace: 'core',
  path: 'internal/bills/{id}/approve',
  permission: PERMISSIONS.approveBills,
} as const satisfies CallDeclaration;
export const rejectBill = {
  method: 'POST',
  namespace: 'core',
  path: 'internal/bills/{id}/reject',
  permission: PERMISSIONS.approveBills,
} as const satisfies CallDeclaration;
export const cancelBill = {
  method: 'POST',
  namespace: 'core',
  path: 'internal/bills/{id}/cancel',
  permission: PERMISSIONS.cancelBill,
} as const satisfies CallDeclaration;
export const listBills = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/bills',
  permission: PERMISSIONS.viewBills,
} as const satisfies CallDeclaration;
export const exportBills = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/bills/export',
  permission: PERMISSIONS.viewBills,
  download: SPREADSHEET_TYPES,
} as const satisfies CallDeclaration;
export const getBill = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/bills/{id}',
  permission: PERMISSIONS.viewBills,
} as const satisfies CallDeclaration;
export const listBillItems = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/bills/{id}/items',
  permission: PERMISSIONS.viewBills,
} as const satisfies CallDeclaration;
export const getBillReceipt = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/bills/{id}/receipt',
  permission: PERMISSIONS.viewBills,
  download: PDF_TYPES,
} as const satisfies CallDeclaration;
export const getBillSchedule = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/bills/{id}/schedule',
  permission: PERMISSIONS.viewBills,
  download: SPREADSHEET_TYPES,
} as const satisfies CallDeclaration;
export const getBillCreditNotes = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/bills/{id}/credit-notes',
  permission: PERMISSIONS.viewBills,
  download: ZIP_TYPES,
} as const satisfies CallDeclaration;
export const getBillCreditNote = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/bills/{id}/credit-notes/{row}',
  permission: PERMISSIONS.viewBills,
  download: PDF_TYPES,
} as const satisfies CallDeclaration;
export const sendBillCreditNote = {
  method: 'POST',
  namespace: 'core',
  path: 'internal/bills/{id}/credit-notes/{row}/send',
  permission: PERMISSIONS.sendCreditNotes,
} as const satisfies CallDeclaration;

// vendors
export const listVendors = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/vendors',
  permission: PERMISSIONS.viewBills,
} as const satisfies CallDeclaration;
export const listVendorCreditNotes = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/vendors/{tax_payer_number}/credit-notes',
  permission: PERMISSIONS.viewBills,
} as const satisfies CallDeclaration;
export const updateVendor = {
  method: 'PUT',
  namespace: 'core',
  path: 'internal/vendors/{tax_payer_number}',
  permission: PERMISSIONS.updateVendors,
} as const satisfies CallDeclaration;

// alerts
export const listAlerts = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/organisations/{id}/alerts',
  permission: PERMISSIONS.viewBills,
} as const satisfies CallDeclaration;
export const getChecklist = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/organisations/{id}/checklist',
  permission: PERMISSIONS.viewChecklist,
} as const satisfies CallDeclaration;
export const getBillMetrics = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/organisations/{id}/bills/metrics/{x}',
  permission: PERMISSIONS.viewBills,
} as const satisfies CallDeclaration;
export const getDeadlineCalendar = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/organisations/{id}/deadlines',
  permission: PERMISSIONS.viewBills,
} as const satisfies CallDeclaration;
export const downloadDeadlineCalendar = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/organisations/{id}/deadlines/export',
  permission: PERMISSIONS.viewBills,
  download: CALENDAR_OR_CSV_TYPES,
} as const satisfies CallDeclaration;
export const getDeadlineFeed = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/organisations/{id}/deadlines/feed',
  permission: PERMISSIONS.viewBills,
} as const satisfies CallDeclaration;
export const resetDeadlineFeed = {
  method: 'POST',
  namespace: 'core',
  path: 'internal/organisations/{id}/deadlines/feed/reset',
  permission: PERMISSIONS.updateSettings,
} as const satisfies CallDeclaration;
export const declareNoWhtDeductions = {
  method: 'POST',
  namespace: 'core',
  path: 'internal/corporations/{id}/states/{code}/wht/no-deductions',
  permission: PERMISSIONS.createWhtBill,
} as const satisfies CallDeclaration;
export const removeNoWhtDeductions = {
  method: 'POST',
  namespace: 'core',
  path: 'internal/corporations/{id}/states/{code}/wht/no-deductions/{month}/remove',
  permission: PERMISSIONS.createWhtBill,
} as const satisfies CallDeclaration;
export const readDeadlineFeed = {
  method: 'GET',
  namespace: 'public',
  path: 'feeds/deadlines/{token}.ics',
  public: true,
  download: CALENDAR_TYPES,
} as const satisfies CallDeclaration;

// mail
export const listDevelopmentMailbox = {
  method: 'GET',
  namespace: 'public',
  path: 'dev/mailbox',
  public: true,
} as const satisfies CallDeclaration;

// bank
export const listStatementFolders = {
  method: 'GET',
  namespace: 'bank',
  path: 'statement-folders',
  permission: PERMISSIONS.listFolders,
} as const satisfies CallDeclaration;
export const createStatementFolder = {
  method: 'POST',
  namespace: 'bank',
  path: 'statement-folders',
  permission: PERMISSIONS.createFolder,
} as const satisfies CallDeclaration;
export const getStatementFolder = {
  method: 'GET',
  namespace: 'bank',
  path: 'statement-folders/{id}',
  permission: PERMISSIONS.viewFolder,
} as const satisfies CallDeclaration;
export const updateStatementFolder = {
  method: 'PUT',
  namespace: 'bank',
  path: 'statement-folders/{id}',
  permission: PERMISSIONS.updateFolder,
} as const satisfies CallDeclaration;
export const deleteStatementFolder = {
  method: 'DELETE',
  namespace: 'bank',
  path: 'statement-folders/{id}',
  permission: PERMISSIONS.deleteFolder,
} as const satisfies CallDeclaration;
export const listStatementRecords = {
  method: 'GET',
  namespace: 'bank',
  path: 'statement-folders/{id}/records',
  permission: PERMISSIONS.viewFolder,
} as const satisfies CallDeclaration;
export const createStatementRecord = {
  method: 'POST',
  namespace: 'bank',
  path: 'statement-folders/{id}/records',
  permission: PERMISSIONS.createRecord,
} as const satisfies CallDeclaration;
export const getStatementRecord = {
  method: 'GET',
  namespace: 'bank',
  path: 'statement-records/{id}',
  permission: PERMISSIONS.viewRecord,
} as const satisfies CallDeclaration;
export const updateStatementRecord = {
  method: 'PUT',
  namespace: 'bank',
  path: 'statement-records/{id}',
  permission: PERMISSIONS.updateRecord,
} as const satisfies CallDeclaration;
export const deleteStatementRecord = {
  method: 'DELETE',
  namespace: 'bank',
  path: 'statement-records/{id}',
  permission: PERMISSIONS.deleteRecord,
} as const satisfies CallDeclaration;
export const getRecordAnalysis = {
  method: 'GET',
  namespace: 'bank',
  path: 'statement-records/{id}/analysis',
  permission: PERMISSIONS.viewRecord,
} as const satisfies CallDeclaration;
export const listStatements = {
  method: 'GET',
  namespace: 'bank',
  path: 'statement-records/{id}/statements',
  permission: PERMISSIONS.viewRecord,
} as const satisfies CallDeclaration;
export const uploadStatement = {
  method: 'POST',
  namespace: 'bank',
  path: 'statement-records/{id}/statements',
  permission: PERMISSIONS.uploadStatement,
  multipart: true,
} as const satisfies CallDeclaration;
export const getStatement = {
  method: 'GET',
  namespace: 'bank',
  path: 'statements/{id}',
  permission: PERMISSIONS.viewStatement,
} as const satisfies CallDeclaration;
export const deleteStatement = {
  method: 'DELETE',
  namespace: 'bank',
  path: 'statements/{id}',
  permission: PERMISSIONS.deleteStatement,
} as const satisfies CallDeclaration;
export const rerunStatement = {
  method: 'POST',
  namespace: 'bank',
  path: 'statements/{id}/rerun',
  permission: PERMISSIONS.updateStatement,
} as const satisfies CallDeclaration;
export const listStatementTransactions = {
  method: 'GET',
  namespace: 'bank',
  path: 'statements/{id}/transactions',
  permission: PERMISSIONS.viewStatement,
} as const satisfies CallDeclaration;
export const exportStatementTransactions = {
  method: 'GET',
  namespace: 'bank',
  path: 'statements/{id}/transactions/export',
  permission: PERMISSIONS.viewStatement,
  download: SPREADSHEET_TYPES,
} as const satisfies CallDeclaration;
export const getStatementAnalysis = {
  method: 'GET',
  namespace: 'bank',
  path: 'statements/{id}/analysis',
  permission: PERMISSIONS.viewStatement,
} as const satisfies CallDeclaration;
export const getStatementReport = {
  method: 'GET',
  namespace: 'bank',
  path: 'statements/{id}/report',
  permission: PERMISSIONS.viewStatement,
  download: PDF_TYPES,
} as const satisfies CallDeclaration;
export const getStatementTaxInsight = {
  method: 'GET',
  namespace: 'bank',
  path: 'statements/{id}/tax-insight',
  permission: PERMISSIONS.viewStatement,
} as const satisfies CallDeclaration;
export const getStatementExtraction = {
  method: 'GET',
  namespace: 'bank',
  path: 'statements/{id}/extraction',
  permission: PERMISSIONS.viewStatement,
} as const satisfies CallDeclaration;
export const saveStatementCorrections = {
  method: 'PUT',
  namespace: 'bank',
  path: 'statements/{id}/corrections',
  permission: PERMISSIONS.updateStatement,
} as const satisfies CallDeclaration;
export const clearStatementCorrections = {
  method: 'DELETE',
  namespace: 'bank',
  path: 'statements/{id}/corrections',
  permission: PERMISSIONS.updateStatement,
} as const satisfies CallDeclaration;
export const saveStatementMapping = {
  method: 'PUT',
  namespace: 'bank',
  path: 'statements/{id}/mapping',
  permission: PERMISSIONS.updateStatement,
} as const satisfies CallDeclaration;

// reference data (staff)
export const getReferenceData = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/reference-data',
  permission: PERMISSIONS.manageReferenceData,
} as const satisfies CallDeclaration;
export const addMprRow = {
  method: 'POST',
  namespace: 'core',
  path: 'internal/reference-data/mpr/rows',
  permission: PERMISSIONS.manageReferenceData,
} as const satisfies CallDeclaration;
export const addHolidayRow = {
  method: 'POST',
  namespace: 'core',
  path: 'internal/reference-data/holidays/rows',
  permission: PERMISSIONS.manageReferenceData,
} as const satisfies CallDeclaration;
export const addChargeRow = {
  method: 'POST',
  namespace: 'core',
  path: 'internal/reference-data/charges/rows',
  permission: PERMISSIONS.manageReferenceData,
} as const satisfies CallDeclaration;
export const addWhtRateRow = {
  method: 'POST',
  namespace: 'core',
  path: 'internal/reference-data/wht/rows',
  permission: PERMISSIONS.manageReferenceData,
} as const satisfies CallDeclaration;
export const markReferenceReviewed = {
  method: 'POST',
  namespace: 'core',
  path: 'internal/reference-data/{table}/reviews',
  permission: PERMISSIONS.manageReferenceData,
} as const satisfies CallDeclaration;
export const addRemittanceRoute = {
  method: 'POST',
  namespace: 'core',
  path: 'internal/reference-data/remittance-routes',
  permission: PERMISSIONS.manageReferenceData,
} as const satisfies CallDeclaration;
export const reconcileRemittances = {
  method: 'POST',
  namespace: 'core',
  path: 'internal/reference-data/remittances/reconcile',
  permission: PERMISSIONS.manageReferenceData,
} as const satisfies CallDeclaration;
export const reconcileFunding = {
  method: 'POST',
  namespace: 'core',
  path: 'internal/reference-data/funding/reconcile',
  permission: PERMISSIONS.manageReferenceData,
} as const satisfies CallDeclaration;
// annual returns
export const getAnnualReturn = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/corporations/{id}/states/{state}/annual-returns/{year}',
  permission: PERMISSIONS.viewBills,
} as const satisfies CallDeclaration;
export const submitAnnualReturn = {
  method: 'POST',
  namespace: 'core',
  path: 'internal/corporations/{id}/states/{state}/annual-returns/{year}/submit',
  permission: PERMISSIONS.submitAnnualReturn,
} as const satisfies CallDeclaration;
export const amendAnnualReturn = {
  method: 'POST',
  namespace: 'core',
  path: 'internal/corporations/{id}/states/{state}/annual-returns/{year}/amend',
  permission: PERMISSIONS.submitAnnualReturn,
} as const satisfies CallDeclaration;
export const recordAnnualReturnAcknowledgement = {
  method: 'POST',
  namespace: 'core',
  path: 'internal/corporations/{id}/states/{state}/annual-returns/{year}/acknowledgement',
  permission: PERMISSIONS.submitAnnualReturn,
} as const satisfies CallDeclaration;
export const exportAnnualReturn = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/corporations/{id}/states/{state}/annual-returns/{year}/export',
  permission: PERMISSIONS.viewBills,
  download: SPREADSHEET_OR_PDF_TYPES,
} as const satisfies CallDeclaration;
export const downloadTaxCards = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/corporations/{id}/states/{state}/annual-returns/{year}/tax-cards',
  permission: PERMISSIONS.viewBills,
  download: ZIP_TYPES,
} as const satisfies CallDeclaration;
export const listPriorPayePayments = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/corporations/{id}/states/{code}/paye/prior-payments',
  permission: PERMISSIONS.createPayeBill,
} as const satisfies CallDeclaration;
export const recordPriorPayePayment = {
  method: 'POST',
  namespace: 'core',
  path: 'internal/corporations/{id}/states/{code}/paye/prior-payments',
  permission: PERMISSIONS.createPayeBill,
  multipart: true,
} as const satisfies CallDeclaration;
export const removePriorPayePayment = {
  method: 'POST',
  namespace: 'core',
  path: 'internal/corporations/{id}/states/{code}/paye/prior-payments/{month}/remove',
  permission: PERMISSIONS.submitAnnualReturn,
} as const satisfies CallDeclaration;
export const downloadTaxCard = {
  method: 'GET',
  namespace: 'core',
  path: 'internal/corporations/{id}/states/{state}/annual-returns/{year}/tax-cards/{taxPayerNumber}',
  permission: PERMISSIONS.viewBills,
  download: PDF_TYPES,
} as const satisfies CallDeclaration;
