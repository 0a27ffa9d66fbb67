import { idParam, listParams } from '@levy/contracts';
import { z } from 'zod';
import { defineRoute, reply } from '../../http/route';
import type { PayrollService } from './payroll.service';

const registrationParams = z.object({ id: idParam, code: z.string().min(1) });

export function payrollRoutes(payroll: PayrollService) {
  return [
    defineRoute({
      method: 'POST',
      namespace: 'core',
      path: 'internal/corporations/{id}/states/{code}/payrolls/file',
      summary: 'Upload the PAYE template CSV (multipart: namespace, tax_payer_number, file); it becomes the employee list',
      auth: { permission: 'core-internal.corporation.uploadpayroll' },
      params: registrationParams,
      body: z.object({ tax_payer_number: z.string().optional() }),
      multipart: true,
      handler: async ({ caller, params, body, files, ip }) => reply(await payroll.upload(caller, params.id, params.code, body, files, ip), 'Payroll updated successfully.'),
    }),
    defineRoute({
      method: 'GET',
      namespace: 'core',
      path: 'internal/corporations/{id}/states/{code}/payrolls/employees',
      summary: 'The employees of the latest payroll file: search by name or Tax ID, pagination',
      auth: { permission: 'core-internal.corporation.getemployees' },
      params: listParams.extend(registrationParams.shape),
      handler: ({ caller, params }) => payroll.employees(caller, params.id, params.code, params),
    }),
  ];
}
