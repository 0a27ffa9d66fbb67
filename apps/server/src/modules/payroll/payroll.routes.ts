import {
  downloadPayrollFile,
  downloadPayrollSchedule,
  getPayrollFiling,
  listPayrollEmployees,
  moveResidentsToTheirState,
  payeByResidence,
  recordPayrollAcknowledgement,
  uploadPayroll,
} from '@levy/contracts';
import { defineRoute, reply } from '../../http/route';
import type { PayrollService } from './payroll.service';

export function payrollRoutes(payroll: PayrollService) {
  return [
    defineRoute({
      contract: uploadPayroll,
      handler: async ({ caller, params, body, files, ip }) =>
        reply(await payroll.upload(caller, params.id, params.code, body, files, ip), 'Payroll updated successfully.'),
    }),
    defineRoute({
      contract: moveResidentsToTheirState,
      handler: async ({ caller, params, body, ip }) => {
        const moved = await payroll.moveResidents(caller, params.id, params.code, body.to_state, ip);
        return reply(moved, `${moved.moved} moved to the ${moved.to.name} payroll.`);
      },
    }),
    defineRoute({
      contract: payeByResidence,
      handler: ({ caller, params }) => payroll.byResidence(caller, params.id),
    }),
    defineRoute({
      contract: listPayrollEmployees,
      handler: ({ caller, params }) => payroll.employees(caller, params.id, params.code, params),
    }),
    defineRoute({
      contract: downloadPayrollFile,
      handler: ({ caller, params }) => payroll.download(caller, params.id, params.code),
    }),
    defineRoute({
      contract: getPayrollFiling,
      handler: ({ caller, params }) => payroll.filing(caller, params.id, params.code),
    }),
    defineRoute({
      contract: downloadPayrollSchedule,
      handler: ({ caller, params }) => payroll.schedule(caller, params.id, params.code),
    }),
    defineRoute({
      contract: recordPayrollAcknowledgement,
      handler: async ({ caller, params, body, ip }) =>
        reply(
          await payroll.recordAcknowledgement(caller, params.id, params.code, body.reference, ip),
          'Acknowledgement recorded',
        ),
    }),
  ];
}
