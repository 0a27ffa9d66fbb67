import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { marketingSources, roleGroups, roles, states } from './reference.schema';

export type State = typeof states.$inferSelect;
export type Role = typeof roles.$inferSelect;

export function findMarketingSources(executor: Db) {
  return executor.select().from(marketingSources).orderBy(marketingSources.id);
}

export function findRoleGroups(executor: Db, userTypeId?: number) {
  return executor
    .select()
    .from(roleGroups)
    .where(userTypeId ? eq(roleGroups.userTypeId, userTypeId) : undefined)
    .orderBy(roleGroups.id);
}

export function findRoles(executor: Db): Promise<Role[]> {
  return executor.select().from(roles).orderBy(roles.id);
}

export function findStates(executor: Db): Promise<State[]> {
  return executor.select().from(states).orderBy(states.name);
}
