import { z } from './zod';
import { defineContract } from './api';
import * as calls from './calls';
import { idParam } from './common';
import { REFERENCE_REVIEW_DAYS } from './reference-data';
import { registrationParams } from './states';

/**
 * Deadlines and guidance (docs/product.md §3 "Alert", §4 checklist, docs/product.md
 * "Alerts, checklist, dashboard"): alerts computed from registrations and paid bills, the
 * deadline calendar, the onboarding checklist and the dashboard's tax-paid metrics.
 * Money crosses the API as naira strings with two decimals.
 */

/** A month's PAYE or WHT remittance, or a year's employer's annual return (Form H1). */
export const DEADLINE_KINDS = ['paye', 'wht', 'annual_return'] as const;
export type DeadlineKind = (typeof DEADLINE_KINDS)[number];

/**
 * What lateness costs so far: for a remittance (NTAA 2025 s.107), computed on that month's own tax
 * where it is known (a bill made for the month, else for PAYE the payroll on file), never on another
 * month's bill; for an annual return, the fixed late-filing penalty (NTAA 2025 s.101), with basis
 * and interest 0.00.
 */
export const latePenaltyEstimate = z.object({
  basis: z
    .string()
    .describe(
      "The month's tax the estimate is computed on, naira (0.00 for an annual return: its penalty is a fixed sum per month)",
    ),
  penalty: z.string().describe('Administrative penalty so far, naira'),
  interest: z.string().describe('Interest at the CBN Monetary Policy Rate so far, naira'),
  total: z.string().describe('penalty + interest so far, naira'),
  per_extra_week: z.string().describe('What seven more days add, naira'),
  mpr_as_of: z
    .string()
    .nullable()
    .describe(
      'The last day the MPR table was known to be right, YYYY-MM-DD: "MPR as of"; null for a penalty that does not follow the MPR (late filing)',
    ),
  mpr_caveat: z
    .string()
    .nullable()
    .describe(
      `When the MPR table was last known right more than ${REFERENCE_REVIEW_DAYS} days ago: 'Estimated with the MPR of 24 Feb, 2026; the CBN rate may ` +
        `have changed since.'`,
    ),
});
export type LatePenaltyEstimate = z.infer<typeof latePenaltyEstimate>;

/** One alert: the fields of docs/product.md §3 plus what makes it actionable. */
export const alert = z.object({
  date: z.string().describe('The day the alert was computed, YYYY-MM-DD (Africa/Lagos)'),
  tax_month: z.string().describe('YYYY-MM; for an annual return, December of its year'),
  state: z.string().describe('The state name'),
  deadline_date: z.string().describe('The legal due date, YYYY-MM-DD'),
  start_date: z.string().describe('The first day of the tax month, YYYY-MM-DD'),
  kind: z.enum(DEADLINE_KINDS),
  corporation: z.object({ id: z.string(), name: z.string() }),
  state_code: z.string(),
  message: z.string().describe("'PAYE tax for October 2026, due by 10 Nov, 2026'"),
  status: z.enum(['due', 'overdue']),
  days_left: z.number().nullable().describe('Days until the due date (0 on the day); null when overdue'),
  days_overdue: z.number().nullable(),
  safe_date: z
    .string()
    .nullable()
    .describe('The last working day before the due date when it falls on a weekend or public holiday'),
  safe_note: z.string().nullable().describe("'Falls on a Saturday: pay by Fri 9 Oct to be safe'"),
  penalty: latePenaltyEstimate.nullable().describe("For overdue alerts whose month's tax is known"),
  penalty_rule: z.string().nullable().describe('For overdue alerts: the rate and its source'),
  pay_link: z
    .string()
    .describe('The Pay Taxes route with corporation, state and month filled in; for an annual return, its screen'),
  note: z
    .string()
    .nullable()
    .describe(
      "What became of the month's latest bill when it did not pay: 'A payment of ₦5,400.00 was not accepted by the revenue service and was refunded to " +
        "the wallet.'",
    ),
});
export type Alert = z.infer<typeof alert>;

const organisationId = z.object({ id: idParam });

export const listAlerts = defineContract(calls.listAlerts, {
  summary:
    'Tax alerts: every month since a state was registered, up to the last completed month, with no paid PAYE (or WHT) bill; soonest deadline first',
  params: organisationId,
  response: z.array(alert),
});

/** `annual_return` is listed only while an ended year's return is unfiled. */
export const CHECKLIST_STEPS = ['account', 'corporation', 'states', 'bills', 'fund', 'annual_return'] as const;
export type ChecklistStepCode = (typeof CHECKLIST_STEPS)[number];

export const checklist = z.object({
  steps: z.array(
    z.object({
      code: z.enum(CHECKLIST_STEPS),
      title: z.string(),
      description: z.string(),
      done: z.boolean(),
      route: z.string(),
    }),
  ),
  completed: z.boolean(),
});
export type Checklist = z.infer<typeof checklist>;

export const getChecklist = defineContract(calls.getChecklist, {
  summary:
    'The onboarding checklist (owner only): account, corporation, states, bills, fund, each with done and the route where it is done',
  params: organisationId,
  response: checklist,
});

export const BILL_METRICS = ['monthly'] as const;

export const billMetrics = z.object({
  months: z.array(
    z.object({
      month: z.string().describe('YYYY-MM'),
      label: z.string().describe("'Oct 2026'"),
      paye: z.string(),
      wht: z.string(),
    }),
  ),
  total: z.string(),
});
export type BillMetrics = z.infer<typeof billMetrics>;

export const getBillMetrics = defineContract(calls.getBillMetrics, {
  summary:
    'Tax paid per month by type (PAYE, WHT) for the last twelve tax months, by the tax month each paid bill is for',
  params: organisationId.extend({ x: z.enum(BILL_METRICS, { error: 'Not found.' }) }),
  response: billMetrics,
});

export const DEADLINE_STATUSES = ['paid', 'no_deductions', 'due', 'overdue'] as const;

export const deadlineEntry = z.object({
  corporation: z.object({ id: z.string(), name: z.string() }),
  state: z.object({ code: z.string(), name: z.string() }),
  kind: z.enum(DEADLINE_KINDS),
  tax_month: z.string(),
  title: z.string().describe("'PAYE tax for October 2026'"),
  deadline_date: z.string(),
  safe_date: z.string().nullable(),
  safe_note: z.string().nullable(),
  status: z
    .enum(DEADLINE_STATUSES)
    .describe("'paid' for an annual return means filed; 'no_deductions': a WHT month declared to have none"),
  days_overdue: z.number(),
  penalty: latePenaltyEstimate.nullable(),
  penalty_rule: z.string().nullable(),
});
export type DeadlineEntry = z.infer<typeof deadlineEntry>;

export const deadlineCalendar = z.object({ from: z.string(), to: z.string(), entries: z.array(deadlineEntry) });
export type DeadlineCalendar = z.infer<typeof deadlineCalendar>;

export const getDeadlineCalendar = defineContract(calls.getDeadlineCalendar, {
  summary:
    'Deadline calendar: per corporation, state and tax, the next twelve months of deadlines and every overdue one, with status, safe working day and ' +
    'penalty so far',
  params: organisationId,
  response: deadlineCalendar,
});

export const downloadDeadlineCalendar = defineContract(calls.downloadDeadlineCalendar, {
  summary:
    'The deadline calendar as an iCalendar file (format=ics, one all-day event per deadline) or CSV (format=csv)',
  params: organisationId.extend({ format: z.enum(['ics', 'csv'], { error: 'Choose ics or csv' }).default('ics') }),
});

/**
 * The deadline calendar as a feed a calendar app subscribes to. Calendar apps cannot send the
 * session token, so the address itself is the credential: the organisation's id and a random
 * 32-byte secret kept in its settings. Resetting the secret invalidates every earlier address.
 */
export const DEADLINE_FEED_TOKEN_PATTERN = /^[0-9a-f]{32}[A-Za-z0-9_-]{43}$/;

export const deadlineFeed = z.object({
  url: z.string().describe('The subscription address (https); anyone holding it can read the calendar'),
});
export type DeadlineFeed = z.infer<typeof deadlineFeed>;

export const getDeadlineFeed = defineContract(calls.getDeadlineFeed, {
  summary:
    'The address a calendar app subscribes to for the deadline calendar (made on first asking); anyone holding it can read the calendar',
  params: organisationId,
  response: deadlineFeed,
});

export const resetDeadlineFeed = defineContract(calls.resetDeadlineFeed, {
  summary: 'A new subscription address for the deadline calendar; every earlier address stops working (admins)',
  params: organisationId,
  response: deadlineFeed,
});

export const readDeadlineFeed = defineContract(calls.readDeadlineFeed, {
  summary:
    'The deadline calendar as an iCalendar feed for calendar apps: no token, the address is the credential; an unknown or reset address is NOT_FOUND',
  params: z.object({ token: z.string().regex(DEADLINE_FEED_TOKEN_PATTERN, { error: 'Not found.' }) }),
});

/**
 * "No WHT deductions this month" for a corporation's registration: it closes that month's WHT
 * deadline (alerts, calendar, digest) as a paid bill would, and can be removed if made in error.
 */
export const whtNilDeclaration = z.object({
  corporation: z.object({ id: z.string(), name: z.string() }),
  state: z.object({ code: z.string(), name: z.string() }),
  tax_month: z.string().describe('YYYY-MM'),
  declared_by: z.string().describe("The declarer's name"),
  declared_at: z.string().describe('ISO 8601'),
});
export type WhtNilDeclaration = z.infer<typeof whtNilDeclaration>;

/** A tax month: YYYY-MM (the server checks it is one the registration owes and not in the future). */
const taxMonth = z
  .string({ error: 'Tax month is required' })
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Tax month must be written YYYY-MM' });

export const declareNoWhtDeductions = defineContract(calls.declareNoWhtDeductions, {
  summary:
    "Declares that the corporation withheld no tax in a month for this state's collector: that month's WHT deadline is closed (audited)",
  params: registrationParams,
  body: z.object({ tax_month: taxMonth }),
  response: whtNilDeclaration,
});

export const removeNoWhtDeductions = defineContract(calls.removeNoWhtDeductions, {
  summary: 'Removes a month\'s "no WHT deductions" declaration: the month\'s WHT deadline is open again (audited)',
  params: registrationParams.extend({ month: taxMonth }),
  response: z.object({ removed: z.literal(true) }),
});
