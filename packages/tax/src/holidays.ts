import { addDays, dayOfWeek, formatPeriod, toDayNumber, type IsoDate } from './calendar';

/**
 * Nigerian federal public holidays (Public Holidays Act, Cap. P40 LFN 2004, Schedule, as amended
 * by the Public Holidays (Amendment) Act 2019, which made 12 June Democracy Day in place of
 * 29 May). Fixed dates and the movable Christian dates (Good Friday, Easter Monday, from the
 * Gregorian Easter) are computed for any year. The Islamic holidays (Eid-el-Fitr, Eid-el-Kabir,
 * Eid-el-Maulud) follow the sighting of the moon and are declared by the Federal Government
 * (Federal Ministry of Interior) days before, so they are a dated list per year: `declared` rows
 * were announced by the Ministry, `expected` rows are the astronomical estimate until it declares
 * (update the row when it does). The Ministry also declares the Monday after a holiday that falls
 * on a weekend; those declared days are listed with the Islamic ones.
 */
export const PUBLIC_HOLIDAYS_SOURCE =
  'Public Holidays Act, Cap. P40 LFN 2004 (as amended 2019); Islamic holidays and substitute days as declared by the Federal Ministry of Interior';

export interface PublicHoliday {
  date: IsoDate;
  name: string;
  /** `law`: a fixed or computed date of the Act; `declared`/`expected`: see PUBLIC_HOLIDAYS_SOURCE. */
  basis: 'law' | 'declared' | 'expected';
  source: string;
}

const FIXED_HOLIDAYS: ReadonlyArray<{ month: number; day: number; name: string }> = [
  { month: 1, day: 1, name: "New Year's Day" },
  { month: 5, day: 1, name: "Workers' Day" },
  { month: 6, day: 12, name: 'Democracy Day' },
  { month: 10, day: 1, name: 'Independence Day' },
  { month: 12, day: 25, name: 'Christmas Day' },
  { month: 12, day: 26, name: 'Boxing Day' },
];

const MINISTRY = 'Federal Ministry of Interior declaration';
const ESTIMATE = 'Astronomical estimate, pending the Federal Ministry of Interior declaration';

/** Islamic holidays and declared substitute days, 2025–2027. */
export const DECLARED_HOLIDAYS: readonly PublicHoliday[] = [
  { date: '2025-03-31', name: 'Eid-el-Fitr', basis: 'declared', source: MINISTRY },
  { date: '2025-04-01', name: 'Eid-el-Fitr holiday', basis: 'declared', source: MINISTRY },
  { date: '2025-06-06', name: 'Eid-el-Kabir', basis: 'declared', source: MINISTRY },
  { date: '2025-06-09', name: 'Eid-el-Kabir holiday', basis: 'declared', source: MINISTRY },
  { date: '2025-09-05', name: 'Eid-el-Maulud', basis: 'declared', source: MINISTRY },
  // Declared on 17 March 2026 (statement by the Ministry's Permanent Secretary): Thursday and Friday.
  { date: '2026-03-19', name: 'Eid-el-Fitr', basis: 'declared', source: MINISTRY },
  { date: '2026-03-20', name: 'Eid-el-Fitr holiday', basis: 'declared', source: MINISTRY },
  { date: '2026-05-27', name: 'Eid-el-Kabir', basis: 'expected', source: ESTIMATE },
  { date: '2026-05-28', name: 'Eid-el-Kabir holiday', basis: 'expected', source: ESTIMATE },
  { date: '2026-08-26', name: 'Eid-el-Maulud', basis: 'expected', source: ESTIMATE },
  { date: '2027-03-10', name: 'Eid-el-Fitr', basis: 'expected', source: ESTIMATE },
  { date: '2027-03-11', name: 'Eid-el-Fitr holiday', basis: 'expected', source: ESTIMATE },
  { date: '2027-05-17', name: 'Eid-el-Kabir', basis: 'expected', source: ESTIMATE },
  { date: '2027-05-18', name: 'Eid-el-Kabir holiday', basis: 'expected', source: ESTIMATE },
  { date: '2027-08-16', name: 'Eid-el-Maulud', basis: 'expected', source: ESTIMATE },
];

/** The last day the declared list above was checked against the Ministry's announcements. */
export const DECLARED_HOLIDAYS_REVIEWED_ON: IsoDate = '2026-03-17';

/** The declared and expected holidays a calculation uses: the list above, or it merged with staff rows (reference-tables.ts). */
export interface HolidayTable {
  readonly declaredHolidays: readonly PublicHoliday[];
}

export const SEED_HOLIDAY_TABLE: HolidayTable = { declaredHolidays: DECLARED_HOLIDAYS };

/** Gregorian Easter Sunday (the anonymous Gregorian algorithm, Meeus/Jones/Butcher). */
export function easterSunday(year: number): IsoDate {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${formatPeriod(year, month)}-${String(day).padStart(2, '0')}`;
}

const LAW = 'Public Holidays Act, Cap. P40 LFN 2004 (as amended 2019)';
// Per declared list, so a table merged with staff rows never reads the seed's years.
const caches = new WeakMap<readonly PublicHoliday[], Map<number, PublicHoliday[]>>();

/** The public holidays of a year, sorted by date. */
export function publicHolidays(year: number, tables: HolidayTable = SEED_HOLIDAY_TABLE): PublicHoliday[] {
  let cache = caches.get(tables.declaredHolidays);
  if (!cache) {
    cache = new Map();
    caches.set(tables.declaredHolidays, cache);
  }
  const cached = cache.get(year);
  if (cached) return cached;
  const easter = easterSunday(year);
  const holidays: PublicHoliday[] = [
    ...FIXED_HOLIDAYS.map(({ month, day, name }) => ({
      date: `${formatPeriod(year, month)}-${String(day).padStart(2, '0')}`,
      name,
      basis: 'law' as const,
      source: LAW,
    })),
    { date: addDays(easter, -2), name: 'Good Friday', basis: 'law', source: LAW },
    { date: addDays(easter, 1), name: 'Easter Monday', basis: 'law', source: LAW },
    ...tables.declaredHolidays.filter((holiday) => holiday.date.startsWith(`${year}-`)),
  ];
  holidays.sort((left, right) => left.date.localeCompare(right.date));
  cache.set(year, holidays);
  return holidays;
}

/** The public holiday on a date, if any. */
export function publicHolidayOn(date: IsoDate, tables: HolidayTable = SEED_HOLIDAY_TABLE): PublicHoliday | undefined {
  toDayNumber(date);
  return publicHolidays(Number(date.slice(0, 4)), tables).find((holiday) => holiday.date === date);
}

export function isWeekend(date: IsoDate): boolean {
  const weekday = dayOfWeek(date);
  return weekday === 0 || weekday === 6;
}

export function isWorkingDay(date: IsoDate, tables: HolidayTable = SEED_HOLIDAY_TABLE): boolean {
  return !isWeekend(date) && publicHolidayOn(date, tables) === undefined;
}

/** The date itself when it is a working day, else the last working day before it. */
export function lastWorkingDayOnOrBefore(date: IsoDate, tables: HolidayTable = SEED_HOLIDAY_TABLE): IsoDate {
  let day = date;
  while (!isWorkingDay(day, tables)) day = addDays(day, -1);
  return day;
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Why a date is not a working day ('a Saturday', 'Christmas Day (public holiday)'), or null when it is one. */
export function nonWorkingReason(date: IsoDate, tables: HolidayTable = SEED_HOLIDAY_TABLE): string | null {
  const holiday = publicHolidayOn(date, tables);
  if (holiday) return `${holiday.name} (public holiday)`;
  if (isWeekend(date)) return `a ${WEEKDAY_NAMES[dayOfWeek(date)]}`;
  return null;
}
