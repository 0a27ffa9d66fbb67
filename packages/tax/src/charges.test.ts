import { describe, expect, it } from 'vitest';
import { computeBillCharge } from './charges';
import { naira } from './money';
import { TaxInputError } from './tax-input-error';

describe('bill charge: base + per recipient, capped, plus 7.5% VAT', () => {
  it('PAYE with 10 employees: ₦500 + 10 × ₦50 = ₦1,000, VAT ₦75', () => {
    const result = computeBillCharge({ billType: 'paye', recipientCount: 10, amountDue: naira(250_000) });
    expect(result).toEqual({
      fee: naira(1_000),
      vat: naira(75),
      charge: naira(1_075),
      amountDue: naira(250_000),
      total: naira(251_075),
      capped: false,
    });
  });

  it('WHT with 1 payee: ₦330 + VAT ₦24.75', () => {
    const result = computeBillCharge({ billType: 'wht', recipientCount: 1, amountDue: naira(5_000) });
    expect(result.fee).toBe(naira(330));
    expect(result.vat).toBe(2_475);
    expect(result.charge).toBe(35_475);
    expect(result.total).toBe(naira(5_000) + 35_475);
  });

  it('caps the PAYE fee at ₦20,000 (390 employees reach it exactly)', () => {
    const atCap = computeBillCharge({ billType: 'paye', recipientCount: 390, amountDue: naira(1) });
    expect(atCap.fee).toBe(naira(20_000));
    expect(atCap.capped).toBe(false);
    const overCap = computeBillCharge({ billType: 'paye', recipientCount: 391, amountDue: naira(1) });
    expect(overCap).toMatchObject({ fee: naira(20_000), vat: naira(1_500), charge: naira(21_500), capped: true });
    const huge = computeBillCharge({ billType: 'paye', recipientCount: 100_000, amountDue: naira(1) });
    expect(huge.charge).toBe(naira(21_500));
  });

  it('caps the WHT fee at ₦15,000', () => {
    const result = computeBillCharge({ billType: 'wht', recipientCount: 2_000, amountDue: naira(1) });
    expect(result).toMatchObject({ fee: naira(15_000), vat: naira(1_125), charge: naira(16_125), capped: true });
  });

  it('uses the schedule in force on the date given', () => {
    const dated = computeBillCharge({ billType: 'paye', recipientCount: 2, amountDue: naira(1), date: '2026-03-01' });
    expect(dated.fee).toBe(naira(600));
    expect(() =>
      computeBillCharge({ billType: 'paye', recipientCount: 2, amountDue: naira(1), date: '2024-12-31' }),
    ).toThrow(TaxInputError);
  });

  it.each([
    [{ recipientCount: 0 }, 'recipientCount'],
    [{ recipientCount: 1.5 }, 'recipientCount'],
    [{ billType: 'vat' }, 'billType'],
    [{ billType: '__proto__' }, 'billType'],
    [{ amountDue: -1 }, 'amountDue'],
    [{ date: '2026-02-30' }, 'date'],
  ])('%j is refused with field %s', (overrides, field) => {
    const input = { billType: 'paye', recipientCount: 1, amountDue: naira(1), ...overrides } as Parameters<
      typeof computeBillCharge
    >[0];
    try {
      computeBillCharge(input);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(TaxInputError);
      expect((error as TaxInputError).field).toBe(field);
    }
  });
});
