/**
 * Sharing is the calculator's only public call that writes, so each address may save at most
 * `max` shares per window. Counted in this process: with several API processes an address gets
 * that many per process, which still stops a script filling the table.
 */
export function createShareLimiter({ max, windowMs }: { max: number; windowMs: number }, now: () => number = Date.now) {
  const recent = new Map<string, number[]>();
  return {
    /** Counts one share for the address; false when it is over the limit. */
    take(address: string): boolean {
      const since = now() - windowMs;
      const times = (recent.get(address) ?? []).filter((time) => time > since);
      if (times.length >= max) {
        recent.set(address, times);
        return false;
      }
      times.push(now());
      recent.set(address, times);
      // Forget addresses that have gone quiet, so the map stays small.
      if (recent.size > 10_000) {
        for (const [key, list] of recent) if (list.every((time) => time <= since)) recent.delete(key);
      }
      return true;
    },
  };
}

export const SHARE_LIMIT = { max: 30, windowMs: 10 * 60_000 };
