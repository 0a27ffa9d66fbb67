import { z } from './zod';
import { defineContract } from './api';
import * as calls from './calls';
import { billWarning } from './bills';
import { payrollVersionRef } from './payroll-versions';
import { idParam, listParams, pageOf } from './common';
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

/** Employees moved from one state's payroll on file to the payroll of the state they live in. */
export const residentsMoved = z.object({
  moved: z.number(),
  employees: z.array(z.object({ tax_payer_number: z.string(), name: z.string() })).describe('The first 100 moved'),
  from: z.object({ code: z.string(), name: z.string(), employee_count: z.number() }),
  to: z.object({ code: z.string(), name: z.string(), revenue_service: z.string(), employee_count: z.number() }),
});
export type ResidentsMoved = z.infer<typeof residentsMoved>;

export const moveResidentsToTheirState = defineContract(calls.moveResidentsToTheirState, {
  summary:
    "Move the employees of this state's payroll on file who live in `to_state` to that state's payroll " +
    '(registered, with consent); both payrolls go to their revenue services',
  params: registrationParams,
  body: z.object({ to_state: z.string().trim().min(1, { error: 'Choose the state they live in' }) }),
  response: residentsMoved,
});

/** One corporation's employees on its payrolls on file, by the state each lives in. */
export const corporationResidence = z.object({
  corporation: z.object({ id: z.string(), name: z.string() }),
  states: z.array(
    z.object({
      code: z.string(),
      name: z.string(),
      revenue_service: z.string(),
      employee_count: z.number().describe('Employees living in this state, on any of the corporation’s payrolls'),
      registered: z.boolean().describe('The corporation is registered in this state'),
      /** Employees living here but on another state's payroll, by that payroll's state code. */
      on_other_payrolls: z.array(z.object({ code: z.string(), name: z.string(), employee_count: z.number() })),
    }),
  ),
});
export type CorporationResidence = z.infer<typeof corporationResidence>;

export const payeByResidence = defineContract(calls.payeByResidence, {
  summary:
    'Per corporation, the states its employees live in (PAYE is owed there), how many, whether each is registered, and who is on another state’s payroll',
  params: z.object({ id: idParam }),
  response: z.array(corporationResidence),
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
