import { asKobo, koboToNairaString, type Kobo } from '@levy/tax';
import type { BillPerson } from './bill-ports';

// Words and numbers as the bills module writes them: Lagos dates, months, naira.

const LAGOS = 'Africa/Lagos';

export const fullName = (person: Pick<BillPerson, 'firstName' | 'lastName'>) =>
  `${person.firstName} ${person.lastName}`.trim();

// Formatters are made once: building one costs more than formatting, and bills and alerts ask often
// (a new one for each date of each payment mail was a third of a second of a month-end run).
const LAGOS_DAY = new Intl.DateTimeFormat('en-GB', {
  timeZone: LAGOS,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const UTC_DAY = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' });
const LAGOS_MONTH = new Intl.DateTimeFormat('en-CA', { timeZone: LAGOS, year: 'numeric', month: '2-digit' });

/** `24 Nov 2026`, in Lagos. */
export function lagosDate(at: Date): string {
  return LAGOS_DAY.format(at);
}

/** `2026-11-12` (a calendar date) → `12 Nov 2026`. */
export function calendarDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return UTC_DAY.format(new Date(Date.UTC(year, month - 1, day)));
}

export function currentMonth(now: Date): string {
  return LAGOS_MONTH.format(now).slice(0, 7);
}

export function lastDayOfMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  const day = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return `${month}-${String(day).padStart(2, '0')}`;
}

export const naira = (amount: Kobo | number): string => koboToNairaString(asKobo(amount));
