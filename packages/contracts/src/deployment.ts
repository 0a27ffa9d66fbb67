import { z } from './zod';
import { defineContract } from './api';
import * as calls from './calls';

export const deployment = z.object({
  /** Some counterpart (payment provider, …) is a local fake: no real money moves; every screen says so. */
  sandbox: z.boolean(),
  /**
   * How the state revenue services are reached: `sandbox` (a fake agency that answers) or `manual`
   * (no API: the user confirms names, attests consent and files on the collector's portal).
   */
  state_agency: z.enum(['sandbox', 'manual']),
});
export type Deployment = z.infer<typeof deployment>;

export const getDeployment = defineContract(calls.getDeployment, {
  summary:
    'What kind of deployment this is: {sandbox} is true when any counterpart is a local fake (development, tests, a staging deploy); {state_agency} ' +
    'says which registration and filing steps are manual',
  response: deployment,
});
