import type { Statement, StatementAnalysisData, StatementRecord } from '@levy/contracts';
import PDFDocument from 'pdfkit';
import { longDate, pdfAmount } from '../../http/pdf-text';
import { FileReply } from '../../http/route';

const INK = '#1a1f36';
const MUTED = '#5b6478';
const RULE = '#d9dde7';
const ACCENT = '#0b7a53';
const OUTFLOW = '#c2410c';
const VERDICT_COLOURS = { consistent: ACCENT, suspicious: '#b45309', inconsistent: '#b91c1c' } as const;
const VERDICT_TITLES = { consistent: 'Consistent', suspicious: 'Suspicious', inconsistent: 'Inconsistent' } as const;
/** The chart shows the last two years at most; the table below it lists every month. */
const CHART_MONTHS = 24;

type AnalysisBody = Omit<StatementAnalysisData, 'statement_id'>;

/**
 * A statement's analysis as a PDF an analyst files with a credit decision: the account and
 * period, the verdict with its reasons, the figures, a monthly cashflow chart and table, the
 * categories, salary, recurring debits and every check the engine ran.
 */
export async function renderAnalysisReport(input: { statement: Statement; record: StatementRecord; analysis: AnalysisBody }): Promise<FileReply> {
  const { statement, record, analysis } = input;
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `Statement analysis: ${statement.file_name}`, Author: 'Levy', Subject: `Bank statement analysis for ${record.name}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve) => doc.on('end', () => resolve()));

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = doc.page.height - doc.page.margins.bottom;
  let y = 48;

  const room = (needed: number) => {
    if (y + needed <= bottom) return;
    doc.addPage();
    y = doc.page.margins.top;
  };
  const section = (title: string) => {
    room(40);
    y += 8;
    doc.fillColor(MUTED).font('Helvetica-Bold').fontSize(8).text(title.toUpperCase(), left, y, { characterSpacing: 0.8 });
    y += 14;
  };
  const row = (label: string, value: string, options: { bold?: boolean } = {}) => {
    room(16);
    doc.fillColor(MUTED).font('Helvetica').fontSize(9).text(label, left, y, { width: width * 0.5 });
    doc.fillColor(INK).font(options.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9).text(value, left + width * 0.5, y, { width: width * 0.5, align: 'right' });
    y += 14;
  };
  const table = (headers: string[], rows: string[][], widths: number[]) => {
    const cell = (texts: string[], bold: boolean) => {
      room(14);
      let x = left;
      texts.forEach((text, column) => {
        const columnWidth = width * widths[column];
        doc.fillColor(bold ? MUTED : INK).font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8).text(text, x, y, { width: columnWidth - 4, align: column === 0 ? 'left' : 'right', lineBreak: false, ellipsis: true });
        x += columnWidth;
      });
      y += 13;
    };
    cell(headers, true);
    for (const values of rows) cell(values, false);
  };

  doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(20).text('Levy', left, y);
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(14).text('Bank statement analysis', left, y + 2, { width, align: 'right' });
  doc.fillColor(MUTED).font('Helvetica').fontSize(8).text('Beta: figures read from the statement file; check anything decisive against the bank', left, y + 22, { width, align: 'right' });
  y += 44;
  doc.moveTo(left, y).lineTo(left + width, y).lineWidth(0.75).strokeColor(RULE).stroke();
  y += 8;

  section('Account');
  row('Account name', statement.account_name ?? record.name);
  row('Account number', statement.account_number ?? record.account_number ?? '');
  row('Bank', statement.bank_name ?? record.bank_name ?? '');
  row('File', `${statement.file_name} (${statement.format.toUpperCase()}, ${statement.page_count ?? 1} page${statement.page_count === 1 ? '' : 's'})`);
  row('Period', analysis.summary.period_start && analysis.summary.period_end ? `${longDate(analysis.summary.period_start)} to ${longDate(analysis.summary.period_end)}` : '');
  row('Analysed', statement.analysed_at ? longDate(statement.analysed_at, true) : '');

  if (analysis.verdict) {
    section('Verdict');
    const colour = VERDICT_COLOURS[analysis.verdict];
    room(28);
    doc.roundedRect(left, y, 110, 20, 4).lineWidth(1.2).strokeColor(colour).stroke();
    doc.fillColor(colour).font('Helvetica-Bold').fontSize(10).text(VERDICT_TITLES[analysis.verdict], left, y + 6, { width: 110, align: 'center' });
    y += 28;
    for (const reason of analysis.reasons) {
      const height = doc.font('Helvetica').fontSize(9).heightOfString(`• ${reason}`, { width });
      room(height + 4);
      doc.fillColor(INK).text(`• ${reason}`, left, y, { width });
      y += height + 4;
    }
    if (analysis.reasons.length === 0) row('Reasons', 'Every check passed');
  }

  section('Summary');
  row('Money in', pdfAmount(analysis.summary.inflow));
  row('Money out', pdfAmount(analysis.summary.outflow));
  row('Net', pdfAmount(analysis.summary.net), { bold: true });
  row('Opening balance', analysis.summary.opening_balance ? pdfAmount(analysis.summary.opening_balance) : 'not printed');
  row('Closing balance', analysis.summary.closing_balance ? pdfAmount(analysis.summary.closing_balance) : 'not printed');
  row('Average daily balance', analysis.summary.average_balance ? pdfAmount(analysis.summary.average_balance) : 'not printed');
  row('Lowest / highest balance', analysis.summary.minimum_balance && analysis.summary.maximum_balance ? `${pdfAmount(analysis.summary.minimum_balance)} / ${pdfAmount(analysis.summary.maximum_balance)}` : 'not printed');
  row('Transactions', analysis.summary.count.toLocaleString('en-NG'));
  row('Bank charges (of which VAT)', `${pdfAmount(analysis.charges.total)} (${pdfAmount(analysis.charges.vat)})`);

  const months = analysis.monthly.slice(-CHART_MONTHS);
  if (months.length > 0) {
    section('Monthly cashflow');
    const chartHeight = 120;
    room(chartHeight + 30);
    const peak = Math.max(1, ...months.flatMap((month) => [Number(month.inflow), Number(month.outflow)]));
    const slot = width / months.length;
    const bar = Math.max(1, slot * 0.35);
    doc.moveTo(left, y + chartHeight).lineTo(left + width, y + chartHeight).lineWidth(0.5).strokeColor(RULE).stroke();
    months.forEach((month, position) => {
      const x = left + position * slot + slot * 0.1;
      const inflow = (Number(month.inflow) / peak) * chartHeight;
      const outflow = (Number(month.outflow) / peak) * chartHeight;
      doc.rect(x, y + chartHeight - inflow, bar, inflow).fill(ACCENT);
      doc.rect(x + bar, y + chartHeight - outflow, bar, outflow).fill(OUTFLOW);
      if (months.length <= 12 || position % Math.ceil(months.length / 12) === 0) {
        doc.fillColor(MUTED).font('Helvetica').fontSize(6).text(month.label, left + position * slot, y + chartHeight + 3, { width: slot * Math.ceil(months.length / 12), lineBreak: false });
      }
    });
    y += chartHeight + 14;
    doc.rect(left, y, 8, 8).fill(ACCENT);
    doc.fillColor(MUTED).font('Helvetica').fontSize(7).text('Money in', left + 12, y);
    doc.rect(left + 70, y, 8, 8).fill(OUTFLOW);
    doc.fillColor(MUTED).text('Money out', left + 82, y);
    y += 16;
    table(
      ['Month', 'Money in', 'Money out', 'Net', 'Closing balance'],
      analysis.monthly.map((month) => [month.label, pdfAmount(month.inflow), pdfAmount(month.outflow), pdfAmount(month.net), month.closing_balance ? pdfAmount(month.closing_balance) : '']),
      [0.16, 0.21, 0.21, 0.21, 0.21],
    );
  }

  if (analysis.categories.length > 0) {
    section('Categories');
    table(
      ['Category', 'Count', 'Debits', 'Credits'],
      analysis.categories.map((category) => [category.label, String(category.count), pdfAmount(category.debits), pdfAmount(category.credits)]),
      [0.34, 0.12, 0.27, 0.27],
    );
  }

  section('Salary');
  const { salary } = analysis;
  if (salary.is_detected) {
    row('Payer', salary.payer ?? '');
    row('Monthly amount', salary.monthly_amount ? pdfAmount(salary.monthly_amount) : '');
    row('Usual day of the month', salary.typical_day === null ? '' : String(salary.typical_day));
    row('Months', String(salary.months.length));
    row('Confidence', `${Math.round(salary.confidence * 100)}%`);
  } else {
    row('Salary', 'No regular salary credits found');
  }

  if (analysis.recurring_debits.length > 0) {
    section('Recurring debits');
    table(
      ['Payee', 'Payments', 'Usual amount', 'Total'],
      analysis.recurring_debits.map((debit) => [debit.payee, String(debit.count), pdfAmount(debit.typical_amount), pdfAmount(debit.total)]),
      [0.4, 0.12, 0.24, 0.24],
    );
  }

  if (analysis.checks.length > 0) {
    section('Checks');
    for (const check of analysis.checks) {
      const text = `${check.status.toUpperCase()}  ${check.message}`;
      const height = doc.font('Helvetica').fontSize(8).heightOfString(text, { width });
      room(height + 3);
      doc.fillColor(check.status === 'fail' ? VERDICT_COLOURS.inconsistent : check.status === 'warn' ? VERDICT_COLOURS.suspicious : INK).text(text, left, y, { width });
      y += height + 3;
    }
  }

  doc.end();
  await finished;
  return new FileReply(`${statement.file_name.replace(/\.[^.]+$/, '')}-analysis.pdf`, 'application/pdf', Buffer.concat(chunks));
}
