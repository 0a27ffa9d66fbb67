import dayjs, { type Dayjs } from 'dayjs';

/** Filter date presets (docs/product.md §9); weeks start on Monday; ranges run 00:00 to 23:59. */
export const DATE_PRESETS = [
  { value: 'last_week', label: 'Last week' },
  { value: 'last_month', label: 'Last month' },
  { value: 'this_month', label: 'This month' },
  { value: 'this_year', label: 'This year' },
] as const;

export type DatePreset = (typeof DATE_PRESETS)[number]['value'];

export interface DateRange {
  start: Date;
  end: Date;
}

function startOfWeekMonday(day: Dayjs): Dayjs {
  const sinceMonday = (day.day() + 6) % 7; // Sunday is 0 in dayjs; Monday starts the week here.
  return day.subtract(sinceMonday, 'day').startOf('day');
}

/** A preset as a whole-day range; ranges that would run past today stop at today. */
export function presetRange(preset: DatePreset, today: Date = new Date()): DateRange {
  const now = dayjs(today);
  let start: Dayjs;
  let end: Dayjs;
  switch (preset) {
    case 'last_week':
      start = startOfWeekMonday(now).subtract(7, 'day');
      end = start.add(6, 'day');
      break;
    case 'last_month':
      start = now.subtract(1, 'month').startOf('month');
      end = start.endOf('month');
      break;
    case 'this_month':
      start = now.startOf('month');
      end = now;
      break;
    case 'this_year':
      start = now.startOf('year');
      end = now;
      break;
  }
  return wholeDays(start.toDate(), end.toDate());
}

/** From 00:00:00.000 on the first day to 23:59:59.999 on the last. */
export function wholeDays(start: Date, end: Date): DateRange {
  return { start: dayjs(start).startOf('day').toDate(), end: dayjs(end).endOf('day').toDate() };
}
