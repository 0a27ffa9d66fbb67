import { z } from './zod';
import { defineContract } from './api';
import * as calls from './calls';

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

/** Who collects: a State IRS, or the federal Nigeria Revenue Service (WHT on payments to companies only). */
export const COLLECTOR_KINDS = ['state', 'federal'] as const;
export type CollectorKind = (typeof COLLECTOR_KINDS)[number];

/** A state, or the federal NRS, where a corporation registers to pay tax. */
export const taxCollector = taxState.extend({ collector: z.enum(COLLECTOR_KINDS) });
export type TaxCollector = z.infer<typeof taxCollector>;

export const listMarketingSources = defineContract(calls.listMarketingSources, {
  summary: 'How people heard about Levy, for the sign-up form (no token needed: sign-up comes first)',
  response: z.array(marketingSource),
});

export const listRoleGroups = defineContract(calls.listRoleGroups, {
  summary: 'Role groups with their roles; filter user_type_id 7 gives the roles offered on invite',
  params: z.object({ user_type_id: z.coerce.number().int().optional() }),
  response: z.array(roleGroup),
});

export const listStates = defineContract(calls.listStates, {
  summary: 'The 36 states and the FCT with code, name and revenue service',
  response: z.array(taxState),
});

export const listCollectors = defineContract(calls.listCollectors, {
  summary:
    'Where a corporation can register: the 36 states and the FCT, then the Nigeria Revenue Service (code NRS, federal: WHT on payments to companies only)',
  response: z.array(taxCollector),
});
