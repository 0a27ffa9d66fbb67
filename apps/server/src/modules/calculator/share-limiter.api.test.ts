import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createShareLimiter } from './share-limiter';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

let addresses = 0;
/** A fresh address per test: the limiter's counts live in the shared database. */
const newAddress = () => `198.51.100.${(addresses += 1)}`;

describe('share limiter', () => {
  it('allows max shares per address in a window, then refuses until the window moves on', async () => {
    let now = Date.now();
    const limiter = createShareLimiter({ max: 3, windowMs: 60_000 }, () => now);
    const take = (address: string) => test.database.db.transaction((tx) => limiter.take(tx, address));
    const [a, b] = [newAddress(), newAddress()];
    expect([await take(a), await take(a), await take(a)]).toEqual([true, true, true]);
    expect(await take(a)).toBe(false);
    // Another address has its own allowance.
    expect(await take(b)).toBe(true);
    now += 59_999;
    expect(await take(a)).toBe(false);
    now += 1;
    expect(await take(a)).toBe(true);
  });

  it('does not count refused attempts against the next window', async () => {
    let now = Date.now();
    const limiter = createShareLimiter({ max: 1, windowMs: 1_000 }, () => now);
    const take = (address: string) => test.database.db.transaction((tx) => limiter.take(tx, address));
    const a = newAddress();
    expect(await take(a)).toBe(true);
    for (let attempt = 0; attempt < 5; attempt += 1) expect(await take(a)).toBe(false);
    now += 1_001;
    expect(await take(a)).toBe(true);
  });

  it('holds under parallel shares: 40 at once from one address, exactly max succeed', async () => {
    const limiter = createShareLimiter({ max: 30, windowMs: 60_000 });
    const a = newAddress();
    const results = await Promise.all(
      Array.from({ length: 40 }, () => test.database.db.transaction((tx) => limiter.take(tx, a))),
    );
    expect(results.filter(Boolean)).toHaveLength(30);
  });
});
