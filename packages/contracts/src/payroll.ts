import { z } from './zod';
import { defineContract } from './api';
import * as calls from './calls';
import { billWarning } from './bills';
import { payrollVersionRef } from './payroll-versions';
import { listParams, pageOf } from './common';
import { registrationParams } from './states';
import { requiredText } from './validation';

/** Naira with two decimals, e.g. "870000.00". */
const money = z.string();

/** An employee of the file, by row, Tax ID and name. */
const payrollPerson = z.object({ row: z.number(), tax_payer_number: z.string(), name: z.string() });

export const PAYROLL_CHECK_KINDS = ['gross_not_components', 'below_minimum_wage', 'other_payroll'] as const;
/** A payroll officer's check on one employee: a warning naming them, never a block. */
export const payrollCheck = payrollPerson.extend({ kind: z.enum(PAYROLL_CHECK_KINDS), message: z.string() });

/** Employees the file says live in another state, where their PAYE is owed. */
export const payrollResidence = z.object({
  state: z.object({ code: z.string(), name: z.string(), revenue_service: z.string() }),
  /** Whether the corporation is registered in that state. */
  registered: z.boolean(),
  employee_count: z.number(),
  /** The first of them (at most 100). */
  employees: z.array(payrollPerson),
  /** "Resident in Ogun: PAYE due to Ogun State Internal Revenue Service" */
  message: z.string(),
});

const payrollChange = z.object({
  tax_payer_number: z.string(),
  name: z.string(),
  gross_before: money.nullable(),
  gross_after: money.nullable(),
  tax_before: money.nullable(),
  tax_after: money.nullable(),
});
/**
 * Against the payroll before (the previous version, or a bill's employees): who joined, who left,
 * whose gross or tax changed, by Tax ID (each list at most 100 long, the counts whole).
 */
export const payrollChanges = z.object({
  previous_version: z
    .number()
    .nullable()
    .describe('The number of the payroll version compared against, when one was kept'),
  previous_uploaded_at: z.string().nullable(),
  joiner_count: z.number(),
  leaver_count: z.number(),
  pay_changed_count: z.number(),
  joiners: z.array(payrollChange),
  leavers: z.array(payrollChange),
  pay_changed: z.array(payrollChange),
});
export type PayrollChanges = z.infer<typeof payrollChanges>;

export const payrollUpload = z.object({
  upload_id: z.string(),
  employee_count: z.number(),
  total_tax_payable: money,
  agency_reference: z.string().nullable().describe('Null until the acknowledgement of a manual filing is recorded'),
  /** Registered by the user on the collector's portal with Levy's schedule file (manual mode). */
  filed_manually: z.boolean(),
  uploaded_at: z.string(),
  /** Employees whose declared tax differs from the law's for this month, named: a warning, never a block. */
  warnings: z.array(billWarning),
  checks: z.array(payrollCheck),
  residence: z.array(payrollResidence),
  changes: payrollChanges,
  /** The version this upload was kept as. */
  version: payrollVersionRef,
});
export type PayrollUpload = z.infer<typeof payrollUpload>;

export const payrollEmployee = z.object({
  id: z.string(),
  row_number: z.number(),
  tax_payer_number: z.string(),
  name: z.string(),
  nationality: z.string(),
  designation: z.string(),
  gross_income: money,
  tax_payable: money,
  /** Each allowance column of the template with its amount. */
  allowances: z.record(z.string(), money),
  /** The reliefs the file declared (monthly; annual_rent a year's); empty when none. */
  reliefs: z.record(z.string(), money),
  /** Where the employee lives, when the file said: PAYE is owed there. */
  state_of_residence: z.object({ code: z.string(), name: z.string() }).nullable(),
});
export type PayrollEmployee = z.infer<typeof payrollEmployee>;

/** Multipart: `tax_payer_number` and the PAYE template CSV as `file`; it becomes the employee list. */
export const uploadPayroll = defineContract(calls.uploadPayroll, {
  summary: 'Upload the PAYE template CSV (multipart: namespace, tax_payer_number, file); it becomes the employee list',
  params: registrationParams,
  body: z.object({ tax_payer_number: z.string().optional() }),
  response: payrollUpload,
});

export const listPayrollEmployees = defineContract(calls.listPayrollEmployees, {
  summary: 'The employees of the latest payroll file: search by name or Tax ID, pagination',
  params: listParams.extend(registrationParams.shape),
  response: pageOf(payrollEmployee),
});

/** The payroll on file as the PAYE template CSV: what a PAYE bill with `source=payroll` is made from. */
export const downloadPayrollFile = defineContract(calls.downloadPayrollFile, {
  summary: 'The payroll on file as the PAYE template CSV, row for row as registered with the state',
  params: registrationParams,
});

/** The latest payroll registered with the revenue service, and whether its acknowledgement is still to record. */
export const payrollFiling = z.object({
  upload_id: z.string(),
  employee_count: z.number(),
  uploaded_at: z.string(),
  filed_manually: z.boolean(),
  agency_reference: z.string().nullable(),
  acknowledgement_recorded_at: z.string().nullable(),
});
export type PayrollFiling = z.infer<typeof payrollFiling>;

export const getPayrollFiling = defineContract(calls.getPayrollFiling, {
  summary:
    'The latest payroll registered with the revenue service (null when none): its reference, or that it awaits one',
  params: registrationParams,
  response: payrollFiling.nullable(),
});

export const downloadPayrollSchedule = defineContract(calls.downloadPayrollSchedule, {
  summary:
    "The employee schedule of the payroll on file as CSV, to upload on the collector's portal where Levy files by hand (manual mode)",
  params: registrationParams,
});

export const acknowledgementBody = z.object({
  reference: requiredText('Acknowledgement').max(100, { error: 'The acknowledgement must be at most 100 characters' }),
});

export const recordPayrollAcknowledgement = defineContract(calls.recordPayrollAcknowledgement, {
  summary:
    "Records the acknowledgement the collector's portal gave for the payroll uploaded there (manual mode); once, on the latest payroll",
  params: registrationParams,
  body: acknowledgementBody,
  response: payrollFiling,
});
