import type { Db } from '../../db/client';
import type { Jobs } from '../../jobs/jobs';
import { createAnalyserAccess } from './analyser-access';
import { createAnalyserQueries } from './analyser-queries';
import { createAnalyserRecords } from './analyser-records';
import { createStatementCorrections } from './statement-corrections';
import { createStatementParsing } from './statement-parsing';
import { createStatementUploads } from './statement-uploads';
import type { PaidBill, WithheldWht } from './tax-insight';

/**
 * The bank statement analyser (decision 0012), one part per job: folders, records and their
 * statements; uploads; the parse job; what is shown of an analysed statement; corrections.
 */
export function createAnalyserService(deps: {
  db: Db;
  jobs: Jobs;
  paidBills(organisationId: string): Promise<PaidBill[]>;
  /** The WHT already withheld through Levy per payee and month (the vendors module's). */
  withheldWht(organisationId: string): Promise<WithheldWht[]>;
}) {
  const { db } = deps;
  const access = createAnalyserAccess({ db });
  const parsing = createStatementParsing({ db, jobs: deps.jobs });
  return {
    ...createAnalyserRecords({ db, access }),
    ...createStatementUploads({ db, access, enqueueParse: parsing.enqueueParse, parseQueued: parsing.parseQueued }),
    ...createAnalyserQueries({ db, access, paidBills: deps.paidBills, withheldWht: deps.withheldWht }),
    ...createStatementCorrections({ db, access }),
  };
}

export type AnalyserService = ReturnType<typeof createAnalyserService>;
