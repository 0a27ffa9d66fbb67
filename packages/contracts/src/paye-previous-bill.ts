import { z } from './zod';
import { defineContract } from './api';
import { billMonth, BILL_STATUSES } from './bills';
import * as calls from './calls';
import { billPayroll } from './payroll-versions';

export const previousPayeBillParams = z.object({
  corporation_id: z.uuid({ error: 'Not found.' }),
  state: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: 'Not found.' }),
  start_date: billMonth.describe('The month the new bill is for'),
});

/** One employee of the previous bill, as it was paid. */
export const previousPayeEmployee = z.object({
  tax_payer_number: z.string(),
  name: z.string(),
  gross_income: z.string(),
  tax_payable: z.string(),
});

export const previousPayeBillAnswer = z.object({
  bill: z
    .object({
      id: z.string(),
      reference: z.string(),
      period_start: z.string(),
      status: z.enum(BILL_STATUSES),
      recipient_count: z.number(),
      payroll: billPayroll.nullable(),
    })
    .nullable()
    .describe(
      'The latest PAYE bill of the latest earlier month that has one, not declined, cancelled or failed; null when none',
    ),
  employees: z.array(previousPayeEmployee).describe("Every employee of that bill, in its file's order"),
});
export type PreviousPayeBill = z.infer<typeof previousPayeBillAnswer>;

export const previousPayeBill = defineContract(calls.previousPayeBill, {
  summary:
    "The corporation's PAYE bill in the state before a month, with its employees: the summary shows who joined, left or changed pay since",
  params: previousPayeBillParams,
  response: previousPayeBillAnswer,
});
