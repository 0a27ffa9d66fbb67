import {
  addDays,
  addMonths,
  dayOfMonthClamped,
  dayOfWeek,
  daysBetween,
  displayDate,
  firstDayOfPeriod,
  formatPeriod,
  fromDayNumber,
  parsePeriod,
  toDayNumber,
  type IsoDate,
  type Period,
} from './calendar';
import { findInForce, findRowInForce } from './dated';
import {
  DAYS_PER_YEAR_FOR_PENALTIES,
  LATE_PENALTY_RATE_TABLE,
  LATE_RETURN_PENALTY_TABLE,
  REMITTANCE_DEADLINE_TABLE,
  SEED_MPR_TABLE,
  type MprTable,
  type RemittanceDeadlineRule,
} from './deadline-rules';
import { asKobo, BPS_PER_UNIT, roundHalfAwayFromZeroBig, type Kobo } from './money';
import { EARLIEST_SUPPORTED_PERIOD } from './paye-rules';
import { TaxInputError } from './tax-input-error';

export type WhtCollectorKind = 'state' | 'federal';

function deadlineRuleFor(taxMonth: Period): RemittanceDeadlineRule {
  parsePeriod(taxMonth, 'taxMonth');
  if (taxMonth < EARLIEST_SUPPORTED_PERIOD) {
    throw new TaxInputError('taxMonth', `Tax months before ${EARLIEST_SUPPORTED_PERIOD} are not supported`);
  }
  const rule = findInForce(REMITTANCE_DEADLINE_TABLE, firstDayOfPeriod(taxMonth));
  if (!rule) throw new TaxInputError('taxMonth', `No remittance deadline is known for ${taxMonth}`);
  return rule;
}

function dayOfNextMonth(taxMonth: Period, day: number): IsoDate {
  const next = parsePeriod(addMonths(taxMonth, 1), 'taxMonth');
  return dayOfMonthClamped(next.year, next.month, day);
}

/** PAYE for a tax month is due by the 10th of the next month: '2025-12' → '2026-01-10'. */
export function payeDueDate(taxMonth: Period): IsoDate {
  return dayOfNextMonth(taxMonth, deadlineRuleFor(taxMonth).payeDay);
}

/**
 * WHT for a tax month: the 30th of the next month for a State IRS (the month's last day when it
 * is shorter, so January's WHT is due 28 or 29 February), the 21st for the federal NRS.
 */
export function whtDueDate(taxMonth: Period, collector: WhtCollectorKind): IsoDate {
  const rule = deadlineRuleFor(taxMonth);
  if (collector !== 'state' && collector !== 'federal') {
    throw new TaxInputError('collector', "collector must be 'state' or 'federal'");
  }
  return dayOfNextMonth(taxMonth, collector === 'state' ? rule.whtStateDay : rule.whtFederalDay);
}

/**
 * A month's PAYE or WHT as billed to its collector: PAYE by the 10th (a State IRS's alone), WHT by
 * a State IRS's 30th or the federal NRS's 21st.
 */
export function remittanceDueDate(tax: 'paye' | 'wht', taxMonth: Period, collector: WhtCollectorKind): IsoDate {
  return tax === 'paye' ? payeDueDate(taxMonth) : whtDueDate(taxMonth, collector);
}

/** Employer's annual return (Form H1) for a year is due on 31 January of the next year (NTAA s.14). */
export function annualReturnDueDate(year: number): IsoDate {
  if (!Number.isInteger(year) || year < 2020 || year > 9998) {
    throw new TaxInputError('year', 'year must be a four-digit year from 2020');
  }
  return `${year + 1}-01-31`;
}

/**
 * Pension remittance is due 7 working days after pay day (PRA 2014 s.11(3)(b)). Working days
 * skip Saturdays and Sundays; public holidays are not modelled.
 */
export function pensionDueDate(payDay: IsoDate): IsoDate {
  toDayNumber(payDay, 'payDay');
  let date = payDay;
  let remaining = 7;
  while (remaining > 0) {
    date = addDays(date, 1);
    const weekday = dayOfWeek(date);
    if (weekday !== 0 && weekday !== 6) remaining--;
  }
  return date;
}

/** Whole days after the due date, 0 on or before it. */
export function daysOverdue(dueDate: IsoDate, asOf: IsoDate): number {
  const days = toDayNumber(asOf, 'asOf') - toDayNumber(dueDate, 'dueDate');
  return days > 0 ? days : 0;
}

export interface LatePenaltyInput {
  tax: Kobo;
  dueDate: IsoDate;
  asOf: IsoDate;
}

export interface LatePenaltyResult {
  daysOverdue: number;
  /** Administrative penalty: 10% a year of the tax, pro rata by day. */
  penalty: Kobo;
  /** Interest at the MPR in force on each overdue day, pro rata by day. */
  interest: Kobo;
  /** penalty + interest: what lateness adds. */
  total: Kobo;
  /** tax + penalty + interest: what must now be remitted. */
  totalDue: Kobo;
  /** The MPR in force on `asOf`, in basis points (for display). */
  currentMprBps: number;
  /** The last day the MPR table was known to be right: "MPR as of". */
  mprAsOf: IsoDate;
}

/** The CBN Monetary Policy Rate in force on a date, in basis points. */
export function monetaryPolicyRateOn(date: IsoDate, tables: MprTable = SEED_MPR_TABLE): number {
  toDayNumber(date);
  const rate = findInForce(tables.mpr, date);
  if (rate === undefined) throw new TaxInputError('date', `No Monetary Policy Rate is known for ${date}`);
  return rate;
}

/**
 * Late-remittance penalty and interest (NTAA 2025 s.107; docs/tax-rules.md §4). Overdue days run
 * from the day after `dueDate` to `asOf` inclusive; each day accrues 1/365 of the annual
 * penalty rate and of the MPR in force that day. Each figure is rounded once.
 */
export function latePenalty(input: LatePenaltyInput, tables: MprTable = SEED_MPR_TABLE): LatePenaltyResult {
  const rates = tables.mpr;
  const tax = input.tax;
  if (typeof tax !== 'number' || !Number.isSafeInteger(tax) || tax < 0) {
    throw new TaxInputError('tax', 'tax must be a non-negative whole number of kobo');
  }
  const dueDay = toDayNumber(input.dueDate, 'dueDate');
  const asOfDay = toDayNumber(input.asOf, 'asOf');
  const overdue = Math.max(0, asOfDay - dueDay);
  const currentMprBps = monetaryPolicyRateOn(input.asOf, tables);
  const penaltyRule = findInForce(LATE_PENALTY_RATE_TABLE, input.dueDate);
  if (!penaltyRule) {
    throw new TaxInputError('dueDate', `No late-remittance rule is known for ${input.dueDate}`);
  }

  const denominator = BigInt(BPS_PER_UNIT) * BigInt(DAYS_PER_YEAR_FOR_PENALTIES);
  const taxBig = BigInt(tax);
  const penalty = Number(
    roundHalfAwayFromZeroBig(taxBig * BigInt(penaltyRule.annualRateBps) * BigInt(overdue), denominator),
  );

  // Σ over overdue days of the MPR that day, walking the table's change points.
  let rateDays = 0n;
  if (overdue > 0) {
    const firstDay = dueDay + 1;
    const firstRateDay = toDayNumber(rates[0].from);
    if (firstDay < firstRateDay) {
      throw new TaxInputError('dueDate', `No Monetary Policy Rate is known for ${fromDayNumber(firstDay)}`);
    }
    for (let index = 0; index < rates.length; index++) {
      const row = rates[index];
      const next = rates[index + 1];
      const start = Math.max(firstDay, toDayNumber(row.from));
      const end = Math.min(asOfDay, next ? toDayNumber(next.from) - 1 : asOfDay);
      if (end >= start) rateDays += BigInt(row.value) * BigInt(end - start + 1);
    }
  }
  const interest = Number(roundHalfAwayFromZeroBig(taxBig * rateDays, denominator));
  const total = penalty + interest;
  return {
    daysOverdue: overdue,
    penalty: asKobo(penalty),
    interest: asKobo(interest),
    total: asKobo(total),
    totalDue: asKobo(tax + total),
    currentMprBps,
    mprAsOf: tables.mprReviewedOn,
  };
}

/**
 * The late-remittance rule in words with its source and how current the MPR is: '10% a year plus
 * interest at the CBN Monetary Policy Rate (26.50% from 24 Feb, 2026; MPR as of 24 Feb, 2026), pro
 * rata by day (NTAA 2025 s.107)'. "As of" is the last day the table was known to be right, not the
 * row's own date: a rate is only as current as the last time someone checked it.
 */
export function latePenaltyRule(dueDate: IsoDate, asOf: IsoDate, tables: MprTable = SEED_MPR_TABLE): string {
  const row = findRowInForce(LATE_PENALTY_RATE_TABLE, dueDate);
  const annual = row ? `${row.value.annualRateBps / 100}% a year` : 'an administrative penalty';
  const mpr = findRowInForce(tables.mpr, asOf);
  if (!mpr) throw new TaxInputError('asOf', `No Monetary Policy Rate is known for ${asOf}`);
  return (
    `${annual} plus interest at the CBN Monetary Policy Rate (${(mpr.value / 100).toFixed(2)}% from ${displayDate(mpr.from)}; MPR as of ` +
    `${displayDate(tables.mprReviewedOn)}), pro rata by day (${row?.source ?? 'NTAA 2025 s.107'})`
  );
}

/**
 * Said beside a figure worked out with the MPR when the table was last known right more than
 * `reviewDays` before `on` (staff are asked to review it that often): a CBN decision since then
 * would change the figure. Null while the table is fresh.
 */
export function mprCaveat(mprAsOf: IsoDate, on: IsoDate, reviewDays: number): string | null {
  return daysBetween(mprAsOf, on) > reviewDays
    ? `Estimated with the MPR of ${displayDate(mprAsOf)}; the CBN rate may have changed since.`
    : null;
}

export interface LateReturnPenalty {
  /** Months (whole or begun) since the due date: 0 on or before it. */
  monthsLate: number;
  penalty: Kobo;
  /** What the penalty becomes when the next month begins (the same rule, one month more). */
  nextMonthPenalty: Kobo;
  /** The day the next month begins: from this day the penalty is `nextMonthPenalty`. */
  nextMonthFrom: IsoDate;
  /** The rule in words with its source. */
  rule: string;
}

/**
 * Late filing of a return (NTAA 2025 s.101): the first month starts the day after the due date
 * and runs to the same day of the next month (the month's last day when it is shorter: a return
 * due 31 January is one month late through 28 February); each month begun after that adds the
 * further amount. Due 31 Jan: as of 15 Feb, 1 month (₦100,000); as of 15 Apr, 3 months (₦200,000).
 * The rule in force on the day after the due date applies.
 */
export function lateReturnPenalty(dueDate: IsoDate, asOf: IsoDate): LateReturnPenalty {
  toDayNumber(asOf, 'asOf');
  const due = parseIsoParts(dueDate);
  const row = findRowInForce(LATE_RETURN_PENALTY_TABLE, addDays(dueDate, 1));
  if (!row) throw new TaxInputError('dueDate', `No late-filing rule is known for a return due ${dueDate}`);
  const anniversary = (months: number) => {
    const period = parsePeriod(addMonths(formatPeriod(due.year, due.month), months));
    return dayOfMonthClamped(period.year, period.month, due.day);
  };
  let monthsLate = 0;
  while (anniversary(monthsLate) < asOf) monthsLate++;
  const amount = (months: number) =>
    months === 0 ? 0 : row.value.firstMonthKobo + (months - 1) * row.value.eachFurtherMonthKobo;
  const naira = (kobo: number) => `₦${(kobo / 100).toLocaleString('en-NG')}`;
  return {
    monthsLate,
    penalty: asKobo(amount(monthsLate)),
    nextMonthPenalty: asKobo(amount(monthsLate + 1)),
    nextMonthFrom: addDays(anniversary(monthsLate), 1),
    rule: `${naira(row.value.firstMonthKobo)} for the first month late and ${naira(row.value.eachFurtherMonthKobo)} for each month after (${row.source})`,
  };
}

function parseIsoParts(date: IsoDate): { year: number; month: number; day: number } {
  toDayNumber(date, 'dueDate');
  return { year: Number(date.slice(0, 4)), month: Number(date.slice(5, 7)), day: Number(date.slice(8, 10)) };
}
