import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/raw';
import { billKit } from '../../../test/bill-kit';
import {
  corporationWithConsent,
  createTestApp,
  ownerWithOrganisation,
  payrollCsv,
  type TestApp,
  type TestFile,
} from '../../../test/harness';

let test: TestApp;
const { fund, generate } = billKit(() => test);

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

const TEMPLATE = fs.readFileSync(
  path.resolve(import.meta.dirname, '../../../../web/public/templates/payroll_template.csv'),
);
const HEADER = TEMPLATE.toString().split('\n')[0];

function csvFile(content: Buffer | string, filename = 'payroll.csv', contentType = 'text/csv'): TestFile {
  return { field: 'file', filename, contentType, content: Buffer.from(content) };
}

async function consentedCorporation() {
  const owner = await ownerWithOrganisation(test);
  const { corporationId } = await corporationWithConsent(test, owner);
  const base = `internal/corporations/${corporationId}/states/LA/payrolls`;
  const upload = (files: TestFile[], fields: Record<string, string> = {}) =>
    test.upload(`${base}/file`, { namespace: 'core', token: owner.token, files, fields });
  return { owner, corporationId, base, upload };
}

async function employeeCount(corporationId: string) {
  const [{ n }] = await queryRows<{ n: number }>(
    test.database.db,
    sql`select count(*)::int as n from payroll_employees e join corporation_states s on s.id = e.corporation_state_id where s.corporation_id =
      ${corporationId}`,
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
    expect(employees.data.items[0].allowances).toMatchObject({
      basic_salary: '250000.00',
      housing: '125000.00',
      other_allowances: '30000.00',
    });

    const three = payrollCsv([
      { tin: 'N-1000001', name: 'Chioma Eze', gross: '450000', tax: '50000' },
      { tin: 'N-1000002', name: 'Tunde Bakare', gross: '350000', tax: '35000' },
      { tin: 'N-1000003', name: 'Aisha Bello', gross: '250000', tax: '20000' },
    ]);
    await upload([csvFile(three)]);
    const replaced = await test.call('GET', 'core', `${base}/employees`, {
      token: owner.token,
      params: { count: 2, page: 2 },
    });
    expect(replaced.data.pagination).toEqual({ count: 2, current_page: 2, total_count: 3, total_pages: 2 });
    expect(replaced.data.items.map((item: { name: string }) => item.name)).toEqual(['Aisha Bello']);
    const searched = await test.call('GET', 'core', `${base}/employees`, {
      token: owner.token,
      params: { search: 'n-1000002' },
    });
    expect(searched.data.items.map((item: { name: string }) => item.name)).toEqual(['Tunde Bakare']);
    expect(await employeeCount(corporationId)).toBe(3);
    const states = await test.call('GET', 'core', `internal/corporations/${corporationId}/states`, {
      token: owner.token,
    });
    expect(states.data[0].employee_count).toBe(3);
  });

  it('registers an exempt employee at ₦0.00 and refuses ₦0.00 where the engine finds tax due', async () => {
    const { upload } = await consentedCorporation();
    // This month's rules (NTA 2025 from 2026): ₦70,000 a month is in the zero band, ₦450,000 is not.
    const exempt = await upload([
      csvFile(
        payrollCsv([
          { tin: 'N-1000001', name: 'Chioma Eze', gross: '450000', tax: '50000' },
          { tin: 'N-1000004', name: 'Bisi Cleaner', gross: '70000', tax: '0' },
        ]),
      ),
    ]);
    expect(exempt.data).toMatchObject({ employee_count: 2, total_tax_payable: '50000.00' });
    const owed = await upload([
      csvFile(payrollCsv([{ tin: 'N-1000001', name: 'Chioma Eze', gross: '450000', tax: '0' }])),
    ]);
    expect(owed.code).toBe('INVALID_INPUT');
    expect(Object.values(owed.data as Record<string, string>).join(' ')).toMatch(
      /Row 2, tax_payable: tax_payable must be a number greater than zero: ₦[\d,]+\.\d\d is due for this row by NTA 2025 s\.58/,
    );
  });

  it('registers a payroll whose declared tax is below the law’s, warning by name and Tax ID', async () => {
    const { upload } = await consentedCorporation();
    // ₦500,000 a month, all basic: pension 40,000; chargeable 5,520,000 a year → 783,600 → 65,300 a month.
    const result = await upload([
      csvFile(
        payrollCsv([
          { tin: 'N-1000001', name: 'Chioma Eze', gross: '500000', tax: '65300' },
          { tin: 'N-1000002', name: 'Tunde Bakare', gross: '500000', tax: '40000' },
        ]),
      ),
    ]);
    expect(result.data).toMatchObject({ employee_count: 2 });
    expect(result.data.warnings).toEqual([
      {
        row: 3,
        tax_payer_number: 'N-1000002',
        name: 'Tunde Bakare',
        declared: '40000.00',
        expected: '65300.00',
        message: 'Row 3, Tunde Bakare (N-1000002): ₦40,000.00 declared, ₦65,300.00 by NTA 2025 s.58',
      },
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
      'row_4.tax_payer_number':
        'Row 4, tax_payer_number: N-1000001 (Chioma Eze) is also on row 2 (Chioma Eze): a payroll has one row per employee',
    });
    expect(await employeeCount(corporationId)).toBe(0);
  });

  it('refuses a figure no payroll can hold, PAYE above the gross, naming the row, and keeps the list as it was', async () => {
    const { corporationId, upload } = await consentedCorporation();
    const impossible = payrollCsv([
      { tin: 'N-1000001', name: 'Chioma Eze', gross: '500000', tax: '65300' },
      { tin: 'N-1000002', name: 'Tunde Bakare', gross: '100000', tax: '150000' },
    ]);
    const result = await upload([csvFile(impossible)]);
    expect(result.data).toEqual({
      file: 'Please ensure your file columns data matches the template format provided.',
      'row_3.tax_payable':
        "Row 3, tax_payable: ₦150,000.00 is more than gross_income ₦100,000.00: PAYE is deducted from the month's pay",
    });
    expect(await employeeCount(corporationId)).toBe(0);
  });

  it('reads a file whose header ends in CRLF and whose rows end in LF', async () => {
    const { upload } = await consentedCorporation();
    const [header, ...rows] = payrollCsv([
      { tin: 'N-1000001', name: 'Chioma Eze', gross: '500000', tax: '65300' },
      { tin: 'N-1000002', name: 'Tunde Bakare', gross: '500000', tax: '65300' },
    ])
      .toString()
      .split('\n');
    const result = await upload([csvFile(`${header}\r\n${rows.join('\n')}`)]);
    expect(result.data).toMatchObject({ employee_count: 2, total_tax_payable: '130600.00', warnings: [] });
  });

  it("says 'No new file selected' without a file, and refuses what is not CSV", async () => {
    const { corporationId, upload } = await consentedCorporation();
    expect((await upload([])).data).toEqual({ file: 'No new file selected' });
    expect((await upload([csvFile(Buffer.alloc(0))])).data).toEqual({ file: 'No new file selected' });
    const spreadsheet = await upload([
      csvFile(
        Buffer.from([0x50, 0x4b, 0x03, 0x04]),
        'payroll.xlsx',
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      ),
    ]);
    expect(spreadsheet.data).toEqual({ file: 'The selected document is invalid' });
    expect(await employeeCount(corporationId)).toBe(0);
  });

  it('answers each malformed file with the spec message and every row problem with its row number', async () => {
    const { corporationId, upload } = await consentedCorporation();
    const cases: Array<[string, string]> = [
      ['\n \n', 'Please ensure your file is not empty.'],
      [`${HEADER}\n`, 'Please ensure your file is not empty.'],
      [
        'tax_payer_number,name,tax_payable\nN-1234567,Ada,100',
        'Please ensure your file matches the template format provided.',
      ],
      [
        `${HEADER.replace('designation', 'role')}\n${TEMPLATE.toString().split('\n')[1]}`,
        'Please ensure your file headers matches the template format provided.',
      ],
      [`${HEADER}\n"N-1234567,Adaeze`, 'The selected document is invalid'],
    ];
    for (const [content, message] of cases) {
      const result = await upload([csvFile(content)]);
      expect([content.slice(0, 20), result.code, result.message, result.data.file]).toEqual([
        content.slice(0, 20),
        'INVALID_INPUT',
        message,
        message,
      ]);
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
      'row_3.tax_payable': expect.stringMatching(
        /^Row 3, tax_payable: tax_payable must be a number greater than zero: ₦[\d,]+\.\d\d is due for this row by /,
      ),
      'row_4.tax_payer_number': 'Row 4, tax_payer_number: Provide a valid Tax ID',
    });
    expect(await employeeCount(corporationId)).toBe(0);
  });

  it('needs consent first, and the Tax ID of the registration', async () => {
    const owner = await ownerWithOrganisation(test);
    const corporation = await test.call('POST', 'core', 'internal/corporations', {
      token: owner.token,
      body: { name: 'No Consent Ltd' },
    });
    await test.call('POST', 'core', `internal/corporations/${corporation.data.id}/states/LA`, {
      token: owner.token,
      body: { tax_payer_number: 'C-0012345' },
    });
    const result = await test.upload(`internal/corporations/${corporation.data.id}/states/LA/payrolls/file`, {
      namespace: 'core',
      token: owner.token,
      files: [csvFile(TEMPLATE)],
    });
    expect(result.status).toBe(422);
    expect(result.message).toBe('Give consent to manage payroll in Lagos first.');

    const { upload } = await consentedCorporation();
    const wrongId = await upload([csvFile(TEMPLATE)], { tax_payer_number: 'C-0099999' });
    expect(wrongId.data).toEqual({
      tax_payer_number: 'This payroll is for C-0012345, the Tax ID registered in Lagos.',
    });
  });
});

describe('the payroll as the law reads it', () => {
  const HEADER_18 = payrollCsv([]).toString().split('\n')[0];
  /** ₦500,000 a month, all basic pay: 8% pension leaves ₦65,300.00 a month under NTA 2025. */
  const line = (tin: string, name: string, tax = '65300', gross = '500000') =>
    `${tin},${name},Nigerian,Accountant,${gross},${tax},${gross},0,0,0,0,0,0,0,0,0,0,0`;

  it("re-checks with each employee's declared reliefs, keeps them on the payroll on file, and serves them back", async () => {
    const { owner, base, upload } = await consentedCorporation();
    // Rent of ₦1,200,000 relieves ₦240,000 a year: ₦61,700.00 a month, not ₦65,300.00.
    const content = [
      `${HEADER_18},annual_rent,state_of_residence`,
      `${line('N-1000001', 'Chioma Eze', '61700')},1200000,lagos`,
      `${line('N-1000002', 'Tunde Bakare')},,`,
    ].join('\n');
    const result = await upload([csvFile(content)]);
    expect(result.code).toBe('OK');
    expect(result.data.warnings).toEqual([]);
    expect(result.data.residence).toEqual([]);
    const employees = await test.call('GET', 'core', `${base}/employees`, { token: owner.token });
    expect(
      employees.data.items.map((item: { reliefs: object; state_of_residence: object | null }) => [
        item.reliefs,
        item.state_of_residence,
      ]),
    ).toEqual([
      [{ annual_rent: '1200000.00' }, { code: 'LA', name: 'Lagos' }],
      [{}, null],
    ]);
    const served = (
      await test.app.inject({
        method: 'GET',
        url: `/service/v1/core/${base}/file`,
        headers: { 'api-token': owner.token },
      })
    ).body;
    expect(served.split('\n')[0]).toBe(
      `${HEADER_18},state_of_residence,pension,nhf,nhis,life_assurance,mortgage_interest,annual_rent`,
    );
    expect(served.split('\n')[1]).toMatch(/^N-1000001,.*,LA,,,,,,1200000\.00$/);
  });

  it("bills the payroll on file with each employee's declared reliefs: the bill's law's PAYE is theirs", async () => {
    const { owner, corporationId, upload } = await consentedCorporation();
    await fund(owner, '1000000');
    // Declared pension ₦20,000 and NHF ₦12,500 a month: chargeable 6,000,000 − 390,000 = 5,610,000
    // → 799,800 a year, ₦66,650.00 a month (₦65,300.00 with the 8% default would flag it).
    const content = [`${HEADER_18},nhf,pension`, `${line('N-1000001', 'Chioma Eze', '66650')},12500,20000`].join('\n');
    expect((await upload([csvFile(content)])).data.warnings).toEqual([]);
    const bill = await generate(owner.token, corporationId, 'paye', { start_date: '2026-10', source: 'payroll' }, []);
    expect(bill.data).toMatchObject({ status: 'payment_paid', amount_due: '66650.00', warnings: [] });
  });

  it('shows employees resident in another state with the state owed, and refuses a state that is not one', async () => {
    const { upload } = await consentedCorporation();
    const content = [
      `${HEADER_18},state_of_residence`,
      `${line('N-1000001', 'Chioma Eze')},Ogun`,
      `${line('N-1000002', 'Tunde Bakare')},OG`,
      `${line('N-1000003', 'Aisha Bello')},ogun state`,
      `${line('N-1000004', 'Emeka Obi')},FCT`,
      `${line('N-1000005', 'Bola Ade')},`,
    ].join('\n');
    const result = await upload([csvFile(content)]);
    expect(result.data.residence).toEqual([
      {
        state: { code: 'OG', name: 'Ogun', revenue_service: 'Ogun State Internal Revenue Service' },
        registered: false,
        employee_count: 3,
        employees: [
          { row: 2, tax_payer_number: 'N-1000001', name: 'Chioma Eze' },
          { row: 3, tax_payer_number: 'N-1000002', name: 'Tunde Bakare' },
          { row: 4, tax_payer_number: 'N-1000003', name: 'Aisha Bello' },
        ],
        message: 'Resident in Ogun: PAYE due to Ogun State Internal Revenue Service',
      },
      expect.objectContaining({
        state: expect.objectContaining({ code: 'FC' }),
        employee_count: 1,
        message:
          'Resident in Federal Capital Territory: PAYE due to Federal Capital Territory Internal Revenue Service',
      }),
    ]);
    const unknown = await upload([
      csvFile([`${HEADER_18},state_of_residence`, `${line('N-1000001', 'Chioma Eze')},Ogunn`].join('\n')),
    ]);
    expect(unknown.data).toEqual({
      file: 'Please ensure your file columns data matches the template format provided.',
      'row_2.state_of_residence':
        "Row 2, state_of_residence: 'Ogunn' is not a Nigerian state: give its code (OG) or its name (Ogun)",
    });
  });

  it('says who joined, who left and whose pay changed since the payroll on file', async () => {
    const { upload } = await consentedCorporation();
    const first = await upload([
      csvFile(
        [
          HEADER_18,
          line('N-1000001', 'Chioma Eze'),
          line('N-1000002', 'Tunde Bakare'),
          line('N-1000003', 'Aisha Bello'),
        ].join('\n'),
      ),
    ]);
    expect(first.data.changes).toMatchObject({
      previous_uploaded_at: null,
      joiner_count: 3,
      leaver_count: 0,
      pay_changed_count: 0,
    });
    const second = await upload([
      csvFile(
        [
          HEADER_18,
          line('N-1000003', 'Aisha Bello', '72500', '560000'),
          line('N-1000001', 'Chioma Eze'),
          line('N-1000004', 'Emeka Obi'),
        ].join('\n'),
      ),
    ]);
    const person = (tin: string, name: string, before: [string, string] | null, after: [string, string] | null) => ({
      tax_payer_number: tin,
      name,
      gross_before: before?.[0] ?? null,
      gross_after: after?.[0] ?? null,
      tax_before: before?.[1] ?? null,
      tax_after: after?.[1] ?? null,
    });
    expect(second.data.changes).toEqual({
      previous_version: 1,
      previous_uploaded_at: first.data.uploaded_at,
      joiner_count: 1,
      leaver_count: 1,
      pay_changed_count: 1,
      joiners: [person('N-1000004', 'Emeka Obi', null, ['500000.00', '65300.00'])],
      leavers: [person('N-1000002', 'Tunde Bakare', ['500000.00', '65300.00'], null)],
      pay_changed: [person('N-1000003', 'Aisha Bello', ['500000.00', '65300.00'], ['560000.00', '72500.00'])],
    });
    expect(second.data.version).toMatchObject({ number: 2, employee_count: 3 });
  });

  it("warns of an employee on another company's payroll in the same state, of pay below the minimum wage, and of a gross not its components", async () => {
    const owner = await ownerWithOrganisation(test);
    const { corporationId: first } = await corporationWithConsent(test, owner);
    const { corporationId: second } = await corporationWithConsent(test, owner, 'C-0054321');
    const uploadTo = (corporationId: string, content: string) =>
      test.upload(`internal/corporations/${corporationId}/states/LA/payrolls/file`, {
        namespace: 'core',
        token: owner.token,
        files: [csvFile(content)],
      });
    await uploadTo(first, [HEADER_18, line('N-1000001', 'Chioma Eze')].join('\n'));
    const result = await uploadTo(
      second,
      [
        HEADER_18,
        line('N-1000001', 'Chioma Eze'),
        'N-1000002,Bisi Ade,Nigerian,Cleaner,50000,0,30000,10000,0,0,0,0,0,0,0,0,0,0',
      ].join('\n'),
    );
    expect(result.code).toBe('OK');
    const firstName = (await test.call('GET', 'core', `internal/corporations/${first}`, { token: owner.token })).data
      .name as string;
    expect(result.data.checks.map((check: { kind: string; message: string }) => [check.kind, check.message])).toEqual([
      [
        'gross_not_components',
        'Bisi Ade (N-1000002): gross income ₦50,000.00 is not the sum of its pay components, ₦40,000.00',
      ],
      [
        'below_minimum_wage',
        'Bisi Ade (N-1000002): gross income ₦50,000.00 is below the national minimum wage of ₦70,000.00 a month (National Minimum Wage (Amendment) Act 2024)',
      ],
      [
        'other_payroll',
        `Chioma Eze (N-1000001) is also on ${firstName}'s payroll in Lagos: PAYE would be filed twice for one person`,
      ],
    ]);
  });
});
