import {
  approveBill,
  BILL_MESSAGES,
  calculateBillCharge,
  cancelBill,
  calculateWhtBulk,
  calculateWhtTax,
  createBill,
  exportBills,
  getBill,
  getBillReceipt,
  getBillSchedule,
  listBillItems,
  listBills,
  listBillTypes,
  listStateWhtTypes,
  listWhtCalcItems,
  precheckBill,
  rejectBill,
  verifyReceipt,
} from '@levy/contracts';
import { defineRoute, reply } from '../../http/route';
import { APPROVE_BILLS, type BillsService } from './bills.service';
import type { ReceiptVerification } from './receipt-verification';

const READ = { permission: 'core-internal.bill.getall' };
const CALCULATE = { permission: 'core-internal.bill.calccharge' };

/** Bills (issue 11; product-spec §7 "Bills"). */
export function billRoutes(bills: BillsService, receipts: ReceiptVerification) {
  return [
    defineRoute({
      contract: verifyReceipt,
      summary:
        "Public, no sign-in: the facts of the paid bill a receipt's verification code belongs to (payer, Tax ID, revenue service, tax, period, amount, agency reference, status, paid at); NOT_FOUND for any other code. 20 misses per address per 10 minutes, then RATE_LIMITED",
      auth: false,
      handler: ({ params, ip }) => receipts.verify(params.code, ip),
    }),
    defineRoute({
      contract: listBillTypes,
      summary: 'The bill types: PAYE and Withholding Tax, with id, code, name and description',
      auth: READ,
      handler: async () => bills.types(),
    }),
    defineRoute({
      contract: listStateWhtTypes,
      summary: "The WHT types a state's revenue service collects for a month (period, default this month): id, name, reference, percentage, description",
      auth: READ,
      handler: ({ params }) => bills.whtTypes(params.id, params.period),
    }),
    defineRoute({
      contract: calculateBillCharge,
      summary: "Levy's charge on a bill: {type_id, amount_due, recipient_count} → {charge, amount_due, fee, vat, total}",
      auth: CALCULATE,
      handler: async ({ body }) => bills.calculateCharge(body),
    }),
    defineRoute({
      contract: calculateWhtTax,
      summary: 'WHT on one amount at the type’s rate: {wht_type, amount, period?} → {tax_payable, rate}',
      auth: CALCULATE,
      handler: async ({ body }) => bills.calculateWhtTax(body),
    }),
    defineRoute({
      contract: calculateWhtBulk,
      summary: 'WHT on every row of an auto file (multipart: namespace, file, wht_type, period?) → {id, reference} for the items call and the bill',
      auth: CALCULATE,
      handler: ({ caller, body, files }) => bills.calculateWhtBulk(caller, body, files),
    }),
    defineRoute({
      contract: listWhtCalcItems,
      summary: 'The rows of a bulk WHT calculation (page, count, no_pages) with aggs: count and the sum of tax_payable',
      auth: CALCULATE,
      handler: ({ caller, params }) => bills.whtCalcItems(caller, params.id, params),
    }),
    defineRoute({
      contract: createBill,
      summary:
        'Generate and pay a bill (multipart). PAYE: start_date, recipients (PAYE template). WHT: payload_type manual (recipients with tax_payable) or auto (recipients with amount, or calc_record_reference), wht_type, start_date, end_date. Send an Idempotency-Key header.',
      auth: { permission: 'core-internal.bill.createpayebill' },
      handler: async ({ caller, params, body, files, idempotencyKey }) => {
        const created = await bills.create(caller, params, body, files, idempotencyKey);
        return reply(created.bill, created.message);
      },
    }),
    defineRoute({
      contract: precheckBill,
      summary: "Before Pay: the month's bills that are paid, being paid or awaiting approval, the PAYE repeat they would make, the paying wallet's balance and shortfall for `total`, and whether the bill will wait for an admin",
      auth: { permission: 'core-internal.bill.createpayebill' },
      handler: ({ caller, params }) => bills.precheck(caller, params),
    }),
    defineRoute({
      contract: approveBill,
      summary: 'An admin other than its preparer approves a bill awaiting approval: the wallet is debited and the bill paid as at once (a shortfall answers UNPROCESSABLE and it keeps waiting)',
      auth: { permission: APPROVE_BILLS },
      handler: async ({ caller, params, ip }) => reply(await bills.approve(caller, params.id, ip), BILL_MESSAGES.approved),
    }),
    defineRoute({
      contract: rejectBill,
      summary: 'An admin declines a bill awaiting approval, with a reason mailed to its preparer (status declined; nothing was paid)',
      auth: { permission: APPROVE_BILLS },
      handler: async ({ caller, params, body, ip }) => reply(await bills.reject(caller, params.id, body.reason, ip), BILL_MESSAGES.declined),
    }),
    defineRoute({
      contract: cancelBill,
      summary: 'Withdraw a bill awaiting approval (its preparer or an admin), or cancel one whose settlement the agency has not accepted (an admin; the wallet is refunded once). A paid bill answers UNPROCESSABLE with what to do instead',
      auth: { permission: 'core-internal.bill.cancel' },
      handler: async ({ caller, params, body, ip }) => reply(await bills.cancel(caller, params.id, body.reason, ip), BILL_MESSAGES.cancelled),
    }),
    defineRoute({
      contract: listBills,
      summary: "The organisation's bills: filters (type, status, corporation_id, state_id, created_at >= / <=), search by reference, order_by created_at, total or period_start, is_asc, page, no_pages",
      auth: READ,
      handler: ({ caller, params }) => bills.list(caller, params),
    }),
    defineRoute({
      contract: exportBills,
      summary: 'The bills list as a CSV or XLSX download (format), with the same filters and search',
      auth: READ,
      handler: ({ caller, params }) => bills.exportList(caller, params, params.format),
    }),
    defineRoute({
      contract: getBill,
      summary: 'One bill with its status history and the rows whose PAYE differs from the engine’s',
      auth: READ,
      handler: ({ caller, params }) => bills.get(caller, params.id),
    }),
    defineRoute({
      contract: listBillItems,
      summary: "A bill's recipients (page, count, search by name or Tax ID)",
      auth: READ,
      handler: ({ caller, params }) => bills.items(caller, params.id, params),
    }),
    defineRoute({
      contract: getBillReceipt,
      summary: 'The PDF receipt of a paid bill',
      auth: READ,
      handler: ({ caller, params }) => bills.receipt(caller, params.id),
    }),
    defineRoute({
      contract: getBillSchedule,
      summary: "The bill's recipients as a CSV or XLSX schedule (format)",
      auth: READ,
      handler: ({ caller, params }) => bills.schedule(caller, params.id, params.format),
    }),
  ];
}
