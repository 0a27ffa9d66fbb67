import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  billMonth,
  createBillForm,
  fieldErrors,
  firstTaxMonthBody,
  nairaAmount,
  taxPeriod,
  transactionQuery,
} from './index';

function errorsOf(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected ${JSON.stringify(input)} to be refused`);
  return fieldErrors(result.error);
}

describe('calendar dates and months in every call', () => {
  it.each(['2026-13', '2026-11-31', '9999-99-99', '2026-02-29', '2026-00-10', '26-11-30', '2026-11-30T00:00', ''])(
    'refuses the WHT end date %s',
    (endDate) => {
      const errors = errorsOf(createBillForm, { start_date: '2026-11', end_date: endDate });
      expect(errors.end_date).toMatch(/^End date (must be a real date written YYYY-MM-DD|is required)$/);
    },
  );

  it('refuses years outside 2000–2099 with the range, and takes real dates and months as given', () => {
    expect(errorsOf(createBillForm, { start_date: '2026-11', end_date: '9999-12-31' })).toEqual({
      end_date: 'End date must be between 2000 and 2099',
    });
    expect(errorsOf(createBillForm, { start_date: '9999-12' })).toEqual({
      start_date: 'Month must be between 2000 and 2099',
    });
    expect(createBillForm.parse({ start_date: '2028-02', end_date: '2028-02-29' })).toMatchObject({
      start_date: '2028-02',
      end_date: '2028-02-29',
    });
    expect(createBillForm.parse({ start_date: '2026-11', end_date: '2026-11' }).end_date).toBe('2026-11-30');
  });

  it('reads a month given as a day only when that day exists', () => {
    expect(billMonth.parse('2026-11-01')).toBe('2026-11');
    expect(billMonth.safeParse('2026-11-31').success).toBe(false);
    expect(errorsOf(z.object({ period: taxPeriod }), { period: '2026-1' })).toEqual({
      period: 'Period must be a month written YYYY-MM',
    });
    expect(errorsOf(firstTaxMonthBody, { first_tax_month: '2026-13' })).toEqual({
      first_tax_month: 'First tax month must be written YYYY-MM',
    });
    expect(errorsOf(transactionQuery, { date_from: '2026-04-31' })).toEqual({
      date_from: 'From date must be a real date written YYYY-MM-DD',
    });
  });
});

describe('naira amounts', () => {
  const amount = z.object({ amount: nairaAmount('Amount') });

  it.each([
    [-5000, 'Amount must not be negative'],
    ['-50000', 'Amount must not be negative'],
    ['100000.555', 'Amount must be an amount in naira with at most two decimals'],
    [100000.555, 'Amount must be an amount in naira with at most two decimals'],
    ['10000000000000', 'Amount must be at most ₦9,999,999,999,999.99'],
    [1e21, 'Amount must be at most ₦9,999,999,999,999.99'],
    [-1e21, 'Amount must not be negative'],
    ['1e5', 'Amount must be an amount in naira with at most two decimals'],
  ])('refuses %s with a sentence, never a changed figure', (value, message) => {
    expect(errorsOf(amount, { amount: value })).toEqual({ amount: message });
  });

  it('keeps amounts exactly as given', () => {
    expect(amount.parse({ amount: '9999999999999.99' }).amount).toBe('9999999999999.99');
    expect(amount.parse({ amount: 1234.5 }).amount).toBe('1234.5');
    expect(amount.parse({ amount: '0005000' }).amount).toBe('0005000');
  });
});
