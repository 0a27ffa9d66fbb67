import { isValidIsoDate, toDayNumber, type IsoDate } from '@levy/tax';

/**
 * A date as printed. Month names and year-first dates are unambiguous ('fixed'); numeric
 * day/month dates ('02/01/2025', '02-01-25') are 'slashed' and wait for the statement-wide
 * decision between DD/MM and MM/DD (see `decideSlashOrder`).
 */
export type DateToken =
  { kind: 'fixed'; iso: IsoDate } | { kind: 'slashed'; first: number; second: number; year: number };

export type SlashOrder = 'dmy' | 'mdy';

const MONTHS: Readonly<Record<string, number>> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
  january: 1,
  february: 2,
  march: 3,
  april: 4,
  june: 6,
  july: 7,
  august: 8,
  september: 9,
  october: 10,
  november: 11,
  december: 12,
};

// What may follow a date in the same cell: a time with optional seconds, fraction and AM/PM,
// an ISO 'T' time, or a zone. Anything else (words) means the cell is not just a date.
const TIME_TAIL =
  /^(?:[T\s,]+\d{1,2}[:.]\d{2}(?:[:.]\d{2})?(?:\.\d+)?\s*(?:[ap]\.?m\.?)?\s*(?:z|[+-]\d{2}:?\d{2}|wat|gmt)?)?\s*$/i;
const WEEKDAY_PREFIX = /^(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*,?\s+/i;

const YEAR_FIRST = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})/;
const DAY_MONTH_NAME = /^(\d{1,2})(?:st|nd|rd|th)?[-\s/.,]*([a-z]{3,9})\.?[-\s/.,]*(\d{4}|\d{2})(?!\d)/i;
const MONTH_NAME_DAY = /^([a-z]{3,9})\.?[-\s/.]*(\d{1,2})(?:st|nd|rd|th)?,?[-\s/.]*(\d{4})(?!\d)/i;
const NUMERIC = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})(?!\d)/;

function pad2(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}

/** Two-digit years are this century up to 69 and the last one from 70 (POSIX strptime). */
function expandYear(text: string): number {
  const year = Number(text);
  if (text.length === 4) return year;
  return year < 70 ? 2000 + year : 1900 + year;
}

function toIso(year: number, month: number, day: number): IsoDate | null {
  const iso = `${year}-${pad2(month)}-${pad2(day)}`;
  return isValidIsoDate(iso) ? iso : null;
}

// A statement prints the same few hundred dates thousands of times: remember recent answers.
// Tokens are never mutated, so sharing them is safe.
const CACHE_LIMIT = 4096;
const cache = new Map<string, DateToken | null>();

/** Reads a cell that holds a date (optionally with a time), or returns null. */
export function parseDateToken(raw: string): DateToken | null {
  const cached = cache.get(raw);
  if (cached !== undefined) return cached;
  const token = readDateToken(raw);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(raw, token);
  return token;
}

function readDateToken(raw: string): DateToken | null {
  const text = raw.trim().replace(WEEKDAY_PREFIX, '');
  if (text.length < 6 || text.length > 40) return null;
  let match = YEAR_FIRST.exec(text);
  if (match) {
    if (!TIME_TAIL.test(text.slice(match[0].length))) return null;
    const iso = toIso(Number(match[1]), Number(match[2]), Number(match[3]));
    return iso ? { kind: 'fixed', iso } : null;
  }
  match = DAY_MONTH_NAME.exec(text);
  if (match) {
    const month = MONTHS[match[2].toLowerCase()];
    if (!month || !TIME_TAIL.test(text.slice(match[0].length))) return null;
    const iso = toIso(expandYear(match[3]), month, Number(match[1]));
    return iso ? { kind: 'fixed', iso } : null;
  }
  match = MONTH_NAME_DAY.exec(text);
  if (match) {
    const month = MONTHS[match[1].toLowerCase()];
    if (!month || !TIME_TAIL.test(text.slice(match[0].length))) return null;
    const iso = toIso(Number(match[3]), month, Number(match[2]));
    return iso ? { kind: 'fixed', iso } : null;
  }
  match = NUMERIC.exec(text);
  if (match) {
    if (!TIME_TAIL.test(text.slice(match[0].length))) return null;
    const first = Number(match[1]);
    const second = Number(match[2]);
    const year = expandYear(match[3]);
    // Possible under at least one order, or it is not a date at all.
    if (toIso(year, second, first) === null && toIso(year, first, second) === null) return null;
    return { kind: 'slashed', first, second, year };
  }
  return null;
}

/** The calendar date of a token under an order; null when impossible under that order. */
export function resolveDateToken(token: DateToken, order: SlashOrder): IsoDate | null {
  if (token.kind === 'fixed') return token.iso;
  return order === 'dmy' ? toIso(token.year, token.second, token.first) : toIso(token.year, token.first, token.second);
}

export interface SlashOrderDecision {
  order: SlashOrder;
  /** What settled it, strongest first; 'default' means nothing in the file could. */
  decidedBy: 'no-slashed-dates' | 'values' | 'period' | 'date-order' | 'layout' | 'default';
  /** True when some values are only possible as DD/MM and others only as MM/DD. */
  isConflicting: boolean;
}

function countOutside(tokens: readonly DateToken[], order: SlashOrder, from: number, to: number): number {
  let outside = 0;
  for (const token of tokens) {
    const iso = resolveDateToken(token, order);
    if (iso === null) {
      outside++;
      continue;
    }
    const day = toDayNumber(iso);
    if (day < from || day > to) outside++;
  }
  return outside;
}

function countInversions(tokens: readonly DateToken[], order: SlashOrder): number {
  let inversions = 0;
  let previous = -Infinity;
  for (const token of tokens) {
    const iso = resolveDateToken(token, order);
    if (iso === null) {
      inversions++;
      continue;
    }
    const day = toDayNumber(iso);
    if (day < previous) inversions++;
    previous = day;
  }
  return inversions;
}

/**
 * Decides DD/MM against MM/DD for one statement from its own values: a first number above 12
 * can only be a day (and a second above 12 only a day too); failing that, the order that keeps
 * every date inside the printed period; failing that, the order under which the dates run in
 * sequence; only then the layout's habit, and DD/MM (Nigeria's convention) as the last resort.
 * `tokens` are in statement order; `period` is the printed period when it was unambiguous.
 */
export function decideSlashOrder(
  tokens: readonly DateToken[],
  period: { from: IsoDate; to: IsoDate } | null,
  layoutHint: SlashOrder | null,
): SlashOrderDecision {
  const slashed = tokens.filter((token) => token.kind === 'slashed');
  if (slashed.length === 0) return { order: 'dmy', decidedBy: 'no-slashed-dates', isConflicting: false };
  let onlyDmy = 0;
  let onlyMdy = 0;
  for (const token of slashed) {
    if (token.first > 12 && token.second <= 12) onlyDmy++;
    else if (token.second > 12 && token.first <= 12) onlyMdy++;
  }
  if (onlyDmy > 0 || onlyMdy > 0) {
    return {
      order: onlyDmy >= onlyMdy ? 'dmy' : 'mdy',
      decidedBy: 'values',
      isConflicting: onlyDmy > 0 && onlyMdy > 0,
    };
  }
  if (period) {
    const from = toDayNumber(period.from);
    const to = toDayNumber(period.to);
    const outsideDmy = countOutside(slashed, 'dmy', from, to);
    const outsideMdy = countOutside(slashed, 'mdy', from, to);
    if (outsideDmy !== outsideMdy) {
      return { order: outsideDmy < outsideMdy ? 'dmy' : 'mdy', decidedBy: 'period', isConflicting: false };
    }
  }
  const inversionsDmy = countInversions(slashed, 'dmy');
  const inversionsMdy = countInversions(slashed, 'mdy');
  if (inversionsDmy !== inversionsMdy) {
    return { order: inversionsDmy < inversionsMdy ? 'dmy' : 'mdy', decidedBy: 'date-order', isConflicting: false };
  }
  if (layoutHint) return { order: layoutHint, decidedBy: 'layout', isConflicting: false };
  return { order: 'dmy', decidedBy: 'default', isConflicting: false };
}

// The pieces a date cell wraps into when its column is narrow: the head ("04-Aug-", "01 May",
// "2025-08-", "04/08/") and the tail ("2025", "-2025", "2026 14:05", "Aug 2025").
const HEAD_FRAGMENT =
  /^(?:\d{1,2}(?:st|nd|rd|th)?[-\s/.,]*[a-z]{3,9}\.?|\d{1,2}[-/.]\d{1,2}|\d{4}[-/.]\d{1,2})[-\s/.,]*$/i;
const TAIL_FRAGMENT =
  /^[-/.,]?\s*(?:[a-z]{3,9}\.?[-\s/.,]*)?(?:(?:19|20)\d{2}|(?<=[-/.,]\s*)\d{2})(?:[T\s,]+\d{1,2}[:.]\d{2}(?:[:.]\d{2})?\s*(?:[ap]\.?m\.?)?)?$/i;
const MONTH_WORD = /[a-z]{3,9}/i;

function namesMonthOrNone(text: string): boolean {
  const word = MONTH_WORD.exec(text.replace(/st|nd|rd|th/i, ''));
  return word === null || MONTHS[word[0].toLowerCase()] !== undefined;
}

/** A piece of a date wrapped over lines: not a date by itself, but the head or tail of one. */
export function isDateFragment(raw: string): boolean {
  const text = raw.trim().replace(WEEKDAY_PREFIX, '');
  if (text === '' || parseDateToken(text) !== null) return false;
  return (HEAD_FRAGMENT.test(text) || TAIL_FRAGMENT.test(text)) && namesMonthOrNone(text);
}

/** Two pieces of a date in reading order, joined as printed: no space after a separator. */
export function joinDateFragments(head: string, tail: string): string {
  const left = head.trim();
  const right = tail.trim();
  return /[-/.]$/.test(left) || /^[-/.]/.test(right) ? `${left}${right}` : `${left} ${right}`;
}
