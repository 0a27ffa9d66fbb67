import { downloadPayrollFile, listPayrollEmployees, uploadPayroll } from '@levy/contracts';
import { defineRoute, reply } from '../../http/route';
import type { PayrollService } from './payroll.service';

export function payrollRoutes(payroll: PayrollService) {
  return [
    defineRoute({
      contract: uploadPayroll,
      summary: 'Upload the PAYE template CSV (multipart: namespace, tax_payer_number, file); it becomes the employee list',
      auth: { permission: 'core-internal.corporation.uploadpayroll' },
      handler: async ({ caller, params, body, files, ip }) => reply(await payroll.upload(caller, params.id, params.code, body, files, ip), 'Payroll updated successfully.'),
    }),
    defineRoute({
      contract: listPayrollEmployees,
      summary: 'The employees of the latest payroll file: search by name or Tax ID, pagination',
      auth: { permission: 'core-internal.corporation.getemployees' },
      handler: ({ caller, params }) => payroll.employees(caller, params.id, params.code, params),
    }),
    defineRoute({
      contract: downloadPayrollFile,
      summary: 'The payroll on file as the PAYE template CSV, row for row as registered with the state',
      auth: { permission: 'core-internal.corporation.getemployees' },
      handler: ({ caller, params }) => payroll.download(caller, params.id, params.code),
    }),
  ];
}
