import { randomUUID } from 'node:crypto';
import { readSource, type SourceLine } from '@levy/statements';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billKit, PAYE_HEADER } from '../../../test/bill-kit';
import { createTestApp, ownerWithOrganisation, type TestApp, type TestFile } from '../../../test/harness';

// Form H1 from PAYE bills whose payroll declares reliefs (docs/tax-rules.md §9): the first quarter
// of 2026 (NTA 2025) paid for three employees, two declaring reliefs and one declaring none; the
// March bill made from the payroll on file. Every figure below is worked by hand.
let test: TestApp;
const { fund, generate, registerPayroll } = billKit(() => test);

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test.close();
});

const RELIEF_COLUMNS = 'pension,nhf,nhis,life_assurance,mortgage_interest,annual_rent';

// Adaeze, ₦500,000 a month, declares pension ₦50,000, NHF ₦12,500, NHIS ₦5,000, life assurance
// ₦10,000 a month and rent of ₦1,200,000 a year. A year of it: reliefs 600,000 + 150,000 + 60,000
// + 120,000 + rent relief 240,000 (20%) = 1,170,000; chargeable 4,830,000; tax 330,000 (15% of
// 2,200,000) + 329,400 (18% of 1,830,000) = 659,400, ₦54,950 a month.
// Musa, ₦300,000 a month, declares NHIS ₦3,000 and mortgage interest ₦20,000 a month and rent of
// ₦3,600,000 a year, no pension: pension 8% = 288,000, NHIS 36,000, mortgage interest 240,000, rent
// relief 20% = 720,000 capped at 500,000; reliefs 1,064,000; chargeable 2,536,000; tax 15% of
// 1,736,000 = 260,400, ₦21,700 a month.
// Ngozi, ₦200,000 a month, declares nothing: pension 8% = 192,000; chargeable 2,208,000; tax 15% of
// 1,408,000 = 211,200, ₦17,600 a month.
const ROWS = [
  'N-3000001,Adaeze Okafor,Nigerian,Officer,500000,54950,500000,0,0,0,0,0,0,0,0,0,0,0,50000,12500,5000,10000,,1200000',
  'N-3000002,Musa Bello,Nigerian,Officer,300000,21700,300000,0,0,0,0,0,0,0,0,0,0,0,,,3000,,20000,3600000',
  'N-3000003,Ngozi Eze,Nigerian,Officer,200000,17600,200000,0,0,0,0,0,0,0,0,0,0,0,,,,,,',
];
const RELIEFS_PAYROLL: TestFile = {
  field: 'recipients',
  filename: 'payroll-with-reliefs.csv',
  contentType: 'text/csv',
  content: Buffer.from(`${PAYE_HEADER},${RELIEF_COLUMNS}\n${ROWS.join('\n')}\n`),
};

async function pdfText(content: Uint8Array) {
  const document = await readSource(content, { mimeType: 'application/pdf' });
  return document.lines.map((line: SourceLine) => line.cells.map((cell) => cell.text).join('  ')).join('\n');
}

describe("Form H1's reliefs from what each employee declared", () => {
  let owner: Awaited<ReturnType<typeof ownerWithOrganisation>>;
  let path: string;

  beforeAll(async () => {
    owner = await ownerWithOrganisation(test);
    const corporation = await test.call('POST', 'core', 'internal/corporations', {
      token: owner.token,
      body: { name: `Reliefs ${randomUUID().slice(0, 6)} Limited` },
    });
    const corporationId = corporation.data.id as string;
    const added = await test.call('POST', 'core', `internal/corporations/${corporationId}/states/LA`, {
      token: owner.token,
      body: { tax_payer_number: 'C-0012345', first_tax_month: '2026-01' },
    });
    expect(added.code).toBe('OK');
    await registerPayroll(owner.token, corporationId, 'LA', RELIEFS_PAYROLL);
    await fund(owner, '1000000');
    for (const month of ['2026-01', '2026-02']) {
      const paid = await generate(owner.token, corporationId, 'paye', { start_date: month }, [RELIEFS_PAYROLL]);
      expect(paid.data?.status, JSON.stringify(paid)).toBe('payment_paid');
    }
    const fromPayroll = await generate(
      owner.token,
      corporationId,
      'paye',
      { start_date: '2026-03', source: 'payroll' },
      [],
    );
    expect(fromPayroll.data?.status, JSON.stringify(fromPayroll)).toBe('payment_paid');
    path = `internal/corporations/${corporationId}/states/LA/annual-returns/2026`;
  }, 120_000);

  it('gives each employee the reliefs declared, with the law’s limits, and the default only where none was declared', async () => {
    const got = await test.call('GET', 'core', path, { token: owner.token });
    expect(got.code).toBe('OK');
    const [adaeze, musa, ngozi] = got.data.return.employees;
    // Three months of Adaeze's: each relief a quarter of the year's; rent relief ₦240,000 ÷ 4.
    expect(adaeze).toMatchObject({
      tax_payer_number: 'N-3000001',
      months: 3,
      gross: '1500000.00',
      pension_relief: '150000.00',
      reliefs: {
        pension: '150000.00',
        nhf: '37500.00',
        nhis: '15000.00',
        life_assurance: '30000.00',
        mortgage_interest: '0.00',
        rent_relief: '60000.00',
        cra: '0.00',
      },
      declared_reliefs: [
        { relief: 'pension', months: 3 },
        { relief: 'nhf', months: 3 },
        { relief: 'nhis', months: 3 },
        { relief: 'life_assurance', months: 3 },
        { relief: 'annual_rent', months: 3 },
      ],
      reliefs_basis:
        'Declared: pension, NHF, NHIS, life assurance and rent. Not declared, so none assumed: mortgage interest.',
      total_reliefs: '292500.00',
      chargeable_income: '1207500.00',
      tax_deducted: '164850.00',
      expected_tax: '164850.00',
    });
    // Musa's rent relief is capped at ₦500,000 a year: ₦125,000 for three months, not 20% of the rent.
    expect(musa).toMatchObject({
      tax_payer_number: 'N-3000002',
      gross: '900000.00',
      reliefs: {
        pension: '72000.00',
        nhf: '0.00',
        nhis: '9000.00',
        life_assurance: '0.00',
        mortgage_interest: '60000.00',
        rent_relief: '125000.00',
        cra: '0.00',
      },
      declared_reliefs: [
        { relief: 'nhis', months: 3 },
        { relief: 'mortgage_interest', months: 3 },
        { relief: 'annual_rent', months: 3 },
      ],
      reliefs_basis:
        'Declared: NHIS, mortgage interest and rent. Pension at the 8% default of basic, housing and transport. Not declared, so none assumed: NHF and ' +
        'life assurance.',
      total_reliefs: '266000.00',
      chargeable_income: '634000.00',
      tax_deducted: '65100.00',
      expected_tax: '65100.00',
    });
    expect(ngozi).toMatchObject({
      tax_payer_number: 'N-3000003',
      gross: '600000.00',
      reliefs: {
        pension: '48000.00',
        nhf: '0.00',
        nhis: '0.00',
        life_assurance: '0.00',
        mortgage_interest: '0.00',
        rent_relief: '0.00',
        cra: '0.00',
      },
      declared_reliefs: [],
      reliefs_basis:
        'Declared: none. Pension at the 8% default of basic, housing and transport. Not declared, so none assumed: NHF, NHIS, life assurance, mortgage ' +
        'interest and rent.',
      total_reliefs: '48000.00',
      chargeable_income: '552000.00',
      tax_deducted: '52800.00',
      expected_tax: '52800.00',
    });
    expect(got.data.return.totals).toMatchObject({
      total_reliefs: '606500.00',
      tax_deducted: '282750.00',
      expected_tax: '282750.00',
      bills_amount_due: '282750.00',
    });
    expect(got.data.return.reconciled).toBe(true);
    expect(got.data.return.differences.map((difference: { kind: string }) => difference.kind)).not.toContain(
      'declared_tax',
    );
  });

  it('puts each relief and what was declared in the CSV, and on the tax card', async () => {
    const csv = await test.app.inject({
      method: 'GET',
      url: `/service/v1/core/${path}/export?format=csv`,
      headers: { 'api-token': owner.token },
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toContain(
      'Pension relief (NGN),NHF relief (NGN),NHIS relief (NGN),Life assurance relief (NGN),Mortgage interest relief (NGN),Rent relief ' +
        '(NGN),Consolidated Relief Allowance (NGN),Reliefs declared,Total reliefs (NGN),Chargeable income (NGN)',
    );
    expect(lines[2]).toContain(
      '72000.00,0.00,9000.00,0.00,60000.00,125000.00,0.00,"Declared: NHIS, mortgage interest and rent.',
    );
    expect(lines[4]).toMatch(
      /^Total,3 employees,.*,270000\.00,37500\.00,24000\.00,30000\.00,60000\.00,185000\.00,0\.00,,606500\.00,/,
    );

    const card = await test.app.inject({
      method: 'GET',
      url: `/service/v1/core/${path}/tax-cards/N-3000002`,
      headers: { 'api-token': owner.token },
    });
    expect(card.statusCode).toBe(200);
    const text = await pdfText(new Uint8Array(card.rawPayload));
    expect(text).toContain('Pension relief (8% of basic, housing and transport)');
    expect(text).toContain('NGN 72,000.00');
    expect(text).toContain('Rent relief');
    expect(text).toContain('NGN 125,000.00');
    expect(text).toContain('Mortgage interest relief');
    expect(text).toContain('NGN 266,000.00');
    expect(text).toContain('Declared: NHIS, mortgage interest and rent.');
    expect(text).not.toContain('none is assumed');
  });
});
