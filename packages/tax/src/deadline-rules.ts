import type { IsoDate } from './calendar';
import type { Dated } from './dated';

export interface RemittanceDeadlineRule {
  /** Day of the month after the tax month by which PAYE reaches the State IRS. */
  readonly payeDay: number;
  /** Day of the following month for WHT collected by a State IRS (payments to individuals). */
  readonly whtStateDay: number;
  /** Day of the following month for WHT collected by the federal NRS (payments to companies). */
  readonly whtFederalDay: number;
}

/**
 * Remittance due days (docs/tax-rules.md §4): PAYE by the 10th (WHTR reg 7(1)(b)(i); LIRS), WHT to a
 * State IRS by the 30th (reg 7(1)(b)(ii)), WHT to the NRS by the 21st (reg 7(1)(a)). The same
 * days are used for every supported month (docs/tax-rules.md §4 gives no earlier schedule).
 * When a month is shorter than the due day (February and the 30th) the due date is that
 * month's last day.
 */
export const REMITTANCE_DEADLINE_TABLE: readonly Dated<RemittanceDeadlineRule>[] = [
  {
    from: '2020-01-01',
    source: 'WHTR 2024 reg 7(1); LIRS guidance (docs/tax-rules.md §4)',
    value: { payeDay: 10, whtStateDay: 30, whtFederalDay: 21 },
  },
];

/**
 * Late remittance (NTAA 2025 s.107; docs/tax-rules.md §4): the tax, plus an administrative penalty
 * of 10% a year, plus interest at the CBN Monetary Policy Rate. Both accrue per day on a
 * 365-day year (pro rata). Applied to every supported date.
 */
export const LATE_PENALTY_RATE_TABLE: readonly Dated<{ readonly annualRateBps: number }>[] = [
  { from: '2020-01-01', source: 'NTAA 2025 s.107', value: { annualRateBps: 1_000 } },
];

export const DAYS_PER_YEAR_FOR_PENALTIES = 365;

/**
 * CBN Monetary Policy Rate by the date the MPC announced it (communiqué day), in basis points.
 * MUST BE KEPT CURRENT: after every MPC meeting that changes the rate, platform staff add a row on
 * the Reference data screen and the server merges it with this seed (docs/decisions/0025). Last
 * row here: 304th MPC meeting, 24 February 2026 (cut to 26.50%); no later
 * change is sourced here.
 */
export const MONETARY_POLICY_RATE_TABLE: readonly Dated<number>[] = [
  { from: '2019-03-26', source: 'CBN MPC communiqué', value: 1_350 },
  { from: '2020-05-26', source: 'CBN MPC communiqué', value: 1_250 },
  { from: '2020-09-22', source: 'CBN MPC communiqué', value: 1_150 },
  { from: '2022-05-24', source: 'CBN MPC communiqué', value: 1_300 },
  { from: '2022-07-19', source: 'CBN MPC communiqué', value: 1_400 },
  { from: '2022-09-27', source: 'CBN MPC communiqué', value: 1_550 },
  { from: '2022-11-22', source: 'CBN MPC communiqué', value: 1_650 },
  { from: '2023-01-24', source: 'CBN MPC communiqué', value: 1_750 },
  { from: '2023-03-21', source: 'CBN MPC communiqué', value: 1_800 },
  { from: '2023-05-24', source: 'CBN MPC communiqué', value: 1_850 },
  { from: '2023-07-25', source: 'CBN MPC communiqué', value: 1_875 },
  { from: '2024-02-27', source: 'CBN MPC communiqué', value: 2_275 },
  { from: '2024-03-26', source: 'CBN MPC communiqué, 294th meeting', value: 2_475 },
  { from: '2024-05-21', source: 'CBN MPC communiqué', value: 2_625 },
  { from: '2024-07-23', source: 'CBN MPC communiqué, 296th meeting', value: 2_675 },
  { from: '2024-09-24', source: 'CBN MPC communiqué, 297th meeting', value: 2_725 },
  { from: '2024-11-26', source: 'CBN MPC communiqué, 298th meeting', value: 2_750 },
  { from: '2025-09-23', source: 'CBN MPC communiqué, 302nd meeting', value: 2_700 },
  { from: '2026-02-24', source: 'CBN MPC communiqué, 304th meeting', value: 2_650 },
];

/**
 * The last day the MPR table above is known to be right: the communiqué of its last row. No later
 * MPC decision was checked when it was written, so staff review it from the reference-data screen
 * (docs/decisions/0025).
 */
export const MONETARY_POLICY_RATE_REVIEWED_ON: IsoDate = '2026-02-24';

/** The MPR rows a calculation uses, and the last day they were known to be right ("MPR as of"). */
export interface MprTable {
  readonly mpr: readonly Dated<number>[];
  readonly mprReviewedOn: IsoDate;
}

export const SEED_MPR_TABLE: MprTable = {
  mpr: MONETARY_POLICY_RATE_TABLE,
  mprReviewedOn: MONETARY_POLICY_RATE_REVIEWED_ON,
};
export interface LateReturnPenaltyRule {
  /** For the first month (or part of one) after the due date. */
  readonly firstMonthKobo: number;
  /** For each further month (or part of one) the return stays unfiled. */
  readonly eachFurtherMonthKobo: number;
}

/**
 * Failure to file a return, such as the employer's annual return (NTAA 2025 s.101;
 * docs/tax-rules.md §4): ₦100,000 for the first month and ₦50,000 for each month after.
 */
export const LATE_RETURN_PENALTY_TABLE: readonly Dated<LateReturnPenaltyRule>[] = [
  {
    from: '2026-01-01',
    source: 'NTAA 2025 s.101',
    value: { firstMonthKobo: 10_000_000, eachFurtherMonthKobo: 5_000_000 },
  },
];
