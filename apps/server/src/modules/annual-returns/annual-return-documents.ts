import type { AnnualReturnView } from '@levy/contracts';
import { formatPeriod, type AnnualReturn, type AnnualReturnEmployee, type PayeReliefs } from '@levy/tax';
import {
  drawFactColumns,
  drawLetterhead,
  drawRule,
  drawSectionTitle,
  drawTableCells,
  drawTableHeader,
  openPdf,
  PDF_COLOURS,
  type PdfColumn,
  type PdfPage,
} from '../../http/pdf-document';
import { longDate, pdfAmount, plural } from '../../http/pdf-text';
import type { FileReply } from '../../http/route';
import { exportTable } from '../../http/table-export';
import { monthName } from '@levy/tax';
import { differenceMessage, INCOME_COLUMN_LABELS, naira, reliefsBasis } from './annual-return-view';

export interface ReturnDocumentInput {
  view: AnnualReturnView;
  /** The latest version filed, else the preview: what the documents show. */
  content: AnnualReturn;
  employerAddress: string | null;
  generatedAt: Date;
}

const { ink: INK, rule: RULE } = PDF_COLOURS;
const ROW = 15;

/** The PDF fonts have no naira sign: 'NGN 100,000' as the amounts are printed. */
const pdfSafe = (text: string) => text.replace(/₦/g, 'NGN ');

/** `1,234.56`: table cells carry the currency in their header. */
const figure = (kobo: number) => pdfAmount(naira(kobo)).replace(/^NGN /, '');
const money = (kobo: number) => pdfAmount(naira(kobo));

function fileStem(view: AnnualReturnView): string {
  return `${view.corporation.name.replace(/[^A-Za-z0-9]+/g, '-')}-${view.state.code}-${view.year}`;
}

/** 'Version 2, reference LA-H1-…, filed 03 Feb, 2026 by Kemi Balogun' or 'Not filed yet'. */
function filingLine(view: AnnualReturnView): string {
  const filed = view.filed;
  return filed
    ? `Version ${filed.version}, ${filed.reference ? `reference ${filed.reference}` : 'acknowledgement not yet recorded'}, filed ` +
        `${longDate(filed.filed_at, true)} by ${filed.filed_by}${filed.filed_manually ? " on the revenue service's portal" : ''}`
    : 'Not filed yet: this is a preview from the paid PAYE bills';
}

/** A table drawn row by row, carried onto continued pages headed with `continued`. */
function tableWriter(page: PdfPage, columns: PdfColumn[], continued: string) {
  const { doc, left, width, bottom } = page;
  const cells = (values: string[], y: number, options?: { bold?: boolean }) =>
    drawTableCells(page, columns, values, y, options);
  const header = (y: number) => drawTableHeader(page, columns, y);
  let y = 0;
  const room = (height: number) => {
    if (y + height <= bottom - 24) return;
    doc.addPage();
    doc.fillColor(INK).font('Helvetica-Bold').fontSize(11).text(continued, left, doc.page.margins.top, { width });
    y = header(doc.page.margins.top + 24);
  };
  return {
    start(top: number) {
      y = header(top);
    },
    row(values: string[]) {
      room(ROW);
      cells(values, y);
      y += ROW;
    },
    total(values: string[]) {
      room(ROW + 6);
      doc
        .moveTo(left, y - 2)
        .lineTo(left + width, y - 2)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke();
      cells(values, y + 3, { bold: true });
      y += ROW + 10;
    },
    get y() {
      return y;
    },
  };
}

/** Paragraphs that move to a new page when they do not fit. */
function paragraphs(page: PdfPage, top: number, lines: string[]): number {
  const { doc, left, width, bottom } = page;
  let y = top;
  doc.font('Helvetica').fontSize(9);
  for (const line of lines) {
    const height = doc.heightOfString(line, { width });
    if (y + height > bottom - 24) {
      doc.addPage();
      y = doc.page.margins.top;
    }
    doc.fillColor(INK).font('Helvetica').fontSize(9).text(line, left, y, { width });
    y += height + 5;
  }
  return y;
}

/** How the reliefs were worked out, as the return and the tax cards say it (docs/tax-rules.md §9). */
const RELIEFS_NOTE =
  'Reliefs are those the tax engine allows on each employee’s year under the regime in force. A month whose payroll row declared reliefs (pension, ' +
  'NHF, NHIS, life assurance, mortgage interest, rent) gives those, with the law’s limits: rent relief is 20% of the rent, at most ₦500,000 a year, and ' +
  'under PITA (to 2025) rent and mortgage interest give none. A month that declared none gives pension at 8% of basic salary, housing and transport ' +
  '(Pension Reform Act default) and nothing else. Under PITA the Consolidated Relief Allowance is added on the year’s gross. The law’s PAYE is the ' +
  'engine’s figure for each month when its bill was made, summed.';

/**
 * The return as a document: the employer and its filing, the totals and how they reconcile to the
 * bills, every difference in words, then every employee (the income columns are in the CSV/XLSX).
 */
async function renderReturnPdf(input: ReturnDocumentInput): Promise<FileReply> {
  const { view, content } = input;
  const page = openPdf({
    title: `Annual return ${view.year}: ${view.corporation.name}, ${view.state.name}`,
    subject: "Employer's annual return (Form H1)",
  });
  let y = drawLetterhead(
    page,
    "Employer's annual return",
    `Form H1 · ${view.year} · ${view.state.code}`,
    view.filed ? 'FILED' : undefined,
  );
  y = drawFactColumns(
    page,
    y,
    {
      title: 'Employer',
      facts: [
        ['Corporation', view.corporation.name],
        ['Tax ID', view.tax_payer_number],
        ['Address', input.employerAddress],
        ['Revenue service', view.state.revenue_service],
      ],
    },
    {
      title: 'Return',
      facts: [
        ['Year', `1 January to 31 December ${view.year}`],
        ['Due', longDate(view.due_date)],
        ['Filing', filingLine(view)],
        [
          'Late filing',
          view.late_filing
            ? `${plural(view.late_filing.months_late, 'month')} late as of ${longDate(view.late_filing.as_of)}: penalty ` +
              `${pdfAmount(view.late_filing.penalty)} (${pdfSafe(view.late_filing.rule)})`
            : null,
        ],
      ],
    },
  );
  y = drawFactColumns(
    page,
    y,
    {
      title: 'Totals',
      facts: [
        ['Employees', String(content.totals.employees)],
        ['Gross income', money(content.totals.grossKobo)],
        ['Reliefs', money(content.totals.totalReliefsKobo)],
        ['PAYE deducted', money(content.totals.taxDeductedKobo)],
      ],
    },
    {
      title: 'Reconciliation to the paid PAYE bills',
      facts: [
        ['Paid PAYE bills', `${plural(content.bills.length, 'bill')}, ${money(content.totals.billsAmountDueKobo)}`],
        ['PAYE at the law’s figures', money(content.totals.expectedTaxKobo)],
        [
          'Result',
          content.reconciled
            ? 'PAYE deducted equals the paid bills.'
            : 'PAYE deducted differs from the paid bills: see below.',
        ],
      ],
    },
  );
  y = drawSectionTitle(page, y, `Differences (${content.differences.length})`);
  y = paragraphs(
    page,
    y,
    content.differences.length > 0
      ? content.differences.map((difference) => `• ${pdfSafe(differenceMessage(difference))}`)
      : ['None: every month owed has a paid bill, and every row’s PAYE matches the law’s figure.'],
  );
  y = drawSectionTitle(page, y + 6, `Employees (${content.employees.length})`);
  const table = tableWriter(
    page,
    [
      { header: 'Tax ID', width: 0.13, align: 'left' },
      { header: 'Name', width: 0.24, align: 'left' },
      { header: 'Months', width: 0.08, align: 'right' },
      { header: 'Gross (NGN)', width: 0.15, align: 'right' },
      { header: 'Reliefs (NGN)', width: 0.13, align: 'right' },
      { header: 'PAYE (NGN)', width: 0.13, align: 'right' },
      { header: 'Law’s (NGN)', width: 0.14, align: 'right' },
    ],
    `Employees, continued · ${view.corporation.name} · ${view.state.name} · ${view.year}`,
  );
  table.start(y);
  for (const employee of content.employees) {
    table.row([
      employee.taxPayerNumber,
      employee.name,
      String(employee.months),
      figure(employee.grossKobo),
      figure(employee.totalReliefsKobo),
      figure(employee.taxDeductedKobo),
      figure(employee.expectedTaxKobo),
    ]);
  }
  table.total([
    'Total',
    `${content.totals.employees} employees`,
    '',
    figure(content.totals.grossKobo),
    figure(content.totals.totalReliefsKobo),
    figure(content.totals.taxDeductedKobo),
    figure(content.totals.expectedTaxKobo),
  ]);
  const declaring = content.employees.filter((employee) => employee.declaredReliefMonths);
  paragraphs(page, table.y, [
    pdfSafe(RELIEFS_NOTE),
    ...declaring.map((employee) => `• ${employee.name} (${employee.taxPayerNumber}): ${reliefsBasis(employee)}`),
    declaring.length > 0
      ? 'Every other employee declared no relief: pension at the 8% default, nothing else assumed.'
      : 'No employee declared a relief on the year’s bills: pension at the 8% default, nothing else assumed.',
    `Generated by Levy on ${longDate(input.generatedAt.toISOString(), true)}. The income columns and each relief per employee are in the CSV and XLSX exports.`,
  ]);
  return page.finish(`annual-return-${fileStem(view)}.pdf`);
}

/** Each relief as the CSV and XLSX columns name it. */
const RELIEF_COLUMNS: Array<[keyof PayeReliefs, string]> = [
  ['pension', 'Pension relief'],
  ['nhf', 'NHF relief'],
  ['nhis', 'NHIS relief'],
  ['lifeAssurance', 'Life assurance relief'],
  ['mortgageInterest', 'Mortgage interest relief'],
  ['rentRelief', 'Rent relief'],
  ['cra', 'Consolidated Relief Allowance'],
];

export async function exportAnnualReturn(
  input: ReturnDocumentInput,
  format: 'csv' | 'xlsx' | 'pdf',
): Promise<FileReply> {
  if (format === 'pdf') return renderReturnPdf(input);
  const { content } = input;
  type Line = {
    taxId: string;
    name: string;
    designation: string;
    months: string;
    gross: number;
    incomes: number[];
    reliefs: Record<keyof PayeReliefs, number>;
    basis: string;
    totalReliefs: number;
    chargeable: number;
    tax: number;
    expected: number;
  };
  const rows: Line[] = content.employees.map((employee) => ({
    taxId: employee.taxPayerNumber,
    name: employee.name,
    designation: employee.designation ?? '',
    months: String(employee.months),
    gross: employee.grossKobo,
    incomes: employee.incomesKobo,
    reliefs: employee.reliefs,
    basis: reliefsBasis(employee),
    totalReliefs: employee.totalReliefsKobo,
    chargeable: employee.chargeableIncomeKobo,
    tax: employee.taxDeductedKobo,
    expected: employee.expectedTaxKobo,
  }));
  const { totals } = content;
  const total = (value: (employee: AnnualReturnEmployee) => number) =>
    content.employees.reduce((sum, employee) => sum + value(employee), 0);
  rows.push({
    taxId: 'Total',
    name: `${totals.employees} employees`,
    designation: '',
    months: '',
    gross: totals.grossKobo,
    incomes: totals.incomesKobo,
    reliefs: Object.fromEntries(
      RELIEF_COLUMNS.map(([relief]) => [relief, total((employee) => employee.reliefs[relief])]),
    ) as Record<keyof PayeReliefs, number>,
    basis: '',
    totalReliefs: totals.totalReliefsKobo,
    chargeable: total((employee) => employee.chargeableIncomeKobo),
    tax: totals.taxDeductedKobo,
    expected: totals.expectedTaxKobo,
  });
  return exportTable({
    filename: `annual-return-${fileStem(input.view)}`,
    sheetName: `Form H1 ${input.view.year}`,
    format,
    rows,
    columns: [
      { header: 'Tax ID', value: (row) => row.taxId },
      { header: 'Name', value: (row) => row.name },
      { header: 'Designation', value: (row) => row.designation },
      { header: 'Months on payroll', value: (row) => row.months },
      { header: 'Gross income (NGN)', value: (row) => naira(row.gross), isMoney: true },
      ...INCOME_COLUMN_LABELS.map((label, index) => ({
        header: `${label} (NGN)`,
        value: (row: Line) => naira(row.incomes[index]),
        isMoney: true,
      })),
      ...RELIEF_COLUMNS.map(([relief, label]) => ({
        header: `${label} (NGN)`,
        value: (row: Line) => naira(row.reliefs[relief]),
        isMoney: true,
      })),
      { header: 'Reliefs declared', value: (row) => row.basis },
      { header: 'Total reliefs (NGN)', value: (row) => naira(row.totalReliefs), isMoney: true },
      { header: 'Chargeable income (NGN)', value: (row) => naira(row.chargeable), isMoney: true },
      { header: 'PAYE deducted (NGN)', value: (row) => naira(row.tax), isMoney: true },
      { header: "PAYE at the law's figures (NGN)", value: (row) => naira(row.expected), isMoney: true },
    ],
  });
}

/** 'declared', '8% default' or 'declared 3 of 12 months, else 8% default'. */
function pensionBasis(employee: AnnualReturnEmployee): string {
  const months = employee.declaredReliefMonths?.pension ?? 0;
  if (months === 0) return '8% of basic, housing and transport';
  return months < employee.months ? `declared ${months} of ${employee.months} months, else 8% default` : 'declared';
}

/**
 * One employee's tax deduction card: the year month by month (gross, PAYE, the bill that paid
 * it), the totals, the employer and the return's reference.
 */
export async function renderTaxCard(input: ReturnDocumentInput, employee: AnnualReturnEmployee): Promise<FileReply> {
  const { view } = input;
  const page = openPdf({
    title: `Tax deduction card ${view.year}: ${employee.name}`,
    subject: 'Employee tax deduction card',
  });
  let y = drawLetterhead(
    page,
    'Tax deduction card',
    `${view.year} · ${employee.taxPayerNumber}`,
    view.filed ? 'FILED' : undefined,
  );
  y = drawFactColumns(
    page,
    y,
    {
      title: 'Employee',
      facts: [
        ['Name', employee.name],
        ['Tax ID', employee.taxPayerNumber],
        ['Designation', employee.designation],
        ['Months on the payroll', `${employee.months} of 12`],
      ],
    },
    {
      title: 'Employer',
      facts: [
        ['Corporation', view.corporation.name],
        ['Tax ID', view.tax_payer_number],
        ['Address', input.employerAddress],
        ['Revenue service', view.state.revenue_service],
        [
          'Annual return',
          view.filed
            ? `Form H1 ${view.year}, version ${view.filed.version}, filed ${longDate(view.filed.filed_at)}`
            : `Form H1 ${view.year}: not filed yet`,
        ],
        ['Return reference', view.filed?.reference ?? (view.filed ? 'Not yet recorded' : undefined)],
      ],
    },
  );
  y = drawSectionTitle(page, y, `PAYE deducted in ${view.year}`);
  const table = tableWriter(
    page,
    [
      { header: 'Month', width: 0.2, align: 'left' },
      { header: 'Gross income (NGN)', width: 0.22, align: 'right' },
      { header: 'PAYE (NGN)', width: 0.18, align: 'right' },
      { header: 'Paid by bill', width: 0.4, align: 'left' },
    ],
    `Tax deduction card, continued · ${employee.name} · ${view.year}`,
  );
  table.start(y);
  const months = new Map(employee.monthly.map((month) => [month.period, month]));
  // Months paid outside Levy without their payroll file: paid, but this employee's share is unknown.
  const outsideLevy = input.content.differences.some((difference) => difference.kind === 'paid_outside_levy');
  const unsplit = new Map(
    input.content.differences.flatMap((difference) =>
      difference.kind === 'paid_outside_levy' && !difference.split ? [[difference.period, difference.reference]] : [],
    ),
  );
  for (let month = 1; month <= 12; month++) {
    const period = formatPeriod(view.year, month);
    const paid = months.get(period);
    const outside = unsplit.get(period);
    if (paid) table.row([monthName(period), figure(paid.grossKobo), figure(paid.taxKobo), paid.bills.join(', ')]);
    else if (outside)
      table.row([
        monthName(period),
        '—',
        '—',
        `Paid outside Levy (${outside}): the split per employee is not on record`,
      ]);
    else table.row([monthName(period), '—', '—', 'Not on a paid PAYE bill']);
  }
  table.total(['Total', figure(employee.grossKobo), figure(employee.taxDeductedKobo), '']);
  y = drawFactColumns(
    page,
    table.y,
    {
      title: 'The year',
      facts: [
        ['Annual gross income', money(employee.grossKobo)],
        ...RELIEF_COLUMNS.map(([relief, label]): [string, string | null] => [
          relief === 'pension' ? `${label} (${pensionBasis(employee)})` : label,
          relief === 'pension' || employee.reliefs[relief] > 0 ? money(employee.reliefs[relief]) : null,
        ]),
        ['Total reliefs', money(employee.totalReliefsKobo)],
        ['Chargeable income', money(employee.chargeableIncomeKobo)],
      ],
    },
    {
      title: 'Tax',
      facts: [
        ['PAYE deducted and remitted', money(employee.taxDeductedKobo)],
        ['PAYE at the law’s figures', money(employee.expectedTaxKobo)],
      ],
    },
  );
  drawRule(page, y);
  paragraphs(page, y + 8, [
    pdfSafe(`Reliefs. ${reliefsBasis(employee)} ${RELIEFS_NOTE}`),
    `${view.corporation.name} deducted the PAYE above from ${employee.name}'s pay and remitted it to ${view.state.revenue_service} through Levy with ` +
      `the bills named${
        outsideLevy
          ? ", except the months marked paid outside Levy, which it paid on the revenue service's own portal under the agency " +
            'references shown'
          : ''
      }. Keep this card: it supports a tax clearance certificate application. Generated ${longDate(input.generatedAt.toISOString(), true)}.`,
  ]);
  return page.finish(`tax-card-${view.year}-${employee.taxPayerNumber}.pdf`);
}
