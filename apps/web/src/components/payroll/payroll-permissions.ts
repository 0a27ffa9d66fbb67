/** The permissions that gate Manage Payroll's steps (product-spec §4). */
export const PAYROLL_PERMISSIONS = {
  sendConsentOtp: 'core-internal.corporation.sendstateconsentotp',
  verifyConsent: 'core-internal.corporation.verifyconsent',
  uploadPayroll: 'core-internal.corporation.uploadpayroll',
  getEmployees: 'core-internal.corporation.getemployees',
} as const;
