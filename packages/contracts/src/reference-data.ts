import { z } from './zod';
import { calendarDate } from './dates';
import { defineContract } from './api';
import * as calls from './calls';

/**
 * The dated reference tables platform staff keep current without a release (decision
 * 0025): the CBN Monetary Policy Rate, the declared public holidays, Levy's bill charge
 * schedule and the WHT rates. Dates are YYYY-MM-DD.
 */

export const REFERENCE_TABLE_CODES = ['mpr', 'holidays', 'charges', 'wht'] as const;
export type ReferenceTableCode = (typeof REFERENCE_TABLE_CODES)[number];

/** A table not reviewed for this many days shows staff a warning. */
export const REFERENCE_REVIEW_DAYS = 90;

/** A percentage as typed, below 100 with up to two decimals. */
const percentText = (what: string, example: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,2}(\.\d{1,2})?$/, { error: `Give ${what} in percent with up to two decimals, e.g. ${example}` });
const source = z
  .string()
  .trim()
  .min(3, { error: 'Source is required: name the communiqué, gazette or announcement' })
  .max(300);

export const referenceRow = z.object({
  from: z.string().describe('MPR, charges and WHT: the day the row applies from; holidays: the holiday'),
  value: z
    .string()
    .describe("'26.50%', the holiday's name, the charge schedule in words, or a WHT schedule or rate in words"),
  basis: z
    .enum(['law', 'declared', 'expected'])
    .nullable()
    .describe('Holidays: declared by the Ministry, or expected until it declares'),
  source: z.string(),
  origin: z.enum(['seed', 'staff']).describe('seed: shipped with Levy; staff: added on this screen'),
  added_by: z.string().nullable(),
  added_at: z.string().nullable(),
  in_force: z
    .boolean()
    .describe(
      'MPR and charges: the row in force today; WHT: a schedule or rate still applied today; holidays: today or later',
    ),
});
export type ReferenceRow = z.infer<typeof referenceRow>;

export const referenceReview = z.object({ by: z.string(), at: z.string(), source: z.string() });

export const referenceTable = z.object({
  code: z.enum(REFERENCE_TABLE_CODES),
  title: z.string(),
  rows: z.array(referenceRow).describe('Newest first'),
  reviewed_on: z
    .string()
    .describe('The last day the table was known to be right: a review, a row added, or the seed’s last source'),
  days_since_review: z.number(),
  review_due: z.boolean().describe(`Not reviewed for more than ${REFERENCE_REVIEW_DAYS} days`),
  last_review: referenceReview.nullable(),
});
export type ReferenceTable = z.infer<typeof referenceTable>;

export const referenceAuditEntry = z.object({
  at: z.string(),
  by: z.string(),
  action: z.enum(['row_added', 'reviewed']),
  table: z.enum(REFERENCE_TABLE_CODES),
  summary: z.string(),
  source: z.string(),
});
export type ReferenceAuditEntry = z.infer<typeof referenceAuditEntry>;

const percentOrNone = z.string().nullable().describe("'10.00%', or null where the schedule sets no deduction");

/** One WHT type's four rates in force this month, as the engine applies them. */
export const whtRateInForce = z.object({
  code: z.string(),
  name: z.string(),
  company_resident: percentOrNone,
  company_non_resident: percentOrNone,
  individual_resident: percentOrNone,
  individual_non_resident: percentOrNone,
});
export type WhtRateInForce = z.infer<typeof whtRateInForce>;

export const REMITTANCE_TAXES = ['paye', 'wht'] as const;
export const REMITTANCE_GATEWAYS = ['remita'] as const;

/** Where a collector's tax is remitted from a tax month on: the gateway, and the collector's biller and product there. */
export const remittanceRoute = z.object({
  collector: z.string().describe('A state code, or NRS'),
  collector_name: z.string().describe('The revenue service'),
  tax: z.enum(REMITTANCE_TAXES),
  gateway: z.enum(REMITTANCE_GATEWAYS),
  biller_id: z.string(),
  service_type_id: z.string().describe("The biller's product (service type) for this tax"),
  from: z.string().describe('YYYY-MM: the first tax month paid this way'),
  source: z.string(),
  origin: z
    .enum(['seed', 'staff'])
    .describe("seed: the sandbox's routes to its local Remita; staff: added on this screen"),
  added_by: z.string().nullable(),
  added_at: z.string().nullable(),
  in_force: z.boolean().describe("The route this month's bills of the collector and tax are paid by"),
});
export type RemittanceRoute = z.infer<typeof remittanceRoute>;

export const referenceData = z.object({
  today: z.string(),
  tables: z.array(referenceTable),
  wht_in_force: z.array(whtRateInForce).describe('The WHT schedule for this tax month, with staff rows applied'),
  remittance_routes: z.array(remittanceRoute).describe('By collector and tax, newest first'),
  audit: z.array(referenceAuditEntry).describe('Newest first'),
});
export type ReferenceData = z.infer<typeof referenceData>;

export const getReferenceData = defineContract(calls.getReferenceData, {
  summary:
    'Staff: the MPR, declared public holidays, charge schedule and WHT rates in force and their history, each table’s last review, and the audit trail',
  response: referenceData,
});

export const addMprRowBody = z.object({
  from: calendarDate('From'),
  rate_percent: percentText('the rate', '26.50'),
  source,
});
export type AddMprRowBody = z.infer<typeof addMprRowBody>;

export const addMprRow = defineContract(calls.addMprRow, {
  summary:
    'Staff: a new Monetary Policy Rate from a date; refused when it would change the late penalty of a bill already paid',
  body: addMprRowBody,
  response: referenceData,
});

export const addHolidayRowBody = z.object({
  date: calendarDate('Date'),
  name: z.string().trim().min(3, { error: 'Name the holiday' }).max(80),
  source,
});
export type AddHolidayRowBody = z.infer<typeof addHolidayRowBody>;

export const addHolidayRow = defineContract(calls.addHolidayRow, {
  summary:
    'Staff: a declared public holiday (it replaces the expected one of the same name that year); refused for a past day',
  body: addHolidayRowBody,
  response: referenceData,
});

const nairaAmount = (what: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, { error: `Give the ${what} in naira with up to two decimals, e.g. 500.00` });

export const addChargeRowBody = z.object({
  from: calendarDate('From').describe('The first day of the first tax month the schedule prices'),
  paye_base: nairaAmount('PAYE base fee'),
  paye_per_recipient: nairaAmount('PAYE fee per employee'),
  paye_cap: nairaAmount('PAYE fee cap'),
  wht_base: nairaAmount('WHT base fee'),
  wht_per_recipient: nairaAmount('WHT fee per payee'),
  wht_cap: nairaAmount('WHT fee cap'),
  vat_percent: percentText('VAT', '7.50'),
  source,
});
export type AddChargeRowBody = z.infer<typeof addChargeRowBody>;

export const addChargeRow = defineContract(calls.addChargeRow, {
  summary:
    'Staff: a new bill charge schedule from the first day of a tax month; refused when it would change the charge of a bill already paid',
  body: addChargeRowBody,
  response: referenceData,
});

export const addWhtRateRowBody = z.object({
  from: calendarDate('From').describe('The first day of the first tax month the rate applies to'),
  wht_type: z.string().trim().min(1, { error: 'Choose the WHT type' }),
  payee_kind: z.enum(['company', 'individual'], { error: 'Choose who is paid: a company or an individual' }),
  residency: z.enum(['resident', 'non_resident'], { error: 'Choose resident or non-resident' }),
  rate_percent: percentText('the rate', '7.50'),
  source,
});
export type AddWhtRateRowBody = z.infer<typeof addWhtRateRowBody>;

export const addWhtRateRow = defineContract(calls.addWhtRateRow, {
  summary:
    'Staff: a new WHT rate for one type, kind of payee and residency from the first day of a tax month; refused when it would change the rate of a ' +
    'bill already paid',
  body: addWhtRateRowBody,
  response: referenceData,
});

export const markReferenceReviewedBody = z.object({ source });
export type MarkReferenceReviewedBody = z.infer<typeof markReferenceReviewedBody>;

export const markReferenceReviewed = defineContract(calls.markReferenceReviewed, {
  summary: 'Staff: the table was checked against its source and is current',
  params: z.object({ table: z.enum(REFERENCE_TABLE_CODES) }),
  body: markReferenceReviewedBody,
  response: referenceData,
});

export const addRemittanceRouteBody = z.object({
  collector: z.string().trim().toUpperCase().min(2, { error: 'Choose the collector: a state or the NRS' }),
  tax: z.enum(REMITTANCE_TAXES, { error: 'Choose PAYE or WHT' }),
  gateway: z.enum(REMITTANCE_GATEWAYS, { error: 'Choose the gateway: remita' }),
  biller_id: z.string().trim().min(1, { error: "Give the collector's biller id on the gateway" }).max(60),
  service_type_id: z
    .string()
    .trim()
    .min(1, { error: "Give the biller's service type (product) id for this tax" })
    .max(60),
  from: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Give the first tax month paid this way, YYYY-MM' }),
  source,
});
export type AddRemittanceRouteBody = z.infer<typeof addRemittanceRouteBody>;

export const addRemittanceRoute = defineContract(calls.addRemittanceRoute, {
  summary:
    "Staff: where a collector's PAYE or WHT is remitted from a tax month on (gateway, biller id, service type id, source); bills of that month and " +
    'later are paid this way',
  body: addRemittanceRouteBody,
  response: referenceData,
});

export const remittanceCheck = z.object({
  reference: z.string(),
  agency_reference: z.string().nullable().describe('The RRR'),
  outcome: z.enum(['paid', 'pending', 'failed', 'unknown', 'absent', 'unavailable']),
  status: z.string().describe('What the gateway said, its code and words'),
  checked_at: z.string(),
});

export const remittanceReconciliation = z.object({
  checked: z.number().describe('Bills asked about: paid in the last 45 days, or still waiting for the gateway'),
  confirmed: z.number(),
  unconfirmed: z
    .array(remittanceCheck)
    .describe('Bills the gateway did not confirm paid: flagged on the bill and mailed to its admins'),
});
export type RemittanceReconciliation = z.infer<typeof remittanceReconciliation>;

export const reconcileRemittances = defineContract(calls.reconcileRemittances, {
  summary:
    'Staff: asks the remittance gateway now for the status of every bill paid in the last 45 days (the daily job’s work); a bill it does not confirm ' +
    'is flagged and its admins mailed',
  response: remittanceReconciliation,
});
