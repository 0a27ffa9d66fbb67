import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billKit, PAYE_HEADER } from '../../../test/bill-kit';
import { createTestApp, type TestApp, type TestFile } from '../../../test/harness';

// A PAYE bill's "law's PAYE" (each item's expected_tax) is the engine's figure for the reliefs each
// employee declares in the file's optional columns (Nigeria Tax Act 2025 s.30: pension, NHF and 20%
// of the year's rent, at most ₦500,000): a declared tax that matches it is no warning; the 8% pension
// default applies only where no pension is declared.
let test: TestApp;
const { organisationWithState, fund, generate } = billKit(() => test);

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test.close();
});

/** ₦500,000 a month, all basic pay; `extra` fills nhf, pension and annual_rent, in that order. */
function payrollWithReliefs(rows: Array<[string, string, number, string]>): TestFile {
  const lines = rows.map(
    ([tin, name, tax, extra]) => `${tin},${name},Nigerian,Officer,500000,${tax},500000,0,0,0,0,0,0,0,0,0,0,0,${extra}`,
  );
  return {
    field: 'recipients',
    filename: 'reliefs.csv',
    contentType: 'text/csv',
    content: Buffer.from(`${PAYE_HEADER},nhf,pension,annual_rent\n${lines.join('\n')}\n`),
  };
}

describe("a PAYE bill's law's PAYE with each employee's declared reliefs", () => {
  it('uses NHF, pension and rent as declared, and the 8% default where nothing is declared', async () => {
    const { owner, corporationId } = await organisationWithState();
    await fund(owner, '1000000');
    const bill = await generate(owner.token, corporationId, 'paye', { start_date: '2026-10' }, [
      payrollWithReliefs([
        // NHF ₦10,000 a month, pension declared nil: 6,000,000 − 120,000 → ₦848,400 a year.
        ['N-5000001', 'Adaeze Okafor', 70700, '10000,0,'],
        // Rent ₦1,200,000 a year (relief ₦240,000), pension nil → ₦826,800 a year.
        ['N-5000002', 'Musa Bello', 68900, ',0,1200000'],
        // Nothing declared: pension at 8% of basic (₦40,000 a month) → ₦783,600 a year.
        ['N-5000003', 'Ngozi Eze', 65300, ',,'],
        // Declares the 8%-default figure but a pension of nil: the law's figure is higher.
        ['N-5000004', 'Tunde Bakare', 65300, ',0,'],
      ]),
    ]);
    expect(bill.code, JSON.stringify(bill)).toBe('OK');
    expect(bill.data.warnings).toEqual([
      expect.objectContaining({ name: 'Tunde Bakare', declared: '65300.00', expected: '72500.00' }),
    ]);
    const items = await test.call('GET', 'core', `internal/bills/${bill.data.id}/items`, { token: owner.token });
    expect(
      items.data.items.map((item: { name: string; expected_tax: string }) => [item.name, item.expected_tax]),
    ).toEqual([
      ['Adaeze Okafor', '70700.00'],
      ['Musa Bello', '68900.00'],
      ['Ngozi Eze', '65300.00'],
      ['Tunde Bakare', '72500.00'],
    ]);
  });
});
