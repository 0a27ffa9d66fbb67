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

/**
 * PAYE's default month for a registration: the oldest month still owed there (its alerts name
 * every unpaid month up to last month), else this month, every month before it being paid.
 */
export function oldestUnpaidMonthValue(
  alerts: ReadonlyArray<{ kind: string; corporation: { id: string }; state_code: string; tax_month: string }>,
  registration: { corporationId: string; stateCode: string },
  today: Date = new Date(),
): string {
  const owed = alerts
    .filter(
      (alert) =>
        alert.kind === 'paye' &&
        alert.corporation.id === registration.corporationId &&
        alert.state_code === registration.stateCode,
    )
    .map((alert) => alert.tax_month)
    .sort();
  return owed.length > 0 ? `${owed[0]}-01` : dayjs(today).startOf('month').format('YYYY-MM-DD');
}

/** The last day of a month, for a WHT bill's end_date. */
export function lastDayOfPeriod(period: string): string {
  return dayjs(`${period}-01`).endOf('month').format('YYYY-MM-DD');
}

export { formatPeriod } from '../../../lib/format';
