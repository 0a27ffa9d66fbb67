import { describe, expect, it } from 'vitest';
import { addMonths, monthName } from './calendar';

describe('monthName', () => {
  it('names every month of a year in full, September included', () => {
    const names = Array.from({ length: 12 }, (_, index) => monthName(addMonths('2026-01', index)));
    expect(names[0]).toBe('January 2026');
    expect(names[8]).toBe('September 2026');
    expect(names[11]).toBe('December 2026');
    expect(new Set(names).size).toBe(12);
  });
});
