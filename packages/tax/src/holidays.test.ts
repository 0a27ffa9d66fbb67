import { describe, expect, it } from 'vitest';
import {
  easterSunday,
  isWorkingDay,
  lastWorkingDayOnOrBefore,
  nonWorkingReason,
  publicHolidayOn,
  publicHolidays,
} from './holidays';

describe('Nigerian public holidays', () => {
  it('computes Easter Sunday and from it Good Friday and Easter Monday', () => {
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(publicHolidayOn('2026-04-03')?.name).toBe('Good Friday');
    expect(publicHolidayOn('2026-04-06')?.name).toBe('Easter Monday');
  });

  it('lists the fixed days of the Act, with Democracy Day on 12 June, and the declared Islamic days', () => {
    const names = publicHolidays(2025).map((holiday) => `${holiday.date} ${holiday.name}`);
    expect(names).toContain('2025-06-12 Democracy Day');
    expect(names).toContain('2025-10-01 Independence Day');
    expect(names).toContain('2025-03-31 Eid-el-Fitr');
    expect(names).not.toContain('2025-05-29 Democracy Day');
    expect(publicHolidayOn('2025-06-06')).toMatchObject({
      basis: 'declared',
      source: 'Federal Ministry of Interior declaration',
    });
    expect(publicHolidayOn('2027-03-10')?.basis).toBe('expected');
    // Eid-el-Fitr 2026 as the Ministry declared it: Thursday 19 and Friday 20 March.
    expect(publicHolidayOn('2026-03-19')).toMatchObject({ name: 'Eid-el-Fitr', basis: 'declared' });
    expect(publicHolidayOn('2026-03-20')?.basis).toBe('declared');
    expect(publicHolidayOn('2026-03-23')).toBeUndefined();
    expect(lastWorkingDayOnOrBefore('2026-03-22')).toBe('2026-03-18');
    expect(publicHolidayOn('2025-12-25')?.source).toMatch(/Public Holidays Act/);
  });

  it('keeps a working day and steps back over a weekend', () => {
    expect(lastWorkingDayOnOrBefore('2026-10-09')).toBe('2026-10-09');
    expect(lastWorkingDayOnOrBefore('2026-10-10')).toBe('2026-10-09'); // Saturday → Friday
    expect(lastWorkingDayOnOrBefore('2026-05-10')).toBe('2026-05-08'); // Sunday → Friday
    expect(nonWorkingReason('2026-10-10')).toBe('a Saturday');
    expect(nonWorkingReason('2026-10-09')).toBeNull();
  });

  it('steps back over holidays and the weekend before them', () => {
    // Easter Monday 6 April 2026, after the weekend and Good Friday: Thursday 2 April.
    expect(lastWorkingDayOnOrBefore('2026-04-06')).toBe('2026-04-02');
    // Boxing Day 2025 (Friday) after Christmas (Thursday): Wednesday 24 December.
    expect(lastWorkingDayOnOrBefore('2025-12-26')).toBe('2025-12-24');
    expect(nonWorkingReason('2027-03-10')).toBe('Eid-el-Fitr (public holiday)');
    expect(lastWorkingDayOnOrBefore('2027-03-10')).toBe('2027-03-09');
    expect(isWorkingDay('2027-03-09')).toBe(true);
  });
});
