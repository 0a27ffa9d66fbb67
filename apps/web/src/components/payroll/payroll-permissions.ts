/** The permissions that gate Manage Payroll's steps (docs/product.md §4). */
import * as calls from '@levy/contracts/calls';
export const PAYROLL_PERMISSIONS = {
  sendConsentOtp: calls.requestStateConsent.permission,
  verifyConsent: calls.verifyStateConsent.permission,
  attestConsent: calls.attestStateConsent.permission,
  uploadPayroll: calls.uploadPayroll.permission,
  getEmployees: calls.listPayrollEmployees.permission,
} as const;
