import { fieldErrors, stateTaxId, type CollectorKind } from '@levy/contracts';
import type { RemovedStateData } from '../../../api/corporations-api';

export const STATE_REQUIRED = 'State is required';

export interface StateEntry {
  stateCode: string | null;
  taxPayerNumber: string;
  /** The NRS (federal) knows companies only: an individual's N- Tax ID is refused before it is asked. */
  collector: CollectorKind;
}

export const FEDERAL_TAX_ID_INDIVIDUAL =
  "The Nigeria Revenue Service collects WHT from companies: use the corporation's C- or 13-digit Tax ID, not an individual's N- ID";

/** Tax IDs are compared the way the agency stores them: trimmed, upper case. */
export function normaliseTaxId(value: string): string {
  return value.trim().toUpperCase();
}

/**
 * Step 1 of Add New State / Update {state} Id, checked before the agency is asked: a state,
 * and a Tax ID by the rule of docs/product.md §5. When updating, the same Tax ID again would only
 * delete the state's consent and payroll for nothing, so it is refused here.
 */
export function validateStateEntry(
  entry: StateEntry,
  current?: { taxPayerNumber: string; stateName: string },
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!entry.stateCode) errors.state = STATE_REQUIRED;
  const parsed = stateTaxId.safeParse({ tax_payer_number: entry.taxPayerNumber });
  if (!parsed.success) Object.assign(errors, fieldErrors(parsed.error));
  else if (entry.collector === 'federal' && /^N/i.test(entry.taxPayerNumber.trim()))
    errors.tax_payer_number = FEDERAL_TAX_ID_INDIVIDUAL;
  else if (current && normaliseTaxId(entry.taxPayerNumber) === normaliseTaxId(current.taxPayerNumber)) {
    errors.tax_payer_number = `${current.taxPayerNumber} is already the Tax ID registered in ${current.stateName}`;
  }
  return errors;
}

function plural(count: number, one: string, many: string): string {
  return `${count.toLocaleString('en-NG')} ${count === 1 ? one : many}`;
}

/** What a removal deleted, as a list a person reads: Tax ID, consent, employees, payroll files. */
export function describeRemovedData(removed: RemovedStateData): string[] {
  const parts = [`the Tax ID ${removed.tax_payer_number}`];
  if (removed.consent) parts.push('the payroll consent');
  parts.push(plural(removed.employees, 'employee', 'employees'));
  parts.push(plural(removed.payroll_files, 'payroll file', 'payroll files'));
  return parts;
}

/** 'a, b and c'. */
export function joinWords(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}
