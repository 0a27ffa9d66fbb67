import { describe, expect, it } from 'vitest';
import { naira } from './money';
import { preparePayeInput } from './paye-input';
import { TaxInputError } from './tax-input-error';

function errorOf(run: () => unknown): TaxInputError {
  try {
    run();
  } catch (error) {
    if (error instanceof TaxInputError) return error;
    throw error;
  }
  throw new Error('expected a TaxInputError');
}

describe('preparePayeInput', () => {
  it('annualises monthly figures but keeps the rent a year’s rent', () => {
    const { input, pensionIsDefault } = preparePayeInput('2026-03', {
      basis: 'monthly',
      gross: naira(500_000),
      basic: naira(250_000),
      nhf: naira(6_250),
      annualRent: naira(2_400_000),
    });
    expect(input.annualGross).toBe(naira(6_000_000));
    expect(input.pensionableComponents?.basic).toBe(naira(3_000_000));
    expect(input.nhf).toBe(naira(75_000));
    expect(input.annualRent).toBe(naira(2_400_000));
    expect(pensionIsDefault).toBe(true);
  });

  it('takes the pension given rather than the 8% default', () => {
    const { input, pensionIsDefault } = preparePayeInput('2026-03', {
      basis: 'annual',
      gross: naira(6_000_000),
      basic: naira(3_000_000),
      pension: naira(100_000),
    });
    expect(input.pension).toBe(naira(100_000));
    expect(pensionIsDefault).toBe(false);
  });

  it('refuses a gross that is missing or smaller than its components, naming the gross', () => {
    expect(errorOf(() => preparePayeInput('2026-03', { basis: 'annual' })).field).toBe('gross');
    const error = errorOf(() =>
      preparePayeInput('2026-03', {
        basis: 'annual',
        gross: naira(100_000),
        basic: naira(80_000),
        housing: naira(30_000),
      }),
    );
    expect(error.field).toBe('gross');
    expect(error.message).toBe(
      'Gross pay (₦100,000.00) is less than basic + housing + transport + other allowances (₦110,000.00)',
    );
  });

  it('refuses pension, NHF and NHIS that together pass the gross, naming the one that tips it over', () => {
    const error = errorOf(() =>
      preparePayeInput('2026-03', {
        basis: 'annual',
        gross: naira(100_000),
        pension: naira(60_000),
        nhf: naira(30_000),
        nhis: naira(20_000),
      }),
    );
    expect(error.field).toBe('nhis');
    expect(error.message).toBe('Pension, NHF and NHIS together cannot be more than gross pay');
  });

  it('refuses a monthly figure too large to annualise exactly', () => {
    expect(
      errorOf(() => preparePayeInput('2026-03', { basis: 'monthly', gross: naira(9_000_000_000_000) })).field,
    ).toBe('gross');
  });
});
