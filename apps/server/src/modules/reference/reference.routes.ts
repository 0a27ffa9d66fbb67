import { listMarketingSources, listRoleGroups, listStates } from '@levy/contracts';
import { defineRoute } from '../../http/route';
import type { ReferenceService } from './reference.service';

/** Seeded reference data: marketing sources, role groups, states. */
export function referenceRoutes(reference: ReferenceService) {
  return [
    defineRoute({
      contract: listMarketingSources,
      summary: 'How people heard about Levy, for the sign-up form (no token needed: sign-up comes first)',
      auth: false,
      handler: () => reference.marketingSources(),
    }),
    defineRoute({
      contract: listRoleGroups,
      summary: 'Role groups with their roles; filter user_type_id 7 gives the roles offered on invite',
      auth: { permission: 'auth-roles.getall' },
      handler: ({ params }) => reference.roleGroups(params.user_type_id),
    }),
    defineRoute({
      contract: listStates,
      summary: 'The 36 states and the FCT with code, name and revenue service',
      auth: { permission: 'core-internal.state.getall' },
      handler: () => reference.states(),
    }),
  ];
}
