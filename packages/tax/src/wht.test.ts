import { describe, expect, it } from 'vitest';
import { asKobo, naira } from './money';
import { TaxInputError } from './tax-input-error';
import { computeWht, isWhtCode, isWhtDeductionWaived, listWhtTypes, type WhtInput } from './wht';
import { WHT_CODES, type WhtCode } from './wht-rates';

function wht(overrides: Partial<WhtInput>) {
  return computeWht({
    period: '2026-01',
    code: 'professional_fees',
    payeeKind: 'individual',
    resident: true,
    hasTaxId: true,
    amount: naira(100_000),
    ...overrides,
  });
}

function fieldOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof TaxInputError) return error.field;
    throw error;
  }
  return undefined;
}

// docs/tax-rules.md §3, percent: company resident / non-resident / individual resident / non-resident.
const SCHEDULE_2025: Record<WhtCode, [number | null, number | null, number | null, number | null]> = {
  dividend: [10, 10, 10, 10],
  interest: [10, 10, 10, 10],
  royalty: [10, 10, 5, 5],
  rent: [10, 10, 10, 10],
  professional_fees: [5, 10, 5, 10],
  supply_of_goods: [2, null, 2, null],
  telecom_services: [2, 5, 2, 5],
  other_services: [2, 5, 2, 5],
  construction_infrastructure: [2, 5, 2, 5],
  construction_other: [5, 10, 5, 10],
  brokerage: [5, 10, 5, 10],
  directors_fees: [null, null, 15, 20],
  loss_of_employment: [null, null, 10, 10],
  winnings: [null, null, 5, 15],
};

describe('WHT rates from 2025 (WHTR 2024 First Schedule)', () => {
  const cases = WHT_CODES.flatMap((code) =>
    (
      [
        ['company', true, 0],
        ['company', false, 1],
        ['individual', true, 2],
        ['individual', false, 3],
      ] as const
    ).map(([payeeKind, resident, column]) => ({ code, payeeKind, resident, percent: SCHEDULE_2025[code][column] })),
  );

  it.each(cases.filter((c) => c.percent !== null))(
    '$code to $payeeKind (resident: $resident) with a Tax ID is $percent%',
    ({ code, payeeKind, resident, percent }) => {
      const result = wht({ code, payeeKind, resident, amount: naira(1_000_000) });
      expect(result.rateBps).toBe((percent as number) * 100);
      expect(result.tax).toBe(naira((percent as number) * 10_000));
      expect(result.net).toBe(naira(1_000_000 - (percent as number) * 10_000));
      expect(result.doubled).toBe(false);
    },
  );

  it.each(cases.filter((c) => c.percent === null))(
    '$code to $payeeKind (resident: $resident) is not allowed',
    ({ code, payeeKind, resident }) => {
      expect(() => wht({ code, payeeKind, resident })).toThrow(TaxInputError);
    },
  );

  it('names payeeKind when a code never applies to that kind of payee', () => {
    expect(fieldOf(() => wht({ code: 'directors_fees', payeeKind: 'company' }))).toBe('payeeKind');
    expect(() => wht({ code: 'winnings', payeeKind: 'company' })).toThrow(
      'Winnings is not subject to WHT when paid to companies',
    );
  });

  it('names resident when only the residency is not allowed', () => {
    expect(fieldOf(() => wht({ code: 'supply_of_goods', resident: false }))).toBe('resident');
    expect(() => wht({ code: 'supply_of_goods', payeeKind: 'company', resident: false })).toThrow(
      'Supply of goods is not subject to WHT when paid to non-resident companies',
    );
  });

  it('sends individuals’ WHT to the state and companies’ to the federal NRS', () => {
    expect(wht({ payeeKind: 'individual' }).collector).toBe('state');
    expect(wht({ payeeKind: 'company' }).collector).toBe('federal');
  });
});

describe('doubling without a Tax ID', () => {
  it('doubles goods, services and other non-passive income', () => {
    const fees = wht({ code: 'professional_fees', hasTaxId: false });
    expect(fees).toMatchObject({ rateBps: 1_000, scheduleRateBps: 500, doubled: true, tax: naira(10_000) });
    expect(wht({ code: 'supply_of_goods', payeeKind: 'company', hasTaxId: false }).rateBps).toBe(400);
    expect(wht({ code: 'professional_fees', resident: false, hasTaxId: false }).rateBps).toBe(2_000);
    expect(wht({ code: 'directors_fees', hasTaxId: false }).rateBps).toBe(3_000);
    expect(wht({ code: 'winnings', resident: false, hasTaxId: false }).rateBps).toBe(3_000);
  });

  it.each(['dividend', 'interest', 'rent', 'royalty'] as const)('does not double passive %s', (code) => {
    const withId = wht({ code, hasTaxId: true });
    const withoutId = wht({ code, hasTaxId: false });
    expect(withoutId.rateBps).toBe(withId.rateBps);
    expect(withoutId.doubled).toBe(false);
  });

  it('marks passive codes in the type list', () => {
    const passive = listWhtTypes('2026-01')
      .filter((type) => type.isPassive)
      .map((type) => type.code);
    expect(passive).toEqual(['dividend', 'interest', 'royalty', 'rent']);
  });
});

describe('WHT before 2025', () => {
  it('uses the old individual rates: royalty and fees 5%, dividend, interest, rent, directors 10%', () => {
    const old = (code: string, payeeKind: 'company' | 'individual' = 'individual') =>
      wht({ period: '2024-12', code, payeeKind }).rateBps;
    expect(old('royalty')).toBe(500);
    expect(old('professional_fees')).toBe(500);
    expect(old('brokerage')).toBe(500);
    expect(old('dividend')).toBe(1_000);
    expect(old('interest')).toBe(1_000);
    expect(old('rent')).toBe(1_000);
    expect(old('directors_fees')).toBe(1_000);
    expect(old('construction_infrastructure')).toBe(500);
    expect(old('construction_other')).toBe(500);
    expect(old('other_services')).toBe(500);
    expect(old('professional_fees', 'company')).toBe(1_000);
    expect(old('construction_infrastructure', 'company')).toBe(250);
  });

  it('has no doubling before 2025', () => {
    const result = wht({ period: '2024-12', code: 'professional_fees', hasTaxId: false });
    expect(result.rateBps).toBe(500);
    expect(result.doubled).toBe(false);
  });

  it('switches on 1 January 2025', () => {
    expect(wht({ period: '2024-12', code: 'other_services' }).rateBps).toBe(500);
    expect(wht({ period: '2025-01', code: 'other_services' }).rateBps).toBe(200);
  });

  it('has no winnings or loss-of-employment types before 2025', () => {
    expect(fieldOf(() => wht({ period: '2024-06', code: 'winnings' }))).toBe('code');
    expect(listWhtTypes('2024-06').map((type) => type.code)).not.toContain('loss_of_employment');
    expect(listWhtTypes('2024-06')).toHaveLength(12);
  });
});

describe('WHT inputs', () => {
  it('rounds the tax to the kobo half away from zero', () => {
    // ₦1,234.57 × 5% = 6,172.85 kobo
    const result = wht({ amount: asKobo(123_457) });
    expect(result.tax).toBe(6_173);
    expect(result.net).toBe(117_284);
  });

  it.each([
    [{ code: 'consulting' }, 'code'],
    [{ code: '' }, 'code'],
    [{ payeeKind: 'partnership' }, 'payeeKind'],
    [{ resident: 'yes' }, 'resident'],
    [{ hasTaxId: undefined }, 'hasTaxId'],
    [{ amount: -1 }, 'amount'],
    [{ amount: 10.5 }, 'amount'],
    [{ period: '2026-13' }, 'period'],
    [{ period: '2019-12' }, 'period'],
  ])('%j is refused with field %s', (overrides, field) => {
    expect(fieldOf(() => wht(overrides as unknown as Partial<WhtInput>))).toBe(field);
  });

  it('recognises codes', () => {
    expect(isWhtCode('rent')).toBe(true);
    expect(isWhtCode('Rent')).toBe(false);
  });
});

describe('listWhtTypes', () => {
  it('lists the 2025 schedule with the individual resident rate as the percentage', () => {
    const types = listWhtTypes('2026-01');
    expect(types).toHaveLength(14);
    const byCode = Object.fromEntries(types.map((type) => [type.code, type]));
    expect(byCode.professional_fees).toMatchObject({
      name: 'Professional fees',
      description: 'Commission, consultancy, technical, management and professional fees',
      percentage: 5,
    });
    expect(byCode.directors_fees.percentage).toBe(15);
    expect(byCode.supply_of_goods.percentage).toBe(2);
    expect(byCode.supply_of_goods.rates.company.nonResident).toBeNull();
  });
});

describe('small-company relief', () => {
  const base = {
    period: '2026-02',
    payerIsSmallCompany: true,
    payeeHasTaxId: true,
    monthlyTransactionsTotal: naira(2_000_000),
  };
  it('waives deduction up to ₦2,000,000 a month for payees with a Tax ID', () => {
    expect(isWhtDeductionWaived(base)).toBe(true);
    expect(isWhtDeductionWaived({ ...base, monthlyTransactionsTotal: asKobo(naira(2_000_000) + 1) })).toBe(false);
    expect(isWhtDeductionWaived({ ...base, payeeHasTaxId: false })).toBe(false);
    expect(isWhtDeductionWaived({ ...base, payerIsSmallCompany: false })).toBe(false);
  });
  it('does not exist before 2025', () => {
    expect(isWhtDeductionWaived({ ...base, period: '2024-11' })).toBe(false);
  });
});
