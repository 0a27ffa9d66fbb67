import { TaxInputError } from './tax-input-error';

declare const koboBrand: unique symbol;

/**
 * An amount of money in integer kobo (₦1 = 100 kobo). A plain `number` guarded by
 * `Number.isSafeInteger`; the brand stops a naira figure being passed where kobo is expected.
 */
export type Kobo = number & { readonly [koboBrand]: 'Kobo' };

export const KOBO_PER_NAIRA = 100;
export const ZERO_KOBO = 0 as Kobo;
/** Basis points in one whole: 10,000 bps = 100%. */
export const BPS_PER_UNIT = 10_000;

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const MAX_SAFE_BIG = BigInt(Number.MAX_SAFE_INTEGER);

/** Brands a whole number of kobo; throws a RangeError for fractions, NaN or unsafe integers. */
export function asKobo(value: number): Kobo {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`Not a whole, safe number of kobo: ${String(value)}`);
  }
  return value as Kobo;
}

/** Whole naira to kobo, e.g. `naira(500_000)` → 50,000,000 kobo. For constants and tests. */
export function naira(wholeNaira: number): Kobo {
  if (!Number.isSafeInteger(wholeNaira)) {
    throw new RangeError(`naira() takes whole naira, got ${String(wholeNaira)}`);
  }
  return asKobo(wholeNaira * KOBO_PER_NAIRA);
}

// ---------------------------------------------------------------------------------------------
// The one rounding rule: half away from zero (docs/tax-rules.md §1 "Round money to the kobo, half away
// from zero, once per figure shown"). Every rate, ratio and division in the engine goes through
// `roundHalfAwayFromZero`, exactly, on integers.
// ---------------------------------------------------------------------------------------------

/** numerator ÷ denominator rounded half away from zero, exactly (BigInt in, BigInt out). */
export function roundHalfAwayFromZeroBig(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('Division by zero');
  if (denominator < 0n) {
    numerator = -numerator;
    denominator = -denominator;
  }
  const quotient = numerator / denominator; // truncates toward zero
  const remainder = numerator - quotient * denominator;
  const twiceRemainder = remainder < 0n ? -2n * remainder : 2n * remainder;
  if (twiceRemainder >= denominator) return numerator < 0n ? quotient - 1n : quotient + 1n;
  return quotient;
}

/**
 * numerator ÷ denominator rounded half away from zero, exactly. Both must be safe integers;
 * the result is exact because `%` and the division of a multiple are exact on safe integers.
 */
export function roundHalfAwayFromZero(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator)) {
    throw new RangeError('roundHalfAwayFromZero takes safe integers');
  }
  if (denominator === 0) throw new RangeError('Division by zero');
  if (denominator < 0) {
    numerator = -numerator;
    denominator = -denominator;
  }
  const remainder = numerator % denominator;
  const quotient = (numerator - remainder) / denominator;
  const absRemainder = remainder < 0 ? -remainder : remainder;
  if (absRemainder * 2 >= denominator) return numerator < 0 ? quotient - 1 : quotient + 1;
  return quotient;
}

/**
 * value × numerator ÷ denominator, rounded half away from zero, exact for any safe inputs
 * (falls back to BigInt when the product would pass 2^53).
 */
export function multiplyDivideRound(value: number, numerator: number, denominator: number): number {
  const product = value * numerator;
  if (Number.isSafeInteger(product) && Number.isSafeInteger(denominator)) {
    return roundHalfAwayFromZero(product, denominator);
  }
  const result = roundHalfAwayFromZeroBig(BigInt(value) * BigInt(numerator), BigInt(denominator));
  if (result > MAX_SAFE_BIG || result < -MAX_SAFE_BIG) {
    throw new RangeError('Amount is too large to represent safely in kobo');
  }
  return Number(result);
}

/** amount × rate (in basis points), rounded to the kobo half away from zero. */
export function applyRate(amount: Kobo, rateBps: number): Kobo {
  if (!Number.isSafeInteger(rateBps)) throw new RangeError('rateBps must be an integer');
  return multiplyDivideRound(amount, rateBps, BPS_PER_UNIT) as Kobo;
}

/** amount × numerator ÷ denominator, rounded to the kobo half away from zero. */
export function applyRatio(amount: Kobo, numerator: number, denominator: number): Kobo {
  return multiplyDivideRound(amount, numerator, denominator) as Kobo;
}

/** amount ÷ divisor (e.g. annual ÷ 12), rounded to the kobo half away from zero. */
export function divideKobo(amount: Kobo, divisor: number): Kobo {
  return roundHalfAwayFromZero(amount, divisor) as Kobo;
}

// ---------------------------------------------------------------------------------------------
// Arithmetic: every result is checked to stay a safe integer.
// ---------------------------------------------------------------------------------------------

function checked(value: number): Kobo {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError('Amount is too large to represent safely in kobo');
  }
  return value as Kobo;
}

export function addKobo(a: Kobo, b: Kobo): Kobo {
  return checked(a + b);
}

export function subtractKobo(a: Kobo, b: Kobo): Kobo {
  return checked(a - b);
}

export function multiplyKobo(amount: Kobo, factor: number): Kobo {
  if (!Number.isSafeInteger(factor)) throw new RangeError('factor must be an integer');
  return checked(amount * factor);
}

export function negateKobo(amount: Kobo): Kobo {
  const value: number = amount;
  return (value === 0 ? 0 : -value) as Kobo;
}

export function sumKobo(amounts: Iterable<Kobo>): Kobo {
  let total = 0;
  for (const amount of amounts) {
    total += amount;
    if (total > MAX_SAFE || total < -MAX_SAFE) checked(total);
  }
  return total as Kobo;
}

// ---------------------------------------------------------------------------------------------
// Parsing naira text at the edges.
// ---------------------------------------------------------------------------------------------

// Sign, optional currency mark (₦ or NGN) on either side of the sign, digits with optional
// thousands separators, optional fraction, optional exponent (spreadsheets write 1.2E+07).
const NAIRA_PATTERN = /^([+-])?\s*(?:₦|NGN)?\s*([+-])?\s*(\d{1,3}(?:,\d{3})+|\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,3}))?$/i;

/**
 * Parses a plain non-negative decimal with at most two fraction digits and at most 13 integer
 * digits (the common case in CSV cells) without regular expressions or BigInt. Returns -1 when
 * the text is not of that simple shape, so the caller falls back to the general parser.
 */
function parseSimpleNaira(text: string): number {
  const length = text.length;
  if (length === 0 || length > 16) return -1;
  let whole = 0;
  let index = 0;
  let digits = 0;
  for (; index < length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 48 && code <= 57) {
      whole = whole * 10 + (code - 48);
      digits++;
    } else if (code === 46) {
      break;
    } else {
      return -1;
    }
  }
  if (digits > 13) return -1;
  if (index === length) return digits === 0 ? -1 : whole * 100;
  // A '.' at `index`: accept one or two fraction digits.
  const fractionLength = length - index - 1;
  if (fractionLength === 0) return digits === 0 ? -1 : whole * 100;
  if (fractionLength > 2) return -1;
  const first = text.charCodeAt(index + 1) - 48;
  if (first < 0 || first > 9) return -1;
  if (fractionLength === 1) return whole * 100 + first * 10;
  const second = text.charCodeAt(index + 2) - 48;
  if (second < 0 || second > 9) return -1;
  return whole * 100 + first * 10 + second;
}

function parseGeneralNaira(text: string, subKobo: SubKobo): Kobo | null {
  const match = NAIRA_PATTERN.exec(text.trim());
  if (!match) return null;
  const [, signBefore, signAfter, integerText = '', fractionText = '', exponentText] = match;
  if (signBefore && signAfter) return null;
  if (integerText === '' && fractionText === '') return null;
  const negative = (signBefore ?? signAfter) === '-';
  const digits = integerText.replace(/,/g, '') + fractionText;
  // value = digits × 10^(exponent − fraction length) naira = digits × 10^(2 + exponent − fl) kobo
  const shift = 2 + (exponentText ? Number(exponentText) : 0) - fractionText.length;
  let koboBig: bigint;
  if (shift >= 0) {
    if (shift > 40) return null;
    koboBig = BigInt(digits) * 10n ** BigInt(shift);
  } else {
    if (-shift > 400) return null;
    const divisor = 10n ** BigInt(-shift);
    if (subKobo === 'refuse' && BigInt(digits) % divisor !== 0n) return null;
    koboBig = roundHalfAwayFromZeroBig(BigInt(digits), divisor);
  }
  if (koboBig > MAX_SAFE_BIG) return null;
  const kobo = Number(koboBig);
  return (negative && kobo !== 0 ? -kobo : kobo) as Kobo;
}

/**
 * What to do with an amount finer than a kobo (`5.001`): round it half away from zero, or refuse
 * it as the calculator does ("at most two decimals"), so that no one is billed for a figure other
 * than the one they wrote. `1.2345E+03` is a whole number of kobo and passes either way.
 */
export type SubKobo = 'round' | 'refuse';

/**
 * Parses a naira amount to kobo, or returns null when the text is not an amount. Accepts
 * `₦1,234.50`, `NGN 1234.5`, `-₦500`, `1234`, `1.2E+07`; more than two decimals are rounded
 * to the kobo half away from zero, or refused (null) when `subKobo` is 'refuse'. Thousands
 * separators must be well placed (`1,23` is not an amount).
 */
export function parseNaira(value: string | number, subKobo: SubKobo = 'round'): Kobo | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    if (Number.isInteger(value) && Math.abs(value) <= MAX_SAFE / KOBO_PER_NAIRA) {
      return (value * KOBO_PER_NAIRA + 0) as Kobo; // `+ 0` turns -0 into 0
    }
    // The shortest decimal that round-trips is what the caller meant (0.1 + 0.2 → 0.3 naira).
    return parseGeneralNaira(String(value), subKobo);
  }
  if (typeof value !== 'string') return null;
  const simple = parseSimpleNaira(value);
  if (simple >= 0) return simple as Kobo;
  return parseGeneralNaira(value, subKobo);
}

/**
 * Parses a naira amount (`'₦1,234.50'`, `'1234.5'`, `1234.5`) to kobo. Throws a
 * `TaxInputError` naming `field` when the value is not an amount or is too large.
 */
export function toKobo(value: string | number, field = 'amount'): Kobo {
  const kobo = parseNaira(value);
  if (kobo === null) {
    const shown = typeof value === 'string' ? `'${value}'` : String(value);
    throw new TaxInputError(field, `${shown} is not a valid naira amount`);
  }
  return kobo;
}

// ---------------------------------------------------------------------------------------------
// Formatting.
// ---------------------------------------------------------------------------------------------

function splitKobo(amount: number): { sign: string; whole: string; fraction: string } {
  if (!Number.isSafeInteger(amount)) {
    throw new RangeError(`Not a whole, safe number of kobo: ${String(amount)}`);
  }
  const absolute = amount < 0 ? -amount : amount;
  const fraction = absolute % KOBO_PER_NAIRA;
  const whole = (absolute - fraction) / KOBO_PER_NAIRA;
  return {
    sign: amount < 0 ? '-' : '',
    whole: String(whole),
    fraction: fraction < 10 ? `0${fraction}` : String(fraction),
  };
}

/** Kobo as a plain naira decimal with two places, for API output: 123450 → "1234.50". */
export function koboToNairaString(amount: Kobo): string {
  const { sign, whole, fraction } = splitKobo(amount);
  return `${sign}${whole}.${fraction}`;
}

function groupThousands(digits: string): string {
  const length = digits.length;
  if (length <= 3) return digits;
  const head = length % 3 || 3;
  let out = digits.slice(0, head);
  for (let index = head; index < length; index += 3) out += `,${digits.slice(index, index + 3)}`;
  return out;
}

/**
 * The one display format (docs/product.md §9): `₦1,234,567.89`; `-₦500.00` for negatives;
 * `0.00` when the amount is empty (null or undefined).
 */
export function formatNaira(amount: Kobo | null | undefined): string {
  if (amount === null || amount === undefined) return '0.00';
  const { sign, whole, fraction } = splitKobo(amount);
  return `${sign}₦${groupThousands(whole)}.${fraction}`;
}
