import { z } from './zod';
import { defineContract } from './api';
import * as calls from './calls';
import { billWarning } from './bills';
import { idParam, listParams, pageOf } from './common';
import { registrationParams } from './states';

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
});
/** Against the payroll on file before this upload: who joined, who left, whose gross changed (each list at most 100 long). */
export const payrollChanges = z.object({
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
  agency_reference: z.string(),
  uploaded_at: z.string(),
  /** Employees whose declared tax differs from the law's for this month, named: a warning, never a block. */
  warnings: z.array(billWarning),
  checks: z.array(payrollCheck),
  residence: z.array(payrollResidence),
  changes: payrollChanges,
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
