import {
  createCorporation,
  getCorporation,
  getCorporationStats,
  listCorporations,
  updateCorporation,
} from '@levy/contracts';
import { defineRoute, reply } from '../../http/route';
import type { CorporationsService } from './corporations.service';

export function corporationRoutes(corporations: CorporationsService) {
  return [
    defineRoute({
      contract: listCorporations,
      handler: ({ caller, params }) => corporations.list(caller, params),
    }),
    defineRoute({
      contract: createCorporation,
      handler: async ({ caller, body, ip }) =>
        reply(await corporations.create(caller, body.name, ip), 'Corporation added successfully'),
    }),
    defineRoute({
      contract: getCorporation,
      handler: ({ caller, params }) => corporations.get(caller, params.id),
    }),
    defineRoute({
      contract: updateCorporation,
      handler: async ({ caller, params, body, ip }) =>
        reply(await corporations.update(caller, params.id, body.name, ip), 'Corporation updated successfully'),
    }),
    defineRoute({
      contract: getCorporationStats,
      handler: ({ caller, params }) => corporations.stats(caller, params.id),
    }),
  ];
}
