import { BILL_MESSAGES, type ListParams } from '@levy/contracts';
import type { Kobo } from '@levy/tax';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Caller } from '../../http/route';
import { exportTable, lagosTimeCell, type ExportFormat } from '../../http/table-export';
import { naira } from './bill-format';
import { PAYE_INCOME_HEADERS } from './bill-preparation';
import type { BillQueries } from './bill-queries';
import { renderBillReceipt } from './bill-receipt';
import * as repo from './bills.repo';
import type { ReceiptCodes } from './receipt-verification';

/** A bill and a list of bills as files: the bills export, a bill's schedule, its receipt. */
export function createBillExports(deps: {
  db: Db;
  queries: BillQueries;
  receiptCodes: ReceiptCodes;
  /** The payer's address for its receipts, from the organisation's KYC identity (the organisations module's); null when not given. */
  payerAddress(caller: Caller, organisationId: string): Promise<string | null>;
  now: () => Date;
}) {
  const { db, now, queries } = deps;
  const { findOwnBill, summaries, stateById, latenessOfBill, list } = queries;

  return {
    async exportList(caller: Caller, params: ListParams, format: ExportFormat) {
      const page = await list(caller, { ...params, page: 1, no_pages: true });
      if (page.items.length === 0) throw new AppError('NOT_FOUND', BILL_MESSAGES.noData);
      return exportTable({
        filename: `levy-bills-${now().toISOString().slice(0, 10)}`,
        sheetName: 'Bills',
        format,
        rows: page.items,
        columns: [
          { header: 'Reference', value: (row) => row.reference },
          { header: 'Type', value: (row) => row.type_name },
          { header: 'Corporation', value: (row) => row.corporation.name },
          { header: 'State', value: (row) => row.state.name },
          { header: 'Tax ID', value: (row) => row.tax_payer_number },
          { header: 'Period start', value: (row) => row.period_start },
          { header: 'Period end', value: (row) => row.period_end },
          { header: 'Recipients', value: (row) => row.recipient_count },
          { header: 'Amount due (NGN)', value: (row) => row.amount_due, isMoney: true },
          { header: 'Charge (NGN)', value: (row) => row.charge, isMoney: true },
          { header: 'Total (NGN)', value: (row) => row.total, isMoney: true },
          { header: 'Status', value: (row) => row.status },
          {
            header: 'Supplementary',
            value: (row) => (row.supplementary ? `Yes: ${row.supplementary_reason ?? ''}` : ''),
          },
          { header: 'Approved by', value: (row) => row.approved_by ?? '' },
          { header: 'Receipt', value: (row) => row.receipt_number ?? '' },
          { header: 'Created (Lagos time)', value: (row) => lagosTimeCell(row.created_at) },
          { header: 'Paid (Lagos time)', value: (row) => lagosTimeCell(row.paid_at) },
          { header: 'Agency reference', value: (row) => row.agency_reference ?? '' },
        ],
      });
    },

    /** The bill's recipients as a CSV or XLSX schedule, as an agency or an auditor asks for it. */
    async schedule(caller: Caller, id: string, format: ExportFormat) {
      const bill = await findOwnBill(caller, id);
      const rows = await repo.listBillItems(db, bill.id);
      if (rows.length === 0) throw new AppError('NOT_FOUND', BILL_MESSAGES.noData);
      type Item = (typeof rows)[number];
      const money = (value: Kobo | null | undefined) => (value === null || value === undefined ? '' : naira(value));
      const payeScheduleColumns = [
        { header: 'PAYE by the engine (NGN)', value: (item: Item) => money(item.expectedTaxKobo), isMoney: true },
        {
          header: 'exempt',
          value: (item: Item) => (item.taxPayableKobo === 0 && item.expectedTaxKobo === 0 ? 'yes' : ''),
        },
        { header: 'nationality', value: (item: Item) => item.nationality ?? '' },
        { header: 'designation', value: (item: Item) => item.designation ?? '' },
        ...PAYE_INCOME_HEADERS.map((header, index) => ({
          header: `${header} (NGN)`,
          value: (item: Item) => money(item.incomesKobo?.[index]),
          isMoney: true,
        })),
      ];
      return exportTable({
        filename: `${bill.reference}-schedule`,
        sheetName: 'Schedule',
        format,
        rows,
        columns: [
          { header: 'Row', value: (item) => item.rowNumber },
          { header: 'tax_payer_number', value: (item) => item.taxPayerNumber },
          { header: 'name', value: (item) => item.name },
          {
            header: bill.type === 'paye' ? 'gross_income (NGN)' : 'amount (NGN)',
            value: (item) => (item.amountKobo === null ? '' : naira(item.amountKobo)),
            isMoney: true,
          },
          { header: 'tax_payable (NGN)', value: (item) => naira(item.taxPayableKobo), isMoney: true },
          ...(bill.type === 'paye' ? payeScheduleColumns : []),
        ],
      });
    },

    async receipt(caller: Caller, id: string) {
      const bill = await findOwnBill(caller, id);
      if (bill.status !== 'payment_paid')
        throw new AppError('UNPROCESSABLE', 'A receipt is issued once the bill is paid.');
      const [[summary], statesById, payerAddress] = await Promise.all([
        summaries(bill.organisationId, [bill]),
        stateById(),
        deps.payerAddress(caller, bill.organisationId),
      ]);
      const state = statesById.get(bill.stateId)!;
      const whtType = await queries.whtTypeOf(bill, state.collector);
      return renderBillReceipt({
        bill,
        summary,
        revenueService: state.revenueService,
        fee: naira(bill.feeKobo),
        vat: naira(bill.vatKobo),
        payerAddress,
        whtType: whtType ? { name: whtType.name, percentage: whtType.percentage } : null,
        verification: { url: deps.receiptCodes.urlOf(bill.id), code: deps.receiptCodes.printedCodeOf(bill.id) },
        lateness: await latenessOfBill(bill, state.collector),
        readItems: (window) => repo.listBillItems(db, bill.id, window),
      });
    },
  };
}
