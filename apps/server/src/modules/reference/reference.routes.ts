import { listCollectors, listMarketingSources, listRoleGroups, listStates } from '@levy/contracts';
import { defineRoute } from '../../http/route';
import type { ReferenceService } from './reference.service';

/** Seeded reference data: marketing sources, role groups, states. */
export function referenceRoutes(reference: ReferenceService) {
  return [
    defineRoute({
      contract: listMarketingSources,
      handler: () => reference.marketingSources(),
    }),
    defineRoute({
      contract: listRoleGroups,
      handler: ({ params }) => reference.roleGroups(params.user_type_id),
    }),
    defineRoute({
      contract: listStates,
      handler: () => reference.states(),
    }),
    defineRoute({
      contract: listCollectors,
      handler: () => reference.collectors(),
    }),
  ];
}
