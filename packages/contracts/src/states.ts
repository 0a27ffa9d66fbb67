import { z } from './zod';
import { defineContract } from './api';
import * as calls from './calls';
import { idParam } from './common';
import { yearMonth } from './dates';
import { stateTaxId, verifyConsent } from './corporations';
import { COLLECTOR_KINDS } from './reference';

/** A tax month as the registration forms send it: YYYY-MM (the server checks its range). */
const firstTaxMonth = yearMonth({
  label: 'First tax month',
  required: 'First tax month is required',
  format: 'First tax month must be written YYYY-MM',
});

/**
 * Registering a state, or changing its Tax ID: the Tax ID, from which month PAYE (and WHT) is owed
 * there (default this month), and `confirm_name` when the agency's taxpayer name is not the
 * corporation's (else CONFLICT with the agency's name).
 */
export const registerStateBody = stateTaxId.extend({
  first_tax_month: firstTaxMonth.optional(),
  confirm_name: z.boolean({ error: 'confirm_name must be true or false' }).optional(),
});

export const firstTaxMonthBody = z.object({ first_tax_month: firstTaxMonth });

/** A corporation's registration in a state (docs/product.md §3 Corporation-state). */
export const corporationState = z.object({
  id: z.string(),
  tax_payer_number: z.string(),
  tax_payer_name: z.string(),
  is_control_consent_given: z.boolean(),
  consent_given_at: z.string().nullable(),
  /** When payroll consent was last asked for (an OTP sent); null until then. */
  consent_requested_at: z.string().nullable(),
  employee_count: z.number(),
  /** When the payroll on file was last uploaded; null when there is none. */
  payroll_updated_at: z.string().nullable(),
  /** `collector` federal is the NRS: WHT on payments to companies only, no PAYE, payroll or consent. */
  state: z.object({
    id: z.number(),
    code: z.string(),
    name: z.string(),
    revenue_service: z.string(),
    collector: z.enum(COLLECTOR_KINDS),
  }),
  created_at: z.string(),
  /** The first tax month the corporation owes here (YYYY-MM): deadlines count from it. */
  first_tax_month: z.string(),
  /** Whether the agency's taxpayer name is the corporation's own (Ltd/Limited, case and punctuation aside). */
  name_matches: z.boolean(),
});
export type CorporationState = z.infer<typeof corporationState>;

/** What the agency answered for a Tax ID (step 2 of Add New State / Update {state} Id). */
export const verifiedTaxpayer = z.object({
  name: z.string(),
  tax_payer_number: z.string(),
  /** Given a corporation: whether the agency's name is its own (null without one). */
  name_matches: z.boolean().nullable(),
  /**
   * True when no agency checked the name (manual mode): `name` is the corporation's own, and the
   * user must confirm it is the taxpayer's name on the state portal (`confirm_name` on save).
   */
  name_to_confirm: z.boolean(),
});
export type VerifiedTaxpayer = z.infer<typeof verifiedTaxpayer>;

/** What removing a registration (or replacing its Tax ID) permanently deleted. */
export const removedStateData = z.object({
  tax_payer_number: z.string(),
  employees: z.number(),
  payroll_files: z.number(),
  consent: z.boolean(),
});
export type RemovedStateData = z.infer<typeof removedStateData>;

export const removedState = z.object({
  state: z.object({ id: z.number(), code: z.string(), name: z.string() }),
  removed: removedStateData,
});
export type RemovedState = z.infer<typeof removedState>;

export const updatedState = corporationState.extend({ removed: removedStateData });
export type UpdatedState = z.infer<typeof updatedState>;

export const consentRequest = z.object({
  token: z.string(),
  /** The taxpayer's email, masked: p*****n@example.ng. */
  email: z.string(),
});
export type ConsentRequest = z.infer<typeof consentRequest>;

/** `{code}` takes a state's code (LA) or id (25). */
export const registrationParams = z.object({ id: idParam, code: z.string().min(1) });

export const listCorporationStates = defineContract(calls.listCorporationStates, {
  summary: 'The states a corporation is registered in, each with its state embedded',
  params: z.object({ id: idParam }),
  response: z.array(corporationState),
});

export const verifyStateTaxId = defineContract(calls.verifyStateTaxId, {
  summary: "Ask the state's revenue service who holds a Tax ID: returns name and tax_payer_number",
  params: z.object({ state: z.string().min(1) }),
  body: stateTaxId.extend({
    corporation_id: z
      .uuid({ error: 'Not found.' })
      .optional()
      .describe('The corporation registering the Tax ID: the answer says whether the name is its own'),
  }),
  response: verifiedTaxpayer,
});

export const addCorporationState = defineContract(calls.addCorporationState, {
  summary:
    'Register the corporation in a state under a Tax ID the agency knows: first_tax_month (YYYY-MM, default this month) starts the months owed; ' +
    'confirm_name when the agency names another taxpayer (else CONFLICT with data.agency_name)',
  params: registrationParams,
  body: registerStateBody,
  response: corporationState,
});

export const updateCorporationStateTaxId = defineContract(calls.updateCorporationStateTaxId, {
  summary:
    "Change a state's Tax ID: removes the registration with its consent and payroll, then adds it again, in one transaction",
  params: registrationParams,
  body: registerStateBody,
  response: updatedState,
});

/** Admins: from which month the corporation owes tax in this state. */
export const setFirstTaxMonth = defineContract(calls.setFirstTaxMonth, {
  summary:
    'Admins: from which month (YYYY-MM) the corporation owes tax in this state; alerts, the checklist and the calendar count from it',
  params: registrationParams,
  body: firstTaxMonthBody,
  response: corporationState,
});

export const removeCorporationState = defineContract(calls.removeCorporationState, {
  summary: 'Remove a state: permanently deletes its consent, payroll files and employees, and says what was removed',
  params: registrationParams,
  response: removedState,
});

export const requestStateConsent = defineContract(calls.requestStateConsent, {
  summary:
    "Payroll consent step 1: the agency mails a 6-digit code to the taxpayer's email; returns token and the masked email",
  params: registrationParams,
  response: consentRequest,
});

export const attestStateConsent = defineContract(calls.attestStateConsent, {
  summary:
    'Payroll consent where Levy does not reach the revenue service online (manual mode): the user attests that the corporation consents; no code is ' +
    'sent. Refused when the agency sends codes',
  params: registrationParams,
  body: z.object({
    attest: z.literal(true, { error: 'Confirm that the corporation consents to Levy managing its payroll' }),
  }),
  response: corporationState,
});

export const verifyStateConsent = defineContract(calls.verifyStateConsent, {
  summary: 'Payroll consent step 2: the code (pin) with the token of step 1; 5 tries, 10 minutes, once',
  params: registrationParams,
  body: verifyConsent,
  response: corporationState,
});
