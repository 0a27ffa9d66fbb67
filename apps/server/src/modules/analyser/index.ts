import type { Db } from '../../db/client';
import type { Jobs } from '../../jobs/jobs';
import type { BillsModule } from '../bills/index';
import type { VendorsModule } from '../vendors/index';
import { analyserRoutes } from './analyser.routes';
import { createAnalyserService } from './analyser.service';

/** Bank statements read against the taxes paid through Levy. */
export function analyserModule(deps: { db: Db; jobs: Jobs; bills: BillsModule; vendors: VendorsModule }) {
  const analyser = createAnalyserService({
    db: deps.db,
    jobs: deps.jobs,
    paidBills: deps.bills.paidBills,
    withheldWht: deps.vendors.withheldByPayeeAndMonth,
  });
  return { routes: analyserRoutes(analyser) };
}
