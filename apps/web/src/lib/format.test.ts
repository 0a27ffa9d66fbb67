import { describe, expect, it } from 'vitest';
import { formatDate, formatLagosDateTime } from './format';

// Moments are shown in Lagos time on every screen, whatever the browser's (or this runner's) zone
//: 04:57 UTC is 05:57 in Lagos. Calendar dates (due dates, periods) stay as they are.
describe('Lagos dates and times', () => {
  it('writes the moment as it was in Lagos, labelled', () => {
    expect(formatLagosDateTime('2026-11-24T04:57:00.000Z')).toBe('24 Nov, 2026 at 05:57 (Lagos time)');
    expect(formatLagosDateTime('2026-09-30T23:30:00.000Z')).toBe('01 Oct, 2026 at 00:30 (Lagos time)');
    expect(formatDate('2026-09-30T23:30:00.000Z')).toBe('01 Oct, 2026');
    expect(formatDate('2026-09-15T10:00:00.000Z')).toBe('15 Sep, 2026');
    expect(formatDate(new Date('2026-12-31T23:30:00.000Z'))).toBe('01 Jan, 2027');
  });

  it('writes a calendar date as the date it is, in any zone', () => {
    expect(formatDate('2026-11-10')).toBe('10 Nov, 2026');
    expect(formatDate('2026-12-31')).toBe('31 Dec, 2026');
  });

  it('writes nothing for nothing', () => {
    expect(formatLagosDateTime(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
