import {
  billItemsParams,
  billListParams,
  bulkWhtCalculation,
  calculateCharge,
  calculateWhtTax,
  createBillForm,
  createBillPath,
  idParam,
  whtCalcItemsParams,
  whtTypesParams,
} from '@levy/contracts';
import { z } from 'zod';
import { defineRoute, reply } from '../../http/route';
import type { BillsService } from './bills.service';

const idOnly = z.object({ id: idParam });
const exportFormat = z.object({ format: z.enum(['csv', 'xlsx'], { error: 'Choose csv or xlsx' }).default('csv') });

/** Bills (issue 11; product-spec §7 "Bills"). */
export function billRoutes(bills: BillsService) {
  return [
    defineRoute({
      method: 'GET',
      namespace: 'core',
      path: 'internal/bills/types',
      summary: 'The bill types: PAYE and Withholding Tax, with id, code, name and description',
      auth: { permission: 'core-internal.bill.getall' },
      handler: async () => bills.types(),
    }),
    defineRoute({
      method: 'GET',
      namespace: 'core',
      path: 'internal/states/{id}/wht/types',
      summary: "The WHT types a state's revenue service collects for a month (period, default this month): id, name, reference, percentage, description",
      auth: { permission: 'core-internal.bill.getall' },
      params: whtTypesParams,
      handler: ({ params }) => bills.whtTypes(params.id, params.period),
    }),
    defineRoute({
      method: 'POST',
      namespace: 'core',
      path: 'internal/bills/charge/calc',
      summary: "Levy's charge on a bill: {type_id, amount_due, recipient_count} → {charge, amount_due, fee, vat, total}",
      auth: { permission: 'core-internal.bill.calccharge' },
      body: calculateCharge,
      handler: async ({ body }) => bills.calculateCharge(body),
    }),
    defineRoute({
      method: 'POST',
      namespace: 'core',
      path: 'internal/bills/wht/tax/calc',
      summary: 'WHT on one amount at the type’s rate: {wht_type, amount, period?} → {tax_payable, rate}',
      auth: { permission: 'core-internal.bill.calccharge' },
      body: calculateWhtTax,
      handler: async ({ body }) => bills.calculateWhtTax(body),
    }),
    defineRoute({
      method: 'POST',
      namespace: 'core',
      path: 'internal/bills/wht/tax/calc/bulk',
      summary: 'WHT on every row of an auto file (multipart: namespace, file, wht_type, period?) → {id, reference} for the items call and the bill',
      auth: { permission: 'core-internal.bill.calccharge' },
      body: bulkWhtCalculation,
      multipart: true,
      handler: ({ caller, body, files }) => bills.calculateWhtBulk(caller, body, files),
    }),
    defineRoute({
      method: 'GET',
      namespace: 'core',
      path: 'internal/bills/wht/tax/calc/records/{id}/items',
      summary: 'The rows of a bulk WHT calculation (page, count, no_pages) with aggs: count and the sum of tax_payable',
      auth: { permission: 'core-internal.bill.calccharge' },
      params: whtCalcItemsParams,
      handler: ({ caller, params }) => bills.whtCalcItems(caller, params.id, params),
    }),
    defineRoute({
      method: 'POST',
      namespace: 'core',
      path: 'internal/corporations/{corporation}/states/{state}/{type}/bills',
      summary:
        'Generate and pay a bill (multipart). PAYE: start_date, recipients (PAYE template). WHT: payload_type manual (recipients with tax_payable) or auto (recipients with amount, or calc_record_reference), wht_type, start_date, end_date. Send an Idempotency-Key header.',
      auth: { permission: 'core-internal.bill.createpayebill' },
      params: createBillPath,
      body: createBillForm,
      multipart: true,
      handler: async ({ caller, params, body, files, idempotencyKey }) => {
        const created = await bills.create(caller, params, body, files, idempotencyKey);
        return reply(created.bill, created.message);
      },
    }),
    defineRoute({
      method: 'GET',
      namespace: 'core',
      path: 'internal/bills',
      summary: "The organisation's bills: filters (type, status, corporation_id, state_id, created_at >= / <=), search by reference, order_by created_at, total or period_start, is_asc, page, no_pages",
      auth: { permission: 'core-internal.bill.getall' },
      params: billListParams,
      handler: ({ caller, params }) => bills.list(caller, params),
    }),
    defineRoute({
      method: 'GET',
      namespace: 'core',
      path: 'internal/bills/export',
      summary: 'The bills list as a CSV or XLSX download (format), with the same filters and search',
      auth: { permission: 'core-internal.bill.getall' },
      params: billListParams.extend(exportFormat.shape),
      handler: ({ caller, params }) => bills.exportList(caller, params, params.format),
    }),
    defineRoute({
      method: 'GET',
      namespace: 'core',
      path: 'internal/bills/{id}',
      summary: 'One bill with its status history and the rows whose PAYE differs from the engine’s',
      auth: { permission: 'core-internal.bill.getall' },
      params: idOnly,
      handler: ({ caller, params }) => bills.get(caller, params.id),
    }),
    defineRoute({
      method: 'GET',
      namespace: 'core',
      path: 'internal/bills/{id}/items',
      summary: "A bill's recipients (page, count, search by name or Tax ID)",
      auth: { permission: 'core-internal.bill.getall' },
      params: billItemsParams,
      handler: ({ caller, params }) => bills.items(caller, params.id, params),
    }),
    defineRoute({
      method: 'GET',
      namespace: 'core',
      path: 'internal/bills/{id}/receipt',
      summary: 'The PDF receipt of a paid bill',
      auth: { permission: 'core-internal.bill.getall' },
      params: idOnly,
      handler: ({ caller, params }) => bills.receipt(caller, params.id),
    }),
    defineRoute({
      method: 'GET',
      namespace: 'core',
      path: 'internal/bills/{id}/schedule',
      summary: "The bill's recipients as a CSV or XLSX schedule (format)",
      auth: { permission: 'core-internal.bill.getall' },
      params: idOnly.extend(exportFormat.shape),
      handler: ({ caller, params }) => bills.schedule(caller, params.id, params.format),
    }),
  ];
}
