import type { Statement, StatementAnalysisData, StatementConfidenceData, StatementRecord } from '@levy/contracts';
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

/** Characters above Latin-1 that the built-in fonts' encoding (WinAnsi) has; any other prints wrong. */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
/** What the engine's messages write that the built-in fonts lack, as banks print it. */
const PDF_REPLACEMENTS: ReadonlyArray<[RegExp, string]> = [
  [/₦/g, 'NGN '],
  [/[−‐‑]/g, '-'],
  [/[≤]/g, '<='],
  [/[≥]/g, '>='],
  [/[×]/g, 'x'],
];

/** Text as the built-in fonts can print it: the naira sign as NGN, the minus sign as a hyphen, nothing left to print as garbage. */
export function pdfText(text: string): string {
  let safe = text;
  for (const [pattern, replacement] of PDF_REPLACEMENTS) safe = safe.replace(pattern, replacement);
  return [...safe]
    .map((character) => (character.charCodeAt(0) <= 0xff || WIN_ANSI_EXTRAS.has(character) ? character : '?'))
    .join('');
}

/**
 * A statement's analysis as a PDF an analyst files with a credit decision: the account and
 * period, the verdict with its reasons, the figures, a monthly cashflow chart and table, the
 * categories, salary, recurring debits and every check the engine ran.
 */
export async function renderAnalysisReport(input: {
  statement: Statement;
  record: StatementRecord;
  analysis: AnalysisBody;
  confidence: StatementConfidenceData | null;
  noteCount: number;
}): Promise<FileReply> {
  const { statement, record, analysis, confidence } = input;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 48,
    info: {
      Title: `Statement analysis: ${statement.file_name}`,
      Author: 'Levy',
      Subject: `Bank statement analysis for ${record.name}`,
    },
  });
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
    doc
      .fillColor(MUTED)
      .font('Helvetica-Bold')
      .fontSize(8)
      .text(title.toUpperCase(), left, y, { characterSpacing: 0.8 });
    y += 14;
  };
  const row = (label: string, value: string, options: { bold?: boolean } = {}) => {
    room(16);
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(9)
      .text(pdfText(label), left, y, { width: width * 0.5 });
    doc
      .fillColor(INK)
      .font(options.bold ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(9)
      .text(pdfText(value), left + width * 0.5, y, { width: width * 0.5, align: 'right' });
    y += 14;
  };
  const table = (headers: string[], rows: string[][], widths: number[]) => {
    const cell = (texts: string[], bold: boolean) => {
      room(14);
      let x = left;
      texts.forEach((text, column) => {
        const columnWidth = width * widths[column];
        doc
          .fillColor(bold ? MUTED : INK)
          .font(bold ? 'Helvetica-Bold' : 'Helvetica')
          .fontSize(8)
          .text(pdfText(text), x, y, {
            width: columnWidth - 4,
            align: column === 0 ? 'left' : 'right',
            lineBreak: false,
            ellipsis: true,
          });
        x += columnWidth;
      });
      y += 13;
    };
    cell(headers, true);
    for (const values of rows) cell(values, false);
  };

  doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(20).text('Levy', left, y);
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(14)
    .text('Bank statement analysis', left, y + 2, { width, align: 'right' });
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(8)
    .text('Beta: figures read from the statement file; check anything decisive against the bank', left, y + 22, {
      width,
      align: 'right',
    });
  y += 44;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .lineWidth(0.75)
    .strokeColor(RULE)
    .stroke();
  y += 8;

  section('Account');
  row('Account name', statement.account_name ?? record.name);
  row('Account number', statement.account_number ?? record.account_number ?? '');
  row('Bank', statement.bank_name ?? record.bank_name ?? 'Not known');
  row(
    'File',
    `${statement.file_name} (${statement.format.toUpperCase()}, ${statement.page_count ?? 1} page${statement.page_count === 1 ? '' : 's'})`,
  );
  const period =
    analysis.summary.period_start && analysis.summary.period_end
      ? `${longDate(analysis.summary.period_start)} to ${longDate(analysis.summary.period_end)}`
      : '';
  row('Period', period);
  if (period && analysis.summary.period_source === 'transactions')
    row('', 'No period printed: first to last transaction');
  row('Analysed', statement.analysed_at ? longDate(statement.analysed_at, true) : '');

  if (analysis.verdict) {
    // A CSV or XLSX can be edited by anyone: its arithmetic is checked, its origin cannot be.
    const isSpreadsheet = statement.format !== 'pdf';
    section(isSpreadsheet ? 'Arithmetic' : 'Authenticity');
    const colour = VERDICT_COLOURS[analysis.verdict];
    const title =
      isSpreadsheet && analysis.verdict === 'consistent' ? 'Arithmetic consistent' : VERDICT_TITLES[analysis.verdict];
    const boxWidth = isSpreadsheet ? 150 : 110;
    room(28);
    doc.roundedRect(left, y, boxWidth, 20, 4).lineWidth(1.2).strokeColor(colour).stroke();
    doc
      .fillColor(colour)
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(title, left, y + 6, { width: boxWidth, align: 'center' });
    y += 28;
    const paragraph = (text: string, colourOf = INK) => {
      const height = doc.font('Helvetica').fontSize(9).heightOfString(text, { width });
      room(height + 4);
      doc.fillColor(colourOf).text(text, left, y, { width });
      y += height + 4;
    };
    if (isSpreadsheet) {
      paragraph(
        `This statement is a ${statement.format.toUpperCase()} file, which anyone can edit: the arithmetic was checked (balances, totals, dates), but ` +
          `a spreadsheet cannot be authenticated. Ask for the bank's PDF statement to check authenticity.`,
        MUTED,
      );
    }
    for (const reason of analysis.reasons) paragraph(pdfText(`• ${reason}`));
    if (analysis.reasons.length === 0) row('Reasons', 'Every check passed');
  }

  if (confidence) {
    section('Reading');
    const share =
      confidence.reconciled_share === null
        ? 'not checked (no running balance)'
        : `${Math.floor(confidence.reconciled_share * 1000) / 10}% (${confidence.reconciled_rows} of ${confidence.checked_rows})`;
    row('Rows that reconcile with the running balance', share);
    for (const sentence of confidence.explanation.filter((line) => !/rows? reconcile/.test(line))) {
      const height = doc.font('Helvetica').fontSize(9).heightOfString(pdfText(sentence), { width });
      room(height + 4);
      doc.fillColor(INK).text(pdfText(sentence), left, y, { width });
      y += height + 4;
    }
    if (input.noteCount > 0) row('Notes on rows (listed with the reasons above)', String(input.noteCount));
  }

  section('Summary');
  row('Money in', pdfAmount(analysis.summary.inflow));
  row('Money out', pdfAmount(analysis.summary.outflow));
  row('Net', pdfAmount(analysis.summary.net), { bold: true });
  row(
    'Opening balance',
    analysis.summary.opening_balance ? pdfAmount(analysis.summary.opening_balance) : 'not printed',
  );
  row(
    'Closing balance',
    analysis.summary.closing_balance ? pdfAmount(analysis.summary.closing_balance) : 'not printed',
  );
  row(
    'Average daily balance',
    analysis.summary.average_balance ? pdfAmount(analysis.summary.average_balance) : 'not printed',
  );
  row(
    'Lowest / highest balance',
    analysis.summary.minimum_balance && analysis.summary.maximum_balance
      ? `${pdfAmount(analysis.summary.minimum_balance)} / ${pdfAmount(analysis.summary.maximum_balance)}`
      : 'not printed',
  );
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
    doc
      .moveTo(left, y + chartHeight)
      .lineTo(left + width, y + chartHeight)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke();
    months.forEach((month, position) => {
      const x = left + position * slot + slot * 0.1;
      const inflow = (Number(month.inflow) / peak) * chartHeight;
      const outflow = (Number(month.outflow) / peak) * chartHeight;
      doc.rect(x, y + chartHeight - inflow, bar, inflow).fill(ACCENT);
      doc.rect(x + bar, y + chartHeight - outflow, bar, outflow).fill(OUTFLOW);
      if (months.length <= 12 || position % Math.ceil(months.length / 12) === 0) {
        doc
          .fillColor(MUTED)
          .font('Helvetica')
          .fontSize(6)
          .text(month.label, left + position * slot, y + chartHeight + 3, {
            width: slot * Math.ceil(months.length / 12),
            lineBreak: false,
          });
      }
    });
    y += chartHeight + 14;
    doc.rect(left, y, 8, 8).fill(ACCENT);
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(7)
      .text('Money in', left + 12, y);
    doc.rect(left + 70, y, 8, 8).fill(OUTFLOW);
    doc.fillColor(MUTED).text('Money out', left + 82, y);
    y += 16;
    table(
      ['Month', 'Money in', 'Money out', 'Net', 'Closing balance'],
      analysis.monthly.map((month) => [
        month.label,
        pdfAmount(month.inflow),
        pdfAmount(month.outflow),
        pdfAmount(month.net),
        month.closing_balance ? pdfAmount(month.closing_balance) : '',
      ]),
      [0.16, 0.21, 0.21, 0.21, 0.21],
    );
  }

  if (analysis.categories.length > 0) {
    section('Categories');
    table(
      ['Category', 'Count', 'Debits', 'Credits'],
      analysis.categories.map((category) => [
        category.label,
        String(category.count),
        pdfAmount(category.debits),
        pdfAmount(category.credits),
      ]),
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
      analysis.recurring_debits.map((debit) => [
        debit.payee,
        String(debit.count),
        pdfAmount(debit.typical_amount),
        pdfAmount(debit.total),
      ]),
      [0.4, 0.12, 0.24, 0.24],
    );
  }

  if (analysis.checks.length > 0) {
    section('Checks');
    for (const check of analysis.checks) {
      const text = pdfText(`${check.status.toUpperCase()}  ${check.message}`);
      const height = doc.font('Helvetica').fontSize(8).heightOfString(text, { width });
      room(height + 3);
      doc
        .fillColor(
          check.status === 'fail'
            ? VERDICT_COLOURS.inconsistent
            : check.status === 'warn'
              ? VERDICT_COLOURS.suspicious
              : INK,
        )
        .text(text, left, y, { width });
      y += height + 3;
    }
  }

  doc.end();
  await finished;
  return new FileReply(
    `${statement.file_name.replace(/\.[^.]+$/, '')}-analysis.pdf`,
    'application/pdf',
    Buffer.concat(chunks),
  );
}
