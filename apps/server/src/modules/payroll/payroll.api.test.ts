import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/raw';
import { corporationWithConsent, createTestApp, ownerWithOrganisation, payrollCsv, type TestApp, type TestFile } from '../../../test/harness';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const TEMPLATE = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../web/public/templates/payroll_template.csv'));
const HEADER = TEMPLATE.toString().split('\n')[0];

function csvFile(content: Buffer | string, filename = 'payroll.csv', contentType = 'text/csv'): TestFile {
  return { field: 'file', filename, contentType, content: Buffer.from(content) };
}

async function consentedCorporation() {
  const owner = await ownerWithOrganisation(test);
  const { corporationId } = await corporationWithConsent(test, owner);
  const base = `internal/corporations/${corporationId}/states/LA/payrolls`;
  const upload = (files: TestFile[], fields: Record<string, string> = {}) => test.upload(`${base}/file`, { namespace: 'core', token: owner.token, files, fields });
  return { owner, corporationId, base, upload };
}

async function employeeCount(corporationId: string) {
  const [{ n }] = await queryRows<{ n: number }>(
    test.database.db,
    sql`select count(*)::int as n from payroll_employees e join corporation_states s on s.id = e.corporation_state_id where s.corporation_id = ${corporationId}`,
  );
  return n;
}

describe('payroll upload', () => {
  it('turns the PAYE template into the employee list, replacing the previous one', async () => {
    const { owner, corporationId, base, upload } = await consentedCorporation();
    const first = await upload([csvFile(TEMPLATE, 'payroll_template.csv')], { tax_payer_number: 'C-0012345' });
    expect(first.message).toBe('Payroll updated successfully.');
    expect(first.data).toMatchObject({ employee_count: 2, total_tax_payable: '91330.00' });
    expect(first.data.agency_reference).toMatch(/^LA-PAYROLL-/);

    const employees = await test.call('GET', 'core', `${base}/employees`, { token: owner.token });
    expect(employees.data.pagination).toEqual({ count: 10, current_page: 1, total_count: 2, total_pages: 1 });
    expect(employees.data.items[0]).toMatchObject({
      row_number: 2,
      tax_payer_number: 'N-1234567',
      name: 'Adaeze Okafor',
      designation: 'Finance Manager',
      gross_income: '500000.00',
      tax_payable: '66380.00',
    });
    expect(employees.data.items[0].allowances).toMatchObject({ basic_salary: '250000.00', housing: '125000.00', other_allowances: '30000.00' });

    const three = payrollCsv([
      { tin: 'N-1000001', name: 'Chioma Eze', gross: '450000', tax: '50000' },
      { tin: 'N-1000002', name: 'Tunde Bakare', gross: '350000', tax: '35000' },
      { tin: 'N-1000003', name: 'Aisha Bello', gross: '250000', tax: '20000' },
    ]);
    await upload([csvFile(three)]);
    const replaced = await test.call('GET', 'core', `${base}/employees`, { token: owner.token, params: { count: 2, page: 2 } });
    expect(replaced.data.pagination).toEqual({ count: 2, current_page: 2, total_count: 3, total_pages: 2 });
    expect(replaced.data.items.map((item: { name: string }) => item.name)).toEqual(['Aisha Bello']);
    const searched = await test.call('GET', 'core', `${base}/employees`, { token: owner.token, params: { search: 'n-1000002' } });
    expect(searched.data.items.map((item: { name: string }) => item.name)).toEqual(['Tunde Bakare']);
    expect(await employeeCount(corporationId)).toBe(3);
    const states = await test.call('GET', 'core', `internal/corporations/${corporationId}/states`, { token: owner.token });
    expect(states.data[0].employee_count).toBe(3);
  });

  it('registers an exempt employee at ₦0.00 and refuses ₦0.00 where the engine finds tax due', async () => {
    const { upload } = await consentedCorporation();
    // This month's rules (NTA 2025 from 2026): ₦70,000 a month is in the zero band, ₦450,000 is not.
    const exempt = await upload([csvFile(payrollCsv([{ tin: 'N-1000001', name: 'Chioma Eze', gross: '450000', tax: '50000' }, { tin: 'N-1000004', name: 'Bisi Cleaner', gross: '70000', tax: '0' }]))]);
    expect(exempt.data).toMatchObject({ employee_count: 2, total_tax_payable: '50000.00' });
    const owed = await upload([csvFile(payrollCsv([{ tin: 'N-1000001', name: 'Chioma Eze', gross: '450000', tax: '0' }]))]);
    expect(owed.code).toBe('INVALID_INPUT');
    expect(Object.values(owed.data as Record<string, string>).join(' ')).toMatch(/Row 2, tax_payable: tax_payable must be a number greater than zero: ₦[\d,]+\.\d\d is due for this row by NTA 2025 s\.58/);
  });

  it('registers a payroll whose declared tax is below the law’s, warning by name and Tax ID', async () => {
    const { upload } = await consentedCorporation();
    // ₦500,000 a month, all basic: pension 40,000; chargeable 5,520,000 a year → 783,600 → 65,300 a month.
    const result = await upload([csvFile(payrollCsv([
      { tin: 'N-1000001', name: 'Chioma Eze', gross: '500000', tax: '65300' },
      { tin: 'N-1000002', name: 'Tunde Bakare', gross: '500000', tax: '40000' },
    ]))]);
    expect(result.data).toMatchObject({ employee_count: 2 });
    expect(result.data.warnings).toEqual([
      { row: 3, tax_payer_number: 'N-1000002', name: 'Tunde Bakare', declared: '40000.00', expected: '65300.00', message: 'Row 3, Tunde Bakare (N-1000002): ₦40,000.00 declared, ₦65,300.00 by NTA 2025 s.58' },
    ]);
  });

  it('refuses one Tax ID on two rows, naming both rows and the employee, and keeps the list as it was', async () => {
    const { corporationId, upload } = await consentedCorporation();
    const twice = payrollCsv([
      { tin: 'N-1000001', name: 'Chioma Eze', gross: '500000', tax: '65300' },
      { tin: 'N-1000002', name: 'Tunde Bakare', gross: '500000', tax: '65300' },
      { tin: 'n-1000001', name: 'Chioma Eze', gross: '500000', tax: '65300' },
    ]);
    const result = await upload([csvFile(twice)]);
    expect(result.data).toEqual({
      file: 'Please ensure your file columns data matches the template format provided.',
      'row_4.tax_payer_number': 'Row 4, tax_payer_number: N-1000001 (Chioma Eze) is also on row 2 (Chioma Eze): a payroll has one row per employee',
    });
    expect(await employeeCount(corporationId)).toBe(0);
  });

  it('reads a file whose header ends in CRLF and whose rows end in LF', async () => {
    const { upload } = await consentedCorporation();
    const [header, ...rows] = payrollCsv([
      { tin: 'N-1000001', name: 'Chioma Eze', gross: '500000', tax: '65300' },
      { tin: 'N-1000002', name: 'Tunde Bakare', gross: '500000', tax: '65300' },
    ]).toString().split('\n');
    const result = await upload([csvFile(`${header}\r\n${rows.join('\n')}`)]);
    expect(result.data).toMatchObject({ employee_count: 2, total_tax_payable: '130600.00', warnings: [] });
  });

  it("says 'No new file selected' without a file, and refuses what is not CSV", async () => {
    const { corporationId, upload } = await consentedCorporation();
    expect((await upload([])).data).toEqual({ file: 'No new file selected' });
    expect((await upload([csvFile(Buffer.alloc(0))])).data).toEqual({ file: 'No new file selected' });
    const spreadsheet = await upload([csvFile(Buffer.from([0x50, 0x4b, 0x03, 0x04]), 'payroll.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')]);
    expect(spreadsheet.data).toEqual({ file: 'The selected document is invalid' });
    expect(await employeeCount(corporationId)).toBe(0);
  });

  it('answers each malformed file with the spec message and every row problem with its row number', async () => {
    const { corporationId, upload } = await consentedCorporation();
    const cases: Array<[string, string]> = [
      ['\n \n', 'Please ensure your file is not empty.'],
      [`${HEADER}\n`, 'Please ensure your file is not empty.'],
      ['tax_payer_number,name,tax_payable\nN-1234567,Ada,100', 'Please ensure your file matches the template format provided.'],
      [`${HEADER.replace('designation', 'role')}\n${TEMPLATE.toString().split('\n')[1]}`, 'Please ensure your file headers matches the template format provided.'],
      [`${HEADER}\n"N-1234567,Adaeze`, 'The selected document is invalid'],
    ];
    for (const [content, message] of cases) {
      const result = await upload([csvFile(content)]);
      expect([content.slice(0, 20), result.code, result.message, result.data.file]).toEqual([content.slice(0, 20), 'INVALID_INPUT', message, message]);
    }
    const badRows = payrollCsv([
      { tin: 'N-1000001', name: 'Good Row', gross: '450000', tax: '50000' },
      { tin: 'N-1000002', name: 'Zero Tax', gross: '350000', tax: '0' },
      { tin: 'X-99', name: 'Bad Id', gross: '250000', tax: '20000' },
    ]);
    const rows = await upload([csvFile(badRows)]);
    expect(rows.message).toBe('Please ensure your file columns data matches the template format provided.');
    expect(rows.data).toEqual({
      file: 'Please ensure your file columns data matches the template format provided.',
      // ₦350,000 a month owes PAYE, so its ₦0.00 is refused with the engine's figure.
      'row_3.tax_payable': expect.stringMatching(/^Row 3, tax_payable: tax_payable must be a number greater than zero: ₦[\d,]+\.\d\d is due for this row by /),
      'row_4.tax_payer_number': 'Row 4, tax_payer_number: Provide a valid Tax ID',
    });
    expect(await employeeCount(corporationId)).toBe(0);
  });

  it('needs consent first, and the Tax ID of the registration', async () => {
    const owner = await ownerWithOrganisation(test);
    const corporation = await test.call('POST', 'core', 'internal/corporations', { token: owner.token, body: { name: 'No Consent Ltd' } });
    await test.call('POST', 'core', `internal/corporations/${corporation.data.id}/states/LA`, { token: owner.token, body: { tax_payer_number: 'C-0012345' } });
    const result = await test.upload(`internal/corporations/${corporation.data.id}/states/LA/payrolls/file`, { namespace: 'core', token: owner.token, files: [csvFile(TEMPLATE)] });
    expect(result.status).toBe(422);
    expect(result.message).toBe('Give consent to manage payroll in Lagos first.');

    const { upload } = await consentedCorporation();
    const wrongId = await upload([csvFile(TEMPLATE)], { tax_payer_number: 'C-0099999' });
    expect(wrongId.data).toEqual({ tax_payer_number: 'This payroll is for C-0012345, the Tax ID registered in Lagos.' });
  });
});
