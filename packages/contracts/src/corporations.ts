import { z } from './zod';
import { defineContract } from './api';
import * as calls from './calls';
import { idParam, listParams, pageOf } from './common';
import { otp, registeredTaxId, requiredText, uniqueName } from './validation';

export const createCorporationBody = z.object({ name: uniqueName('Name') });
export const updateCorporationBody = createCorporationBody;

/** The Tax ID a corporation is registered under in a state (docs/product.md §5 rule and messages). */
export const stateTaxId = z.object({ tax_payer_number: registeredTaxId });

export const verifyConsent = z.object({
  pin: otp.refine((value) => value.length === 6, { error: 'Enter the 6-digit code' }),
  token: requiredText('Token'),
});

export const CORPORATION_SORT_KEYS = ['created_at', 'name'] as const;

/** The message for a payroll upload without a file (docs/product.md §5). */
export const NO_NEW_FILE_SELECTED = 'No new file selected';

/** Consent codes: 6 digits, 5 tries, 10 minutes (docs/product.md "Corporations, states and payroll"). */
export const CONSENT_RULES = { digits: 6, maxAttempts: 5, expiryMinutes: 10 } as const;

/** A corporation; staff see every organisation's, so it says whose it is. */
export const corporation = z.object({
  id: z.string(),
  name: z.string(),
  organisation: z.object({ id: z.string(), name: z.string().nullable() }),
  state_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Corporation = z.infer<typeof corporation>;

export const corporationStats = z.object({
  corporation_count: z.number(),
  states_registered: z.number(),
  states_with_payroll_consent: z.number(),
  employees: z.number(),
});
export type CorporationStats = z.infer<typeof corporationStats>;

const corporationParams = z.object({ id: idParam });

export const listCorporations = defineContract(calls.listCorporations, {
  summary:
    "The organisation's corporations (staff: every organisation's, with its name): search by name, order_by created_at or name, pagination",
  params: listParams,
  response: pageOf(corporation),
});

export const createCorporation = defineContract(calls.createCorporation, {
  summary: 'Add a corporation; its name is unique in the organisation (lowercase, trimmed)',
  body: createCorporationBody,
  response: corporation,
});

export const getCorporation = defineContract(calls.getCorporation, {
  summary: 'One corporation',
  params: corporationParams,
  response: corporation,
});

export const updateCorporation = defineContract(calls.updateCorporation, {
  summary: 'Rename a corporation',
  params: corporationParams,
  body: updateCorporationBody,
  response: corporation,
});

export const getCorporationStats = defineContract(calls.getCorporationStats, {
  summary: 'Corporation stats: corporation_count, states_registered, states_with_payroll_consent, employees',
  params: corporationParams,
  response: corporationStats,
});
