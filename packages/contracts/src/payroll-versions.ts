import { z } from './zod';

/**
 * Payroll versions (docs/decisions/0047): each payroll upload accepted for a registration is kept
 * as a numbered version, and a PAYE bill records the version it was made from.
 */

/** A payroll version as the upload and the bill name it. */
export const payrollVersionRef = z.object({
  id: z.string(),
  number: z.number().describe('1 for the first payroll kept for the registration, then 2, 3 …'),
  uploaded_at: z.string(),
  uploaded_by: z.string().nullable().describe('Who uploaded it; null when that user is gone'),
  employee_count: z.number(),
  hash: z.string().describe('SHA-256 of the employees as registered: two versions with one hash hold the same payroll'),
});
export type PayrollVersionRef = z.infer<typeof payrollVersionRef>;

export const PAYE_BILL_SOURCES = ['payroll', 'file'] as const;

/** Where a PAYE bill's employees came from, and the payroll version on file when it was made. */
export const billPayroll = z.object({
  source: z
    .enum(PAYE_BILL_SOURCES)
    .describe('`payroll`: made from the payroll on file; `file`: from a file uploaded with the bill'),
  version: payrollVersionRef
    .nullable()
    .describe(
      'The payroll version on file when the bill was made (for `payroll`, its employees); null when none was kept',
    ),
});
export type BillPayroll = z.infer<typeof billPayroll>;
