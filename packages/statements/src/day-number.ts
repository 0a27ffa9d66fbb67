import type { IsoDate } from '@levy/tax';

const MS_PER_DAY = 86_400_000;

/**
 * Days since 1970-01-01 for a date the engine has already validated. `toDayNumber` from
 * @levy/tax validates again on every call, which a 10,000-row statement pays for many times over.
 */
export function dayNumberOfIso(date: IsoDate): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / MS_PER_DAY;
}
