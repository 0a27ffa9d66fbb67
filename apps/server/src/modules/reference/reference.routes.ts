import { listMarketingSources, listRoleGroups, listStates } from '@levy/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { marketingSources, roleGroups, roles, states } from '../../db/schema/index';
import { defineRoute } from '../../http/route';

/** Seeded reference data: marketing sources, role groups, states. */
export function referenceRoutes(db: Db) {
  return [
    defineRoute({
      contract: listMarketingSources,
      summary: 'How people heard about Levy, for the sign-up form (no token needed: sign-up comes first)',
      auth: false,
      handler: () => db.select().from(marketingSources).orderBy(marketingSources.id),
    }),
    defineRoute({
      contract: listRoleGroups,
      summary: 'Role groups with their roles; filter user_type_id 7 gives the roles offered on invite',
      auth: { permission: 'auth-roles.getall' },
      handler: async ({ params }) => {
        const groups = await db
          .select()
          .from(roleGroups)
          .where(params.user_type_id ? eq(roleGroups.userTypeId, params.user_type_id) : undefined)
          .orderBy(roleGroups.id);
        const allRoles = await db.select().from(roles).orderBy(roles.id);
        return groups.map((group) => ({
          id: group.id,
          name: group.name,
          user_type_id: group.userTypeId,
          roles: allRoles
            .filter((role) => role.groupId === group.id)
            .map((role) => ({ id: role.id, code: role.code, name: role.name, description: role.description })),
        }));
      },
    }),
    defineRoute({
      contract: listStates,
      summary: 'The 36 states and the FCT with code, name and revenue service',
      auth: { permission: 'core-internal.state.getall' },
      handler: async () =>
        (await db.select().from(states).orderBy(states.name)).map((state) => ({
          id: state.id,
          code: state.code,
          name: state.name,
          revenue_service: state.revenueService,
          abbreviation: state.abbreviation,
        })),
    }),
  ];
}
