import { z } from './zod';
import { defineContract } from './api';

/** Seeded reference data: how people heard about Levy, role groups with their roles, the states. */

export const marketingSource = z.object({ id: z.number(), name: z.string() });
export type MarketingSource = z.infer<typeof marketingSource>;

export const role = z.object({ id: z.number(), code: z.string(), name: z.string(), description: z.string() });
export type Role = z.infer<typeof role>;

export const roleGroup = z.object({ id: z.number(), name: z.string(), user_type_id: z.number(), roles: z.array(role) });
export type RoleGroup = z.infer<typeof roleGroup>;

/** One of the 36 states or the FCT, with its revenue service. */
export const taxState = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  revenue_service: z.string(),
  /** Only where the service's own abbreviation is confirmed. */
  abbreviation: z.string().nullable(),
});
export type TaxState = z.infer<typeof taxState>;

export const listMarketingSources = defineContract({
  method: 'GET',
  namespace: 'auth',
  path: 'marketing/sources',
  response: z.array(marketingSource),
});

export const listRoleGroups = defineContract({
  method: 'GET',
  namespace: 'auth',
  path: 'roles/groups',
  params: z.object({ user_type_id: z.coerce.number().int().optional() }),
  response: z.array(roleGroup),
});

export const listStates = defineContract({
  method: 'GET',
  namespace: 'core',
  path: 'internal/states',
  response: z.array(taxState),
});
