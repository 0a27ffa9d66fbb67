import { describe, expect, it } from 'vitest';
import { computeBillCharge } from './charges';
import { latePenalty, latePenaltyRule, monetaryPolicyRateOn } from './deadlines';
import { isWorkingDay, nonWorkingReason, publicHolidays } from './holidays';
import { naira } from './money';
import { mergeDatedRows, mergeHolidays, mergeReferenceTables, SEED_REFERENCE_TABLES } from './reference-tables';
import { computeWht, isWhtDeductionWaived, listWhtTypes } from './wht';
import { mergeWhtRates, WHT_RATE_TABLE } from './wht-rates';

const NO_STAFF = {
  mpr: [],
  holidays: [],
  charges: [],
  wht: [],
  mprReviewedOn: null,
  holidaysReviewedOn: null,
  chargesReviewedOn: null,
  whtReviewedOn: null,
};

describe('reference tables merged with staff rows', () => {
  it('without staff rows is the seed', () => {
    const merged = mergeReferenceTables(NO_STAFF);
    expect(merged.mpr).toEqual(SEED_REFERENCE_TABLES.mpr);
    expect(merged.declaredHolidays).toEqual(SEED_REFERENCE_TABLES.declaredHolidays);
    expect(merged.mprReviewedOn).toBe('2026-02-24');
  });

  it('puts a staff MPR row in date order, the later of two rows on one day winning', () => {
    const rows = mergeDatedRows(
      [
        { from: '2026-01-01', source: 'seed', value: 1 },
        { from: '2026-03-01', source: 'seed', value: 3 },
      ],
      [
        { from: '2026-02-01', source: 'staff', value: 2 },
        { from: '2026-03-01', source: 'staff', value: 4 },
      ],
    );
    expect(rows.map((row) => [row.from, row.value])).toEqual([
      ['2026-01-01', 1],
      ['2026-02-01', 2],
      ['2026-03-01', 4],
    ]);
  });

  it('charges the staff rate from its date and the seed rate before it', () => {
    const tables = mergeReferenceTables({
      ...NO_STAFF,
      mpr: [{ from: '2026-05-20', source: 'CBN MPC communiqué, 305th meeting', value: 2_000 }],
    });
    expect(monetaryPolicyRateOn('2026-05-19', tables)).toBe(2_650);
    expect(monetaryPolicyRateOn('2026-05-20', tables)).toBe(2_000);
    // Due 10 May, 20 days late: 9 days at 26.50% (11–19 May) and 11 at 20.00% (20–30 May).
    const result = latePenalty({ tax: naira(1_000_000), dueDate: '2026-05-10', asOf: '2026-05-30' }, tables);
    const expectedInterest = Math.round((1_000_000_00 * (2_650 * 9 + 2_000 * 11)) / (10_000 * 365));
    expect(result.interest).toBe(expectedInterest);
    expect(result.interest).toBeLessThan(
      latePenalty({ tax: naira(1_000_000), dueDate: '2026-05-10', asOf: '2026-05-30' }).interest,
    );
    // A penalty that ends before the row is the seed's.
    expect(latePenalty({ tax: naira(1_000_000), dueDate: '2026-04-10', asOf: '2026-05-19' }, tables)).toEqual(
      latePenalty({ tax: naira(1_000_000), dueDate: '2026-04-10', asOf: '2026-05-19' }),
    );
  });

  it('says how current the MPR is: the last review, not the row’s own date', () => {
    const tables = mergeReferenceTables({ ...NO_STAFF, mprReviewedOn: '2026-11-20' });
    expect(latePenalty({ tax: naira(100), dueDate: '2026-10-10', asOf: '2026-11-20' }, tables).mprAsOf).toBe(
      '2026-11-20',
    );
    expect(latePenaltyRule('2026-10-10', '2026-11-20', tables)).toBe(
      '10% a year plus interest at the CBN Monetary Policy Rate (26.50% from 24 Feb, 2026; MPR as of 20 Nov, 2026), pro rata by day (NTAA 2025 s.107)',
    );
    // An older review never moves the date back.
    expect(mergeReferenceTables({ ...NO_STAFF, mprReviewedOn: '2025-01-01' }).mprReviewedOn).toBe('2026-02-24');
  });

  it('lets a declared holiday replace the expected one of the same name and year', () => {
    const merged = mergeHolidays(SEED_REFERENCE_TABLES.declaredHolidays, [
      { date: '2027-05-16', name: 'Eid-el-Kabir', basis: 'declared', source: 'Ministry of Interior, 12 May 2027' },
    ]);
    expect(merged.filter((holiday) => holiday.name === 'Eid-el-Kabir' && holiday.date.startsWith('2027'))).toEqual([
      { date: '2027-05-16', name: 'Eid-el-Kabir', basis: 'declared', source: 'Ministry of Interior, 12 May 2027' },
    ]);
    // The holiday after it stays; 2026's Eid-el-Kabir is untouched.
    expect(merged.some((holiday) => holiday.date === '2027-05-18')).toBe(true);
    expect(merged.some((holiday) => holiday.date === '2026-05-27')).toBe(true);
  });

  it('moves working days and reasons with a staff holiday, leaving the seed alone', () => {
    const tables = mergeReferenceTables({
      ...NO_STAFF,
      holidays: [{ date: '2027-02-15', name: 'Sallah holiday', basis: 'declared', source: 'Ministry of Interior' }],
    });
    expect(isWorkingDay('2027-02-15', tables)).toBe(false);
    expect(nonWorkingReason('2027-02-15', tables)).toBe('Sallah holiday (public holiday)');
    expect(isWorkingDay('2027-02-15')).toBe(true);
    expect(publicHolidays(2027, tables).length).toBe(publicHolidays(2027).length + 1);
  });

  it('charges a staff schedule for bills of its month on, and the seed before it', () => {
    const seed = SEED_REFERENCE_TABLES.chargeSchedule[0].value;
    const tables = mergeReferenceTables({
      ...NO_STAFF,
      charges: [
        {
          from: '2026-12-01',
          source: 'Levy pricing decision (test)',
          value: {
            ...seed,
            fees: { ...seed.fees, paye: { base: naira(600), perRecipient: naira(50), cap: naira(20_000) } },
          },
        },
      ],
      chargesReviewedOn: '2026-11-24',
    });
    const bill = { billType: 'paye' as const, recipientCount: 10, amountDue: naira(250_000) };
    expect(computeBillCharge({ ...bill, date: '2026-11-01' }, tables).fee).toBe(naira(1_000));
    expect(computeBillCharge({ ...bill, date: '2026-12-01' }, tables).fee).toBe(naira(1_100));
    // Without the tables the engine reads the seed: the web's calculator.
    expect(computeBillCharge({ ...bill, date: '2026-12-01' }).fee).toBe(naira(1_000));
    expect(tables.chargesReviewedOn).toBe('2026-11-24');
    expect(mergeReferenceTables(NO_STAFF).chargeSchedule).toEqual(SEED_REFERENCE_TABLES.chargeSchedule);
  });

  it('charges a staff WHT rate for its cell from its month, leaving the other cells and earlier months alone', () => {
    const tables = mergeReferenceTables({
      ...NO_STAFF,
      wht: [
        {
          from: '2027-01-01',
          source: 'Deduction of Tax at Source (Amendment) Regulations (test)',
          value: { code: 'rent', payeeKind: 'individual', resident: true, rateBps: 750 },
        },
      ],
      whtReviewedOn: '2026-11-24',
    });
    const rent = {
      code: 'rent',
      payeeKind: 'individual' as const,
      resident: true,
      hasTaxId: true,
      amount: naira(100_000),
    };
    expect(computeWht({ ...rent, period: '2026-12' }, tables).tax).toBe(naira(10_000));
    expect(computeWht({ ...rent, period: '2027-01' }, tables).tax).toBe(naira(7_500));
    expect(computeWht({ ...rent, period: '2027-06' }, tables).rateBps).toBe(750);
    // The same type for a company, or a non-resident, keeps the schedule's rate.
    expect(computeWht({ ...rent, payeeKind: 'company', period: '2027-01' }, tables).rateBps).toBe(1_000);
    expect(computeWht({ ...rent, resident: false, period: '2027-01' }, tables).rateBps).toBe(1_000);
    // The schedule's other rules hold: no Tax ID still doubles a non-passive type's new rate.
    const fees = mergeReferenceTables({
      ...NO_STAFF,
      wht: [
        {
          from: '2027-01-01',
          source: 'test',
          value: { code: 'professional_fees', payeeKind: 'individual', resident: true, rateBps: 300 },
        },
      ],
    });
    expect(computeWht({ ...rent, code: 'professional_fees', hasTaxId: false, period: '2027-01' }, fees).rateBps).toBe(
      600,
    );
    expect(
      isWhtDeductionWaived(
        { period: '2027-01', payerIsSmallCompany: true, payeeHasTaxId: true, monthlyTransactionsTotal: naira(1_000) },
        fees,
      ),
    ).toBe(true);
    expect(listWhtTypes('2027-01', tables).find((type) => type.code === 'rent')?.percentage).toBe(7.5);
    // Without the tables the engine reads the shipped schedule.
    expect(computeWht({ ...rent, period: '2027-01' }).rateBps).toBe(1_000);
    expect(tables.whtReviewedOn).toBe('2026-11-24');
    expect(mergeReferenceTables(NO_STAFF).whtRates).toEqual(WHT_RATE_TABLE);
  });

  it('keeps a staff WHT cell until a later row sets it again; rows of one day apply in order', () => {
    const cell = (from: string, rateBps: number) => ({
      from,
      source: `row ${rateBps}`,
      value: { code: 'rent' as const, payeeKind: 'company' as const, resident: false, rateBps },
    });
    const merged = mergeWhtRates(WHT_RATE_TABLE, [
      cell('2027-03-01', 800),
      cell('2027-01-01', 900),
      cell('2027-01-01', 700),
    ]);
    const rate = (from: string) =>
      merged.find((row) => row.from === from)?.value.rows.find((row) => row.code === 'rent')?.rates.company.nonResident;
    expect(merged.map((row) => row.from)).toEqual(['2020-01-01', '2025-01-01', '2027-01-01', '2027-03-01']);
    expect(rate('2025-01-01')).toBe(1_000);
    expect(rate('2027-01-01')).toBe(700);
    expect(rate('2027-03-01')).toBe(800);
    expect(merged[2].source).toBe('row 900; row 700');
    // A row for a type the older schedule lacked gives it a row there, blank in the other cells.
    const before2025 = mergeWhtRates(WHT_RATE_TABLE, [
      {
        from: '2024-06-01',
        source: 'test',
        value: { code: 'winnings', payeeKind: 'individual', resident: true, rateBps: 500 },
      },
    ]);
    const winnings = before2025
      .find((row) => row.from === '2024-06-01')
      ?.value.rows.find((row) => row.code === 'winnings');
    expect(winnings?.rates).toEqual({
      company: { resident: null, nonResident: null },
      individual: { resident: 500, nonResident: null },
    });
    // The 2025 schedule replaces the whole table: the 2024 staff cell does not carry over.
    expect(before2025.at(-1)?.value).toBe(WHT_RATE_TABLE[1].value);
  });
});
