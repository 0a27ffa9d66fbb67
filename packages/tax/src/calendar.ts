import { TaxInputError } from './tax-input-error';

/** A tax month, `YYYY-MM`. */
export type Period = string;
/** A calendar date, `YYYY-MM-DD`, with no time and no time zone. */
export type IsoDate = string;

const PERIOD_PATTERN = /^(\d{4})-(\d{2})$/;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

export interface YearMonth {
  year: number;
  month: number; // 1–12
}

function pad2(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}

export function isValidPeriod(value: unknown): value is Period {
  if (typeof value !== 'string') return false;
  const match = PERIOD_PATTERN.exec(value);
  if (!match) return false;
  const month = Number(match[2]);
  return month >= 1 && month <= 12;
}

/** Splits `YYYY-MM`; throws a TaxInputError naming `field` when it is not a month. */
export function parsePeriod(value: string, field = 'period'): YearMonth {
  if (!isValidPeriod(value)) {
    throw new TaxInputError(field, `${field} must be a month written YYYY-MM`);
  }
  return { year: Number(value.slice(0, 4)), month: Number(value.slice(5, 7)) };
}

export function formatPeriod(year: number, month: number): Period {
  return `${String(year).padStart(4, '0')}-${pad2(month)}`;
}

/** The month `count` months after `period` (negative counts go back). */
export function addMonths(period: Period, count: number): Period {
  const { year, month } = parsePeriod(period);
  const index = year * 12 + (month - 1) + count;
  return formatPeriod(Math.floor(index / 12), (index % 12) + 1);
}

/** The months in English, January first: named here rather than by Intl, whose en-GB may write "Sept". */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** `Jan` … `Dec`. */
export const MONTH_ABBREVIATIONS = MONTH_NAMES.map((name) => name.slice(0, 3));

/** `2026-10` → `October 2026`. */
export function monthName(period: string): string {
  return `${MONTH_NAMES[Number(period.slice(5, 7)) - 1]} ${period.slice(0, 4)}`;
}

/** `2026-10` (or a date in it) → `Oct 2026`. */
export function shortMonthName(period: string): string {
  return `${MONTH_ABBREVIATIONS[Number(period.slice(5, 7)) - 1]} ${period.slice(0, 4)}`;
}

/** The product's DD MMM, YYYY: `2026-02-24` → `24 Feb, 2026`. */
export function displayDate(date: IsoDate): string {
  return `${date.slice(8, 10)} ${MONTH_ABBREVIATIONS[Number(date.slice(5, 7)) - 1]}, ${date.slice(0, 4)}`;
}

/** The first day of the month, `YYYY-MM-01`. */
export function firstDayOfPeriod(period: Period): IsoDate {
  parsePeriod(period);
  return `${period}-01`;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

export function isValidIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== 'string') return false;
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/**
 * Days since 1970-01-01 for a `YYYY-MM-DD` date. Calendar arithmetic is done on these UTC day
 * numbers so no local time zone or daylight-saving shift can move a date.
 */
export function toDayNumber(date: IsoDate, field = 'date'): number {
  if (!isValidIsoDate(date)) {
    throw new TaxInputError(field, `${field} must be a calendar date written YYYY-MM-DD`);
  }
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / MS_PER_DAY;
}

export function fromDayNumber(dayNumber: number): IsoDate {
  const date = new Date(dayNumber * MS_PER_DAY);
  return `${String(date.getUTCFullYear()).padStart(4, '0')}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())}`;
}

export function addDays(date: IsoDate, count: number): IsoDate {
  return fromDayNumber(toDayNumber(date) + count);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return toDayNumber(to, 'to') - toDayNumber(from, 'from');
}

/** 0 = Sunday … 6 = Saturday. */
export function dayOfWeek(date: IsoDate): number {
  return new Date(toDayNumber(date) * MS_PER_DAY).getUTCDay();
}

/** The tax month a date falls in. */
function periodOfDate(date: IsoDate): Period {
  toDayNumber(date);
  return date.slice(0, 7);
}

/** The date `day` of a month, moved back to the month's last day when the month is shorter. */
export function dayOfMonthClamped(year: number, month: number, day: number): IsoDate {
  const clamped = Math.min(day, daysInMonth(year, month));
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(clamped)}`;
}

/** West Africa Time is UTC+1 all year (Nigeria keeps no daylight saving). */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/** The date in Lagos at an instant: deadlines and tax months are Lagos dates. */
export function lagosDate(at: Date): IsoDate {
  return new Date(at.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);
}

/** The tax month in Lagos at an instant. */
export function lagosPeriod(at: Date): Period {
  return periodOfDate(lagosDate(at));
}
