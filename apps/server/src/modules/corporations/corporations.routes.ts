import { createCorporation, idParam, listParams, updateCorporation } from '@levy/contracts';
import { z } from 'zod';
import { defineRoute, reply } from '../../http/route';
import type { CorporationsService } from './corporations.service';

const corporationParams = z.object({ id: idParam });

export function corporationRoutes(corporations: CorporationsService) {
  return [
    defineRoute({
      method: 'GET',
      namespace: 'core',
      path: 'internal/corporations',
      summary: "The organisation's corporations (staff: every organisation's, with its name): search by name, order_by created_at or name, pagination",
      auth: { permission: 'core-internal.corporation.getall' },
      params: listParams,
      handler: ({ caller, params }) => corporations.list(caller, params),
    }),
    defineRoute({
      method: 'POST',
      namespace: 'core',
      path: 'internal/corporations',
      summary: 'Add a corporation; its name is unique in the organisation (lowercase, trimmed)',
      auth: { permission: 'core-internal.corporation.create' },
      body: createCorporation,
      handler: async ({ caller, body, ip }) => reply(await corporations.create(caller, body.name, ip), 'Corporation added successfully'),
    }),
    defineRoute({
      method: 'GET',
      namespace: 'core',
      path: 'internal/corporations/{id}',
      summary: 'One corporation',
      auth: { permission: 'core-internal.corporation.getone' },
      params: corporationParams,
      handler: ({ caller, params }) => corporations.get(caller, params.id),
    }),
    defineRoute({
      method: 'PUT',
      namespace: 'core',
      path: 'internal/corporations/{id}',
      summary: 'Rename a corporation',
      auth: { permission: 'core-internal.corporation.update' },
      params: corporationParams,
      body: updateCorporation,
      handler: async ({ caller, params, body, ip }) => reply(await corporations.update(caller, params.id, body.name, ip), 'Corporation updated successfully'),
    }),
    defineRoute({
      method: 'GET',
      namespace: 'core',
      path: 'internal/organisations/{id}/corporations/stats',
      summary: 'Corporation stats: corporation_count, states_registered, states_with_payroll_consent, employees',
      auth: { permission: 'core-internal.corporation.getall' },
      params: corporationParams,
      handler: ({ caller, params }) => corporations.stats(caller, params.id),
    }),
  ];
}
