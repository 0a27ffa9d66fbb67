import type { Db } from '../../db/client';
import { readOnce } from '../../db/read-once';
import * as repo from './reference.repo';

export type { Role, State } from './reference.repo';

function stateView(state: repo.State) {
  return {
    id: state.id,
    code: state.code,
    name: state.name,
    revenue_service: state.revenueService,
    abbreviation: state.abbreviation,
  };
}

/** Seeded reference data (roles, states, marketing sources) for the routes and for other modules. */
export function createReferenceService(deps: { db: Db }) {
  const { db } = deps;
  // Roles and states are seeded before the app starts and never change while it runs; every
  // authenticated call needs the caller's role and most calls a state, so each is read once.
  const allRoles = readOnce(repo.findRoles);
  const allStates = readOnce(repo.findStates);
  return {
    marketingSources: () => repo.findMarketingSources(db),

    /** Role groups with their roles; a user type id keeps only that type's groups. */
    async roleGroups(userTypeId?: number) {
      const [groups, roles] = await Promise.all([repo.findRoleGroups(db, userTypeId), allRoles(db)]);
      return groups.map((group) => ({
        id: group.id,
        name: group.name,
        user_type_id: group.userTypeId,
        roles: roles
          .filter((role) => role.groupId === group.id)
          .map((role) => ({ id: role.id, code: role.code, name: role.name, description: role.description })),
      }));
    },

    /** A role by id or code, in the caller's transaction when given one. */
    async findRole(by: { id: number } | { code: string }, executor: Db = db): Promise<repo.Role | undefined> {
      return (await allRoles(executor)).find((role) => ('id' in by ? role.id === by.id : role.code === by.code));
    },

    /** Every collector as rows, by name: the states and the federal NRS. */
    listStates: (executor: Db = db) => allStates(executor),

    /** The states list of docs/product.md: the 36 states and the FCT, without the federal collector. */
    async states() {
      return (await allStates(db)).filter((state) => state.collector === 'state').map(stateView);
    },

    /** Where a corporation can register: the states, then the federal NRS. */
    async collectors() {
      const all = await allStates(db);
      return [
        ...all.filter((state) => state.collector === 'state'),
        ...all.filter((state) => state.collector === 'federal'),
      ].map((state) => ({ ...stateView(state), collector: state.collector }));
    },

    /** A state by id or code, in the caller's transaction when given one. */
    async findState(by: { id: number } | { code: string }, executor: Db = db): Promise<repo.State | undefined> {
      return (await allStates(executor)).find((state) => ('id' in by ? state.id === by.id : state.code === by.code));
    },
  };
}

export type ReferenceService = ReturnType<typeof createReferenceService>;
