import { BILL_MESSAGES } from '@levy/contracts';
import dayjs from 'dayjs';

/** The month pickers hold the month's first day, `YYYY-MM-01`; the API takes `YYYY-MM`. */
export function toPeriod(monthValue: string): string {
  return monthValue.slice(0, 7);
}

/** The default tax month: last month, the one whose PAYE falls due now. */
export function defaultMonthValue(today: Date = new Date()): string {
  return dayjs(today).subtract(1, 'month').startOf('month').format('YYYY-MM-DD');
}

/** The month picker's first value: the month a Pay Taxes link names (`YYYY-MM`), else last month. */
export function initialMonthValue(period: string | null | undefined, today: Date = new Date()): string {
  return period ? `${period}-01` : defaultMonthValue(today);
}

/** The last day of a month, for a WHT bill's end_date. */
export function lastDayOfPeriod(period: string): string {
  return dayjs(`${period}-01`).endOf('month').format('YYYY-MM-DD');
}

export { formatPeriod } from '../../../lib/format';

/** 'Month is required' or the future-month message, else null (product-spec §5). */
export function monthError(monthValue: string | null, today: Date = new Date()): string | null {
  if (!monthValue) return 'Month is required';
  return toPeriod(monthValue) > dayjs(today).format('YYYY-MM') ? BILL_MESSAGES.futureMonth : null;
}
