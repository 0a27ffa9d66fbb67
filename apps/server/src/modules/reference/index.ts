import type { Db } from '../../db/client';
import { referenceRoutes } from './reference.routes';
import { createReferenceService } from './reference.service';

export type { ReferenceService, Role, State } from './reference.service';

/** States, roles and the other fixed lists every module reads. */
export function referenceModule(deps: { db: Db }) {
  const reference = createReferenceService(deps);
  return {
    ...reference,
    /** Who collects in each state, for the remittance gateway's routes. */
    async remittanceCollectors() {
      return (await reference.listStates()).map(({ code, revenueService, collector }) => ({
        code,
        revenueService,
        collector,
      }));
    },
    /** Each state's collector (a state or the NRS), read now with the executor given. */
    async collectorsOf(executor?: Db) {
      const collectors = new Map((await reference.listStates(executor)).map((state) => [state.id, state.collector]));
      return (stateId: number) => collectors.get(stateId) ?? 'state';
    },
    routes: referenceRoutes(reference),
  };
}

export type ReferenceModule = ReturnType<typeof referenceModule>;
