import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePayeCsv, parseWhtAutoCsv, parseWhtManualCsv, type CsvParseResult } from './csv-parse';
import {
  CSV_MESSAGES,
  PAYE_TEMPLATE_HEADERS,
  WHT_AUTO_TEMPLATE_HEADERS,
  WHT_MANUAL_TEMPLATE_HEADERS,
} from './csv-templates';
import { naira } from './money';
import { findPayeMismatches } from './payroll-check';

const PAYE_HEADER = PAYE_TEMPLATE_HEADERS.join(',');

/** A PAYE row with the given overrides by column name. */
function payeRow(overrides: Partial<Record<(typeof PAYE_TEMPLATE_HEADERS)[number], string>> = {}): string {
  const base: Record<string, string> = {
    tax_payer_number: 'N-1234567',
    name: 'Adaeze Okafor',
    nationality: 'Nigerian',
    designation: 'Finance Manager',
    gross_income: '500000',
    tax_payable: '66380',
    basic_salary: '250000',
    housing: '125000',
    transport: '50000',
    furniture: '',
    education: '',
    lunch: '25000',
    passage: '',
    leave: '',
    bonus: '',
    '13th_month': '',
    utility: '20000',
    other_allowances: '30000',
  };
  const merged = { ...base, ...overrides };
  return PAYE_TEMPLATE_HEADERS.map((header) => merged[header]).join(',');
}

function expectFailure<T>(result: CsvParseResult<T>) {
  if (result.ok) throw new Error('expected the parse to fail');
  return result;
}

function expectSuccess<T>(result: CsvParseResult<T>) {
  if (!result.ok) throw new Error(`expected success, got ${result.message} ${JSON.stringify(result.errors)}`);
  return result;
}

describe('parsePayeCsv: valid files', () => {
  it('returns headers, trimmed rows, records, amount_due and recipient_count', () => {
    const text = [
      PAYE_HEADER,
      payeRow(),
      payeRow({ tax_payer_number: ' N-7654321 ', name: 'Musa Ibrahim', tax_payable: '24950.50' }),
    ].join('\n');
    const result = expectSuccess(parsePayeCsv(text));
    expect(result.headers).toEqual([...PAYE_TEMPLATE_HEADERS]);
    expect(result.recipientCount).toBe(2);
    expect(result.amountDue).toBe(naira(66_380) + 2_495_050);
    expect(result.amounts).toEqual([naira(66_380), 2_495_050]);
    expect(result.rowNumbers).toEqual([2, 3]);
    // The text columns kept as written (trimmed); the money read into kobo, an empty cell as 0.
    expect(result.records[1]).toEqual({
      tax_payer_number: 'N-7654321',
      name: 'Musa Ibrahim',
      nationality: 'Nigerian',
      designation: 'Finance Manager',
    });
    const moneyOf = (header: (typeof PAYE_TEMPLATE_HEADERS)[number]) =>
      result.money[1][PAYE_TEMPLATE_HEADERS.indexOf(header)];
    expect(result.money[1]).toHaveLength(18);
    expect(moneyOf('gross_income')).toBe(naira(500_000));
    expect(moneyOf('tax_payable')).toBe(2_495_050);
    expect(moneyOf('13th_month')).toBe(0);
  });

  it('handles a BOM, CRLF line ends, quoted fields with commas and naira signs, and trailing blank lines', () => {
    const text =
      '\uFEFF' +
      [
        PAYE_HEADER,
        payeRow({ name: '"Okafor, Adaeze ""Ada"""', gross_income: '"₦500,000.00"', tax_payable: '"₦66,380.00"' }),
        '',
        ',,,,,,,,,,,,,,,,,',
        '   ',
        '',
      ].join('\r\n');
    const result = expectSuccess(parsePayeCsv(text));
    expect(result.recipientCount).toBe(1);
    expect(result.records[0].name).toBe('Okafor, Adaeze "Ada"');
    expect(result.money[0][PAYE_TEMPLATE_HEADERS.indexOf('gross_income')]).toBe(naira(500_000));
    expect(result.amountDue).toBe(naira(66_380));
  });

  it('reads a header ended by CRLF above rows ended by LF (a Windows file appended to elsewhere)', () => {
    const text = `${PAYE_HEADER}\r\n${payeRow()}\n${payeRow({ tax_payer_number: 'N-7654321', name: 'Musa Ibrahim' })}\n`;
    const result = expectSuccess(parsePayeCsv(text));
    expect(result.recipientCount).toBe(2);
    expect(result.rowNumbers).toEqual([2, 3]);
    expect(result.records[1].name).toBe('Musa Ibrahim');
  });

  it('reads rows ended by a lone CR (old Mac exports) mixed with LF and CRLF', () => {
    const text =
      `${PAYE_HEADER}\r${payeRow()}\r\n` +
      `${payeRow({ tax_payer_number: 'N-7654321', name: 'Musa Ibrahim' })}\n` +
      `${payeRow({ tax_payer_number: 'N-1111111', name: 'Bola Ade' })}`;
    expect(expectSuccess(parsePayeCsv(text)).rowNumbers).toEqual([2, 3, 4]);
  });

  it('reads a quoted cell spanning lines of a CRLF file with its line end as LF, as in any other file', () => {
    const rows = [
      PAYE_HEADER,
      payeRow({ designation: '"Head of Finance\r\nLagos"' }),
      payeRow({ tax_payer_number: 'N-7654321' }),
    ];
    const result = expectSuccess(parsePayeCsv(`${rows.join('\r\n')}\r\n`));
    expect(result.records[0].designation).toBe('Head of Finance\nLagos');
    expect(result.rowNumbers).toEqual([2, 3]);
    expect(expectSuccess(parsePayeCsv(`${rows.join('\n')}\n`)).records).toEqual(result.records);
  });

  it('accepts bytes, header case and spacing differences, and empty trailing columns', () => {
    const header = PAYE_TEMPLATE_HEADERS.map((h) => ` ${h.toUpperCase()} `).join(',') + ',,';
    const text = `${header}\n${payeRow()},,\n`;
    const result = expectSuccess(parsePayeCsv(new TextEncoder().encode(text)));
    expect(result.headers[0]).toBe('tax_payer_number');
    expect(result.money[0]).toHaveLength(18);
  });

  it('accepts the 13-digit national Tax ID', () => {
    const result = parsePayeCsv(`${PAYE_HEADER}\n${payeRow({ tax_payer_number: '1234567890123' })}`);
    expect(result.ok).toBe(true);
  });

  it('parses the static payroll template with no row errors', () => {
    const text = readFileSync(
      new URL('../../../apps/web/public/templates/payroll_template.csv', import.meta.url),
      'utf8',
    );
    const result = expectSuccess(parsePayeCsv(text));
    expect(result.recipientCount).toBe(2);
    expect(result.amountDue).toBe(naira(66_380 + 24_950));
  });
});

describe('parsePayeCsv: each spec §5 message', () => {
  it("'The selected document is invalid' for an unterminated quote", () => {
    const result = expectFailure(parsePayeCsv(`${PAYE_HEADER}\n"N-1234567,Adaeze`));
    expect(result.message).toBe('The selected document is invalid');
    expect(result.errors[0].column).toBeNull();
    expect(result.errors[0].row).toBe(2);
  });

  it("'The selected document is invalid' for a binary file or a non-text input", () => {
    const binary = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00, 0x08, 0x00]);
    expect(expectFailure(parsePayeCsv(binary)).message).toBe(CSV_MESSAGES.invalidDocument);
    expect(expectFailure(parsePayeCsv(42 as unknown as string)).message).toBe(CSV_MESSAGES.invalidDocument);
  });

  it("'Please ensure your file matches the template format provided.' for a wrong header width", () => {
    const result = expectFailure(parsePayeCsv('tax_payer_number,name,tax_payable\nN-1234567,Ada,100'));
    expect(result.message).toBe('Please ensure your file matches the template format provided.');
    expect(result.errors).toEqual([
      { row: 1, column: null, message: 'The header row has 3 columns; the template has 18' },
    ]);
  });

  it("'Please ensure your file matches the template format provided.' for short or long data rows", () => {
    const text = [PAYE_HEADER, payeRow(), 'N-1,Short,row', payeRow(), `${payeRow()},extra`].join('\n');
    const result = expectFailure(parsePayeCsv(text));
    expect(result.message).toBe(CSV_MESSAGES.templateMismatch);
    expect(result.errors).toEqual([
      { row: 3, column: null, message: 'The row has 3 columns; the template has 18' },
      { row: 5, column: null, message: 'The row has 19 columns; the template has 18' },
    ]);
  });

  it('refuses a payroll on its header alone, however many rows follow, with CRLF line ends or LF', () => {
    const rows = Array.from({ length: 50 }, (_, index) => payeRow({ tax_payer_number: `N-${1_000_000 + index}` }));
    const header = PAYE_HEADER.replace('gross_income', 'gross');
    for (const lineEnd of ['\r\n', '\n']) {
      const result = expectFailure(parsePayeCsv([header, ...rows].join(lineEnd)));
      expect(result.message).toBe('Please ensure your file headers matches the template format provided.');
      expect(result.errors).toEqual([
        { row: 1, column: 'gross_income', message: "Expected header 'gross_income', found 'gross'" },
      ]);
    }
  });

  it("'Please ensure your file headers matches the template format provided.' naming each header", () => {
    const headers: string[] = [...PAYE_TEMPLATE_HEADERS];
    headers[0] = 'name';
    headers[1] = 'tax_payer_number';
    headers[5] = 'tax';
    const result = expectFailure(parsePayeCsv(`${headers.join(',')}\n${payeRow()}`));
    expect(result.message).toBe('Please ensure your file headers matches the template format provided.');
    expect(result.errors).toEqual([
      { row: 1, column: 'tax_payer_number', message: "Expected header 'tax_payer_number', found 'name'" },
      { row: 1, column: 'name', message: "Expected header 'name', found 'tax_payer_number'" },
      { row: 1, column: 'tax_payable', message: "Expected header 'tax_payable', found 'tax'" },
    ]);
  });

  it.each([
    ['an empty file', ''],
    ['only blank lines', '\n\n  \n'],
    ['a header only', `${PAYE_HEADER}\n`],
    ['a header and blank rows', `${PAYE_HEADER}\n,,,,,,,,,,,,,,,,,\n\n`],
    ['a BOM only', '\uFEFF'],
  ])("'Please ensure your file is not empty.' for %s", (_, text) => {
    const result = expectFailure(parsePayeCsv(text));
    expect(result.message).toBe('Please ensure your file is not empty.');
    expect(result.errors).toEqual([]);
  });

  it("'Please ensure your file columns data matches the template format provided.' with row and column", () => {
    const text = [
      PAYE_HEADER,
      payeRow({ tax_payable: '0' }), // row 2
      payeRow({ tax_payer_number: 'N-2000003' }), // row 3
      '', // row 4: blank, skipped but counted
      payeRow({ tax_payer_number: 'X-99', tax_payable: 'abc' }), // row 5
      payeRow({ tax_payer_number: 'N-2000006', gross_income: 'lots', housing: '-5', name: '' }), // row 6
      payeRow({ tax_payable: '-100', tax_payer_number: '' }), // row 7
      payeRow({ tax_payer_number: 'C-2000008', gross_income: '', transport: '"1,23"' }), // row 8
    ].join('\n');
    const result = expectFailure(parsePayeCsv(text));
    expect(result.message).toBe('Please ensure your file columns data matches the template format provided.');
    expect(result.errors).toEqual([
      { row: 2, column: 'tax_payable', message: 'tax_payable must be a number greater than zero' },
      { row: 5, column: 'tax_payer_number', message: 'Provide a valid Tax ID' },
      { row: 5, column: 'tax_payable', message: 'tax_payable must be a number greater than zero' },
      { row: 6, column: 'name', message: 'name is required' },
      { row: 6, column: 'gross_income', message: 'gross_income must be a number' },
      { row: 6, column: 'housing', message: 'housing must not be negative' },
      { row: 7, column: 'tax_payer_number', message: 'tax_payer_number is required' },
      { row: 7, column: 'tax_payable', message: 'tax_payable must be a number greater than zero' },
      { row: 8, column: 'gross_income', message: 'gross_income is required' },
      { row: 8, column: 'transport', message: 'transport must be a number' },
    ]);
  });

  it('refuses one Tax ID on two rows of a payroll, naming both rows and the employee', () => {
    const text = [
      PAYE_HEADER,
      payeRow({ name: 'Adaeze Okafor' }),
      payeRow({ tax_payer_number: 'N-7654321', name: 'Musa Ibrahim' }),
      payeRow({ tax_payer_number: 'n-1234567 ', name: 'Ada Okafor' }),
    ].join('\n');
    const result = expectFailure(parsePayeCsv(text));
    expect(result.message).toBe(CSV_MESSAGES.columnData);
    expect(result.errors).toEqual([
      {
        row: 4,
        column: 'tax_payer_number',
        message: 'N-1234567 (Ada Okafor) is also on row 2 (Adaeze Okafor): a payroll has one row per employee',
      },
    ]);
  });

  it('lets a WHT file pay one payee on two rows', () => {
    const text = [
      'tax_payer_number,name,tax_payable',
      'N-1234567,Adaeze Okafor,5000',
      'N-1234567,Adaeze Okafor,7000',
    ].join('\n');
    expect(expectSuccess(parseWhtManualCsv(text)).amountDue).toBe(naira(12_000));
  });

  it('counts a quoted multi-line cell as one spreadsheet row', () => {
    const text = [
      PAYE_HEADER,
      payeRow({ designation: '"Head of\nFinance"' }),
      payeRow({ tax_payer_number: 'N-7654321', tax_payable: '' }),
    ].join('\n');
    const result = expectFailure(parsePayeCsv(text));
    expect(result.errors).toEqual([{ row: 3, column: 'tax_payable', message: 'tax_payable is required' }]);
  });
});

describe('WHT files', () => {
  it('parses a manual file: amount_due is the sum of tax_payable', () => {
    const text = `${WHT_MANUAL_TEMPLATE_HEADERS.join(',')}\nN-2345678,Bola Adeyemi,"₦5,000.00"\nC-0012345,Acme Ltd,12500.5\n`;
    const result = expectSuccess(parseWhtManualCsv(text));
    expect(result.amountDue).toBe(naira(17_500) + 50);
    expect(result.recipientCount).toBe(2);
    expect(result.records[1]).toEqual({ tax_payer_number: 'C-0012345', name: 'Acme Ltd', tax_payable: '12500.5' });
  });

  it('parses an auto file: amount_due is the sum of amount', () => {
    const text = `${WHT_AUTO_TEMPLATE_HEADERS.join(',')}\r\nN-2345678,Bola Adeyemi,"₦1,500,000.00"\r\n`;
    const result = expectSuccess(parseWhtAutoCsv(text));
    expect(result.amountDue).toBe(naira(1_500_000));
    expect(result.records[0].amount).toBe('₦1,500,000.00');
  });

  // A WHT file is read whole, a payroll row by row (csv-parse.ts): both count rows alike.
  it('counts rows of a WHT file as a payroll does: a quoted cell spanning lines, an unterminated quote', () => {
    const header = WHT_AUTO_TEMPLATE_HEADERS.join(',');
    const spanning = expectFailure(parseWhtAutoCsv(`${header}\nN-2345678,"Bola\nAdeyemi",1000\nN-3456789,Ada,abc\n`));
    expect(spanning.errors).toEqual([
      { row: 3, column: 'amount', message: 'amount must be a number greater than zero' },
    ]);
    const unterminated = expectFailure(parseWhtAutoCsv(`${header}\r\nN-2345678,Bola,1000\r\nN-3456789,"Ada,1000\r\n`));
    expect(unterminated.message).toBe('The selected document is invalid');
    expect(unterminated.errors[0].row).toBe(3);
  });

  it('parses the static WHT templates', () => {
    const read = (name: string) =>
      readFileSync(new URL(`../../../apps/web/public/templates/${name}`, import.meta.url), 'utf8');
    expect(expectSuccess(parseWhtManualCsv(read('wht_template_manual.csv'))).amountDue).toBe(naira(17_500));
    expect(expectSuccess(parseWhtAutoCsv(read('wht_template_auto.csv'))).amountDue).toBe(naira(350_000));
  });

  it('refuses a zero or non-numeric amount at index 2', () => {
    const text = `${WHT_AUTO_TEMPLATE_HEADERS.join(',')}\nN-2345678,Bola,0\nN-2345679,Ada,ten\nN-2345670,Obi,5\n`;
    const result = expectFailure(parseWhtAutoCsv(text));
    expect(result.message).toBe(CSV_MESSAGES.columnData);
    expect(result.errors).toEqual([
      { row: 2, column: 'amount', message: 'amount must be a number greater than zero' },
      { row: 3, column: 'amount', message: 'amount must be a number greater than zero' },
    ]);
  });

  it("refuses an amount finer than a kobo, naming the row and column, in the calculator's words", () => {
    const manual = expectFailure(
      parseWhtManualCsv(
        `${WHT_MANUAL_TEMPLATE_HEADERS.join(',')}\nN-2345678,Bola,5.001\nN-2345679,Ada,"₦1,250.505"\nN-2345670,Obi,5.010\n`,
      ),
    );
    expect(manual.message).toBe(CSV_MESSAGES.columnData);
    expect(manual.errors).toEqual([
      { row: 2, column: 'tax_payable', message: 'tax_payable must be an amount in naira with at most two decimals' },
      { row: 3, column: 'tax_payable', message: 'tax_payable must be an amount in naira with at most two decimals' },
    ]);
    const auto = expectFailure(parseWhtAutoCsv(`${WHT_AUTO_TEMPLATE_HEADERS.join(',')}\nN-2345678,Bola,150000.125\n`));
    expect(auto.errors).toEqual([
      { row: 2, column: 'amount', message: 'amount must be an amount in naira with at most two decimals' },
    ]);
    const paye = expectFailure(
      parsePayeCsv([PAYE_HEADER, payeRow({ gross_income: '500000.001', housing: '125000.5001' })].join('\n')),
    );
    expect(paye.errors).toEqual([
      { row: 2, column: 'gross_income', message: 'gross_income must be an amount in naira with at most two decimals' },
      { row: 2, column: 'housing', message: 'housing must be an amount in naira with at most two decimals' },
    ]);
    // Written another way, a whole number of kobo is still that amount.
    expect(
      expectSuccess(parseWhtManualCsv(`${WHT_MANUAL_TEMPLATE_HEADERS.join(',')}\nN-2345678,Bola,1.25E+03\n`)).amountDue,
    ).toBe(naira(1_250));
  });

  it('refuses a PAYE file given as a WHT file, and the reverse', () => {
    expect(expectFailure(parseWhtManualCsv(`${PAYE_HEADER}\n${payeRow()}`)).message).toBe(
      CSV_MESSAGES.templateMismatch,
    );
    expect(expectFailure(parseWhtManualCsv('tax_payer_number,name,amount\nN-1,A,5')).message).toBe(
      CSV_MESSAGES.headersMismatch,
    );
    expect(expectFailure(parsePayeCsv('tax_payer_number,name,amount\nN-1,A,5')).message).toBe(
      CSV_MESSAGES.templateMismatch,
    );
  });
});

describe('the payroll template with the optional columns', () => {
  it('parses with no row errors and no tax differing from the law’s, each relief as declared', () => {
    const text = readFileSync(
      new URL('../../../apps/web/public/templates/payroll_template_with_reliefs.csv', import.meta.url),
      'utf8',
    );
    const result = expectSuccess(parsePayeCsv(text));
    expect(result.optionalHeaders).toEqual([
      'state_of_residence',
      'pension',
      'nhf',
      'nhis',
      'life_assurance',
      'mortgage_interest',
      'annual_rent',
    ]);
    expect(result.optional).toEqual([
      { state_of_residence: 'LA', pension: naira(34_000), annual_rent: naira(1_200_000) },
      { state_of_residence: 'OG' },
    ]);
    expect(findPayeMismatches(result, '2026-01')).toEqual([]);
  });
});
