import { positiveNairaText, whtBillForm, type ChargeCalculation } from '@levy/contracts';
import type { FormErrors } from '@mantine/form';
import { ApiError } from '../../../lib/api-client';
import { toKobo } from '@levy/tax';
import type { CheckedBillFile, WhtMethod } from './bill-files';
import { initialMonthValue } from './bill-period';
import { schemaErrors } from './form-schema';
import type { BillPrefill } from './bill-routes';

export type WhtKind = 'single' | 'multiple';
/** The spec's five steps (docs/product.md §4); the preview is skipped for a single payee. */
export type WhtStep = 'details' | 'method' | 'amount' | 'preview' | 'summary';

export interface WhtValues {
  kind: WhtKind;
  corporation: string | null;
  /** The chosen registration's state code (NRS for the Nigeria Revenue Service). */
  state: string | null;
  month: string | null;
  tax_payer_number: string;
  name: string;
  method: WhtMethod | null;
  wht_type: string | null;
  amount: string;
  file: File | null;
}

export interface WhtSummary {
  charge: ChargeCalculation;
  recipientCount: number;
  idempotencyKey: string;
  /** Typed or manual payees, fingerprinted for the precheck; a bulk calculation is named by its reference instead. */
  payeesFingerprint?: string;
}

/** An amount worth calculating or paying: more than ₦0.00. */
export function isPositive(amount: string): boolean {
  return positiveNairaText('Amount').safeParse(amount).success;
}

/** A refused Pay in the server's words: its field messages together, else its message. */
export function payErrorOf(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const fields = error.fieldErrors;
  return Object.keys(fields).length > 0 ? Object.values(fields).join(' ') : error.message;
}

/** The contract's checks of a step, before the next (docs/product.md §5). */
export function stepErrors(step: WhtStep, values: WhtValues, collector: 'state' | 'federal'): FormErrors {
  if (step === 'details')
    return {
      ...schemaErrors(whtBillForm.details, values),
      ...(values.kind === 'single' ? schemaErrors(whtBillForm.singlePayee, { ...values, collector }) : {}),
    };
  if (step === 'method') return schemaErrors(whtBillForm.method, values);
  if (step !== 'amount') return {};
  if (values.kind === 'multiple') return schemaErrors(whtBillForm.file, values);
  return schemaErrors(whtBillForm.amount(values.method === 'auto' ? 'Amount' : 'Tax payable'), values);
}

/** The bank analyser's link names a WHT type and an amount: one payee, calculated automatically. */
export function prefillWantsAuto(prefill: BillPrefill | undefined): boolean {
  return Boolean(prefill?.whtType || prefill?.amount);
}

/** A new form, with what a link named filled in. */
export function initialWhtValues(prefill: BillPrefill | undefined): WhtValues {
  return {
    kind: 'single',
    corporation: prefill?.corporationId ?? null,
    state: null,
    month: initialMonthValue(prefill?.month),
    tax_payer_number: '',
    name: prefill?.beneficiaryName ?? '',
    method: prefillWantsAuto(prefill) ? 'auto' : null,
    wht_type: prefill?.whtType ?? null,
    amount: prefill?.amount ?? '',
    file: null,
  };
}

/** The payees the bill would pay, as Pay will send them: one typed payee, or a manual file's rows; null for an auto file. */
export function summaryPayees(values: WhtValues, checked: CheckedBillFile | null, amountDue: string) {
  if (values.kind === 'single') return [{ taxPayerNumber: values.tax_payer_number, taxPayableKobo: toKobo(amountDue) }];
  if (values.method === 'manual' && checked)
    return checked.rows.map((row) => ({ taxPayerNumber: row.taxPayerNumber, taxPayableKobo: row.amount }));
  return null;
}

/** Back from a step: the summary of a single payee goes back to its amount, there being no preview. */
export function stepBefore(step: WhtStep, kind: WhtKind): WhtStep {
  if (step === 'summary') return kind === 'single' ? 'amount' : 'preview';
  const order: WhtStep[] = ['details', 'method', 'amount', 'preview'];
  return order[Math.max(0, order.indexOf(step) - 1)];
}
