/**
 * Taxpayer and company identifiers (docs/tax-rules.md §5; docs/product.md §5).
 */

export type TaxIdKind = 'individual' | 'company' | 'national';

const NIN_PATTERN = /^\d{11}$/;
// CAC: RC (companies), BN (business names), IT (incorporated trustees), then digits.
const CAC_PATTERN = /^(RC|BN|IT)[\s-]?(\d{1,10})$/;

/** Trims and upper-cases a Tax ID; the form stored and compared. */
export function normalizeTaxId(value: string): string {
  return value.trim().toUpperCase();
}

function isTrimmable(code: number): boolean {
  return code <= 32 || code === 0xa0 || code === 0xfeff;
}

function isDigitRun(value: string, start: number, end: number): boolean {
  for (let index = start; index < end; index++) {
    const code = value.charCodeAt(index);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

/**
 * What kind of Tax ID this is, or null when it is not one. Surrounding spaces and letter case
 * are ignored. State payer ID as on state portals and Remita (docs/product.md §5: begins with N or
 * C, an optional dash, then digits — 1 to 15 of them, nothing else): N is an individual, C a
 * company. National Tax ID (NTAA 2025 s.4–8): 13 digits. Written as a character scan rather
 * than a regular expression because CSV validation calls it once per row.
 */
export function taxIdKind(value: unknown): TaxIdKind | null {
  if (typeof value !== 'string') return null;
  let start = 0;
  let end = value.length;
  while (start < end && isTrimmable(value.charCodeAt(start))) start++;
  while (end > start && isTrimmable(value.charCodeAt(end - 1))) end--;
  if (start === end) return null;
  const first = value.charCodeAt(start);
  const isIndividual = first === 78 || first === 110; // N n
  if (isIndividual || first === 67 || first === 99) {
    let index = start + 1;
    if (index < end && value.charCodeAt(index) === 45) index++; // optional '-'
    const digits = end - index;
    if (digits < 1 || digits > 15 || !isDigitRun(value, index, end)) return null;
    return isIndividual ? 'individual' : 'company';
  }
  return end - start === 13 && isDigitRun(value, start, end) ? 'national' : null;
}

/**
 * A Tax ID as the product accepts it: a state payer ID (`N-1234567`, `C0012345`, case and
 * surrounding spaces ignored) or the 13-digit national Tax ID of the NTAA 2025.
 */
export function isValidTaxId(value: unknown): boolean {
  return taxIdKind(value) !== null;
}

/** The exact form of docs/product.md §5 only (N or C, optional dash, digits), without the
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

/** Words that say what kind of company it is, not which: "Ltd" and "Limited" name the same one. */
const COMPANY_FORM_WORDS = new Set(['ltd', 'limited', 'plc', 'co', 'company', 'inc', 'llc']);

/** A company name as compared: lowercase, '&' as 'and', no punctuation, no Ltd/Limited/Plc. */
function comparableName(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .split(' ')
    .filter((word) => word && !COMPANY_FORM_WORDS.has(word))
    .join(' ');
}

/**
 * Whether the name a revenue service holds for a Tax ID is the corporation's own, compared without
 * case, punctuation, Ltd/Limited/Plc and &/and ("ADIRE TEXTILES LTD." is "Adire Textiles Limited").
 */
export function isSameTaxpayerName(agencyName: string, corporationName: string): boolean {
  const agency = comparableName(agencyName);
  return agency !== '' && agency === comparableName(corporationName);
}
