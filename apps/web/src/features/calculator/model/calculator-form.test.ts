import { calculatePayeBody as calculatePaye, calculateWhtBody as calculateWht } from '@levy/contracts';
import { describe, expect, it } from 'vitest';
import {
  canCalculatePaye,
  canCalculateWht,
  componentsTotal,
  defaultPensionOf,
  describePeriod,
  emptyPayeForm,
  emptyWhtForm,
  formErrorsOf,
  PAYE_FIELD_OF_API,
  payeFormFromShared,
  regimeOf,
  toPayeRequest,
  toWhtRequest,
  whtFormFromShared,
  yearOptions,
  type PayeFormValues,
} from './calculator-form';

const today = new Date(2026, 10, 22); // 22 November 2026

function form(overrides: Partial<PayeFormValues>): PayeFormValues {
  return { ...emptyPayeForm(today), ...overrides };
}

describe('period and regime', () => {
  it('starts on the current month, monthly, with nothing filled in', () => {
    const values = emptyPayeForm(today);
    expect(values).toMatchObject({ year: '2026', month: '11', basis: 'monthly', useComponents: false, gross: '' });
    expect(canCalculatePaye(values)).toBe(false);
  });

  it('offers every year the engine has rules for, newest first, up to next year', () => {
    const years = yearOptions(today);
    expect(years[0]).toBe('2027');
    expect(years.at(-1)).toBe('2020');
    expect(years).toHaveLength(8);
  });

  it('picks NTA 2025 from January 2026 and PITA before', () => {
    expect(regimeOf({ year: '2026', month: '1' })).toBe('NTA2025');
    expect(regimeOf({ year: '2025', month: '12' })).toBe('PITA2011');
    expect(regimeOf({ year: '2019', month: '12' })).toBeNull();
    expect(describePeriod('2026-01')).toBe('January 2026');
  });
});

describe('PAYE request', () => {
  it('sends the gross on the chosen basis and leaves empty fields out', () => {
    expect(toPayeRequest(form({ gross: '500000' }))).toEqual({ period: '2026-11', monthly_gross: '500000.00' });
    expect(toPayeRequest(form({ basis: 'annual', gross: '6000000', annualRent: '1200000.5' }))).toEqual({
      period: '2026-11',
      annual_gross: '6000000.00',
      annual_rent: '1200000.50',
    });
  });

  it('with components, the gross is their exact total and the pension defaults to 8% of basic + housing + transport', () => {
    const values = form({
      useComponents: true,
      gross: '999',
      basic: '300000.10',
      housing: '100000.20',
      transport: '50000',
      otherAllowances: '49999.70',
    });
    expect(componentsTotal(values)).toBe(50_000_000);
    // 8% of ₦450,000.30 = ₦36,000.024 → ₦36,000.02
    expect(defaultPensionOf(values)).toBe(3_600_002);
    expect(toPayeRequest(values)).toEqual({
      period: '2026-11',
      monthly_gross: '500000.00',
      basic: '300000.10',
      housing: '100000.20',
      transport: '50000.00',
      other_allowances: '49999.70',
    });
  });

  it('has no pension default without pensionable components', () => {
    expect(defaultPensionOf(form({ gross: '500000' }))).toBeNull();
    expect(defaultPensionOf(form({ useComponents: true, otherAllowances: '100' }))).toBeNull();
  });

  it('passes a given pension and every deduction through', () => {
    const request = toPayeRequest(
      form({
        gross: '1000000',
        pension: '80000',
        nhf: '2500',
        nhis: '1000',
        lifeAssurance: '5000',
        mortgageInterest: '20000',
      }),
    );
    expect(request).toEqual({
      period: '2026-11',
      monthly_gross: '1000000.00',
      pension: '80000.00',
      nhf: '2500.00',
      nhis: '1000.00',
      life_assurance: '5000.00',
      mortgage_interest: '20000.00',
    });
  });

  it('builds requests the shared contract accepts', () => {
    const parsed = calculatePaye.safeParse(
      toPayeRequest(form({ useComponents: true, basic: '250000', housing: '125000.55', annualRent: '2400000' })),
    );
    expect(parsed.success).toBe(true);
  });
});

describe('shared inputs back into the form', () => {
  it('restores a monthly gross as typed', () => {
    const values = payeFormFromShared(
      { period: '2026-01', monthly_gross: '500000.00', annual_rent: '1800000.50' },
      today,
    );
    expect(values).toMatchObject({
      year: '2026',
      month: '1',
      basis: 'monthly',
      useComponents: false,
      gross: '500000',
      annualRent: '1800000.5',
    });
    expect(toPayeRequest(values)).toEqual({ period: '2026-01', monthly_gross: '500000.00', annual_rent: '1800000.50' });
  });

  it('restores components, putting pay they leave out into other allowances, so the gross is unchanged', () => {
    const values = payeFormFromShared(
      { period: '2025-06', annual_gross: '6000000.00', basic: '3000000.00', housing: '1500000.00' },
      today,
    );
    expect(values).toMatchObject({
      basis: 'annual',
      useComponents: true,
      basic: '3000000',
      housing: '1500000',
      otherAllowances: '1500000',
    });
    expect(toPayeRequest(values)).toMatchObject({ annual_gross: '6000000.00' });
  });

  it('round-trips the WHT inputs', () => {
    const shared = {
      period: '2026-03',
      type: 'rent',
      payee_kind: 'individual' as const,
      resident: false,
      has_tax_id: false,
      amount: '750000.25',
    };
    const values = whtFormFromShared(shared);
    expect(values).toEqual({
      year: '2026',
      month: '3',
      type: 'rent',
      payeeKind: 'individual',
      resident: false,
      hasTaxId: false,
      amount: '750000.25',
    });
    const request = toWhtRequest(values);
    expect(request).toEqual({ ...shared, amount: '750000.25' });
    expect(calculateWht.safeParse(request).success).toBe(true);
  });

  it('starts the WHT form on professional fees to a resident company with a Tax ID', () => {
    expect(emptyWhtForm(today)).toEqual({
      year: '2026',
      month: '11',
      type: 'professional_fees',
      payeeKind: 'company',
      resident: true,
      hasTaxId: true,
      amount: '',
    });
  });
});

describe('field errors from the API', () => {
  it('puts each message beside its input, including shared-call prefixes', () => {
    expect(
      formErrorsOf(
        { monthly_gross: 'Gross pay is too low', 'paye.annual_rent': 'Annual rent must not be negative', unknown: 'x' },
        PAYE_FIELD_OF_API,
      ),
    ).toEqual({
      gross: 'Gross pay is too low',
      annualRent: 'Annual rent must not be negative',
    });
  });
});

describe('amounts that are not amounts', () => {
  it('sends them as typed, never rounded or made positive, and does not offer to calculate', () => {
    const today = new Date('2026-11-15T12:00:00Z');
    const values = { ...emptyPayeForm(today), gross: '500000', pension: '100000.555', nhf: '-5000' };
    expect(toPayeRequest(values)).toMatchObject({ monthly_gross: '500000.00', pension: '100000.555', nhf: '-5000' });
    expect(canCalculatePaye(values)).toBe(false);
    expect(canCalculatePaye({ ...values, pension: '', nhf: '' })).toBe(true);
    expect(canCalculatePaye({ ...emptyPayeForm(today), gross: '-50000' })).toBe(false);
    const wht = { ...emptyWhtForm(today), amount: '100000.555' };
    expect(toWhtRequest(wht).amount).toBe('100000.555');
    expect(canCalculateWht(wht)).toBe(false);
    expect(canCalculateWht({ ...wht, amount: '99999999999999' })).toBe(false);
    expect(canCalculateWht({ ...wht, amount: '100000.55' })).toBe(true);
  });
});
