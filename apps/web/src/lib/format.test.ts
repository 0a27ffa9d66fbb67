import { describe, expect, it } from 'vitest';
import { formatLagosDate, formatLagosDateTime } from './format';

// Bills are shown in Lagos time whatever the browser's (or this runner's) zone (issue 23): 04:57
// UTC is 05:57 in Lagos.
describe('Lagos dates and times', () => {
  it('writes the moment as it was in Lagos, labelled', () => {
    expect(formatLagosDateTime('2026-11-24T04:57:00.000Z')).toBe('24 Nov, 2026 at 05:57 (Lagos time)');
    expect(formatLagosDateTime('2026-09-30T23:30:00.000Z')).toBe('01 Oct, 2026 at 00:30 (Lagos time)');
    expect(formatLagosDate('2026-09-30T23:30:00.000Z')).toBe('01 Oct, 2026');
    expect(formatLagosDate('2026-09-15T10:00:00.000Z')).toBe('15 Sep, 2026');
  });

  it('writes nothing for nothing', () => {
    expect(formatLagosDateTime(null)).toBe('');
    expect(formatLagosDate('not a date')).toBe('');
  });
});
