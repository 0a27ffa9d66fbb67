import encodeQR from '@paulmillr/qr';
import PDFDocument from 'pdfkit';
import { FileReply } from './route';

/**
 * The pieces every Levy PDF is drawn with (receipts, credit notes, tax cards, annual returns): one
 * palette, one letterhead, labelled facts in two columns, the verification panel, page numbers.
 * A document reads the same whoever drew it.
 */
export const PDF_COLOURS = {
  ink: '#1a1f36',
  muted: '#5b6478',
  rule: '#d9dde7',
  accent: '#0b7a53',
  panel: '#f4f7f5',
} as const;

export interface PdfPage {
  doc: PDFKit.PDFDocument;
  left: number;
  width: number;
  bottom: number;
  /** Ends the document and answers it as a download named `filename`. */
  finish(filename: string): Promise<FileReply>;
}

/** A new A4 document with Levy's margins; pages are buffered so page numbers can be written last. */
export function openPdf(info: { title: string; subject: string }): PdfPage {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    bufferPages: true,
    info: { Title: info.title, Author: 'Levy', Subject: info.subject },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  const left = doc.page.margins.left;
  return {
    doc,
    left,
    width: doc.page.width - left - doc.page.margins.right,
    bottom: doc.page.height - doc.page.margins.bottom,
    async finish(filename) {
      numberPages(doc, left, doc.page.width - left - doc.page.margins.right);
      doc.end();
      await finished;
      return new FileReply(filename, 'application/pdf', Buffer.concat(chunks));
    },
  };
}

/** Levy's name on the left, the document's title and number on the right; answers where the body starts. */
export function drawLetterhead(page: PdfPage, title: string, number: string, stamp?: string): number {
  const { doc, left, width } = page;
  doc.fillColor(PDF_COLOURS.accent).font('Helvetica-Bold').fontSize(22).text('Levy', left, 56);
  doc
    .fillColor(PDF_COLOURS.muted)
    .font('Helvetica')
    .fontSize(9)
    .text('Tax compliance for Nigerian businesses', left, 82);
  doc.fillColor(PDF_COLOURS.ink).font('Helvetica-Bold').fontSize(16).text(title, left, 56, { width, align: 'right' });
  doc.fillColor(PDF_COLOURS.muted).font('Helvetica').fontSize(9).text(number, left, 78, { width, align: 'right' });
  if (stamp) {
    // The mark a filing clerk looks for first (PAID, FILED).
    doc
      .roundedRect(left + width - 70, 96, 70, 22, 4)
      .lineWidth(1.5)
      .strokeColor(PDF_COLOURS.accent)
      .stroke();
    doc
      .fillColor(PDF_COLOURS.accent)
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(stamp, left + width - 70, 102, { width: 70, align: 'center' });
  }
  drawRule(page, 132);
  return 146;
}

export function drawRule(page: PdfPage, y: number) {
  page.doc
    .moveTo(page.left, y)
    .lineTo(page.left + page.width, y)
    .lineWidth(0.75)
    .strokeColor(PDF_COLOURS.rule)
    .stroke();
}

/** A fact under its label; a null, undefined or empty value is left out. */
export type Fact = [label: string, value: string | null | undefined];

const COLUMN_GUTTER = 24;

/** Two titled columns of labelled facts side by side; answers where the longer one ends. */
export function drawFactColumns(
  page: PdfPage,
  top: number,
  first: { title: string; facts: Fact[] },
  second: { title: string; facts: Fact[] },
): number {
  const half = (page.width - COLUMN_GUTTER) / 2;
  const column = (x: number, block: { title: string; facts: Fact[] }) => {
    const { doc } = page;
    let at = top;
    doc
      .fillColor(PDF_COLOURS.muted)
      .font('Helvetica-Bold')
      .fontSize(8)
      .text(block.title.toUpperCase(), x, at, { characterSpacing: 0.8, width: half });
    at += 15;
    for (const [label, value] of block.facts) {
      if (value === null || value === undefined || value === '') continue;
      doc.fillColor(PDF_COLOURS.muted).font('Helvetica').fontSize(8).text(label, x, at, { width: half });
      at += 10;
      doc.fillColor(PDF_COLOURS.ink).font('Helvetica').fontSize(10).text(value, x, at, { width: half });
      at += doc.heightOfString(value, { width: half }) + 7;
    }
    return at;
  };
  return Math.max(column(page.left, first), column(page.left + half + COLUMN_GUTTER, second)) + 4;
}

/** The panel that lets anyone holding the paper check it: a QR of `url`, the link and the code. */
export function drawVerificationPanel(
  page: PdfPage,
  top: number,
  verification: { url: string; code: string },
  what: string,
): number {
  const { doc, left, width } = page;
  const qrSize = 84;
  const panelHeight = qrSize + 20;
  doc.roundedRect(left, top, width, panelHeight, 6).fillColor(PDF_COLOURS.panel).fill();
  drawQr(doc, verification.url, left + 10, top + 10, qrSize);
  const textX = left + qrSize + 26;
  const textWidth = width - qrSize - 36;
  doc
    .fillColor(PDF_COLOURS.ink)
    .font('Helvetica-Bold')
    .fontSize(10)
    .text(`Verify this ${what}`, textX, top + 12, { width: textWidth });
  doc
    .fillColor(PDF_COLOURS.muted)
    .font('Helvetica')
    .fontSize(8.5)
    .text(
      `Scan the QR code or open the link below. The page shows this payment as Levy recorded it; if it says no receipt matches, this ${what} is not genuine.`,
      textX,
      top + 27,
      { width: textWidth },
    );
  doc
    .fillColor(PDF_COLOURS.accent)
    .font('Helvetica')
    .fontSize(8.5)
    .text(verification.url, textX, top + 60, { width: textWidth, link: verification.url });
  doc
    .fillColor(PDF_COLOURS.ink)
    .font('Helvetica-Bold')
    .fontSize(9)
    .text(`Verification code: ${verification.code}`, textX, top + 80, { width: textWidth });
  return top + panelHeight + 14;
}

/** The truncated text that fits `width` at the current font, with an ellipsis when cut. */
export function fitText(doc: PDFKit.PDFDocument, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let cut = text;
  while (cut.length > 1 && doc.widthOfString(`${cut}…`) > width) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
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

/** "Page 1 of 3" on every page of a document longer than one, once every page exists. */
function numberPages(doc: PDFKit.PDFDocument, left: number, width: number) {
  const range = doc.bufferedPageRange();
  if (range.count < 2) return;
  for (let index = 0; index < range.count; index += 1) {
    doc.switchToPage(range.start + index);
    // Written in the bottom margin: without this pdfkit would start a new page for it.
    doc.page.margins.bottom = 0;
    doc
      .fillColor(PDF_COLOURS.muted)
      .font('Helvetica')
      .fontSize(8)
      .text(`Page ${index + 1} of ${range.count}`, left, doc.page.height - 36, {
        width,
        align: 'right',
        lineBreak: false,
      });
  }
}

/** A small capitalised heading over a block (AMOUNT, PAYEES); answers where the block starts. */
export function drawSectionTitle(page: PdfPage, y: number, title: string): number {
  page.doc
    .fillColor(PDF_COLOURS.muted)
    .font('Helvetica-Bold')
    .fontSize(8)
    .text(title.toUpperCase(), page.left, y, { characterSpacing: 0.8 });
  return y + 15;
}

/** A label on the left and its figure on the right (a total in bold); answers where the next row goes. */
export function drawAmountRow(page: PdfPage, y: number, label: string, value: string, bold = false): number {
  const { doc, left, width } = page;
  const size = bold ? 11 : 10;
  doc
    .fillColor(bold ? PDF_COLOURS.ink : PDF_COLOURS.muted)
    .font(bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(size)
    .text(label, left, y, { width: width * 0.6 });
  doc
    .fillColor(PDF_COLOURS.ink)
    .font(bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(size)
    .text(value, left + width * 0.6, y, { width: width * 0.4, align: 'right' });
  return y + size + 7;
}

/** A column of a table: its share of the page's width. */
export interface PdfColumn {
  header: string;
  width: number;
  align: 'left' | 'right';
}

/** One row of a table, each value cut to its column. */
export function drawTableCells(
  page: PdfPage,
  columns: readonly PdfColumn[],
  values: string[],
  y: number,
  options: { bold?: boolean; color?: string } = {},
) {
  const { doc, width } = page;
  let x = page.left;
  doc
    .font(options.bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(8.5)
    .fillColor(options.color ?? PDF_COLOURS.ink);
  columns.forEach((column, index) => {
    const cellWidth = column.width * width;
    const padding = index === 0 ? 0 : 6;
    doc.text(fitText(doc, values[index], cellWidth - padding), x + (column.align === 'left' ? padding : 0), y, {
      width: cellWidth - padding,
      align: column.align,
      lineBreak: false,
    });
    x += cellWidth;
  });
}

/** The columns' headers, ruled off; answers where the first row goes. */
export function drawTableHeader(page: PdfPage, columns: readonly PdfColumn[], y: number): number {
  drawTableCells(
    page,
    columns,
    columns.map((column) => column.header),
    y,
    { bold: true, color: PDF_COLOURS.muted },
  );
  page.doc
    .moveTo(page.left, y + 12)
    .lineTo(page.left + page.width, y + 12)
    .lineWidth(0.5)
    .strokeColor(PDF_COLOURS.rule)
    .stroke();
  return y + 17;
}
