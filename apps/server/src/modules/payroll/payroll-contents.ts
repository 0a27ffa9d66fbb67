import type { Db } from '../../db/client';
import * as repo from './payroll.repo';
import type { PayrollOnFile } from './payroll.repo';

/** What the payroll module holds under registrations: employees on the list and payroll files. */
export type PayrollContents = (executor: Db, registrationIds: string[]) => Promise<Map<string, PayrollOnFile>>;

/**
 * Counts employees and payroll files under registrations. A function of its own, not a payroll
 * service method: corporations and states show these counts, and payroll is built after them
 * (it acts on states' registrations), so app.ts hands them this read instead.
 */
export const payrollContents: PayrollContents = (executor, registrationIds) =>
  repo.countContents(executor, registrationIds);
