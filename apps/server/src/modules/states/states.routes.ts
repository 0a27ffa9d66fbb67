import { idParam, stateTaxId, verifyConsent } from '@levy/contracts';
import { z } from 'zod';
import { defineRoute, reply } from '../../http/route';
import type { StatesService } from './states.service';

/** `{code}` takes a state's code (LA) or id (25). */
const registrationParams = z.object({ id: idParam, code: z.string().min(1) });

export function stateRoutes(states: StatesService) {
  return [
    defineRoute({
      method: 'GET',
      namespace: 'core',
      path: 'internal/corporations/{id}/states',
      summary: 'The states a corporation is registered in, each with its state embedded',
      auth: { permission: 'core-internal.corporation.getone' },
      params: z.object({ id: idParam }),
      handler: ({ caller, params }) => states.listForCorporation(caller, params.id),
    }),
    defineRoute({
      method: 'POST',
      namespace: 'core',
      path: 'internal/corporations/states/{state}/records/verify',
      summary: "Ask the state's revenue service who holds a Tax ID: returns name and tax_payer_number",
      auth: { permission: 'core-internal.corporation.verifystate' },
      params: z.object({ state: z.string().min(1) }),
      body: stateTaxId,
      handler: ({ params, body }) => states.verify(params.state, body.tax_payer_number),
    }),
    defineRoute({
      method: 'POST',
      namespace: 'core',
      path: 'internal/corporations/{id}/states/{code}',
      summary: 'Register the corporation in a state under a Tax ID the agency knows',
      auth: { permission: 'core-internal.corporation.addstate' },
      params: registrationParams,
      body: stateTaxId,
      handler: async ({ caller, params, body, ip }) => reply(await states.add(caller, params.id, params.code, body.tax_payer_number, ip), 'State added successfully'),
    }),
    defineRoute({
      method: 'PUT',
      namespace: 'core',
      path: 'internal/corporations/{id}/states/{code}',
      summary: "Change a state's Tax ID: removes the registration with its consent and payroll, then adds it again, in one transaction",
      auth: { permission: 'core-internal.corporation.updatestate' },
      params: registrationParams,
      body: stateTaxId,
      handler: async ({ caller, params, body, ip }) => reply(await states.updateTaxId(caller, params.id, params.code, body.tax_payer_number, ip), 'State ID updated successfully'),
    }),
    defineRoute({
      method: 'POST',
      namespace: 'core',
      path: 'internal/corporations/{id}/states/{code}/remove',
      summary: 'Remove a state: permanently deletes its consent, payroll files and employees, and says what was removed',
      auth: { permission: 'core-internal.corporation.removestate' },
      params: registrationParams,
      handler: async ({ caller, params, ip }) => reply(await states.remove(caller, params.id, params.code, ip), 'State removed successfully'),
    }),
    defineRoute({
      method: 'POST',
      namespace: 'core',
      path: 'internal/corporations/{id}/states/{code}/consent',
      summary: "Payroll consent step 1: the agency mails a 6-digit code to the taxpayer's email; returns token and the masked email",
      auth: { permission: 'core-internal.corporation.sendstateconsentotp' },
      params: registrationParams,
      handler: async ({ caller, params }) => {
        const sent = await states.requestConsent(caller, params.id, params.code);
        return reply(sent, `We have sent a code to ${sent.email}.`);
      },
    }),
    defineRoute({
      method: 'POST',
      namespace: 'core',
      path: 'internal/corporations/{id}/states/{code}/consent/verify',
      summary: 'Payroll consent step 2: the code (pin) with the token of step 1; 5 tries, 10 minutes, once',
      auth: { permission: 'core-internal.corporation.verifyconsent' },
      params: registrationParams,
      body: verifyConsent,
      handler: async ({ caller, params, body, ip }) => reply(await states.verifyConsent(caller, params.id, params.code, body, ip), 'Consent confirmed'),
    }),
  ];
}
