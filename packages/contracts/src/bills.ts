import { z } from './zod';
import { defineContract } from './api';
import * as calls from './calls';
import { nairaAmount, positiveNairaText } from './calculator';
import { BILL_MESSAGES } from './constants';
import { NO_NEW_FILE_SELECTED } from './corporations';
import { listParams, pagination } from './common';
import { periodEndDate, yearMonth } from './dates';
import { billPayroll } from './payroll-versions';
import { COLLECTOR_KINDS } from './reference';
import { registeredTaxId, requiredText } from './validation';

/**
 * Bills (docs/product.md §7 "Bills", docs/product.md "Bills"): PAYE and WHT bills generated
 * from CSV files or one payee, charged and paid from a wallet. Money crosses the API as naira
 * strings with two decimals; the server keeps kobo.
 */

export const BILL_TYPE_CODES = ['paye', 'wht'] as const;
export type BillTypeCode = (typeof BILL_TYPE_CODES)[number];

/** docs/product.md "Bills": the statuses a bill moves through. */
export const BILL_STATUSES = [
  'pending',
  'awaiting_approval',
  'awaiting_payment_confirmation',
  'payment_pending',
  'payment_paid',
  'failed',
  'declined',
  'cancelled',
] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];

export const BILL_SORT_KEYS = ['created_at', 'total', 'period_start'] as const;

export const billType = z.object({
  id: z.number(),
  code: z.enum(BILL_TYPE_CODES),
  name: z.string(),
  description: z.string(),
});
export type BillType = z.infer<typeof billType>;

export const whtType = z.object({
  id: z.string().describe('The WHT type code (e.g. rent), what `wht_type` takes'),
  name: z.string(),
  reference: z.string().describe("The state agency's revenue item for this type, e.g. LA-WHT-RENT"),
  percentage: z.number().describe('The rate in percent: the individual resident rate of the Withholding Regulations'),
  description: z.string(),
});
export type WhtType = z.infer<typeof whtType>;

/** A tax month as the forms send it: `YYYY-MM` or the month's first day `YYYY-MM-DD`. */
export const billMonth = yearMonth(
  { label: 'Month', required: 'Month is required', format: 'Month must be written YYYY-MM' },
  { allowDay: true },
);

export const whtTypesParams = z.object({
  id: z.coerce.number({ error: 'Not found.' }).int({ error: 'Not found.' }).positive({ error: 'Not found.' }),
  period: billMonth.optional().describe('The tax month (default: this month): the rates in force then'),
});

export const calculateChargeBody = z.object({
  type_id: z.coerce
    .number({ error: 'Bill type is required' })
    .int({ error: 'Choose a bill type' })
    .positive({ error: 'Choose a bill type' }),
  amount_due: nairaAmount('Amount due'),
  recipient_count: z.coerce
    .number({ error: 'Recipient count is required' })
    .int({ error: 'Recipient count must be a whole number' })
    .min(1, { error: 'Recipient count must be at least 1' })
    .max(1_000_000, { error: 'Recipient count must be at most 1,000,000' }),
  period: billMonth
    .optional()
    .describe('The tax month (default: this month): the charge schedule in force on its first day'),
});

export const chargeCalculation = z.object({
  charge: z.string().describe('fee + VAT, naira'),
  amount_due: z.string(),
  fee: z.string(),
  vat: z.string(),
  total: z.string().describe('amount_due + charge: what the wallet pays'),
});
export type ChargeCalculation = z.infer<typeof chargeCalculation>;

/** Whose rates: a State IRS's (individual payees, the default) or the federal NRS's (companies). */
const whtCollector = z.enum(COLLECTOR_KINDS, { error: "collector must be 'state' or 'federal'" }).optional();

export const calculateWhtTaxBody = z.object({
  wht_type: requiredText('WHT type'),
  amount: nairaAmount('Amount'),
  period: billMonth.optional(),
  collector: whtCollector,
});
export const whtTaxCalculation = z.object({ tax_payable: z.string(), rate: z.number() });

export const bulkWhtCalculationBody = z.object({
  namespace: z.string().optional(),
  wht_type: requiredText('WHT type'),
  period: billMonth.optional(),
  collector: whtCollector,
});
export const bulkWhtCalculationCreated = z.object({ id: z.string(), reference: z.string() });

export const whtCalcItemsParams = listParams.pick({ page: true, count: true, no_pages: true }).extend({
  id: z.uuid({ error: 'Not found.' }),
  aggs: z
    .unknown()
    .optional()
    .describe('Accepted for compatibility; the count and the sum of tax_payable always come back'),
});
export const whtCalcItem = z.object({
  row: z.number(),
  tax_payer_number: z.string(),
  name: z.string(),
  amount: z.string(),
  tax_payable: z.string(),
});
export const whtCalcItemsPage = z.object({
  reference: z.string(),
  wht_type: z.string(),
  items: z.array(whtCalcItem),
  aggs: z.object({ count: z.number(), sum_tax_payable: z.string(), sum_amount: z.string() }),
  pagination,
});

/** A state's two-letter code, or NRS for the federal Nigeria Revenue Service. */
const collectorCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^([A-Z]{2}|NRS)$/, { error: 'Not found.' });

/** The path of a bill generation: `internal/corporations/{corporation}/states/{state}/{type}/bills`. */
export const createBillPath = z.object({
  corporation: z.uuid({ error: 'Not found.' }),
  state: collectorCode,
});

export const WHT_PAYLOAD_TYPES = ['manual', 'auto'] as const;
/** Where a PAYE bill's employees come from: a CSV file sent with it, or the payroll registered with the state. */
export const PAYE_SOURCES = ['file', 'payroll'] as const;
export type PayeSource = (typeof PAYE_SOURCES)[number];

/** The form fields of a bill generation (the file comes as `recipients`). */
export const createBillForm = z.object({
  namespace: z.string().optional(),
  start_date: billMonth,
  /** WHT: the period's last day (default the month's); a month `YYYY-MM` means its last day. */
  end_date: periodEndDate('End date').optional(),
  payload_type: z.enum(WHT_PAYLOAD_TYPES, { error: 'Choose manual or auto calculation' }).optional(),
  wht_type: z.string().trim().optional(),
  calc_record_reference: z.string().trim().optional(),
  /** PAYE: `payroll` makes the bill from the state's payroll on file instead of a `recipients` file. */
  source: z.enum(PAYE_SOURCES, { error: 'Choose a payroll file or the payroll on file' }).optional(),
  /** "true" when this is an additional payment for a month already paid or under way (then a reason is required). */
  supplementary: z.enum(['true', 'false'], { error: 'supplementary must be true or false' }).optional(),
  supplementary_reason: z.string().trim().max(500, { error: 'The reason must be at most 500 characters' }).optional(),
  /**
   * PAYE: "true" when the preparer confirms paying, in this bill, the PAYE of employees who live in
   * another state (it is owed there: docs/tax-rules.md §8), with a reason. Otherwise their rows are left out.
   */
  include_residents_elsewhere: z
    .enum(['true', 'false'], { error: 'include_residents_elsewhere must be true or false' })
    .optional(),
  residents_elsewhere_reason: z
    .string()
    .trim()
    .max(500, { error: 'The reason must be at most 500 characters' })
    .optional(),
});

/** A PAYE bill's employees who live in other states, by state: left out, or paid here on the preparer's confirmation. */
export const billResidentsElsewhere = z.object({
  included: z.boolean().describe('The preparer confirmed paying their PAYE in this bill'),
  reason: z.string().nullable().describe('Why, when included'),
  states: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      revenue_service: z.string(),
      message: z.string().describe('"Resident in Ogun: PAYE due to Ogun State Internal Revenue Service"'),
      employee_count: z.number().describe('Every employee of the file who lives in this state'),
      employees: z
        .array(z.object({ row: z.number(), tax_payer_number: z.string(), name: z.string() }))
        .describe('The first 50 of them, in file order'),
    }),
  ),
});
export type BillResidentsElsewhere = z.infer<typeof billResidentsElsewhere>;

export const billWarning = z.object({
  row: z
    .number()
    .nullable()
    .describe('The row of the file sent; null for a bill made from the payroll on file, whose rows nobody wrote'),
  tax_payer_number: z.string(),
  name: z.string(),
  declared: z.string(),
  expected: z.string(),
  message: z.string(),
});
export type BillWarning = z.infer<typeof billWarning>;

/** The remittance gateway's part of a bill: the RRR it is paid against, and what Remita last said of the payment. */
export const billRemittance = z.object({
  gateway: z.enum(['remita']),
  rrr: z.string().nullable(),
  payment_reference: z.string().nullable().describe("Remita's reference for the payment, once paid"),
  gateway_charge: z.string().describe("Remita's charge beyond the tax, paid with it (naira)"),
  last_status: z.string().nullable().describe("Remita's last answer on the payment: its code and words"),
  checked_at: z.string().nullable(),
  confirmed_at: z.string().nullable().describe('When Remita last confirmed the payment paid'),
  unconfirmed: z
    .boolean()
    .describe("Paid, but Remita's last answer does not confirm it: flagged to the organisation's admins"),
});
export type BillRemittance = z.infer<typeof billRemittance>;

export const billSummary = z.object({
  id: z.string(),
  reference: z.string(),
  type: z.enum(BILL_TYPE_CODES),
  type_name: z.string(),
  status: z.enum(BILL_STATUSES),
  corporation: z.object({ id: z.string(), name: z.string() }),
  state: z.object({ id: z.number(), code: z.string(), name: z.string(), collector: z.enum(COLLECTOR_KINDS) }),
  tax_payer_number: z.string(),
  wht_type: z.string().nullable(),
  period_start: z.string(),
  period_end: z.string(),
  amount_due: z.string(),
  charge: z.string(),
  total: z.string(),
  recipient_count: z.number(),
  agency_reference: z.string().nullable(),
  receipt_number: z.string().nullable(),
  created_by: z.string().nullable(),
  created_by_id: z.string().nullable().describe('Who prepared the bill: an admin other than them approves it'),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  supplementary: z.boolean().describe('An additional payment for a month already paid or under way'),
  supplementary_reason: z.string().nullable(),
  residents_elsewhere: billResidentsElsewhere
    .nullable()
    .describe('PAYE: employees of the file who live in another state; null when none'),
  approved_by: z.string().nullable(),
  approved_at: z.string().nullable(),
  closed_reason: z.string().nullable().describe('Why the bill was declined or cancelled'),
  verify_url: z
    .string()
    .nullable()
    .describe(
      "A paid bill's public verification link (/verify/{code}), printed on its receipt with a QR code; null until it is paid",
    ),
  remittance: billRemittance,
});
export type BillSummary = z.infer<typeof billSummary>;

/** A month paid after its due date: how late, and the penalty that lateness has accrued (NTAA 2025 s.107),
 * which the revenue service assesses apart from the bill.
 */
export const billLateness = z.object({
  due_date: z.string().describe('YYYY-MM-DD'),
  days_late: z.number(),
  penalty: z.string().describe('Penalty and interest so far on the amount due, naira'),
  rule: z.string(),
  mpr_caveat: z
    .string()
    .nullable()
    .describe(
      "When the MPR table was last known right more than the review period before: 'Estimated with the MPR of …'",
    ),
});
export type BillLateness = z.infer<typeof billLateness>;

export const billEvent = z.object({ status: z.enum(BILL_STATUSES), note: z.string(), at: z.string() });

export const billDetail = billSummary.extend({
  fee: z.string(),
  vat: z.string(),
  failure_reason: z.string().nullable(),
  events: z.array(billEvent),
  warnings: z.array(billWarning),
  lateness: billLateness.nullable().describe("Paid (or, unpaid, as of today) after the month's due date"),
  payroll: billPayroll
    .nullable()
    .describe('PAYE: where its employees came from and the payroll version on file; null for WHT'),
});
export type BillDetail = z.infer<typeof billDetail>;

export const billItemsParams = listParams
  .pick({ page: true, count: true, search: true })
  .extend({ id: z.uuid({ error: 'Not found.' }) });
export const billItem = z.object({
  row: z.number(),
  tax_payer_number: z.string(),
  name: z.string(),
  amount: z.string().describe('PAYE: gross income for the month; WHT: the payment the tax is on'),
  tax_payable: z.string(),
  expected_tax: z.string().nullable().describe("PAYE: the engine's own figure for the row"),
});

/** The single-payee step of the WHT form (docs/product.md §4 step 1): the beneficiary's Tax ID and name. */
export const singlePayee = z.object({ tax_payer_number: registeredTaxId, name: requiredText('Beneficiary name') });

/** This month, `YYYY-MM`, in the person's own time zone: the latest a bill form may pick. */
function thisMonth(): string {
  const today = new Date();
  return `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}`;
}

/** A bill form's month as its picker holds it (`YYYY-MM-01`): required, and not one still to come (docs/product.md §5). */
const billFormMonth = z
  .string({ error: 'Month is required' })
  .min(1, { error: 'Month is required' })
  .refine((value) => value.slice(0, 7) <= thisMonth(), { error: BILL_MESSAGES.futureMonth });

/** The new file a bill form sends: a browser `File`, or nothing chosen yet. */
const billFormFile = z.custom<File>((value) => value !== null && value !== undefined, { error: NO_NEW_FILE_SELECTED });

/** The bill forms' first fields (docs/product.md §4): the corporation, where the bill is paid, the month. */
function billFormDetails(collectorLabel: 'State' | 'Agency') {
  return z.object({
    corporation: requiredText('Corporation'),
    state: requiredText(collectorLabel),
    month: billFormMonth,
  });
}

/** PAYE Generate Bill (docs/product.md §4): the corporation, its state and the month; a new payroll file when one replaces the payroll on file. */
export const payeBillForm = {
  details: billFormDetails('State'),
  upload: z.object({ file: billFormFile }),
};

/** The NRS takes WHT on payments to companies: an individual's Tax ID (N-…) is refused there (docs/tax-rules.md §3). */
export const NRS_PAYEE_INDIVIDUAL =
  "The Nigeria Revenue Service takes WHT on payments to companies: use the company's C- or 13-digit Tax ID. Pay an individual's WHT to the State IRS " +
  'where they live.';

/** The steps of the Withholding Tax form (docs/product.md §4), each with the fields it checks before the next. */
export const whtBillForm = {
  details: billFormDetails('Agency'),
  /** One beneficiary, paid through the `collector` chosen: a federal collector takes companies only. */
  singlePayee: singlePayee
    .extend({ collector: z.enum(COLLECTOR_KINDS) })
    .refine((payee) => payee.collector !== 'federal' || !/^N/i.test(payee.tax_payer_number), {
      error: NRS_PAYEE_INDIVIDUAL,
      path: ['tax_payer_number'],
      // Asked of a Tax ID and name that are themselves right.
      when: (payload) => payload.issues.length === 0,
    }),
  method: z.object({
    method: z.enum(WHT_PAYLOAD_TYPES, { error: 'Choose how the tax is worked out' }),
  }),
  /** The WHT type first, then the amount (`label`: the amount paid, or the tax payable given). */
  amount: (label: 'Amount' | 'Tax payable') =>
    z
      .looseObject({ wht_type: requiredText('WHT type') })
      .pipe(z.looseObject({ wht_type: z.string(), amount: positiveNairaText(label) })),
  /** The WHT type first, then the beneficiaries file. */
  file: z
    .looseObject({ wht_type: requiredText('WHT type') })
    .pipe(z.looseObject({ wht_type: z.string(), file: billFormFile })),
};

const billPage = z.object({ items: z.array(billSummary), pagination });
const billItemPage = z.object({ items: z.array(billItem), pagination });
const exportFormat = z.object({ format: z.enum(['csv', 'xlsx'], { error: 'Choose csv or xlsx' }).default('csv') });
const billId = z.object({ id: z.uuid({ error: 'Not found.' }) });

export const listBillTypes = defineContract(calls.listBillTypes, {
  summary: 'The bill types: PAYE and Withholding Tax, with id, code, name and description',
  response: z.array(billType),
});

export const listStateWhtTypes = defineContract(calls.listStateWhtTypes, {
  summary:
    "The WHT types a state's revenue service collects for a month (period, default this month): id, name, reference, percentage, description",
  params: whtTypesParams,
  response: z.array(whtType),
});

export const calculateBillCharge = defineContract(calls.calculateBillCharge, {
  summary:
    "Levy's charge on a bill: {type_id, amount_due, recipient_count, period} \u2192 {charge, amount_due, fee, vat, total}",
  body: calculateChargeBody,
  response: chargeCalculation,
});

export const calculateWhtTax = defineContract(calls.calculateWhtTax, {
  summary:
    'WHT on one amount at the type’s rate: {wht_type, amount, period?, collector?} → {tax_payable, rate}; collector federal (the NRS) uses the company rates',
  body: calculateWhtTaxBody,
  response: whtTaxCalculation,
});

/** Multipart: namespace, wht_type, period and the auto file as `file`. */
export const calculateWhtBulk = defineContract(calls.calculateWhtBulk, {
  summary:
    'WHT on every row of an auto file (multipart: namespace, file, wht_type, period?, collector?) → {id, reference} for the items call and the bill; ' +
    'collector federal (the NRS) takes companies only, at the company rates',
  body: bulkWhtCalculationBody,
  response: bulkWhtCalculationCreated,
});

export const listWhtCalcItems = defineContract(calls.listWhtCalcItems, {
  summary: 'The rows of a bulk WHT calculation (page, count, no_pages) with aggs: count and the sum of tax_payable',
  params: whtCalcItemsParams,
  response: whtCalcItemsPage,
});

/** Multipart: the form fields and the file as `recipients`; send the Idempotency-Key header. */
export const createPayeBill = defineContract(calls.createPayeBill, {
  summary:
    'Generate and pay a PAYE bill (multipart): start_date, recipients (PAYE template) or source=payroll. Send an Idempotency-Key header.',
  params: createBillPath,
  body: createBillForm,
  response: billDetail,
});

/** Multipart, as a PAYE bill; its own call so that its permission is declared with it. */
export const createWhtBill = defineContract(calls.createWhtBill, {
  summary:
    'Generate and pay a Withholding tax bill (multipart): payload_type manual (recipients with tax_payable) or auto (recipients with amount, or ' +
    'calc_record_reference), wht_type, start_date, end_date. Send an Idempotency-Key header.',
  params: createBillPath,
  body: createBillForm,
  response: billDetail,
});

export const listBills = defineContract(calls.listBills, {
  summary:
    "The organisation's bills: filters (type, status, corporation_id, state_id, created_at >= / <=), search by reference, order_by created_at, total " +
    'or period_start, is_asc, page, no_pages',
  params: listParams,
  response: billPage,
});

export const exportBills = defineContract(calls.exportBills, {
  summary: 'The bills list as a CSV or XLSX download (format), with the same filters and search',
  params: listParams.extend(exportFormat.shape),
});

/** Why an admin declines a bill: the preparer is mailed it. */
export const rejectBillBody = z.object({
  reason: requiredText('Reason').max(500, { error: 'The reason must be at most 500 characters' }),
});
export const cancelBillBody = z.object({
  reason: z.string().trim().max(500, { error: 'The reason must be at most 500 characters' }).optional(),
});

const billFigures = z.object({ amount_due: z.string(), charge: z.string(), total: z.string() });
/** The CONFLICT data of an approval whose bill costs something else under today's rules: what it was prepared at, what it costs now, and why. */
export const billRepricing = z.object({ prepared: billFigures, now: billFigures, changes: z.array(z.string()) });
export type BillRepricing = z.infer<typeof billRepricing>;

/** Approval prices the bill again under today's rules: a changed total is paid only when the approver confirms it. */
export const approveBillBody = z.object({
  confirm_total: nairaAmount('Total')
    .optional()
    .describe(
      'The new total (naira) the approver saw, when approval answered CONFLICT because the rules changed since the bill was prepared',
    ),
});

export const approveBill = defineContract(calls.approveBill, {
  summary:
    "An admin other than its preparer approves a bill awaiting approval: it is priced again for its month under today's WHT rates and charge schedule, " +
    'then the wallet is debited and the bill paid as at once. A changed price answers CONFLICT with data.prepared, data.now and data.changes until ' +
    'confirm_total names the new total; a bill whose state registration was removed or changed Tax ID is closed unpaid (UNPROCESSABLE); a shortfall ' +
    'answers UNPROCESSABLE and it keeps waiting',
  params: billId,
  body: approveBillBody,
  response: billDetail,
});
export const rejectBill = defineContract(calls.rejectBill, {
  summary:
    'An admin declines a bill awaiting approval, with a reason mailed to its preparer (status declined; nothing was paid)',
  params: billId,
  body: rejectBillBody,
  response: billDetail,
});
export const cancelBill = defineContract(calls.cancelBill, {
  summary:
    'Withdraw a bill awaiting approval (its preparer or an admin), or cancel one whose settlement the agency has not accepted (an admin; the wallet is ' +
    'refunded once). A paid bill answers UNPROCESSABLE with what to do instead',
  params: billId,
  body: cancelBillBody,
  response: billDetail,
});

/** What the summary step shows before Pay: the month's other bills, the paying wallet, and whether the bill will wait for an admin. */
export const billPrecheckParams = z.object({
  corporation_id: z.uuid({ error: 'Not found.' }),
  state: collectorCode,
  type: z.enum(BILL_TYPE_CODES, { error: 'Not found.' }),
  start_date: billMonth,
  total: nairaAmount('Total')
    .optional()
    .describe("The bill's total (naira), to say whether it waits for approval and what the wallet is short of"),
  amount_due: nairaAmount('Amount due')
    .optional()
    .describe('The tax (naira): the basis of the late penalty when the month is overdue'),
  payees_fingerprint: z
    .string()
    .regex(/^[0-9a-f]{64}$/, { error: 'The payees fingerprint is the SHA-256 (hex) of the payees text' })
    .optional()
    .describe(
      'WHT: the SHA-256 (hex) of whtPayeesText of the payees and their tax, to name the bill of the month this one would repeat',
    ),
  calc_record_reference: z
    .string()
    .trim()
    .min(1)
    .optional()
    .describe('WHT from a bulk calculation: its payees name the bill this one would repeat'),
});
export const billPrecheck = z.object({
  month_bills: z
    .array(billSummary)
    .describe('Bills of the same corporation, state, tax and month that are paid, being paid or awaiting approval'),
  duplicate: z
    .string()
    .nullable()
    .describe(
      'The sentence naming the bill this one would repeat: PAYE by the month; WHT by the same payees and amounts (payees_fingerprint or calc_record_reference)',
    ),
  wallet: z.object({ name: z.string(), balance: z.string() }),
  shortfall: z.string().nullable().describe('What the wallet lacks for the total, when it does'),
  approval: z.object({
    required: z.boolean(),
    reason: z.string().nullable(),
    blocked: z
      .string()
      .nullable()
      .describe('When the bill must wait but no admin other than the preparer can approve it: why Pay will be refused'),
  }),
  lateness: billLateness
    .nullable()
    .describe("Paying today, after the month's due date: days late and the penalty so far (with amount_due)"),
  remittance: z
    .object({
      route: z.string().nullable().describe('How the tax will be remitted: the gateway, biller and service type'),
      missing: z
        .string()
        .nullable()
        .describe('No route for this collector, tax and month: what platform staff must add before Pay'),
      amount_due: z
        .string()
        .nullable()
        .describe(
          "Remita's amount due (naira) when it differs from the tax (with amount_due): its charge is paid with the tax",
        ),
    })
    .describe('The remittance route of the bill'),
});
export type BillPrecheck = z.infer<typeof billPrecheck>;

export const precheckBill = defineContract(calls.precheckBill, {
  summary:
    "Before Pay: the month's bills that are paid, being paid or awaiting approval, the PAYE repeat they would make, the paying wallet's balance and " +
    'shortfall for `total`, and whether the bill will wait for an admin',
  params: billPrecheckParams,
  response: billPrecheck,
});

export const getBill = defineContract(calls.getBill, {
  summary: 'One bill with its status history and the rows whose PAYE differs from the engine’s',
  params: billId,
  response: billDetail,
});

export const listBillItems = defineContract(calls.listBillItems, {
  summary: "A bill's recipients (page, count, search by name or Tax ID)",
  params: billItemsParams,
  response: billItemPage,
});

export const getBillReceipt = defineContract(calls.getBillReceipt, {
  summary: 'The PDF receipt of a paid bill',
  params: billId,
});

export const getBillSchedule = defineContract(calls.getBillSchedule, {
  summary: "The bill's recipients as a CSV or XLSX schedule (format)",
  params: billId.extend(exportFormat.shape),
});
