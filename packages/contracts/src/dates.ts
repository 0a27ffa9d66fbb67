import { z } from './zod';

/**
 * Calendar dates and tax months as every call receives them. A date must exist on the calendar
 * (no 2026-11-31, no month 13) and fall in the years Levy can price and file, so nothing
 * downstream ever meets a date it cannot format or compare. Nothing is silently corrected: a date
 * that is not real is refused with a sentence naming the field.
 */

/** The years a date or month may name: the engine's rules start in 2020, and statements may go back further. */
export const EARLIEST_YEAR = 2000;
export const LATEST_YEAR = 2099;

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_PATTERN = /^(\d{4})-(\d{2})$/;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The last day of a `YYYY-MM` month, `YYYY-MM-DD`. */
export function lastDayOf(month: string): string {
  return `${month}-${String(daysInMonth(Number(month.slice(0, 4)), Number(month.slice(5, 7))))}`;
}

type DateProblem = 'format' | 'year' | null;

function monthProblem(text: string): DateProblem {
  const match = MONTH_PATTERN.exec(text);
  if (!match) return 'format';
  const month = Number(match[2]);
  if (month < 1 || month > 12) return 'format';
  const year = Number(match[1]);
  return year < EARLIEST_YEAR || year > LATEST_YEAR ? 'year' : null;
}

function dateProblem(text: string): DateProblem {
  const match = DATE_PATTERN.exec(text);
  if (!match) return 'format';
  const problem = monthProblem(`${match[1]}-${match[2]}`);
  if (problem) return problem;
  const day = Number(match[3]);
  return day < 1 || day > daysInMonth(Number(match[1]), Number(match[2])) ? 'format' : null;
}

/** True for a real `YYYY-MM-DD` date in the years above. */
export function isCalendarDate(text: string): boolean {
  return dateProblem(text) === null;
}

/** True for a real `YYYY-MM` month in the years above. */
export function isYearMonth(text: string): boolean {
  return monthProblem(text) === null;
}

const yearMessage = (label: string) => `${label} must be between ${EARLIEST_YEAR} and ${LATEST_YEAR}`;

/** A real calendar date, `YYYY-MM-DD`: '{label} must be a real date written YYYY-MM-DD' otherwise. */
export function calendarDate(label: string) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .superRefine((text, context) => {
      const problem = dateProblem(text);
      if (problem)
        context.addIssue({
          code: 'custom',
          message: problem === 'year' ? yearMessage(label) : `${label} must be a real date written YYYY-MM-DD`,
        });
    });
}

/** The last day of a period: a real date, or a month `YYYY-MM` meaning its last day. */
export function periodEndDate(label: string) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .superRefine((text, context) => {
      const problem = text.length === 7 ? monthProblem(text) : dateProblem(text);
      if (problem)
        context.addIssue({
          code: 'custom',
          message: problem === 'year' ? yearMessage(label) : `${label} must be a real date written YYYY-MM-DD`,
        });
    })
    .transform((text) => (text.length === 7 ? lastDayOf(text) : text));
}

/**
 * A month, `YYYY-MM`, with the words a form already uses for it. `allowDay` also takes a real
 * date inside the month (`YYYY-MM-DD`, as date pickers send a month's first day) and gives its month.
 */
export function yearMonth(
  messages: { label: string; required: string; format: string },
  options: { allowDay?: boolean } = {},
) {
  return z
    .string({ error: messages.required })
    .trim()
    .superRefine((text, context) => {
      const problem = options.allowDay && text.length === 10 ? dateProblem(text) : monthProblem(text);
      if (problem)
        context.addIssue({
          code: 'custom',
          message: problem === 'year' ? yearMessage(messages.label) : messages.format,
        });
    })
    .transform((text) => text.slice(0, 7));
}
