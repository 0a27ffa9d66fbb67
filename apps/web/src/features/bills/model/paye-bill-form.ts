import { payeBillForm, type ChargeCalculation, type PayeSource } from '@levy/contracts';
import type { PayrollDiffEmployee } from '@levy/tax';
import type { FormErrors } from '@mantine/form';
import type { CheckedBillFile } from './bill-files';
import { defaultMonthValue, initialMonthValue, oldestUnpaidMonthValue } from './bill-period';
import type { BillPrefill } from './bill-routes';
import { schemaErrors } from './form-schema';

/** The dialog's two steps (docs/product.md §4): the form, then the summary with Generate. */
export type PayeStep = 'form' | 'summary';

export interface PayeValues {
  corporation: string | null;
  /** The chosen registration's state code. */
  state: string | null;
  /** The month a link named or the person picked; null while it follows the chosen state (see shownMonth). */
  month: string | null;
  /** The person's choice of employees; null until chosen, when the payroll on file comes first if there is one. */
  source: PayeSource | null;
  /** The new payroll file, when it replaces the payroll on file. */
  file: File | null;
}

/** What Proceed read: the employees' file as checked, where it came from, and its charges. */
export interface PayeSummary {
  file: CheckedBillFile;
  source: PayeSource;
  /** The charge on the employees the bill covers: with the residents of other states left out, and with them. */
  charges: { leftOut: ChargeCalculation; included: ChargeCalculation };
  /** One per summary shown: a double-click or a retry of Generate makes one bill. */
  idempotencyKey: string;
  /** For a new file: the employees of the payroll on file it is compared with; null otherwise. */
  payrollOnFile: PayrollDiffEmployee[] | null;
}

type PayeAlert = Parameters<typeof oldestUnpaidMonthValue>[0][number];

export function initialPayeValues(prefill: BillPrefill | undefined): PayeValues {
  return {
    corporation: prefill?.corporationId ?? null,
    state: null,
    month: prefill?.month ? initialMonthValue(prefill.month) : null,
    source: null,
    file: null,
  };
}

/**
 * The month the form shows and sends: the one named or picked, else the oldest month not yet paid
 * at the chosen state once its alerts are read, else last month.
 */
export function shownMonth(values: PayeValues, alerts: readonly PayeAlert[] | undefined): string {
  if (values.month) return values.month;
  if (!values.corporation || !values.state || !alerts) return defaultMonthValue();
  return oldestUnpaidMonthValue(alerts, { corporationId: values.corporation, stateCode: values.state });
}

/** The contract's checks before Proceed (docs/product.md §5): the new file only when one replaces the payroll on file. */
export function payeFormErrors(values: PayeValues, uploading: boolean): FormErrors {
  return {
    ...schemaErrors(payeBillForm.details, values),
    ...(uploading ? schemaErrors(payeBillForm.upload, values) : {}),
  };
}
