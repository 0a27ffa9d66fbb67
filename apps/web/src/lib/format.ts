import { formatNaira, parseNaira } from '@levy/tax';
import dayjs from 'dayjs';

/** Dates as DD MMM, YYYY (product-design "Expected everywhere"). */
export const DATE_FORMAT = 'DD MMM, YYYY';

export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_FORMAT) : '';
}

/** A naira amount from the API (a decimal string or number) as ₦1,234,567.89; 0.00 when empty. */
export function formatAmount(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return formatNaira(null);
  return formatNaira(parseNaira(value));
}

/** Initials for an avatar: the first letter of the first name, else of the email. */
export function initialOf(name: string | null | undefined, fallback = '?'): string {
  const letter = (name ?? '').trim().charAt(0);
  return letter ? letter.toUpperCase() : fallback;
}

export function fullName(person: { first_name?: string | null; last_name?: string | null }): string {
  return [person.first_name, person.last_name].filter(Boolean).join(' ');
}
