import { describe, expect, it } from 'vitest';
import { computeBillCharge } from './charges';
import { latePenalty, latePenaltyRule, monetaryPolicyRateOn } from './deadlines';
import { isWorkingDay, nonWorkingReason, publicHolidays } from './holidays';
import { naira } from './money';
import { mergeDatedRows, mergeHolidays, mergeReferenceTables, SEED_REFERENCE_TABLES } from './reference-tables';

const NO_STAFF = { mpr: [], holidays: [], charges: [], mprReviewedOn: null, holidaysReviewedOn: null, chargesReviewedOn: null };

describe('reference tables merged with staff rows', () => {
  it('without staff rows is the seed', () => {
    const merged = mergeReferenceTables(NO_STAFF);
    expect(merged.mpr).toEqual(SEED_REFERENCE_TABLES.mpr);
    expect(merged.declaredHolidays).toEqual(SEED_REFERENCE_TABLES.declaredHolidays);
    expect(merged.mprReviewedOn).toBe('2026-02-24');
  });

  it('puts a staff MPR row in date order, the later of two rows on one day winning', () => {
    const rows = mergeDatedRows(
      [{ from: '2026-01-01', source: 'seed', value: 1 }, { from: '2026-03-01', source: 'seed', value: 3 }],
      [{ from: '2026-02-01', source: 'staff', value: 2 }, { from: '2026-03-01', source: 'staff', value: 4 }],
    );
    expect(rows.map((row) => [row.from, row.value])).toEqual([['2026-01-01', 1], ['2026-02-01', 2], ['2026-03-01', 4]]);
  });

  it('charges the staff rate from its date and the seed rate before it', () => {
    const tables = mergeReferenceTables({ ...NO_STAFF, mpr: [{ from: '2026-05-20', source: 'CBN MPC communiqué, 305th meeting', value: 2_000 }] });
    expect(monetaryPolicyRateOn('2026-05-19', tables)).toBe(2_650);
    expect(monetaryPolicyRateOn('2026-05-20', tables)).toBe(2_000);
    // Due 10 May, 20 days late: 9 days at 26.50% (11–19 May) and 11 at 20.00% (20–30 May).
    const result = latePenalty({ tax: naira(1_000_000), dueDate: '2026-05-10', asOf: '2026-05-30' }, tables);
    const expectedInterest = Math.round((1_000_000_00 * (2_650 * 9 + 2_000 * 11)) / (10_000 * 365));
    expect(result.interest).toBe(expectedInterest);
    expect(result.interest).toBeLessThan(latePenalty({ tax: naira(1_000_000), dueDate: '2026-05-10', asOf: '2026-05-30' }).interest);
    // A penalty that ends before the row is the seed's.
    expect(latePenalty({ tax: naira(1_000_000), dueDate: '2026-04-10', asOf: '2026-05-19' }, tables)).toEqual(latePenalty({ tax: naira(1_000_000), dueDate: '2026-04-10', asOf: '2026-05-19' }));
  });

  it('says how current the MPR is: the last review, not the row’s own date', () => {
    const tables = mergeReferenceTables({ ...NO_STAFF, mprReviewedOn: '2026-11-20' });
    expect(latePenalty({ tax: naira(100), dueDate: '2026-10-10', asOf: '2026-11-20' }, tables).mprAsOf).toBe('2026-11-20');
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
    const tables = mergeReferenceTables({ ...NO_STAFF, holidays: [{ date: '2027-02-15', name: 'Sallah holiday', basis: 'declared', source: 'Ministry of Interior' }] });
    expect(isWorkingDay('2027-02-15', tables)).toBe(false);
    expect(nonWorkingReason('2027-02-15', tables)).toBe('Sallah holiday (public holiday)');
    expect(isWorkingDay('2027-02-15')).toBe(true);
    expect(publicHolidays(2027, tables).length).toBe(publicHolidays(2027).length + 1);
  });

  it('charges a staff schedule for bills of its month on, and the seed before it', () => {
    const seed = SEED_REFERENCE_TABLES.chargeSchedule[0].value;
    const tables = mergeReferenceTables({
      ...NO_STAFF,
      charges: [{ from: '2026-12-01', source: 'Levy pricing decision (test)', value: { ...seed, fees: { ...seed.fees, paye: { base: naira(600), perRecipient: naira(50), cap: naira(20_000) } } } }],
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
});
