import { z } from './zod';
import { defineContract } from './api';
import * as calls from './calls';

export const deployment = z.object({
  /** Some counterpart (payment provider, …) is a local fake: no real money moves; every screen says so. */
  sandbox: z.boolean(),
});
export type Deployment = z.infer<typeof deployment>;

export const getDeployment = defineContract(calls.getDeployment, {
  summary:
    'What kind of deployment this is: {sandbox} is true when any counterpart is a local fake (development, tests, a staging deploy)',
  response: deployment,
});
