import type { BillLateness, BillSummary } from '@levy/contracts';
import { asKobo, koboToNairaString } from '@levy/tax';
import encodeQR from '@paulmillr/qr';
import PDFDocument from 'pdfkit';
import { longDate, pdfAmount as amount } from '../../http/pdf-text';
import { FileReply } from '../../http/route';
import type { BillItem, BillRow } from './bills.repo';

const INK = '#1a1f36';
const MUTED = '#5b6478';
const RULE = '#d9dde7';
const ACCENT = '#0b7a53';
const PANEL = '#f4f7f5';

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

/** "1 employee", "3 employees". */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count.toLocaleString('en-NG')} ${count === 1 ? singular : pluralForm}`;
}

/** `24 Nov, 2026 at 05:57 (Lagos time)`: receipts are read in Nigeria, whatever the server's zone. */
export function lagosDateTime(iso: string): string {
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Lagos', hour: '2-digit', minute: '2-digit', hour12: false }).format(new Date(iso));
  return `${longDate(iso)} at ${time} (Lagos time)`;
}

/** What lateness means for the payer: the days, the penalty so far and who assesses it. */
export function lateNote(lateness: BillLateness): string {
  return `${plural(lateness.days_late, 'day')} after the due date, ${longDate(lateness.due_date)}. Penalty and interest so far: ${amount(lateness.penalty)} (${lateness.rule}); the revenue service assesses it, and it is not part of this payment.`;
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
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    bufferPages: true,
    info: { Title: `Receipt ${bill.receiptNumber ?? ''} for ${bill.reference}`, Author: 'Levy', Subject: `${summary.type_name} payment receipt` },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve) => doc.on('end', () => resolve()));

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = doc.page.height - doc.page.margins.bottom;
  const gutter = 24;
  const half = (width - gutter) / 2;
  const recipients = plural(summary.recipient_count, isPaye ? 'employee' : 'payee');

  doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(22).text('Levy', left, 56);
  doc.fillColor(MUTED).font('Helvetica').fontSize(9).text('Tax compliance for Nigerian businesses', left, 82);
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(16).text('Tax payment receipt', left, 56, { width, align: 'right' });
  doc.fillColor(MUTED).font('Helvetica').fontSize(9).text(`Receipt no. ${bill.receiptNumber ?? ''}`, left, 78, { width, align: 'right' });

  // The PAID mark: what a filing clerk looks for first.
  doc.roundedRect(left + width - 70, 96, 70, 22, 4).lineWidth(1.5).strokeColor(ACCENT).stroke();
  doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(11).text('PAID', left + width - 70, 102, { width: 70, align: 'center' });

  let y = 132;
  const rule = (at: number) => doc.moveTo(left, at).lineTo(left + width, at).lineWidth(0.75).strokeColor(RULE).stroke();
  rule(y);
  y += 14;

  /** A column of labelled facts (label above value); answers where it ends. */
  const column = (x: number, top: number, title: string, facts: Array<[string, string | null | undefined]>) => {
    let at = top;
    doc.fillColor(MUTED).font('Helvetica-Bold').fontSize(8).text(title.toUpperCase(), x, at, { characterSpacing: 0.8, width: half });
    at += 15;
    for (const [label, value] of facts) {
      if (value === null || value === undefined || value === '') continue;
      doc.fillColor(MUTED).font('Helvetica').fontSize(8).text(label, x, at, { width: half });
      at += 10;
      doc.fillColor(INK).font('Helvetica').fontSize(10);
      doc.text(value, x, at, { width: half });
      at += doc.heightOfString(value, { width: half }) + 7;
    }
    return at;
  };
  /** Two columns side by side; the next block starts below the longer. */
  const columns = (a: Parameters<typeof column>, b: Parameters<typeof column>) => Math.max(column(...a), column(...b)) + 4;

  const taxName = input.whtType ? `${summary.type_name}: ${input.whtType.name} (${input.whtType.percentage}%)` : summary.type_name;
  y = columns(
    [
      left,
      y,
      'Paid to',
      [
        ['Revenue service', input.revenueService],
        ['Tax', taxName],
        ['Period', `${longDate(summary.period_start)} to ${longDate(summary.period_end)}`],
        ['Supplementary payment', summary.supplementary ? `An additional payment for this period: ${summary.supplementary_reason ?? ''}` : null],
        ['Paid late', input.lateness ? lateNote(input.lateness) : null],
      ],
    ],
    [
      left + half + gutter,
      y,
      'Paid by',
      [
        ['Corporation', summary.corporation.name],
        ['Tax ID', summary.tax_payer_number],
        ['Address', input.payerAddress],
        [isPaye ? 'Employees' : 'Payees', summary.recipient_count.toLocaleString('en-NG')],
      ],
    ],
  );
  y = columns(
    [
      left,
      y,
      'References',
      [
        ['Agency reference', summary.agency_reference],
        ['Receipt number', summary.receipt_number],
        ['Bill reference', summary.reference],
        ['Paid at', summary.paid_at ? lagosDateTime(summary.paid_at) : null],
      ],
    ],
    [
      left + half + gutter,
      y,
      summary.approved_by ? 'Prepared and approved' : 'Prepared',
      [
        ['Prepared by', summary.created_by ? `${summary.created_by}, ${lagosDateTime(summary.created_at)}` : null],
        ['Approved by', summary.approved_by ? `${summary.approved_by}${summary.approved_at ? `, ${lagosDateTime(summary.approved_at)}` : ''}` : null],
      ],
    ],
  );

  // The amounts, label left and figure right, the total ruled off.
  const amountRow = (label: string, value: string, bold = false) => {
    const size = bold ? 11 : 10;
    doc.fillColor(bold ? INK : MUTED).font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(size).text(label, left, y, { width: width * 0.6 });
    doc.fillColor(INK).font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(size).text(value, left + width * 0.6, y, { width: width * 0.4, align: 'right' });
    y += size + 7;
  };
  doc.fillColor(MUTED).font('Helvetica-Bold').fontSize(8).text('AMOUNT', left, y, { characterSpacing: 0.8 });
  y += 15;
  amountRow(`Tax remitted to ${input.revenueService}`, amount(summary.amount_due));
  amountRow('Levy charge', amount(input.fee));
  amountRow('VAT on the charge (7.5%)', amount(input.vat));
  rule(y);
  y += 7;
  amountRow('Total paid from the wallet', amount(summary.total), true);
  y += 8;

  // How anyone holding the receipt checks it: the QR opens the verify page, the code is typed there.
  const qrSize = 84;
  const panelHeight = qrSize + 20;
  doc.roundedRect(left, y, width, panelHeight, 6).fillColor(PANEL).fill();
  drawQr(doc, input.verification.url, left + 10, y + 10, qrSize);
  const textX = left + qrSize + 26;
  const textWidth = width - qrSize - 36;
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(10).text('Verify this receipt', textX, y + 12, { width: textWidth });
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(8.5)
    .text('Scan the QR code or open the link below. The page shows this payment as Levy recorded it; if it says no receipt matches, this receipt is not genuine.', textX, y + 27, { width: textWidth });
  doc.fillColor(ACCENT).font('Helvetica').fontSize(8.5).text(input.verification.url, textX, y + 60, { width: textWidth, link: input.verification.url });
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(9).text(`Verification code: ${input.verification.code}`, textX, y + 80, { width: textWidth });
  y += panelHeight + 14;

  const footer = `Levy remitted the tax above to ${input.revenueService} on behalf of ${summary.corporation.name}. The agency reference identifies the payment at the revenue service; keep this receipt with the schedule of ${recipients} for your records. Times are Lagos time (WAT).`;
  doc.font('Helvetica').fontSize(8);
  const footerHeight = doc.heightOfString(footer, { width });
  const firstPageEnd = bottom - footerHeight - 18;
  doc.fillColor(MUTED).text(footer, left, bottom - footerHeight, { width, align: 'left' });

  if (!isPaye) await drawPayees(doc, input, { left, width, top: y, firstPageEnd, bottom });

  // Page numbers once every page exists (pages are buffered).
  const range = doc.bufferedPageRange();
  if (range.count > 1) {
    for (let index = 0; index < range.count; index += 1) {
      doc.switchToPage(range.start + index);
      // Written in the bottom margin: without this pdfkit would start a new page for it.
      doc.page.margins.bottom = 0;
      doc.fillColor(MUTED).font('Helvetica').fontSize(8).text(`Page ${index + 1} of ${range.count}`, left, doc.page.height - 36, { width, align: 'right', lineBreak: false });
    }
  }
  doc.end();
  await finished;
  return new FileReply(`${bill.reference}-receipt.pdf`, 'application/pdf', Buffer.concat(chunks));
}

/** The QR of `text` as vector squares, `size` points wide (the quiet zone is the page around it). */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const modules = encodeQR(text, 'raw', { ecc: 'medium', border: 1 });
  const cell = size / modules.length;
  doc.rect(x, y, size, size).fillColor('#ffffff').fill();
  doc.fillColor('#000000');
  modules.forEach((row, rowIndex) => {
    // Runs of dark modules become one rectangle each.
    let start = -1;
    for (let column = 0; column <= row.length; column += 1) {
      const dark = column < row.length && row[column];
      if (dark && start < 0) start = column;
      if (!dark && start >= 0) {
        doc.rect(x + start * cell, y + rowIndex * cell, (column - start) * cell, cell);
        start = -1;
      }
    }
  });
  doc.fill();
}

/** The truncated text that fits `width` at the current font, with an ellipsis when cut. */
function fit(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let cut = text;
  while (cut.length > 1 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/**
 * WHT: every payee with Tax ID, gross amount, rate and tax, read from the database a window at a
 * time. As many rows as fit go on the first page; the rest follow on continued pages, each headed
 * with the receipt's numbers. The last row is the total.
 */
async function drawPayees(doc: PDFKit.PDFDocument, input: ReceiptInput, frame: { left: number; width: number; top: number; firstPageEnd: number; bottom: number }) {
  const { left, width } = frame;
  const rate = input.whtType ? `${input.whtType.percentage}%` : '';
  const columns = [
    { header: 'Tax ID', width: 0.16, align: 'left' as const },
    { header: 'Payee', width: 0.35, align: 'left' as const },
    { header: 'Gross amount (NGN)', width: 0.23, align: 'right' as const },
    { header: 'Rate', width: 0.08, align: 'right' as const },
    { header: 'Tax (NGN)', width: 0.18, align: 'right' as const },
  ];
  const cells = (values: string[], y: number, options: { bold?: boolean; color?: string } = {}) => {
    let x = left;
    doc.font(options.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5).fillColor(options.color ?? INK);
    columns.forEach((column, index) => {
      const cellWidth = column.width * width;
      const padding = index === 0 ? 0 : 6;
      doc.text(fit(doc, values[index], cellWidth - padding), x + (column.align === 'left' ? padding : 0), y, { width: cellWidth - padding, align: column.align, lineBreak: false });
      x += cellWidth;
    });
  };
  const tableHeader = (y: number) => {
    cells(
      columns.map((column) => column.header),
      y,
      { bold: true, color: MUTED },
    );
    doc.moveTo(left, y + 12).lineTo(left + width, y + 12).lineWidth(0.5).strokeColor(RULE).stroke();
    return y + 17;
  };

  let y = frame.top;
  let end = frame.firstPageEnd;
  doc.fillColor(MUTED).font('Helvetica-Bold').fontSize(8).text(`PAYEES (${input.summary.recipient_count.toLocaleString('en-NG')})`, left, y, { characterSpacing: 0.8 });
  y = tableHeader(y + 15);
  const continuedPage = () => {
    doc.addPage();
    let top = doc.page.margins.top;
    doc.fillColor(INK).font('Helvetica-Bold').fontSize(11).text('Payees, continued', left, top);
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(8.5)
      .text(`Receipt no. ${input.bill.receiptNumber ?? ''} · ${input.bill.reference} · ${input.summary.corporation.name} · ${longDate(input.summary.period_start)} to ${longDate(input.summary.period_end)}`, left, top + 16, { width });
    top += 40;
    end = frame.bottom - 10;
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
      cells([item.taxPayerNumber, item.name, item.amountKobo === null ? 'not given' : figure(item.amountKobo), rate, figure(item.taxPayableKobo)], y);
      y += TABLE_ROW;
    }
  }
  if (y + TABLE_ROW + 6 > end) y = continuedPage();
  doc.moveTo(left, y - 2).lineTo(left + width, y - 2).lineWidth(0.5).strokeColor(RULE).stroke();
  cells(['Total', plural(input.summary.recipient_count, 'payee'), grossComplete ? figure(grossKobo) : '', '', figure(taxKobo)], y + 3, { bold: true });
}
