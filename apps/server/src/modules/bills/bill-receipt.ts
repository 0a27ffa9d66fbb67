import type { BillLateness, BillSummary } from '@levy/contracts';
import { asKobo, koboToNairaString } from '@levy/tax';
import {
  drawAmountRow,
  drawFactColumns,
  drawLetterhead,
  drawRule,
  drawSectionTitle,
  drawTableCells,
  drawTableHeader,
  drawVerificationPanel,
  openPdf,
  PDF_COLOURS,
  type PdfColumn,
  type PdfPage,
} from '../../http/pdf-document';
import { longDate, pdfAmount as amount, plural } from '../../http/pdf-text';
import type { FileReply } from '../../http/route';
import type { BillItem, BillRow } from './bills.repo';

const { ink: INK, muted: MUTED, rule: RULE } = PDF_COLOURS;

/** Payees read from the database at a time: a bill's items are stored a thousand to a row. */
const ITEMS_WINDOW = 1000;
const TABLE_ROW = 15;

export interface ReceiptInput {
  bill: BillRow;
  summary: BillSummary;
  revenueService: string;
  fee: string;
  vat: string;
  /** The organisation's address from its KYC identity; null when it has not given one. */
  payerAddress: string | null;
  /** WHT: the type's name and its rate in percent in the bill's month. */
  whtType: { name: string; percentage: number } | null;
  verification: { url: string; code: string };
  /** Paid after the month's due date: days late and the penalty so far, which this payment does not include. */
  lateness: BillLateness | null;
  /** The bill's recipients in file order, a window at a time (a bill may have thousands). */
  readItems(window: { limit: number; offset: number }): Promise<BillItem[]>;
}

// Made once: building a formatter costs more than formatting.
const LAGOS_TIME = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Lagos',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** `24 Nov, 2026 at 05:57 (Lagos time)`: receipts are read in Nigeria, whatever the server's zone. */
export function lagosDateTime(iso: string): string {
  const time = LAGOS_TIME.format(new Date(iso));
  return `${longDate(iso)} at ${time} (Lagos time)`;
}

/** What lateness means for the payer: the days, the penalty so far and who assesses it. */
export function lateNote(lateness: BillLateness): string {
  return (
    `${plural(lateness.days_late, 'day')} after the due date, ${longDate(lateness.due_date)}. Penalty and interest so far: ` +
    `${amount(lateness.penalty)} (${lateness.rule}); the revenue service assesses it, and it is not part of this ` +
    `payment.${lateness.mpr_caveat ? ` ${lateness.mpr_caveat}` : ''}`
  );
}

/** `1,234.56`: table cells carry the currency in their header. */
const figure = (kobo: number) => amount(koboToNairaString(asKobo(kobo))).replace(/^NGN /, '');

/**
 * A paid bill's receipt, as an accountant files it and an auditor checks it: who paid what to which
 * revenue service, for which period, under which references, who prepared and approved it, what
 * Levy charged on top (with VAT shown apart), a code and QR that open the public verify page, and
 * for WHT every payee with their Tax ID, gross amount, rate and tax (on the first page, then on
 * continued pages).
 */
export async function renderBillReceipt(input: ReceiptInput): Promise<FileReply> {
  const { bill, summary } = input;
  const isPaye = bill.type === 'paye';
  const page = openPdf({
    title: `Receipt ${bill.receiptNumber ?? ''} for ${bill.reference}`,
    subject: `${summary.type_name} payment receipt`,
  });
  const { doc, left, width, bottom } = page;
  const recipients = plural(summary.recipient_count, isPaye ? 'employee' : 'payee');

  let y = drawLetterhead(page, 'Tax payment receipt', `Receipt no. ${bill.receiptNumber ?? ''}`, 'PAID');
  const taxName = input.whtType
    ? `${summary.type_name}: ${input.whtType.name} (${input.whtType.percentage}%)`
    : summary.type_name;
  y = drawFactColumns(
    page,
    y,
    {
      title: 'Paid to',
      facts: [
        ['Revenue service', input.revenueService],
        ['Tax', taxName],
        ['Period', `${longDate(summary.period_start)} to ${longDate(summary.period_end)}`],
        [
          'Supplementary payment',
          summary.supplementary ? `An additional payment for this period: ${summary.supplementary_reason ?? ''}` : null,
        ],
        ['Employees living elsewhere', residentsFact(summary.residents_elsewhere)],
        ['Paid late', input.lateness ? lateNote(input.lateness) : null],
      ],
    },
    {
      title: 'Paid by',
      facts: [
        ['Corporation', summary.corporation.name],
        ['Tax ID', summary.tax_payer_number],
        ['Address', input.payerAddress],
        [isPaye ? 'Employees' : 'Payees', summary.recipient_count.toLocaleString('en-NG')],
      ],
    },
  );
  y = drawFactColumns(
    page,
    y,
    {
      title: 'References',
      facts: [
        ['RRR (Remita)', summary.agency_reference],
        ['Remita payment reference', summary.receipt_number],
        ['Bill reference', summary.reference],
        ['Paid at', summary.paid_at ? lagosDateTime(summary.paid_at) : null],
        // Said only when Remita said it: a payment it has not confirmed is not printed as confirmed.
        [
          'Confirmed',
          summary.remittance.confirmed_at && !summary.remittance.unconfirmed
            ? `Confirmed by Remita on ${lagosDateTime(summary.remittance.confirmed_at)}`
            : null,
        ],
      ],
    },
    {
      title: summary.approved_by ? 'Prepared and approved' : 'Prepared',
      facts: [
        ['Prepared by', summary.created_by ? `${summary.created_by}, ${lagosDateTime(summary.created_at)}` : null],
        [
          'Approved by',
          summary.approved_by
            ? `${summary.approved_by}${summary.approved_at ? `, ${lagosDateTime(summary.approved_at)}` : ''}`
            : null,
        ],
      ],
    },
  );

  // The amounts, label left and figure right, the total ruled off.
  y = drawSectionTitle(page, y, 'Amount');
  y = drawAmountRow(page, y, `Tax remitted to ${input.revenueService}`, amount(summary.amount_due));
  if (summary.remittance.gateway_charge !== '0.00')
    y = drawAmountRow(page, y, 'Remita charge', amount(summary.remittance.gateway_charge));
  y = drawAmountRow(page, y, 'Levy charge', amount(input.fee));
  y = drawAmountRow(page, y, 'VAT on the charge (7.5%)', amount(input.vat));
  drawRule(page, y);
  y = drawAmountRow(page, y + 7, 'Total paid from the wallet', amount(summary.total), true) + 8;

  // How anyone holding the receipt checks it: the QR opens the verify page, the code is typed there.
  y = drawVerificationPanel(page, y, input.verification, 'receipt');

  const footer =
    `Levy remitted the tax above to ${input.revenueService} on behalf of ${summary.corporation.name}. The RRR identifies the payment at ` +
    `the revenue service and at Remita; keep this receipt with the schedule of ${recipients} for your records. Times are Lagos time (WAT).`;
  doc.font('Helvetica').fontSize(8);
  const footerHeight = doc.heightOfString(footer, { width });
  const firstPageEnd = bottom - footerHeight - 18;
  doc.fillColor(MUTED).text(footer, left, bottom - footerHeight, { width, align: 'left' });

  if (!isPaye) await drawPayees(page, input, { top: y, firstPageEnd });
  return page.finish(`${bill.reference}-receipt.pdf`);
}

/**
 * WHT: every payee with Tax ID, gross amount, rate and tax, read from the database a window at a
 * time. As many rows as fit go on the first page; the rest follow on continued pages, each headed
 * with the receipt's numbers. The last row is the total.
 */
async function drawPayees(page: PdfPage, input: ReceiptInput, frame: { top: number; firstPageEnd: number }) {
  const { doc, left, width, bottom } = page;
  const rate = input.whtType ? `${input.whtType.percentage}%` : '';
  const columns: PdfColumn[] = [
    { header: 'Tax ID', width: 0.16, align: 'left' },
    { header: 'Payee', width: 0.35, align: 'left' },
    { header: 'Gross amount (NGN)', width: 0.23, align: 'right' },
    { header: 'Rate', width: 0.08, align: 'right' },
    { header: 'Tax (NGN)', width: 0.18, align: 'right' },
  ];
  const cells = (values: string[], y: number, options?: { bold?: boolean }) =>
    drawTableCells(page, columns, values, y, options);
  const tableHeader = (y: number) => drawTableHeader(page, columns, y);

  let end = frame.firstPageEnd;
  let y = tableHeader(
    drawSectionTitle(page, frame.top, `Payees (${input.summary.recipient_count.toLocaleString('en-NG')})`),
  );
  const continuedPage = () => {
    doc.addPage();
    let top = doc.page.margins.top;
    doc.fillColor(INK).font('Helvetica-Bold').fontSize(11).text('Payees, continued', left, top);
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(8.5)
      .text(
        `Receipt no. ${input.bill.receiptNumber ?? ''} · ${input.bill.reference} · ${input.summary.corporation.name} · ` +
          `${longDate(input.summary.period_start)} to ${longDate(input.summary.period_end)}`,
        left,
        top + 16,
        { width },
      );
    top += 40;
    end = bottom - 10;
    return tableHeader(top);
  };

  let grossKobo = 0;
  let grossComplete = true;
  let taxKobo = 0;
  for (let offset = 0; offset < input.bill.recipientCount; offset += ITEMS_WINDOW) {
    const items = await input.readItems({ limit: ITEMS_WINDOW, offset });
    if (items.length === 0) break;
    for (const item of items) {
      if (y + TABLE_ROW > end) y = continuedPage();
      if (item.amountKobo === null) grossComplete = false;
      else grossKobo += item.amountKobo;
      taxKobo += item.taxPayableKobo;
      cells(
        [
          item.taxPayerNumber,
          item.name,
          item.amountKobo === null ? 'not given' : figure(item.amountKobo),
          rate,
          figure(item.taxPayableKobo),
        ],
        y,
      );
      y += TABLE_ROW;
    }
  }
  if (y + TABLE_ROW + 6 > end) y = continuedPage();
  doc
    .moveTo(left, y - 2)
    .lineTo(left + width, y - 2)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  cells(
    [
      'Total',
      plural(input.summary.recipient_count, 'payee'),
      grossComplete ? figure(grossKobo) : '',
      '',
      figure(taxKobo),
    ],
    y + 3,
    { bold: true },
  );
}

/** The receipt's line on employees who live in another state: paid here on confirmation, or left out. */
function residentsFact(residents: BillSummary['residents_elsewhere']): string | null {
  if (!residents) return null;
  const who = residents.states.map((state) => `${state.employee_count} resident in ${state.name}`).join(', ');
  return residents.included
    ? `Included on confirmation (${who}): ${residents.reason ?? ''}`
    : `Left out (${who}): owed where they live`;
}
