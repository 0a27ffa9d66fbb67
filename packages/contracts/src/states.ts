import { z } from './zod';
import { defineContract } from './api';
import { idParam } from './common';
import { stateTaxId, verifyConsent } from './corporations';

/** A corporation's registration in a state (product-spec §3 Corporation-state). */
export const corporationState = z.object({
  id: z.string(),
  tax_payer_number: z.string(),
  tax_payer_name: z.string(),
  is_control_consent_given: z.boolean(),
  consent_given_at: z.string().nullable(),
  /** When payroll consent was last asked for (an OTP sent); null until then. */
  consent_requested_at: z.string().nullable(),
  employee_count: z.number(),
  state: z.object({ id: z.number(), code: z.string(), name: z.string(), revenue_service: z.string() }),
  created_at: z.string(),
});
export type CorporationState = z.infer<typeof corporationState>;

/** What the agency answered for a Tax ID (step 2 of Add New State / Update {state} Id). */
export const verifiedTaxpayer = z.object({ name: z.string(), tax_payer_number: z.string() });
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

export const listCorporationStates = defineContract({
  method: 'GET',
  namespace: 'core',
  path: 'internal/corporations/{id}/states',
  params: z.object({ id: idParam }),
  response: z.array(corporationState),
});

export const verifyStateTaxId = defineContract({
  method: 'POST',
  namespace: 'core',
  path: 'internal/corporations/states/{state}/records/verify',
  params: z.object({ state: z.string().min(1) }),
  body: stateTaxId,
  response: verifiedTaxpayer,
});

export const addCorporationState = defineContract({
  method: 'POST',
  namespace: 'core',
  path: 'internal/corporations/{id}/states/{code}',
  params: registrationParams,
  body: stateTaxId,
  response: corporationState,
});

export const updateCorporationStateTaxId = defineContract({
  method: 'PUT',
  namespace: 'core',
  path: 'internal/corporations/{id}/states/{code}',
  params: registrationParams,
  body: stateTaxId,
  response: updatedState,
});

export const removeCorporationState = defineContract({
  method: 'POST',
  namespace: 'core',
  path: 'internal/corporations/{id}/states/{code}/remove',
  params: registrationParams,
  response: removedState,
});

export const requestStateConsent = defineContract({
  method: 'POST',
  namespace: 'core',
  path: 'internal/corporations/{id}/states/{code}/consent',
  params: registrationParams,
  response: consentRequest,
});

export const verifyStateConsent = defineContract({
  method: 'POST',
  namespace: 'core',
  path: 'internal/corporations/{id}/states/{code}/consent/verify',
  params: registrationParams,
  body: verifyConsent,
  response: corporationState,
});
