import {
  addCorporationState,
  attestStateConsent,
  listCorporationStates,
  removeCorporationState,
  requestStateConsent,
  setFirstTaxMonth,
  updateCorporationStateTaxId,
  verifyStateConsent,
  verifyStateTaxId,
} from '@levy/contracts';
import { defineRoute, reply } from '../../http/route';
import type { StatesService } from './states.service';

export function stateRoutes(states: StatesService) {
  return [
    defineRoute({
      contract: listCorporationStates,
      handler: ({ caller, params }) => states.listForCorporation(caller, params.id),
    }),
    defineRoute({
      contract: verifyStateTaxId,
      handler: ({ caller, params, body }) => states.verify(caller, params.state, body),
    }),
    defineRoute({
      contract: addCorporationState,
      handler: async ({ caller, params, body, ip }) =>
        reply(await states.add(caller, params.id, params.code, body, ip), 'State added successfully'),
    }),
    defineRoute({
      contract: updateCorporationStateTaxId,
      handler: async ({ caller, params, body, ip }) =>
        reply(await states.updateTaxId(caller, params.id, params.code, body, ip), 'State ID updated successfully'),
    }),
    defineRoute({
      contract: setFirstTaxMonth,
      handler: async ({ caller, params, body, ip }) =>
        reply(
          await states.setFirstTaxMonth(caller, params.id, params.code, body.first_tax_month, ip),
          'First tax month saved',
        ),
    }),
    defineRoute({
      contract: removeCorporationState,
      handler: async ({ caller, params, ip }) =>
        reply(await states.remove(caller, params.id, params.code, ip), 'State removed successfully'),
    }),
    defineRoute({
      contract: requestStateConsent,
      handler: async ({ caller, params }) => {
        const sent = await states.requestConsent(caller, params.id, params.code);
        return reply(sent, `We have sent a code to ${sent.email}.`);
      },
    }),
    defineRoute({
      contract: attestStateConsent,
      handler: async ({ caller, params, ip }) =>
        reply(await states.attestConsent(caller, params.id, params.code, ip), 'Consent recorded'),
    }),
    defineRoute({
      contract: verifyStateConsent,
      handler: async ({ caller, params, body, ip }) =>
        reply(await states.verifyConsent(caller, params.id, params.code, body, ip), 'Consent confirmed'),
    }),
  ];
}
