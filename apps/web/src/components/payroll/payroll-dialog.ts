/** The views of Manage Payroll (docs/product.md §4). */
export type PayrollView = 'consent' | 'code' | 'upload';

/** Consent already given → straight to the upload view; otherwise consent step 1. */
export function initialPayrollView(registration: { is_control_consent_given: boolean }): PayrollView {
  return registration.is_control_consent_given ? 'upload' : 'consent';
}

/** The stepper's position for a dialog that started without consent. */
export function payrollStepIndex(view: PayrollView): number {
  return { consent: 0, code: 1, upload: 2 }[view];
}
