import { addCorporationState, listCorporationStates, removeCorporationState, requestStateConsent, setFirstTaxMonth, updateCorporationStateTaxId, verifyStateConsent, verifyStateTaxId } from '@levy/contracts';
import { defineRoute, reply } from '../../http/route';
import type { StatesService } from './states.service';

export function stateRoutes(states: StatesService) {
  return [
    defineRoute({
      contract: listCorporationStates,
      summary: 'The states a corporation is registered in, each with its state embedded',
      auth: { permission: 'core-internal.corporation.getone' },
      handler: ({ caller, params }) => states.listForCorporation(caller, params.id),
    }),
    defineRoute({
      contract: verifyStateTaxId,
      summary: "Ask the state's revenue service who holds a Tax ID: returns name and tax_payer_number",
      auth: { permission: 'core-internal.corporation.verifystate' },
      handler: ({ caller, params, body }) => states.verify(caller, params.state, body),
    }),
    defineRoute({
      contract: addCorporationState,
      summary: 'Register the corporation in a state under a Tax ID the agency knows: first_tax_month (YYYY-MM, default this month) starts the months owed; confirm_name when the agency names another taxpayer (else CONFLICT with data.agency_name)',
      auth: { permission: 'core-internal.corporation.addstate' },
      handler: async ({ caller, params, body, ip }) => reply(await states.add(caller, params.id, params.code, body, ip), 'State added successfully'),
    }),
    defineRoute({
      contract: updateCorporationStateTaxId,
      summary: "Change a state's Tax ID: removes the registration with its consent and payroll, then adds it again, in one transaction",
      auth: { permission: 'core-internal.corporation.updatestate' },
      handler: async ({ caller, params, body, ip }) => reply(await states.updateTaxId(caller, params.id, params.code, body, ip), 'State ID updated successfully'),
    }),
    defineRoute({
      contract: setFirstTaxMonth,
      summary: 'Admins: from which month (YYYY-MM) the corporation owes tax in this state; alerts, the checklist and the calendar count from it',
      auth: { permission: 'core-internal.corporation.updatestate' },
      handler: async ({ caller, params, body, ip }) => reply(await states.setFirstTaxMonth(caller, params.id, params.code, body.first_tax_month, ip), 'First tax month saved'),
    }),
    defineRoute({
      contract: removeCorporationState,
      summary: 'Remove a state: permanently deletes its consent, payroll files and employees, and says what was removed',
      auth: { permission: 'core-internal.corporation.removestate' },
      handler: async ({ caller, params, ip }) => reply(await states.remove(caller, params.id, params.code, ip), 'State removed successfully'),
    }),
    defineRoute({
      contract: requestStateConsent,
      summary: "Payroll consent step 1: the agency mails a 6-digit code to the taxpayer's email; returns token and the masked email",
      auth: { permission: 'core-internal.corporation.sendstateconsentotp' },
      handler: async ({ caller, params }) => {
        const sent = await states.requestConsent(caller, params.id, params.code);
        return reply(sent, `We have sent a code to ${sent.email}.`);
      },
    }),
    defineRoute({
      contract: verifyStateConsent,
      summary: 'Payroll consent step 2: the code (pin) with the token of step 1; 5 tries, 10 minutes, once',
      auth: { permission: 'core-internal.corporation.verifyconsent' },
      handler: async ({ caller, params, body, ip }) => reply(await states.verifyConsent(caller, params.id, params.code, body, ip), 'Consent confirmed'),
    }),
  ];
}
