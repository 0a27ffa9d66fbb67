import { CSV_MESSAGES, naira, PAYE_TEMPLATE_HEADERS } from '@levy/tax';
import { describe, expect, it } from 'vitest';
import { checkPayrollFile, isCsvFile, rowProblemsFrom } from './payroll-file';

const HEADER = PAYE_TEMPLATE_HEADERS.join(',');

function csv(lines: string[], name = 'payroll.csv', type = 'text/csv'): File {
  return new File([lines.join('\n')], name, { type });
}

function row(tin: string, name: string, gross: string, tax: string): string {
  return `${tin},${name},Nigerian,Accountant,${gross},${tax},${gross},0,0,0,0,0,0,0,0,0,0,0`;
}

describe('checking a payroll file in the browser', () => {
  it('previews each employee with its spreadsheet row and totals the tax payable in kobo', async () => {
    const checked = await checkPayrollFile(
      csv([
        HEADER,
        row('n-1234567', 'Adaeze Okafor', '500000', '66380.50'),
        row('N-7654321', 'Musa Ibrahim', '250000.00', '24950'),
      ]),
    );
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.employeeCount).toBe(2);
    expect(checked.totalTaxPayable).toBe(9_133_050);
    expect(checked.rows[0]).toEqual({
      row: 2,
      taxPayerNumber: 'N-1234567',
      name: 'Adaeze Okafor',
      designation: 'Accountant',
      grossIncome: naira(500_000),
      taxPayable: 6_638_050,
    });
    expect(checked.rows[1].row).toBe(3);
  });

  it('accepts only CSV files', async () => {
    expect(isCsvFile(new File(['x'], 'payroll.CSV', { type: '' }))).toBe(true);
    expect(isCsvFile(new File(['x'], 'export', { type: 'text/csv' }))).toBe(true);
    expect(isCsvFile(new File(['x'], 'payroll.xlsx', { type: 'application/vnd.ms-excel' }))).toBe(false);
    const checked = await checkPayrollFile(new File(['%PDF-1.4'], 'payroll.pdf', { type: 'application/pdf' }));
    expect(checked).toEqual({ ok: false, message: CSV_MESSAGES.invalidDocument, problems: [] });
  });

  it('gives the spec message for an empty file and for wrong headers', async () => {
    expect(await checkPayrollFile(csv(['']))).toMatchObject({ ok: false, message: CSV_MESSAGES.empty });
    expect(await checkPayrollFile(csv([HEADER]))).toMatchObject({ ok: false, message: CSV_MESSAGES.empty });
    const renamed = HEADER.replace('gross_income', 'gross');
    expect(await checkPayrollFile(csv([renamed, row('N-1', 'A', '1', '1')]))).toEqual({
      ok: false,
      message: CSV_MESSAGES.headersMismatch,
      problems: ["Row 1, gross_income: Expected header 'gross_income', found 'gross'"],
    });
    expect(await checkPayrollFile(csv(['tax_payer_number,name,tax_payable', 'N-1,A,1']))).toMatchObject({
      ok: false,
      message: CSV_MESSAGES.templateMismatch,
    });
  });

  it('lists every bad cell with its row number', async () => {
    const checked = await checkPayrollFile(
      csv([HEADER, row('N-1234567', 'Ada', '500000', '0'), row('X-1', 'Bayo', '300000', '30000')]),
    );
    expect(checked).toEqual({
      ok: false,
      message: CSV_MESSAGES.columnData,
      problems: [
        expect.stringMatching(
          /^Row 2, tax_payable: tax_payable must be a number greater than zero: ₦[\d,]+\.\d\d is due for this row by /,
        ),
        'Row 3, tax_payer_number: Provide a valid Tax ID',
      ],
    });
  });

  it('accepts ₦0.00 for an employee the engine exempts this month (NTA 2025 zero band)', async () => {
    const checked = await checkPayrollFile(csv([HEADER, row('N-1234567', 'Bisi', '70000', '0')]));
    expect(checked.ok).toBe(true);
  });
});

describe('row problems from the server', () => {
  it('keeps the row entries of INVALID_INPUT data in row order, leaving the file message out', () => {
    expect(
      rowProblemsFrom({
        file: CSV_MESSAGES.columnData,
        'row_12.tax_payable': 'Row 12, tax_payable: must be a number',
        'row_3.name': 'Row 3, name: name is required',
        'row_3.tax_payer_number': 'Row 3, tax_payer_number: Provide a valid Tax ID',
      }),
    ).toEqual([
      'Row 3, name: name is required',
      'Row 3, tax_payer_number: Provide a valid Tax ID',
      'Row 12, tax_payable: must be a number',
    ]);
  });
});
