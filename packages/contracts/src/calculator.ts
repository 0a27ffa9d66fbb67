import { z } from './zod';
import { defineContract } from './api';
import * as calls from './calls';
import { yearMonth } from './dates';
import { DECIMAL_TEXT, MAX_NAIRA_TEXT, nairaAmountProblem, plainDecimal } from './naira';

/**
 * The public tax calculator (docs/product.md "Public calculator"): PAYE for a month under
 * the regime in force, WHT on one payment, and shared calculations. Money crosses the API as naira
 * with at most two decimals (in) and as strings with exactly two decimals (out), so no figure is
 * ever a binary fraction; the server works in integer kobo between the two.
 */

/**
 * A naira amount given as a JSON number (`500000`, `1234.5`) or a decimal string (`"500000.00"`):
 * not negative, at most two decimals, at most ₦9,999,999,999,999.99. The output is the decimal as given.
 */
export function nairaAmount(label: string) {
  return z
    .union([z.number(), z.string()], { error: `${label} must be an amount in naira` })
    .describe(`${label} in naira: a number or a decimal string, at most two decimals, at most ₦${MAX_NAIRA_TEXT}`)
    .transform((value, context) => {
      const text = typeof value === 'number' ? plainDecimal(value) : value.trim();
      const problem =
        text === null
          ? `${label} must be an amount in naira with at most two decimals`
          : nairaAmountProblem(text, label);
      if (problem === null && text !== null) return text;
      context.addIssue({ code: 'custom', message: problem ?? `${label} must be an amount in naira` });
      return z.NEVER;
    });
}

/** An amount as a form holds it, more than ₦0.00: empty, zero, negative or not a number gives '{label} must be more than ₦0.00'. */
export function positiveNairaText(label: string) {
  const message = `${label} must be more than ₦0.00`;
  return z
    .string({ error: message })
    .trim()
    .refine((text) => DECIMAL_TEXT.test(text) && /[1-9]/.test(text), { error: message });
}

/** Omitted, null or empty means "none" (0 for a deduction). */
export function optionalNaira(label: string) {
  return z.preprocess((value) => (value === '' || value === null ? undefined : value), nairaAmount(label).optional());
}

/** A tax month, `YYYY-MM`: it picks the regime and the rates in force. */
export const taxPeriod = yearMonth({
  label: 'Period',
  required: 'Period is required',
  format: 'Period must be a month written YYYY-MM',
}).describe('The tax month, YYYY-MM: it picks the rules in force (NTA 2025 from 2026-01, PITA before)');

export const PAYE_REGIME_CODES = ['NTA2025', 'PITA2011'] as const;
export type PayeRegimeCode = (typeof PAYE_REGIME_CODES)[number];

/** The fields a PAYE request may carry, in the order errors are reported. */
export const PAYE_AMOUNT_FIELDS = [
  'annual_gross',
  'monthly_gross',
  'basic',
  'housing',
  'transport',
  'other_allowances',
  'pension',
  'nhf',
  'nhis',
  'life_assurance',
  'mortgage_interest',
  'annual_rent',
] as const;
export type PayeAmountField = (typeof PAYE_AMOUNT_FIELDS)[number];

/**
 * `POST public calculator/paye`. Give either `annual_gross` or `monthly_gross`. The pay components
 * and the deductions are on the same basis as the gross given (monthly with `monthly_gross`);
 * `annual_rent` is always a year's rent. An omitted deduction is 0, except the pension, which
 * defaults to 8% of basic + housing + transport when any of those is given (PRA 2014 s.4(1)).
 */
export const calculatePayeBody = z
  .object({
    period: taxPeriod,
    annual_gross: optionalNaira('Annual gross'),
    monthly_gross: optionalNaira('Monthly gross'),
    basic: optionalNaira('Basic salary'),
    housing: optionalNaira('Housing allowance'),
    transport: optionalNaira('Transport allowance'),
    other_allowances: optionalNaira('Other allowances'),
    pension: optionalNaira('Pension'),
    nhf: optionalNaira('NHF'),
    nhis: optionalNaira('NHIS'),
    life_assurance: optionalNaira('Life assurance'),
    mortgage_interest: optionalNaira('Mortgage interest'),
    annual_rent: optionalNaira('Annual rent'),
  })
  .superRefine((value, context) => {
    if (value.annual_gross !== undefined && value.monthly_gross !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['monthly_gross'],
        message: 'Give either the annual or the monthly gross, not both',
      });
    } else if (value.annual_gross === undefined && value.monthly_gross === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['annual_gross'],
        message: 'Gross pay is required: give the annual or the monthly gross',
      });
    }
  });
export type CalculatePaye = z.input<typeof calculatePayeBody>;
export type CalculatePayeParsed = z.output<typeof calculatePayeBody>;

/** Naira with exactly two decimals, e.g. "870000.00". */
const money = z.string();

export const payeBand = z.object({
  /** Lower bound of the slice of annual chargeable income. */
  from: money,
  /** Upper bound; null for the open top slice. */
  to: money.nullable(),
  /** Percent, e.g. 15. */
  rate: z.number(),
  taxable: money,
  tax: money,
});
export type PayeBandResult = z.infer<typeof payeBand>;

/** Annual reliefs; those a regime does not have are "0.00". */
export const payeReliefs = z.object({
  pension: money,
  /** True when the pension was not given and is 8% of basic + housing + transport. */
  pension_is_default: z.boolean(),
  nhf: money,
  nhis: money,
  life_assurance: money,
  mortgage_interest: money,
  rent_relief: money,
  cra: money,
  total: money,
});

/** One regime's answer for the same inputs. */
export const payeRegimeResult = z.object({
  regime: z.enum(PAYE_REGIME_CODES),
  regime_name: z.string(),
  annual_gross: money,
  monthly_gross: money,
  chargeable_income: money,
  annual_tax: money,
  monthly_tax: money,
  /** Annual tax as a percent of annual gross, two decimals, e.g. 14.5. */
  effective_rate: z.number(),
  bands: z.array(payeBand),
  reliefs: payeReliefs,
  net_annual: money,
  net_monthly: money,
  /** Pay at or below the national minimum wage: no PAYE. */
  exempt: z.boolean(),
  /** PITA s.37: 1% of gross replaced a lower band tax. */
  minimum_tax_applied: z.boolean(),
  minimum_wage_monthly: money,
});
export type PayeRegimeResult = z.infer<typeof payeRegimeResult>;

export const payeCalculation = payeRegimeResult.extend({
  period: z.string(),
  /** The same figures under the other regime, for the side-by-side view. */
  comparison: payeRegimeResult,
});
export type PayeCalculation = z.infer<typeof payeCalculation>;

export const PAYEE_KINDS = ['company', 'individual'] as const;

/** `POST public calculator/wht`: withholding tax on one payment (WHTR 2024 First Schedule). */
export const calculateWhtBody = z.object({
  period: taxPeriod,
  type: z
    .string({ error: 'Type is required' })
    .trim()
    .min(1, { error: 'Type is required' })
    .describe(
      'WHT type code from the rate schedule (docs/tax-rules.md §3), e.g. professional_fees, rent, supply_of_goods',
    ),
  payee_kind: z.enum(PAYEE_KINDS, { error: "Payee kind must be 'company' or 'individual'" }),
  resident: z.boolean({ error: 'Resident must be true or false' }),
  has_tax_id: z.boolean({ error: 'Has Tax ID must be true or false' }),
  amount: nairaAmount('Amount'),
});
export type CalculateWht = z.input<typeof calculateWhtBody>;
export type CalculateWhtParsed = z.output<typeof calculateWhtBody>;

export const whtCalculation = z.object({
  period: z.string(),
  type: z.string(),
  type_name: z.string(),
  amount: money,
  /** The rate applied, in percent, after any doubling. */
  rate: z.number(),
  /** The schedule rate before doubling, in percent. */
  schedule_rate: z.number(),
  /** The rate doubled because the payee has no Tax ID (WHTR 2024). */
  doubled: z.boolean(),
  tax: money,
  net: money,
  /** State IRS for individuals, the federal NRS for companies (docs/tax-rules.md §3). */
  collector: z.enum(['state', 'federal']),
});
export type WhtCalculation = z.infer<typeof whtCalculation>;

/** `POST public calculator/share`: the inputs of either calculator, or both. */
export const shareCalculationBody = z
  .object({
    paye: calculatePayeBody.optional(),
    wht: calculateWhtBody.optional(),
  })
  .refine((value) => value.paye !== undefined || value.wht !== undefined, {
    path: ['paye'],
    error: 'Give the PAYE or the WHT inputs to share',
  });
export type ShareCalculation = z.input<typeof shareCalculationBody>;

export const shareToken = z.object({
  token: z
    .string({ error: 'Token is required' })
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'This link is not valid' }),
});

export const sharedCalculationCreated = z.object({ token: z.string() });
export type SharedCalculationCreated = z.infer<typeof sharedCalculationCreated>;

/** Shared PAYE inputs: the period and the amounts that were given, naira with two decimals. */
export const sharedPayeInputs = z.object({
  period: z.string(),
  annual_gross: money.optional(),
  monthly_gross: money.optional(),
  basic: money.optional(),
  housing: money.optional(),
  transport: money.optional(),
  other_allowances: money.optional(),
  pension: money.optional(),
  nhf: money.optional(),
  nhis: money.optional(),
  life_assurance: money.optional(),
  mortgage_interest: money.optional(),
  annual_rent: money.optional(),
});
export type SharedPayeInputs = z.infer<typeof sharedPayeInputs>;

/** `GET public calculator/share/{token}`: the inputs as shared, amounts as naira strings. */
export const sharedCalculation = z.object({
  token: z.string(),
  paye: sharedPayeInputs.nullable(),
  wht: z
    .object({
      period: z.string(),
      type: z.string(),
      payee_kind: z.enum(PAYEE_KINDS),
      resident: z.boolean(),
      has_tax_id: z.boolean(),
      amount: money,
    })
    .nullable(),
  created_at: z.string(),
});
export type SharedCalculation = z.infer<typeof sharedCalculation>;

/** PAYE for a month under the regime in force, with the other regime side by side. */
export const calculatePaye = defineContract(calls.calculatePaye, {
  summary:
    'PAYE for a month under the regime in force (NTA 2025 from 2026-01, PITA before), with the other regime side by side',
  body: calculatePayeBody,
  response: payeCalculation,
});

/** Withholding tax on one payment. */
export const calculateWht = defineContract(calls.calculateWht, {
  summary:
    'Withholding tax on one payment: rate by type, payee kind, residency and Tax ID (doubled without one from 2025)',
  body: calculateWhtBody,
  response: whtCalculation,
});

/** Saves calculator inputs under a token for the link /calculator/{token}. */
export const shareCalculation = defineContract(calls.shareCalculation, {
  summary: 'Save calculator inputs under a token for the link /calculator/{token}',
  body: shareCalculationBody,
  response: sharedCalculationCreated,
});

/** The inputs of a shared calculation. */
export const getSharedCalculation = defineContract(calls.getSharedCalculation, {
  summary: 'The inputs of a shared calculation',
  params: shareToken,
  response: sharedCalculation,
});
