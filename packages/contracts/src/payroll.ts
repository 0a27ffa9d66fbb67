import { z } from './zod';
import { defineContract } from './api';
import * as calls from './calls';
import { billWarning } from './bills';
import { listParams, pageOf } from './common';
import { registrationParams } from './states';

/** Naira with two decimals, e.g. "870000.00". */
const money = z.string();

export const payrollUpload = z.object({
  upload_id: z.string(),
  employee_count: z.number(),
  total_tax_payable: money,
  agency_reference: z.string(),
  uploaded_at: z.string(),
  /** Employees whose declared tax differs from the law's for this month, named: a warning, never a block. */
  warnings: z.array(billWarning),
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
