/**
 * Taxpayer and company identifiers (tax-rules.md §5; product-spec §5).
 */

export type TaxIdKind = 'individual' | 'company' | 'national';

// State payer ID as on state portals and Remita: N (individual) or C (company), an optional
// dash, then digits, e.g. N-1234567, C-0012345 (product-spec §5: "begins with N or C, then an
// optional dash and a digit"; the rest must be digits too).
const STATE_TAX_ID_PATTERN = /^([NC])-?(\d{1,15})$/;
// National Tax ID (NTAA 2025 s.4–8): 13 digits.
const NATIONAL_TAX_ID_PATTERN = /^\d{13}$/;
const NIN_PATTERN = /^\d{11}$/;
// CAC: RC (companies), BN (business names), IT (incorporated trustees), then digits.
const CAC_PATTERN = /^(RC|BN|IT)[\s-]?(\d{1,10})$/;

/** Trims and upper-cases a Tax ID; the form stored and compared. */
export function normalizeTaxId(value: string): string {
  return value.trim().toUpperCase();
}

/** What kind of Tax ID this is, or null when it is not one. */
export function taxIdKind(value: unknown): TaxIdKind | null {
  if (typeof value !== 'string') return null;
  const normalized = normalizeTaxId(value);
  const state = STATE_TAX_ID_PATTERN.exec(normalized);
  if (state) return state[1] === 'N' ? 'individual' : 'company';
  if (NATIONAL_TAX_ID_PATTERN.test(normalized)) return 'national';
  return null;
}

/**
 * A Tax ID as the product accepts it: a state payer ID (`N-1234567`, `C0012345`, case and
 * surrounding spaces ignored) or the 13-digit national Tax ID of the NTAA 2025.
 */
export function isValidTaxId(value: unknown): boolean {
  return taxIdKind(value) !== null;
}

/** The exact form of product-spec §5 only (N or C, optional dash, digits), without the
 * national Tax ID, for fields that take a state payer ID. */
export function isValidStateTaxId(value: unknown): boolean {
  const kind = taxIdKind(value);
  return kind === 'individual' || kind === 'company';
}

/** National Identification Number: 11 digits. */
export function isValidNin(value: unknown): boolean {
  return typeof value === 'string' && NIN_PATTERN.test(value.trim());
}

/** CAC registration number: RC, BN or IT then digits (`RC123456`, `RC 123456`, `bn-1234567`). */
export function isValidCacNumber(value: unknown): boolean {
  return typeof value === 'string' && CAC_PATTERN.test(value.trim().toUpperCase());
}

/** `rc 123456` → `RC123456`; null when it is not a CAC number. */
export function normalizeCacNumber(value: string): string | null {
  const match = CAC_PATTERN.exec(value.trim().toUpperCase());
  return match ? `${match[1]}${match[2]}` : null;
}
