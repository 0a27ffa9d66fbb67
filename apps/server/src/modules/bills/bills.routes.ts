import {
  approveBill,
  BILL_MESSAGES,
  calculateBillCharge,
  cancelBill,
  calculateWhtBulk,
  calculateWhtTax,
  createPayeBill,
  createWhtBill,
  exportBills,
  getBill,
  getBillCreditNote,
  getBillCreditNotes,
  getBillReceipt,
  getBillSchedule,
  listBillItems,
  listBills,
  listBillTypes,
  listStateWhtTypes,
  listWhtCalcItems,
  precheckBill,
  previousPayeBill,
  reconcileRemittances,
  rejectBill,
  sendBillCreditNote,
  verifyReceipt,
  VENDOR_MESSAGES,
} from '@levy/contracts';
import { toKobo } from '@levy/tax';
import { defineRoute, reply } from '../../http/route';
import type { BillsService } from './bills.service';
import type { ReceiptVerification } from './receipt-verification';

/** Bills (docs/product.md §7 "Bills"). */
export function billRoutes(bills: BillsService, receipts: ReceiptVerification) {
  return [
    defineRoute({
      contract: verifyReceipt,
      handler: ({ params, ip }) => receipts.verify(params.code, ip),
    }),
    defineRoute({
      // Staff ask the gateway now what the daily reconciliation job asks it.
      contract: reconcileRemittances,
      handler: async () => reply(await bills.reconcileRemittances(), 'Remittances checked with the gateway'),
    }),
    defineRoute({
      contract: listBillTypes,
      handler: async () => bills.types(),
    }),
    defineRoute({
      contract: listStateWhtTypes,
      handler: ({ params }) => bills.whtTypes(params.id, params.period),
    }),
    defineRoute({
      contract: calculateBillCharge,
      handler: async ({ body }) => bills.calculateCharge(body),
    }),
    defineRoute({
      contract: calculateWhtTax,
      handler: async ({ body }) => bills.calculateWhtTax(body),
    }),
    defineRoute({
      contract: calculateWhtBulk,
      handler: ({ caller, body, files }) => bills.calculateWhtBulk(caller, body, files),
    }),
    defineRoute({
      contract: listWhtCalcItems,
      handler: ({ caller, params }) => bills.whtCalcItems(caller, params.id, params),
    }),
    defineRoute({
      contract: createPayeBill,
      handler: async ({ caller, params, body, files, idempotency }) => {
        const created = await bills.create(caller, { ...params, type: 'paye' }, body, files, idempotency);
        return reply(created.bill, created.message);
      },
    }),
    defineRoute({
      contract: createWhtBill,
      handler: async ({ caller, params, body, files, idempotency }) => {
        const created = await bills.create(caller, { ...params, type: 'wht' }, body, files, idempotency);
        return reply(created.bill, created.message);
      },
    }),
    defineRoute({
      contract: precheckBill,
      handler: ({ caller, params }) => bills.precheck(caller, params),
    }),
    defineRoute({
      contract: previousPayeBill,
      handler: ({ caller, params }) => bills.previousPayeBill(caller, params),
    }),
    defineRoute({
      contract: approveBill,
      handler: async ({ caller, params, body, ip }) =>
        reply(
          await bills.approve(
            caller,
            params.id,
            ip,
            body.confirm_total === undefined ? undefined : toKobo(body.confirm_total, 'confirm_total'),
          ),
          BILL_MESSAGES.approved,
        ),
    }),
    defineRoute({
      contract: rejectBill,
      handler: async ({ caller, params, body, ip }) =>
        reply(await bills.reject(caller, params.id, body.reason, ip), BILL_MESSAGES.declined),
    }),
    defineRoute({
      contract: cancelBill,
      handler: async ({ caller, params, body, ip }) =>
        reply(await bills.cancel(caller, params.id, body.reason, ip), BILL_MESSAGES.cancelled),
    }),
    defineRoute({
      contract: listBills,
      handler: ({ caller, params }) => bills.list(caller, params),
    }),
    defineRoute({
      contract: exportBills,
      handler: ({ caller, params }) => bills.exportList(caller, params, params.format),
    }),
    defineRoute({
      contract: getBill,
      handler: ({ caller, params }) => bills.get(caller, params.id),
    }),
    defineRoute({
      contract: listBillItems,
      handler: ({ caller, params }) => bills.items(caller, params.id, params),
    }),
    defineRoute({
      contract: getBillReceipt,
      handler: ({ caller, params }) => bills.receipt(caller, params.id),
    }),
    defineRoute({
      contract: getBillSchedule,
      handler: ({ caller, params }) => bills.schedule(caller, params.id, params.format),
    }),
    defineRoute({
      contract: getBillCreditNotes,
      handler: ({ caller, params }) => bills.creditNotes(caller, params.id),
    }),
    defineRoute({
      contract: getBillCreditNote,
      handler: ({ caller, params }) => bills.creditNote(caller, params.id, params.row),
    }),
    defineRoute({
      contract: sendBillCreditNote,
      handler: async ({ caller, params, ip }) => {
        const sent = await bills.sendCreditNote(caller, params.id, params.row, ip);
        return reply(sent, VENDOR_MESSAGES.sent(sent.to));
      },
    }),
  ];
}
