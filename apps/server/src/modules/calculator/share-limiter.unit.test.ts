import { describe, expect, it } from 'vitest';
import { createShareLimiter } from './share-limiter';

describe('share limiter', () => {
  it('allows max shares per address in a window, then refuses until the window moves on', () => {
    let now = 1_000_000;
    const limiter = createShareLimiter({ max: 3, windowMs: 60_000 }, () => now);
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([true, true, true]);
    expect(limiter.take('a')).toBe(false);
    // Another address has its own allowance.
    expect(limiter.take('b')).toBe(true);
    now += 59_999;
    expect(limiter.take('a')).toBe(false);
    now += 1;
    expect(limiter.take('a')).toBe(true);
  });

  it('does not count refused attempts against the next window', () => {
    let now = 0;
    const limiter = createShareLimiter({ max: 1, windowMs: 1_000 }, () => now);
    expect(limiter.take('a')).toBe(true);
    for (let attempt = 0; attempt < 5; attempt += 1) expect(limiter.take('a')).toBe(false);
    now = 1_001;
    expect(limiter.take('a')).toBe(true);
  });
});
