import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addKobo,
  applyRate,
  applyRatio,
  asKobo,
  divideKobo,
  formatNaira,
  koboToNairaString,
  multiplyDivideRound,
  naira,
  parseNaira,
  roundHalfAwayFromZero,
  roundHalfAwayFromZeroBig,
  subtractKobo,
  sumKobo,
  toKobo,
  type Kobo,
} from './money';
import { TaxInputError } from './tax-input-error';

const k = (value: number) => asKobo(value);

describe('toKobo', () => {
  it.each([
    ['₦1,234.50', 123_450],
    ['1234.5', 123_450],
    ['1234', 123_400],
    ['  NGN 1,000  ', 100_000],
    ['ngn1,234,567.89', 123_456_789],
    ['₦ 2,500,000', 250_000_000],
    ['-₦500', -50_000],
    ['₦-500.25', -50_025],
    ['+12.3', 1_230],
    ['.5', 50],
    ['7.', 700],
    ['0', 0],
    ['1.2E+07', 1_200_000_000],
    ['1.005', 101], // 100.5 kobo rounds half away from zero
    ['-1.005', -101],
    ['1.0049', 100],
    ['12345678901234.56', 1_234_567_890_123_456],
  ])('parses %j as %d kobo', (text, expected) => {
    expect(toKobo(text)).toBe(expected);
  });

  it.each([
    [1234.5, 123_450],
    [0.1 + 0.2, 30],
    [-7, -700],
    [1e6, 100_000_000],
    [-0, 0],
  ])('parses the number %d as %d kobo', (value, expected) => {
    expect(toKobo(value)).toBe(expected);
  });

  it.each(['abc', '', '   ', '₦', '1,23', '12,3456', '1.2.3', '1 000', '--5', '-₦-5', '5-', '$100'])(
    'throws a TaxInputError for %j',
    (text) => {
      expect(() => toKobo(text)).toThrow(TaxInputError);
      expect(parseNaira(text)).toBeNull();
    },
  );

  it('refuses an amount finer than a kobo when asked to, instead of rounding it', () => {
    for (const text of ['5.001', '-1.005', '₦1,250.505', '1.234567E+03']) {
      expect(parseNaira(text, 'refuse'), text).toBeNull();
      expect(parseNaira(text), text).not.toBeNull();
    }
    expect(parseNaira('5.010', 'refuse')).toBe(501);
    expect(parseNaira('1.2345E+03', 'refuse')).toBe(123_450);
    expect(parseNaira(1234.5, 'refuse')).toBe(123_450);
  });

  it('names the field and the value in the error', () => {
    try {
      toKobo('abc', 'annual_gross');
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(TaxInputError);
      expect((error as TaxInputError).field).toBe('annual_gross');
      expect((error as TaxInputError).message).toBe("'abc' is not a valid naira amount");
    }
  });

  it('refuses non-finite numbers and amounts beyond safe kobo', () => {
    expect(() => toKobo(Number.NaN)).toThrow(TaxInputError);
    expect(() => toKobo(Number.POSITIVE_INFINITY)).toThrow(TaxInputError);
    expect(() => toKobo('99999999999999999')).toThrow(TaxInputError);
    expect(() => toKobo(1e20)).toThrow(TaxInputError);
  });
});

describe('formatting', () => {
  it('writes API decimals with two places', () => {
    expect(koboToNairaString(k(123_450))).toBe('1234.50');
    expect(koboToNairaString(k(5))).toBe('0.05');
    expect(koboToNairaString(k(-5))).toBe('-0.05');
    expect(koboToNairaString(k(0))).toBe('0.00');
    expect(koboToNairaString(k(Number.MAX_SAFE_INTEGER))).toBe('90071992547409.91');
  });

  it('formats naira for display as ₦1,234,567.89 and 0.00 when empty', () => {
    expect(formatNaira(k(123_456_789))).toBe('₦1,234,567.89');
    expect(formatNaira(null)).toBe('0.00');
    expect(formatNaira(undefined)).toBe('0.00');
    expect(formatNaira(k(0))).toBe('₦0.00');
    expect(formatNaira(k(100))).toBe('₦1.00');
    expect(formatNaira(k(99_999))).toBe('₦999.99');
    expect(formatNaira(k(100_000))).toBe('₦1,000.00');
    expect(formatNaira(k(-50_000))).toBe('-₦500.00');
    expect(formatNaira(naira(1_000_000_000))).toBe('₦1,000,000,000.00');
  });

  it('parses back whatever it formats', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e15, max: 1e15 }), (value) => {
        expect(toKobo(formatNaira(k(value)))).toBe(value);
        expect(toKobo(koboToNairaString(k(value)))).toBe(value);
      }),
    );
  });
});

describe('the one rounding rule: half away from zero', () => {
  it.each([
    [5, 2, 3],
    [-5, 2, -3],
    [1, 2, 1],
    [-1, 2, -1],
    [4, 3, 1],
    [5, 3, 2],
    [-5, 3, -2],
    [1, 3, 0],
    [7, -2, -4],
    [0, 7, 0],
  ])('%d / %d → %d', (numerator, denominator, expected) => {
    expect(roundHalfAwayFromZero(numerator, denominator)).toBe(expected);
    expect(roundHalfAwayFromZeroBig(BigInt(numerator), BigInt(denominator))).toBe(BigInt(expected));
  });

  it('agrees with the BigInt rounding for any safe integers', () => {
    fc.assert(
      fc.property(
        fc.maxSafeInteger(),
        fc.integer({ min: 1, max: 1_000_000_000 }),
        fc.boolean(),
        (numerator, denominator, negate) => {
          const divisor = negate ? -denominator : denominator;
          expect(BigInt(roundHalfAwayFromZero(numerator, divisor))).toBe(
            roundHalfAwayFromZeroBig(BigInt(numerator), BigInt(divisor)),
          );
        },
      ),
    );
  });

  it('applies rates in basis points', () => {
    expect(applyRate(k(150), 750)).toBe(11); // 11.25
    expect(applyRate(k(10), 750)).toBe(1); // 0.75
    expect(applyRate(k(-10), 750)).toBe(-1);
    expect(applyRate(k(2), 2_500)).toBe(1); // 0.5 rounds up
    expect(applyRate(naira(1_200_000), 2_000)).toBe(naira(240_000));
  });

  it('stays exact past 2^53 by switching to BigInt', () => {
    // 9e15 × 2500 overflows doubles; the exact answer is 2.25e15.
    expect(applyRate(k(9_000_000_000_000_000), 2_500)).toBe(2_250_000_000_000_000);
    expect(applyRatio(k(9_007_199_254_740_991), 1, 3)).toBe(3_002_399_751_580_330);
    expect(multiplyDivideRound(9_007_199_254_740_991, 3, 4)).toBe(6_755_399_441_055_743);
    expect(() => applyRatio(k(9_007_199_254_740_991), 3, 1)).toThrow(RangeError);
  });

  it('divides kobo', () => {
    expect(divideKobo(naira(826_800), 12)).toBe(naira(68_900));
    expect(divideKobo(k(100), 12)).toBe(8); // 8.33
    expect(divideKobo(k(102), 12)).toBe(9); // 8.5
  });
});

describe('kobo arithmetic', () => {
  it('adds, subtracts and sums', () => {
    expect(addKobo(k(150), k(250))).toBe(400);
    expect(subtractKobo(k(150), k(250))).toBe(-100);
    expect(sumKobo([k(1), k(2), k(3)])).toBe(6);
    expect(sumKobo([])).toBe(0);
  });

  it('refuses results that leave safe integers', () => {
    expect(() => addKobo(k(Number.MAX_SAFE_INTEGER), k(1))).toThrow(RangeError);
    expect(() => sumKobo([k(Number.MAX_SAFE_INTEGER), k(1)])).toThrow(RangeError);
    expect(() => asKobo(1.5)).toThrow(RangeError);
    expect(() => naira(1.5)).toThrow(RangeError);
  });

  it('keeps the brand in the type', () => {
    const total: Kobo = addKobo(naira(1), naira(2));
    expect(total).toBe(300);
  });
});
