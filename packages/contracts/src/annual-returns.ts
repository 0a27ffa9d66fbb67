import { z } from './zod';
import { defineContract } from './api';
import * as calls from './calls';
import { nairaAmount } from './calculator';
import { idParam } from './common';
import { registrationParams } from './states';
import { requiredText } from './validation';

/**
 * The employer's annual return (Form H1, NTAA s.14) and employees' tax cards: built
 * from a corporation's paid PAYE bills in a state and year, submitted to the state's revenue
 * service, amended as new versions. Money crosses the API as naira strings with two decimals.
 */

export const annualReturnPath = z.object({
  id: idParam,
  state: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: 'Not found.' }),
  year: z.coerce
    .number({ error: 'Not found.' })
    .int({ error: 'Not found.' })
    .min(2020, { error: 'Not found.' })
    .max(9998, { error: 'Not found.' }),
});

export const ANNUAL_RETURN_DIFFERENCE_KINDS = [
  'missing_month',
  'month_not_due',
  'supplementary',
  'declared_tax',
  'bill_total',
  'paid_outside_levy',
] as const;

const monthFigures = z.object({
  period: z.string().describe('YYYY-MM'),
  gross: z.string(),
  tax: z.string(),
  bills: z.array(z.string()).describe('The references of the paid bills that carried the month'),
});

export const annualReturnEmployee = z.object({
  tax_payer_number: z.string(),
  name: z.string(),
  designation: z.string().nullable(),
  months: z.number().describe('Months of the year with a paid PAYE row for the employee'),
  gross: z.string().describe('Annual gross: the sum of the monthly gross incomes on the paid bills'),
  incomes: z.array(z.string()).describe('Each income column summed over the year, in the order of income_columns'),
  pension_relief: z
    .string()
    .describe('The pension relief on the year: as declared, else 8% of basic + housing + transport (PRA default)'),
  reliefs: z
    .object({
      pension: z.string(),
      nhf: z.string(),
      nhis: z.string(),
      life_assurance: z.string(),
      mortgage_interest: z.string(),
      rent_relief: z.string().describe('20% of the rent declared, at most ₦500,000 a year (NTA 2025 only)'),
      cra: z.string().describe('The Consolidated Relief Allowance (PITA, to 2025); 0 under NTA 2025'),
    })
    .describe(
      'Each relief on the year: a month whose bill row declared reliefs gives what the engine allowed that month, capped by law; any other month gives ' +
        'pension at the PRA default and nothing else',
    ),
  declared_reliefs: z
    .array(z.object({ relief: z.string().describe('The payroll column: pension, nhf, nhis …'), months: z.number() }))
    .describe('The reliefs the employee declared on the year’s bills, with how many months declared each'),
  reliefs_basis: z.string().describe('Which reliefs were declared and which defaulted, in words'),
  total_reliefs: z
    .string()
    .describe('Every relief above summed: the engine’s reliefs on the year’s figures under the regime in force'),
  chargeable_income: z.string(),
  tax_deducted: z.string().describe('PAYE deducted: the sum of the employee’s rows on the year’s paid bills'),
  expected_tax: z
    .string()
    .describe('The law’s PAYE for the same rows: the engine’s monthly figures when each bill was made, summed'),
  monthly: z.array(monthFigures),
});
export type AnnualReturnEmployeeView = z.infer<typeof annualReturnEmployee>;

export const annualReturnContent = z.object({
  months_owed: z.array(z.string()).describe('The months of the year the corporation owed PAYE in the state'),
  income_columns: z.array(z.string()),
  employees: z.array(annualReturnEmployee),
  totals: z.object({
    employees: z.number(),
    gross: z.string(),
    incomes: z.array(z.string()),
    total_reliefs: z.string(),
    tax_deducted: z.string(),
    expected_tax: z.string(),
    bills_amount_due: z.string().describe('The amount due of the year’s paid PAYE bills'),
  }),
  bills: z.array(
    z.object({
      reference: z.string(),
      period: z.string(),
      supplementary: z.boolean(),
      amount_due: z.string(),
      paid_outside_levy: z.boolean().describe('A month paid on the state’s portal before Levy, recorded by the user'),
    }),
  ),
  reconciled: z.boolean().describe('True when the employees’ PAYE deducted equals the paid bills’ amount due'),
  differences: z.array(
    z.object({ kind: z.enum(ANNUAL_RETURN_DIFFERENCE_KINDS), period: z.string().nullable(), message: z.string() }),
  ),
});
export type AnnualReturnContent = z.infer<typeof annualReturnContent>;

export const annualReturnVersion = z.object({
  version: z.number(),
  reference: z
    .string()
    .nullable()
    .describe('The revenue service’s acknowledgement; null until recorded for a return filed by hand on the portal'),
  /** Filed by the user on the collector's portal with Levy's schedule (CSV export), not by Levy (manual mode). */
  filed_manually: z.boolean(),
  filed_by: z.string(),
  filed_at: z.string(),
  reason: z.string().nullable().describe('Why it was amended; null for the first filing'),
  employees: z.number(),
  tax_deducted: z.string(),
});
export type AnnualReturnVersion = z.infer<typeof annualReturnVersion>;

export const annualReturnView = z.object({
  corporation: z.object({ id: z.string(), name: z.string() }),
  state: z.object({ code: z.string(), name: z.string(), revenue_service: z.string() }),
  tax_payer_number: z.string(),
  year: z.number(),
  due_date: z.string().describe('31 January of the next year (NTAA s.14), YYYY-MM-DD'),
  status: z.enum(['not_filed', 'filed']),
  can_submit: z.boolean().describe('Whether the return can be submitted (or amended) now, whoever asks'),
  cannot_submit_reason: z.string().nullable().describe('Why it cannot, in words'),
  filed: annualReturnVersion.nullable().describe('The latest version filed'),
  versions: z.array(annualReturnVersion).describe('Every version filed, newest first'),
  changed_since_filing: z.boolean().describe('Filed, and the paid bills now give a different return: amend it'),
  late_filing: z
    .object({ months_late: z.number(), penalty: z.string(), rule: z.string(), as_of: z.string() })
    .nullable()
    .describe('After the due date: the NTAA s.101 penalty so far (unfiled) or when it was filed (filed late)'),
  return: annualReturnContent.describe('The latest version filed, or the preview from the paid bills when none is'),
  preview: annualReturnContent.nullable().describe('Filed and changed since: what an amendment would file'),
});
export type AnnualReturnView = z.infer<typeof annualReturnView>;

export const getAnnualReturn = defineContract(calls.getAnnualReturn, {
  summary:
    "A corporation's annual return (Form H1) for a state and year: the employees and totals from the year's paid PAYE bills, the differences from " +
    'them, its filing state and versions',
  params: annualReturnPath,
  response: annualReturnView,
});

export const submitAnnualReturn = defineContract(calls.submitAnnualReturn, {
  summary:
    'Submits the annual return to the state revenue service (admins): only once the year has ended and a PAYE bill of it is paid; a filed return is ' +
    'amended instead',
  params: annualReturnPath,
  response: annualReturnView,
});

export const amendAnnualReturnBody = z.object({
  reason: requiredText('Reason').max(500, { error: 'The reason must be at most 500 characters' }),
});

export const amendAnnualReturn = defineContract(calls.amendAnnualReturn, {
  summary:
    'Files a new version of a filed annual return from the paid bills as they are now, with why (admins); earlier versions are kept',
  params: annualReturnPath,
  body: amendAnnualReturnBody,
  response: annualReturnView,
});

export const recordAnnualReturnAcknowledgement = defineContract(calls.recordAnnualReturnAcknowledgement, {
  summary:
    "Records the acknowledgement the collector's portal gave for the latest version, filed there by hand (manual mode); once",
  params: annualReturnPath,
  body: z.object({
    reference: requiredText('Acknowledgement').max(100, {
      error: 'The acknowledgement must be at most 100 characters',
    }),
  }),
  response: annualReturnView,
});

export const exportAnnualReturn = defineContract(calls.exportAnnualReturn, {
  summary: 'The annual return (the latest version filed, else the preview) as CSV, XLSX or PDF (format)',
  params: annualReturnPath.extend({
    format: z.enum(['csv', 'xlsx', 'pdf'], { error: 'Choose csv, xlsx or pdf' }).default('pdf'),
  }),
});

export const downloadTaxCards = defineContract(calls.downloadTaxCards, {
  summary: "Every employee's tax deduction card for the year, one PDF each, in a ZIP",
  params: annualReturnPath,
});

export const downloadTaxCard = defineContract(calls.downloadTaxCard, {
  summary:
    "One employee's tax deduction card for the year (PDF): monthly gross, PAYE and the bill that paid it, the totals, the employer and the return's reference",
  params: annualReturnPath.extend({
    taxPayerNumber: z.string().trim().min(1, { error: 'Not found.' }).max(40, { error: 'Not found.' }),
  }),
});

export const ANNUAL_RETURN_MESSAGES = {
  submitted: 'Annual return submitted.',
  amended: 'Amended annual return submitted.',
} as const;

/**
 * A month's PAYE paid on the state's portal before the corporation used Levy: Levy records it (the
 * annual return counts it, alerts treat the month as paid) and never pays it.
 */
export const priorPayePayment = z.object({
  id: z.string(),
  tax_month: z.string().describe('YYYY-MM'),
  amount: z.string().describe('Naira, two decimals'),
  agency_reference: z.string(),
  paid_on: z.string().describe('YYYY-MM-DD'),
  file_name: z.string().nullable().describe('The payroll file given for the month, if any'),
  employees: z
    .number()
    .nullable()
    .describe("Employees in the month's payroll file; null when only the total is on record"),
  recorded_by: z.string(),
  recorded_at: z.string().describe('ISO 8601'),
  removable: z.boolean().describe("False once that year's annual return is filed"),
});
export type PriorPayePayment = z.infer<typeof priorPayePayment>;

const priorTaxMonth = z
  .string({ error: 'Tax month is required' })
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: 'Tax month must be written YYYY-MM' });

export const listPriorPayePayments = defineContract(calls.listPriorPayePayments, {
  summary: 'PAYE months paid on the state portal before Levy, newest month first',
  params: registrationParams,
  response: z.array(priorPayePayment),
});

export const recordPriorPayePayment = defineContract(calls.recordPriorPayePayment, {
  summary:
    "Records a PAYE month paid on the state portal before Levy (multipart: tax_month, amount, agency_reference, paid_on, optional file: the month's " +
    'PAYE template CSV); audited',
  params: registrationParams,
  body: z.object({
    tax_month: priorTaxMonth,
    amount: nairaAmount('Amount'),
    agency_reference: requiredText('Agency reference').max(100, {
      error: 'The agency reference must be at most 100 characters',
    }),
    paid_on: z
      .string({ error: 'Paid on is required' })
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Paid on must be a date written YYYY-MM-DD' }),
  }),
  response: priorPayePayment,
});

export const removePriorPayePayment = defineContract(calls.removePriorPayePayment, {
  summary:
    "Removes a month recorded as paid before Levy (admins), while that year's annual return is not filed; audited",
  params: registrationParams.extend({ month: priorTaxMonth }),
  response: z.object({ removed: z.literal(true) }),
});

export const PRIOR_PAYMENT_MESSAGES = {
  recorded: 'Month recorded as paid before Levy.',
  removed: 'Month removed.',
} as const;
