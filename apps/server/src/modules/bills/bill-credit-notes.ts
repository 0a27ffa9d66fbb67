import { VENDOR_MESSAGES, type BillSummary } from '@levy/contracts';
import { asKobo, formatNaira } from '@levy/tax';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../errors';
import {
  drawAmountRow,
  drawFactColumns,
  drawLetterhead,
  drawRule,
  drawSectionTitle,
  drawVerificationPanel,
  openPdf,
  PDF_COLOURS,
} from '../../http/pdf-document';
import { longDate, pdfAmount } from '../../http/pdf-text';
import type { Caller, FileReply } from '../../http/route';
import { zipReply } from '../../http/zip';
import { recordAudit } from '../audit/audit.service';
import type { MailService } from '../mail/mail.service';
import { naira } from './bill-format';
import type { BillQueries } from './bill-queries';
import { lagosDateTime } from './bill-receipt';
import * as repo from './bills.repo';
import type { ReceiptCodes } from './receipt-verification';

const { muted: MUTED } = PDF_COLOURS;

/** What every note of one bill shares: the bill, its figures as the receipt shows them, the rate, the verification. */
interface NoteContext {
  bill: repo.BillRow;
  summary: BillSummary;
  revenueService: string;
  whtType: { name: string; percentage: number };
  verification: { url: string; code: string };
}

/** `WHT-LA-2026-10-000001-2`: the bill's reference and the payee's row. */
const noteNumber = (bill: repo.BillRow, row: number) => `${bill.reference}-${row}`;

/** The note's file name: its number and the payee's Tax ID, so a bill's notes never share one. */
const noteFilename = (bill: repo.BillRow, item: repo.BillItem) =>
  `${noteNumber(bill, item.rowNumber)}-${item.taxPayerNumber.replace(/[^A-Za-z0-9-]/g, '')}-credit-note.pdf`;

/**
 * A payee's WHT credit note: who was paid what, the tax withheld from it at which rate, for which
 * period and revenue service, under which bill, RRR and Remita payment references, and the bill receipt's own
 * verification link and code (the note proves the same payment the receipt does).
 */
async function renderCreditNote(context: NoteContext, item: repo.BillItem): Promise<FileReply> {
  const { bill, summary, whtType } = context;
  const number = noteNumber(bill, item.rowNumber);
  const page = openPdf({
    title: `WHT credit note ${number} for ${item.name}`,
    subject: `Withholding tax credit note for ${item.name}`,
  });
  const { doc, left, width, bottom } = page;
  const rate = `${whtType.percentage}%`;

  let y = drawLetterhead(page, 'WHT credit note', `Credit note no. ${number}`, 'PAID');
  y = drawFactColumns(
    page,
    y,
    {
      title: 'Payee (tax withheld from)',
      facts: [
        ['Name', item.name],
        ['Tax ID', item.taxPayerNumber],
      ],
    },
    {
      title: 'Withheld and remitted by',
      facts: [
        ['Corporation', summary.corporation.name],
        ['Tax ID', summary.tax_payer_number],
      ],
    },
  );
  y = drawFactColumns(
    page,
    y,
    {
      title: 'Tax',
      facts: [
        ['WHT type and rate', `${whtType.name} at ${rate}`],
        ['Period', `${longDate(summary.period_start)} to ${longDate(summary.period_end)}`],
        ['Revenue service', context.revenueService],
      ],
    },
    {
      title: 'References',
      facts: [
        ['Bill reference', summary.reference],
        ['RRR (Remita)', summary.agency_reference],
        ['Remita payment reference', summary.receipt_number],
        ['Paid at', summary.paid_at ? lagosDateTime(summary.paid_at) : null],
      ],
    },
  );

  y = drawSectionTitle(page, y, 'Amount');
  y = drawAmountRow(
    page,
    y,
    'Gross amount',
    item.amountKobo === null ? 'not given: the tax was declared on the bill' : pdfAmount(naira(item.amountKobo)),
  );
  if (item.amountKobo !== null)
    y = drawAmountRow(page, y, 'Net amount paid to the payee', pdfAmount(naira(item.amountKobo - item.taxPayableKobo)));
  drawRule(page, y);
  y = drawAmountRow(page, y + 7, `Tax withheld at ${rate}`, pdfAmount(naira(item.taxPayableKobo)), true) + 8;

  drawVerificationPanel(page, y, context.verification, 'credit note');

  const footer =
    `${summary.corporation.name} withheld the tax above from its payment to ${item.name} and remitted it to ${context.revenueService} ` +
    `with bill ${summary.reference} (${summary.recipient_count.toLocaleString('en-NG')} payees in all). The payee may claim the tax withheld as a credit ` +
    `against their own income tax; the RRR identifies the payment at the revenue service and at Remita. Times are Lagos time (WAT).`;
  doc.font('Helvetica').fontSize(8);
  const footerHeight = doc.heightOfString(footer, { width });
  doc.fillColor(MUTED).text(footer, left, bottom - footerHeight, { width, align: 'left' });
  return page.finish(noteFilename(bill, item));
}

/**
 * How many notes one person may mail, and how often the same note may go (decision 0042): enough
 * for a bill's payees one by one, too few to turn the button into a way to mail anyone at will.
 */
const SEND_LIMITS: repo.CreditNoteSendLimits = {
  perUser: { max: 30, windowMs: 60 * 60_000 },
  perNote: { max: 1, windowMs: 10 * 60_000 },
};

const SEND_REFUSALS = {
  user: 'You have sent 30 credit notes in the last hour. Please wait before sending more.',
  note: 'This credit note was sent in the last 10 minutes. Please wait before sending it again.',
} as const;

/** A paid WHT bill's credit notes, one per payee row: as PDFs, as a ZIP, and mailed to the vendor. */
export function createBillCreditNotes(deps: {
  db: Db;
  now: () => Date;
  queries: BillQueries;
  receiptCodes: ReceiptCodes;
  mail: MailService;
  /** The organisation's email for a vendor (the vendors module's); null when it has none. */
  vendorEmail(organisationId: string, taxPayerNumber: string): Promise<string | null>;
}) {
  const { db, queries } = deps;

  /** The caller's paid WHT bill with what its notes share; a PAYE or unpaid bill is refused with why. */
  async function contextOf(caller: Caller, id: string): Promise<NoteContext> {
    const bill = await queries.findOwnBill(caller, id);
    if (bill.type !== 'wht') throw new AppError('UNPROCESSABLE', VENDOR_MESSAGES.notWht);
    if (bill.status !== 'payment_paid') throw new AppError('UNPROCESSABLE', VENDOR_MESSAGES.notPaid);
    const [[summary], states] = await Promise.all([
      queries.summaries(bill.organisationId, [bill]),
      queries.stateById(),
    ]);
    // The rate column is the collector's: companies' at the NRS, individuals' at a state.
    const whtType = await queries.whtTypeOf(bill, summary.state.collector);
    if (!whtType) throw new AppError('UNPROCESSABLE', VENDOR_MESSAGES.notWht);
    return {
      bill,
      summary,
      revenueService: states.get(bill.stateId)?.revenueService ?? '',
      whtType: { name: whtType.name, percentage: whtType.percentage },
      verification: { url: deps.receiptCodes.urlOf(bill.id), code: deps.receiptCodes.printedCodeOf(bill.id) },
    };
  }

  async function itemOf(bill: repo.BillRow, row: number): Promise<repo.BillItem> {
    const item = (await repo.listBillItems(db, bill.id)).find((candidate) => candidate.rowNumber === row);
    if (!item) throw notFound('This bill has no payee on that row.');
    return item;
  }

  return {
    async creditNote(caller: Caller, id: string, row: number): Promise<FileReply> {
      const context = await contextOf(caller, id);
      return renderCreditNote(context, await itemOf(context.bill, row));
    },

    async creditNotes(caller: Caller, id: string): Promise<FileReply> {
      const context = await contextOf(caller, id);
      const items = await repo.listBillItems(db, context.bill.id);
      const notes: FileReply[] = [];
      for (const item of items) notes.push(await renderCreditNote(context, item));
      return zipReply(`${context.bill.reference}-credit-notes.zip`, notes);
    },

    /**
     * Mails the payee their note as a PDF, with its figures and the receipt's verification link in
     * the text, to the email the organisation keeps for the vendor (decision 0023).
     */
    async sendCreditNote(caller: Caller, id: string, row: number, ip: string): Promise<{ to: string }> {
      const context = await contextOf(caller, id);
      const { bill, summary, whtType, verification } = context;
      const item = await itemOf(bill, row);
      const to = await deps.vendorEmail(bill.organisationId, item.taxPayerNumber);
      if (!to) throw new AppError('UNPROCESSABLE', VENDOR_MESSAGES.noEmail);
      const number = noteNumber(bill, item.rowNumber);
      const pdf = await renderCreditNote(context, item);
      const lines = [
        `Dear ${item.name},`,
        '',
        `${summary.corporation.name} withheld tax from a payment to you and remitted it to ${context.revenueService}. This is your withholding tax ` +
          `credit note ${number}:`,
        '',
        `Payee: ${item.name}, Tax ID ${item.taxPayerNumber}`,
        `Gross amount: ${item.amountKobo === null ? 'not given (the tax was declared on the bill)' : formatNaira(asKobo(item.amountKobo))}`,
        `WHT type and rate: ${whtType.name} at ${whtType.percentage}%`,
        `Tax withheld: ${formatNaira(item.taxPayableKobo)}`,
        `Period: ${longDate(summary.period_start)} to ${longDate(summary.period_end)}`,
        `Revenue service: ${context.revenueService}`,
        `Withheld by: ${summary.corporation.name}, Tax ID ${summary.tax_payer_number}`,
        `Bill reference: ${summary.reference}; RRR (Remita): ${summary.agency_reference ?? ''}; Remita payment reference: ${summary.receipt_number ?? ''}`,
        '',
        `Check the payment at ${verification.url} (verification code ${verification.code}).`,
        '',
        `The credit note is attached as a PDF (${pdf.filename}). You may claim the tax withheld as a credit against your own income tax.`,
      ];
      await db.transaction(async (tx) => {
        const limited = await repo.reserveCreditNoteSend(tx, {
          userId: caller.userId,
          billId: bill.id,
          row: item.rowNumber,
          at: deps.now(),
          limits: SEND_LIMITS,
        });
        if (limited) throw new AppError('RATE_LIMITED', SEND_REFUSALS[limited]);
        await deps.mail.enqueue(tx, {
          to,
          subject: `Withholding tax credit note ${number} from ${summary.corporation.name}`,
          text: lines.join('\n'),
          links: [verification.url],
          attachments: [{ filename: pdf.filename, contentType: pdf.contentType, content: pdf.content }],
        });
        await recordAudit(tx, {
          organisationId: bill.organisationId,
          actorUserId: caller.userId,
          action: 'bill.credit_note_sent',
          resourceType: 'bill',
          resourceId: bill.id,
          details: { row, to },
          ipAddress: ip,
        });
      });
      return { to };
    },
  };
}
