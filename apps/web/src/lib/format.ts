import { formatNaira, MONTH_ABBREVIATIONS, parseNaira } from '@levy/tax';
import dayjs from 'dayjs';

/** Dates as DD MMM, YYYY (docs/product.md "Expected everywhere"). */
export const DATE_FORMAT = 'DD MMM, YYYY';

/**
 * A date as DD MMM, YYYY. A calendar date (`YYYY-MM-DD`: a due date, a tax period) is written as it
 * is; a moment (a timestamp) as its date in Lagos: bills, payments and deadlines are Nigerian
 * business, so they read the same in whichever zone the browser is set to.
 */
export function formatDate(value: string | Date | null | undefined): string {
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) {
    const date = dayjs(value);
    return date.isValid() ? date.format(DATE_FORMAT) : '';
  }
  return lagosParts(value)?.date ?? '';
}

/** A tax month (YYYY-MM, or a date in it) as 'October 2026'. */
export function formatPeriod(period: string): string {
  return dayjs(`${period.slice(0, 7)}-01`).format('MMMM YYYY');
}

/** A naira amount from the API (a decimal string or number) as ₦1,234,567.89; 0.00 when empty. */
export function formatAmount(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return formatNaira(null);
  return formatNaira(parseNaira(value));
}

/** '1 employee', '3 employees', '1,200 employees'. */
export function plural(count: number, noun: string): string {
  return `${count.toLocaleString('en-NG')} ${noun}${count === 1 ? '' : 's'}`;
}

/** Initials for an avatar: the first letter of the first name, else of the email. */
export function initialOf(name: string | null | undefined, fallback = '?'): string {
  const letter = (name ?? '').trim().charAt(0);
  return letter ? letter.toUpperCase() : fallback;
}

export function fullName(person: { first_name?: string | null; last_name?: string | null }): string {
  return [person.first_name, person.last_name].filter(Boolean).join(' ');
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;
const LAGOS_PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  day: '2-digit',
  month: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

function lagosParts(value: string | Date | null | undefined) {
  if (!value) return null;
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return null;
  const parts = LAGOS_PARTS.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  return {
    // The month by name from the tax package: some browsers' en-GB writes September "Sept".
    date: `${part('day')} ${MONTH_ABBREVIATIONS[Number(part('month')) - 1]}, ${part('year')}`,
    time: `${part('hour')}:${part('minute')}`,
  };
}

/** `24 Nov, 2026 at 05:57 (Lagos time)`, as the receipt prints it, whatever the browser's zone. */
export function formatLagosDateTime(value: string | Date | null | undefined): string {
  const parts = lagosParts(value);
  return parts ? `${parts.date} at ${parts.time} (Lagos time)` : '';
}
