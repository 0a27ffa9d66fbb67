import type { IsoDate } from './calendar';
import { CHARGE_SCHEDULE_TABLE, SEED_CHARGE_TABLE, type ChargeSchedule, type ChargeTable } from './charge-schedule';
import type { Dated } from './dated';
import { SEED_MPR_TABLE, type MprTable } from './deadline-rules';
import { DECLARED_HOLIDAYS_REVIEWED_ON, SEED_HOLIDAY_TABLE, type HolidayTable, type PublicHoliday } from './holidays';
import { mergeWhtRates, SEED_WHT_TABLES, WHT_RATE_TABLE, type WhtRateCell, type WhtRateTables } from './wht-rates';

/**
 * The reference tables staff extend without a release (docs/decisions/0025): the MPR, the
 * declared public holidays, Levy's charge schedule and the WHT rates. The engine's functions take them as an optional last argument; without
 * it they read the seed tables in this package, as the web's calculator does.
 */
export interface ReferenceTables extends MprTable, HolidayTable, ChargeTable, WhtRateTables {
  /** The last day the declared holidays were known to be right. */
  readonly holidaysReviewedOn: IsoDate;
  /** The last day the charge schedule was known to be right. */
  readonly chargesReviewedOn: IsoDate;
  /** The last day the WHT rates were known to be right. */
  readonly whtReviewedOn: IsoDate;
}

export const SEED_REFERENCE_TABLES: ReferenceTables = {
  ...SEED_MPR_TABLE,
  ...SEED_HOLIDAY_TABLE,
  ...SEED_CHARGE_TABLE,
  ...SEED_WHT_TABLES,
  holidaysReviewedOn: DECLARED_HOLIDAYS_REVIEWED_ON,
  // The seed's only row: nothing later was checked when it was written.
  chargesReviewedOn: CHARGE_SCHEDULE_TABLE[CHARGE_SCHEDULE_TABLE.length - 1].from,
  whtReviewedOn: WHT_RATE_TABLE[WHT_RATE_TABLE.length - 1].from,
};

/** What staff added, as stored: rows in the order they were added, and each table's last review. */
export interface StaffReferenceRows {
  readonly mpr: readonly Dated<number>[];
  readonly holidays: readonly PublicHoliday[];
  readonly charges: readonly Dated<ChargeSchedule>[];
  readonly wht: readonly Dated<WhtRateCell>[];
  readonly mprReviewedOn: IsoDate | null;
  readonly holidaysReviewedOn: IsoDate | null;
  readonly chargesReviewedOn: IsoDate | null;
  readonly whtReviewedOn: IsoDate | null;
}

/** Rows sorted by `from`; a later row with the same `from` replaces the earlier one. */
export function mergeDatedRows<T>(seed: readonly Dated<T>[], staff: readonly Dated<T>[]): Dated<T>[] {
  const byFrom = new Map<IsoDate, Dated<T>>();
  for (const row of [...seed, ...staff]) byFrom.set(row.from, row);
  return [...byFrom.values()].sort((left, right) => left.from.localeCompare(right.from));
}

/**
 * Holidays sorted by date. A staff row replaces any row on its date, and a declared one also
 * replaces the expected row of the same name in the same year (the moon moved Eid by a day).
 */
export function mergeHolidays(seed: readonly PublicHoliday[], staff: readonly PublicHoliday[]): PublicHoliday[] {
  let merged = [...seed];
  for (const holiday of staff) {
    const year = holiday.date.slice(0, 4);
    merged = merged.filter(
      (existing) =>
        existing.date !== holiday.date &&
        !(
          holiday.basis === 'declared' &&
          existing.basis === 'expected' &&
          existing.name === holiday.name &&
          existing.date.startsWith(year)
        ),
    );
    merged.push(holiday);
  }
  return merged.sort((left, right) => left.date.localeCompare(right.date));
}

const later = (left: IsoDate, right: IsoDate | null): IsoDate => (right !== null && right > left ? right : left);

/** The seed tables merged with staff rows: what the server's engine reads. */
export function mergeReferenceTables(
  staff: StaffReferenceRows,
  seed: ReferenceTables = SEED_REFERENCE_TABLES,
): ReferenceTables {
  return {
    mpr: mergeDatedRows(seed.mpr, staff.mpr),
    mprReviewedOn: later(seed.mprReviewedOn, staff.mprReviewedOn),
    declaredHolidays: mergeHolidays(seed.declaredHolidays, staff.holidays),
    holidaysReviewedOn: later(seed.holidaysReviewedOn, staff.holidaysReviewedOn),
    chargeSchedule: mergeDatedRows(seed.chargeSchedule, staff.charges),
    chargesReviewedOn: later(seed.chargesReviewedOn, staff.chargesReviewedOn),
    whtRates: mergeWhtRates(seed.whtRates, staff.wht),
    whtReviewedOn: later(seed.whtReviewedOn, staff.whtReviewedOn),
  };
}
