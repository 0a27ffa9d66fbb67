// Naira amounts as text, without zod: the web's amount fields check what is typed on the
// public calculator, whose first load carries no schema (decision 0011).

// ₦9,999,999,999,999.99 at most: 13 integer digits keep every kobo figure a safe integer.
export const MAX_NAIRA_TEXT = '9,999,999,999,999.99';
const MAX_INTEGER_DIGITS = 13;
export const DECIMAL_TEXT = /^(\d+)(?:\.(\d+))?$/;

/** A decimal without exponent or binary noise: 1234.5 → "1234.5" (what a person typed). */
export function plainDecimal(value: number): string | null {
  if (!Number.isFinite(value)) return null;
  const text = String(value);
  if (!/e/i.test(text)) return text;
  // Only huge or tiny numbers print with an exponent: say which, rather than "not an amount".
  return Math.abs(value) >= 1 ? `${value < 0 ? '-' : ''}${'9'.repeat(MAX_INTEGER_DIGITS + 1)}` : '0.001';
}

/**
 * Why `text` is not a naira amount (not negative, at most two decimals, at most
 * ₦9,999,999,999,999.99), in a sentence naming `label`; null when it is one. Nothing is rounded
 * or clipped: 100000.555 and -5000 are refused, never read as 100,000.55 or 5,000.
 */
export function nairaAmountProblem(text: string, label: string): string | null {
  if (text.startsWith('-')) return `${label} must not be negative`;
  const match = DECIMAL_TEXT.exec(text);
  if (!match || (match[2] ?? '').length > 2) return `${label} must be an amount in naira with at most two decimals`;
  if (match[1].replace(/^0+(?=\d)/, '').length > MAX_INTEGER_DIGITS)
    return `${label} must be at most ₦${MAX_NAIRA_TEXT}`;
  return null;
}
