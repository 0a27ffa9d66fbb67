import { asKobo, koboToNairaString, type Kobo } from '@levy/tax';
import type { BillPerson } from './bill-ports';

// Words and numbers as the bills module writes them: Lagos dates, months, naira.

const LAGOS = 'Africa/Lagos';

export const fullName = (person: Pick<BillPerson, 'firstName' | 'lastName'>) =>
  `${person.firstName} ${person.lastName}`.trim();

/** `24 Nov 2026`, in Lagos. */
export function lagosDate(at: Date): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: LAGOS, day: 'numeric', month: 'short', year: 'numeric' }).format(
    at,
  );
}

/** `2026-11-12` (a calendar date) → `12 Nov 2026`. */
export function calendarDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
}

// Made once: building a formatter costs more than formatting, and bills and alerts ask often.
const LAGOS_MONTH = new Intl.DateTimeFormat('en-CA', { timeZone: LAGOS, year: 'numeric', month: '2-digit' });

export function currentMonth(now: Date): string {
  return LAGOS_MONTH.format(now).slice(0, 7);
}

export function lastDayOfMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  const day = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return `${month}-${String(day).padStart(2, '0')}`;
}

export const naira = (amount: Kobo | number): string => koboToNairaString(asKobo(amount));
