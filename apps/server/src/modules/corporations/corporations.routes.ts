import { createCorporation, getCorporation, getCorporationStats, listCorporations, updateCorporation } from '@levy/contracts';
import { defineRoute, reply } from '../../http/route';
import type { CorporationsService } from './corporations.service';

export function corporationRoutes(corporations: CorporationsService) {
  return [
    defineRoute({
      contract: listCorporations,
      summary: "The organisation's corporations (staff: every organisation's, with its name): search by name, order_by created_at or name, pagination",
      auth: { permission: 'core-internal.corporation.getall' },
      handler: ({ caller, params }) => corporations.list(caller, params),
    }),
    defineRoute({
      contract: createCorporation,
      summary: 'Add a corporation; its name is unique in the organisation (lowercase, trimmed)',
      auth: { permission: 'core-internal.corporation.create' },
      handler: async ({ caller, body, ip }) => reply(await corporations.create(caller, body.name, ip), 'Corporation added successfully'),
    }),
    defineRoute({
      contract: getCorporation,
      summary: 'One corporation',
      auth: { permission: 'core-internal.corporation.getone' },
      handler: ({ caller, params }) => corporations.get(caller, params.id),
    }),
    defineRoute({
      contract: updateCorporation,
      summary: 'Rename a corporation',
      auth: { permission: 'core-internal.corporation.update' },
      handler: async ({ caller, params, body, ip }) => reply(await corporations.update(caller, params.id, body.name, ip), 'Corporation updated successfully'),
    }),
    defineRoute({
      contract: getCorporationStats,
      summary: 'Corporation stats: corporation_count, states_registered, states_with_payroll_consent, employees',
      auth: { permission: 'core-internal.corporation.getall' },
      handler: ({ caller, params }) => corporations.stats(caller, params.id),
    }),
  ];
}
