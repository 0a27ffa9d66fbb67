import { asKobo, koboToNairaString, PAYE_TEMPLATE_HEADERS, recomputePayeRow, type PayeRow } from '@levy/tax';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { calculatorShares } from './calculator.schema';
import { SHARE_LIMIT } from './share-limiter';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const paye = (body: Record<string, unknown>) => test.call('POST', 'public', 'calculator/paye', { body });
const wht = (body: Record<string, unknown>) => test.call('POST', 'public', 'calculator/wht', { body });

describe('POST public calculator/paye', () => {
  it('₦500,000 a month in January 2026: NTA 2025, with PITA side by side', async () => {
    const result = await paye({ period: '2026-01', monthly_gross: 500000 });
    expect(result.status).toBe(200);
    expect(result.code).toBe('OK');
    const data = result.data;
    expect(data.period).toBe('2026-01');
    expect(data.regime).toBe('NTA2025');
    expect(data.regime_name).toBe('Nigeria Tax Act 2025');
    expect(data.annual_gross).toBe('6000000.00');
    expect(data.monthly_gross).toBe('500000.00');
    expect(data.chargeable_income).toBe('6000000.00');
    // 15% × 2.2m + 18% × 3m = 330,000 + 540,000 (NTA 2025 Fourth Schedule).
    expect(data.annual_tax).toBe('870000.00');
    expect(data.monthly_tax).toBe('72500.00');
    expect(data.effective_rate).toBe(14.5);
    expect(data.net_annual).toBe('5130000.00');
    expect(data.net_monthly).toBe('427500.00');
    expect(data.exempt).toBe(false);
    expect(data.bands).toEqual([
      { from: '0.00', to: '800000.00', rate: 0, taxable: '800000.00', tax: '0.00' },
      { from: '800000.00', to: '3000000.00', rate: 15, taxable: '2200000.00', tax: '330000.00' },
      { from: '3000000.00', to: '12000000.00', rate: 18, taxable: '3000000.00', tax: '540000.00' },
      { from: '12000000.00', to: '25000000.00', rate: 21, taxable: '0.00', tax: '0.00' },
      { from: '25000000.00', to: '50000000.00', rate: 23, taxable: '0.00', tax: '0.00' },
      { from: '50000000.00', to: null, rate: 25, taxable: '0.00', tax: '0.00' },
    ]);
    // PITA: CRA = ₦200,000 + 20% × ₦6,000,000; taxable ₦4,600,000 → ₦560,000 + 24% × ₦1,400,000.
    expect(data.comparison).toMatchObject({
      regime: 'PITA2011',
      chargeable_income: '4600000.00',
      annual_tax: '896000.00',
      monthly_tax: '74666.67',
      effective_rate: 14.93,
      reliefs: { cra: '1400000.00', rent_relief: '0.00', total: '1400000.00' },
    });
    expect(data.comparison.bands).toHaveLength(6);
    expect(data.comparison.comparison).toBeUndefined();
  });

  it('worked check: gross ₦6,000,000 and rent ₦1,200,000 → ₦826,800 a year, ₦68,900 a month', async () => {
    const { data } = await paye({ period: '2026-03', annual_gross: '6000000.00', annual_rent: '1200000' });
    expect(data.reliefs.rent_relief).toBe('240000.00');
    expect(data.chargeable_income).toBe('5760000.00');
    expect(data.annual_tax).toBe('826800.00');
    expect(data.monthly_tax).toBe('68900.00');
  });

  it('worked check: ₦1,000,000 a month all pensionable, rent ₦2,400,000 → pension defaults to 8%, ₦1,690,800 a year', async () => {
    const { data } = await paye({
      period: '2026-06',
      monthly_gross: 1000000,
      basic: 600000,
      housing: 250000,
      transport: 150000,
      annual_rent: 2400000,
    });
    expect(data.reliefs.pension).toBe('960000.00');
    expect(data.reliefs.pension_is_default).toBe(true);
    expect(data.reliefs.rent_relief).toBe('480000.00');
    expect(data.chargeable_income).toBe('10560000.00');
    expect(data.annual_tax).toBe('1690800.00');
    expect(data.monthly_tax).toBe('140900.00');
    // Net pay is after tax and pension; rent is paid from it.
    expect(data.net_monthly).toBe('779100.00');
  });

  it('a given pension wins over the 8% default, and monthly deductions count twelve times', async () => {
    const { data } = await paye({
      period: '2026-06',
      monthly_gross: 1000000,
      basic: 600000,
      pension: 50000,
      nhf: 15000,
      nhis: 5000,
      life_assurance: 10000,
      mortgage_interest: 20000,
    });
    expect(data.reliefs).toMatchObject({
      pension: '600000.00',
      pension_is_default: false,
      nhf: '180000.00',
      nhis: '60000.00',
      life_assurance: '120000.00',
      mortgage_interest: '240000.00',
      total: '1200000.00',
    });
    expect(data.chargeable_income).toBe('10800000.00');
    // PITA relieves no mortgage interest.
    expect(data.comparison.reliefs.mortgage_interest).toBe('0.00');
  });

  it('gives the payroll re-check’s monthly PAYE for the same employee and reliefs: one engine', async () => {
    const cases: Array<Record<string, number>> = [
      {},
      { pension: 0, nhf: 10000 },
      { nhis: 5000, life_assurance: 20000, mortgage_interest: 25000 },
      { pension: 30000, annual_rent: 3000000 },
    ];
    for (const period of ['2025-12', '2026-01']) {
      for (const reliefs of cases) {
        const row = Object.fromEntries(PAYE_TEMPLATE_HEADERS.map((header) => [header, '0'])) as PayeRow;
        Object.assign(row, { gross_income: '500000', basic_salary: '350000', housing: '150000' });
        const declared = Object.fromEntries(
          Object.entries(reliefs).map(([relief, naira]) => [relief, asKobo(naira * 100)]),
        );
        const check = recomputePayeRow(row, period, undefined, declared);
        const { data } = await paye({ period, monthly_gross: 500000, basic: 350000, housing: 150000, ...reliefs });
        expect(data.monthly_tax, `${period} ${JSON.stringify(reliefs)}`).toBe(
          koboToNairaString(check.expectedMonthlyTax),
        );
      }
    }
  });

  it('PITA worked check (PwC) for December 2025, NTA 2025 beside it', async () => {
    const { data } = await paye({ period: '2025-12', annual_gross: 4000000, pension: 320000 });
    expect(data.regime).toBe('PITA2011');
    expect(data.reliefs.cra).toBe('936000.00');
    expect(data.chargeable_income).toBe('2744000.00');
    expect(data.annual_tax).toBe('464240.00');
    expect(data.comparison.regime).toBe('NTA2025');
    expect(data.comparison.reliefs.cra).toBe('0.00');
  });

  it('exempts the minimum wage: ₦70,000 a month in 2026 pays nothing', async () => {
    const { data } = await paye({ period: '2026-01', monthly_gross: 70000 });
    expect(data.exempt).toBe(true);
    expect(data.annual_tax).toBe('0.00');
    expect(data.minimum_wage_monthly).toBe('70000.00');
    expect(data.comparison.exempt).toBe(true);
  });

  it('allows pension, NHF and NHIS up to the whole gross: net pay is then nil', async () => {
    const { data } = await paye({ period: '2026-01', monthly_gross: 100000, pension: 60000, nhf: 30000, nhis: 10000 });
    expect(data.chargeable_income).toBe('0.00');
    expect(data.net_monthly).toBe('0.00');
  });

  it('keeps kobo exact: two decimals in, two decimals out', async () => {
    const { data } = await paye({ period: '2026-01', annual_gross: '3000000.01' });
    // One kobo over the ₦3m edge falls in the 18% band: 18% of 1 kobo rounds to 0.
    expect(data.bands[2].taxable).toBe('0.01');
    expect(data.annual_tax).toBe('330000.00');
  });

  it('answers at the plain HTTP address too', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/service/v1/public/calculator/paye',
      payload: { period: '2026-01', monthly_gross: 500000 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.annual_tax).toBe('870000.00');
  });

  describe('bad input is INVALID_INPUT naming the field', () => {
    it.each([
      [{ period: '2026-01' }, 'annual_gross', 'Gross pay is required: give the annual or the monthly gross'],
      [
        { period: '2026-01', annual_gross: 1, monthly_gross: 1 },
        'monthly_gross',
        'Give either the annual or the monthly gross, not both',
      ],
      [{ monthly_gross: 500000 }, 'period', 'Period is required'],
      [{ period: '2026-13', monthly_gross: 500000 }, 'period', 'Period must be a month written YYYY-MM'],
      [{ period: '2019-12', monthly_gross: 500000 }, 'period', 'Periods before 2020-01 are not supported'],
      [{ period: '2026-01', monthly_gross: -5 }, 'monthly_gross', 'Monthly gross must not be negative'],
      [
        { period: '2026-01', monthly_gross: '12.345' },
        'monthly_gross',
        'Monthly gross must be an amount in naira with at most two decimals',
      ],
      [
        { period: '2026-01', monthly_gross: 'five hundred' },
        'monthly_gross',
        'Monthly gross must be an amount in naira with at most two decimals',
      ],
      [{ period: '2026-01', monthly_gross: true }, 'monthly_gross', 'Monthly gross must be an amount in naira'],
      [
        { period: '2026-01', monthly_gross: 1e21 },
        'monthly_gross',
        'Monthly gross must be at most ₦9,999,999,999,999.99',
      ],
      [{ period: '2026-01', annual_gross: 100, annual_rent: '-1' }, 'annual_rent', 'Annual rent must not be negative'],
      [
        { period: '2026-01', annual_gross: 100, life_assurance: 'x' },
        'life_assurance',
        'Life assurance must be an amount in naira with at most two decimals',
      ],
      [{ period: '2026-01', monthly_gross: '9999999999999.99' }, 'monthly_gross', 'The amount is too large to compute'],
      [
        { period: '2026-01', monthly_gross: 100000, pension: 100000.01 },
        'pension',
        'Pension, NHF and NHIS together cannot be more than gross pay',
      ],
      [
        { period: '2026-01', monthly_gross: 100000, pension: 60000, nhf: 30000, nhis: 20000 },
        'nhis',
        'Pension, NHF and NHIS together cannot be more than gross pay',
      ],
      // The 8% default pension (₦8,000) counts too.
      [
        { period: '2026-01', monthly_gross: 100000, basic: 100000, nhf: 92000.01 },
        'nhf',
        'Pension, NHF and NHIS together cannot be more than gross pay',
      ],
    ])('%j → %s', async (body, field, message) => {
      const result = await paye(body);
      expect(result.status).toBe(400);
      expect(result.code).toBe('INVALID_INPUT');
      expect(result.data[field]).toBe(message);
    });

    it('refuses components that add up to more than the gross', async () => {
      const result = await paye({ period: '2026-01', monthly_gross: 500000, basic: 400000, housing: 150000 });
      expect(result.code).toBe('INVALID_INPUT');
      expect(result.data).toEqual({
        monthly_gross:
          'Gross pay (₦500,000.00) is less than basic + housing + transport + other allowances (₦550,000.00)',
      });
    });
  });
});

describe('POST public calculator/wht', () => {
  const base = {
    period: '2026-03',
    type: 'professional_fees',
    payee_kind: 'individual',
    resident: true,
    has_tax_id: true,
    amount: 100000,
  };

  it('professional fees to a resident individual with a Tax ID: 5%, to the State IRS', async () => {
    const result = await wht(base);
    expect(result.status).toBe(200);
    expect(result.data).toEqual({
      period: '2026-03',
      type: 'professional_fees',
      type_name: 'Professional fees',
      amount: '100000.00',
      rate: 5,
      schedule_rate: 5,
      doubled: false,
      tax: '5000.00',
      net: '95000.00',
      collector: 'state',
    });
  });

  it('doubles the rate without a Tax ID (WHTR 2024), but not for passive income', async () => {
    const doubled = await wht({ ...base, has_tax_id: false });
    expect(doubled.data).toMatchObject({ rate: 10, schedule_rate: 5, doubled: true, tax: '10000.00', net: '90000.00' });
    const dividend = await wht({ ...base, type: 'dividend', has_tax_id: false });
    expect(dividend.data).toMatchObject({ rate: 10, doubled: false, tax: '10000.00' });
  });

  it('uses the company column and the federal collector for companies', async () => {
    const { data } = await wht({ ...base, payee_kind: 'company', resident: false, amount: '2500000.50' });
    expect(data).toMatchObject({ rate: 10, tax: '250000.05', net: '2250000.45', collector: 'federal' });
  });

  it('uses the pre-2025 rates for earlier months, with no doubling', async () => {
    const { data } = await wht({ ...base, period: '2024-11', payee_kind: 'company', has_tax_id: false });
    expect(data).toMatchObject({ rate: 10, schedule_rate: 10, doubled: false });
  });

  describe('bad input is INVALID_INPUT naming the field', () => {
    it.each([
      [{ type: 'bribes' }, 'type', "Unknown WHT type 'bribes'"],
      [{ type: '' }, 'type', 'Type is required'],
      [
        { type: 'directors_fees', payee_kind: 'company' },
        'payee_kind',
        "Directors' fees is not subject to WHT when paid to companies",
      ],
      [
        { type: 'supply_of_goods', resident: false },
        'resident',
        'Supply of goods is not subject to WHT when paid to non-resident individuals',
      ],
      [{ type: 'winnings', period: '2024-06' }, 'type', "WHT type 'winnings' does not apply to 2024-06"],
      [{ payee_kind: 'partnership' }, 'payee_kind', "Payee kind must be 'company' or 'individual'"],
      [{ resident: 'yes' }, 'resident', 'Resident must be true or false'],
      [{ has_tax_id: undefined }, 'has_tax_id', 'Has Tax ID must be true or false'],
      [{ amount: -100 }, 'amount', 'Amount must not be negative'],
      [{ amount: '1,000' }, 'amount', 'Amount must be an amount in naira with at most two decimals'],
      [{ period: '2026' }, 'period', 'Period must be a month written YYYY-MM'],
    ])('%j → %s', async (change, field, message) => {
      const result = await wht({ ...base, ...change });
      expect(result.status).toBe(400);
      expect(result.code).toBe('INVALID_INPUT');
      expect(result.data[field]).toBe(message);
    });
  });
});

describe('calculator/share', () => {
  it('saves PAYE inputs and gives them back under the token; the same inputs give the same figures', async () => {
    const inputs = {
      period: '2026-01',
      monthly_gross: 500000,
      basic: '300000',
      housing: 100000.5,
      annual_rent: 1800000,
    };
    const shared = await test.call('POST', 'public', 'calculator/share', { body: { paye: inputs } });
    expect(shared.status).toBe(200);
    expect(shared.data.token).toMatch(/^[A-Za-z0-9_-]{16}$/);

    const opened = await test.call('GET', 'public', `calculator/share/${shared.data.token}`);
    expect(opened.code).toBe('OK');
    expect(opened.data.token).toBe(shared.data.token);
    expect(opened.data.paye).toEqual({
      period: '2026-01',
      monthly_gross: '500000.00',
      basic: '300000.00',
      housing: '100000.50',
      annual_rent: '1800000.00',
    });
    expect(opened.data.wht).toBeNull();
    expect(Date.parse(opened.data.created_at)).not.toBeNaN();

    const before = await paye(inputs);
    const after = await paye(opened.data.paye);
    expect(after.data).toEqual(before.data);
  });

  it('stores the amounts in kobo', async () => {
    const shared = await test.call('POST', 'public', 'calculator/share', {
      body: { paye: { period: '2026-02', annual_gross: '1234.56' } },
    });
    const [row] = await test.database.db
      .select()
      .from(calculatorShares)
      .where(eq(calculatorShares.token, shared.data.token));
    expect(row.paye).toEqual({ period: '2026-02', amounts_kobo: { annual_gross: 123456 } });
  });

  it('shares the WHT inputs too, and both at once', async () => {
    const whtInputs = {
      period: '2026-03',
      type: 'rent',
      payee_kind: 'company',
      resident: true,
      has_tax_id: false,
      amount: 750000,
    };
    const shared = await test.call('POST', 'public', 'calculator/share', {
      body: { paye: { period: '2026-01', annual_gross: 9000000 }, wht: whtInputs },
    });
    const opened = await test.call('GET', 'public', `calculator/share/${shared.data.token}`);
    expect(opened.data.wht).toEqual({ ...whtInputs, amount: '750000.00' });
    expect(opened.data.paye).toEqual({ period: '2026-01', annual_gross: '9000000.00' });
  });

  it('opens at the plain HTTP address', async () => {
    const shared = await test.call('POST', 'public', 'calculator/share', {
      body: { paye: { period: '2026-01', monthly_gross: 250000 } },
    });
    const response = await test.app.inject({
      method: 'GET',
      url: `/service/v1/public/calculator/share/${shared.data.token}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.paye.monthly_gross).toBe('250000.00');
  });

  it('answers NOT_FOUND for an unknown or a malformed token', async () => {
    const unknown = await test.call('GET', 'public', 'calculator/share/AAAAAAAAAAAAAAAA');
    expect(unknown.status).toBe(404);
    expect(unknown.code).toBe('NOT_FOUND');
    expect(unknown.message).toBe('This shared calculation was not found. Check the link, or start a new calculation.');
    const malformed = await test.call('GET', 'public', 'calculator/share/not%20a%20token');
    // A path parameter that cannot be a token is an address that does not exist (the gateway's rule).
    expect(malformed.status).toBe(404);
    expect(malformed.code).toBe('NOT_FOUND');
  });

  it('refuses to share nothing, or inputs the calculator would refuse', async () => {
    const empty = await test.call('POST', 'public', 'calculator/share', { body: {} });
    expect(empty.code).toBe('INVALID_INPUT');
    expect(empty.data).toEqual({ paye: 'Give the PAYE or the WHT inputs to share' });

    const badPaye = await test.call('POST', 'public', 'calculator/share', { body: { paye: { period: '2026-01' } } });
    expect(badPaye.data).toEqual({
      'paye.annual_gross': 'Gross pay is required: give the annual or the monthly gross',
    });

    const badWht = await test.call('POST', 'public', 'calculator/share', {
      body: {
        wht: {
          period: '2026-01',
          type: 'winnings',
          payee_kind: 'company',
          resident: true,
          has_tax_id: true,
          amount: 10,
        },
      },
    });
    expect(badWht.data).toEqual({ 'wht.payee_kind': 'Winnings is not subject to WHT when paid to companies' });

    const tooEarly = await test.call('POST', 'public', 'calculator/share', {
      body: { paye: { period: '2019-01', annual_gross: 10 } },
    });
    expect(tooEarly.data).toEqual({ 'paye.period': 'Periods before 2020-01 are not supported' });

    const rows = await test.database.db.select().from(calculatorShares);
    expect(rows.every((row) => row.paye?.period !== '2019-01')).toBe(true);
  });

  it('limits how many shares one address saves in a short time', async () => {
    const shareFrom = (remoteAddress: string) =>
      test.app.inject({
        method: 'POST',
        url: '/service/v1/public/calculator/share',
        remoteAddress,
        payload: { paye: { period: '2026-01', monthly_gross: 100000 } },
      });
    for (let count = 0; count < SHARE_LIMIT.max; count += 1)
      expect((await shareFrom('203.0.113.7')).statusCode).toBe(200);
    const refused = await shareFrom('203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'You have shared many calculations in a short time. Please wait a few minutes and try again.',
    });
    expect((await shareFrom('203.0.113.8')).statusCode).toBe(200);
  });
});
