import * as repo from './payroll.repo';
import type { PayrollContents } from '../corporations/corporations.service';

/**
 * Counts employees and payroll files under registrations. A function of its own, not a payroll
 * service method: corporations and states show these counts, and payroll is built after them
 * (it acts on states' registrations), so app.ts hands them this read instead.
 */
export const payrollContents: PayrollContents = (executor, registrationIds) =>
  repo.countContents(executor, registrationIds);
