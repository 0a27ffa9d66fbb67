import { describe, expect, it } from 'vitest';
import { naira } from './money';
import { diffPayrolls, type PayrollDiffEmployee } from './payroll-diff';

const person = (taxPayerNumber: string, name: string, gross: number, tax: number): PayrollDiffEmployee => ({
  taxPayerNumber,
  name,
  grossIncomeKobo: naira(gross),
  taxPayableKobo: naira(tax),
});

describe('diffPayrolls', () => {
  const before = [
    person('N-1', 'Ada Obi', 500_000, 40_000),
    person('N-2', 'Bayo Ade', 300_000, 20_000),
    person('N-3', 'Chika Eze', 250_000, 15_000),
  ];

  it('names joiners, leavers and employees whose gross or tax changed, by Tax ID', () => {
    const after = [
      person('N-1', 'Ada Obi', 550_000, 45_000),
      person('N-3', 'Chika Eze', 250_000, 16_000),
      person('N-4', 'Dayo Ojo', 400_000, 30_000),
    ];
    const diff = diffPayrolls(before, after);
    expect(diff).toMatchObject({ joinerCount: 1, leaverCount: 1, changedCount: 2 });
    expect(diff.joiners).toEqual([
      {
        taxPayerNumber: 'N-4',
        name: 'Dayo Ojo',
        grossBefore: null,
        grossAfter: naira(400_000),
        taxBefore: null,
        taxAfter: naira(30_000),
      },
    ]);
    expect(diff.leavers).toEqual([
      {
        taxPayerNumber: 'N-2',
        name: 'Bayo Ade',
        grossBefore: naira(300_000),
        grossAfter: null,
        taxBefore: naira(20_000),
        taxAfter: null,
      },
    ]);
    // Ada's gross changed; Chika's tax alone changed.
    expect(diff.changed.map((line) => [line.taxPayerNumber, line.grossBefore, line.grossAfter, line.taxAfter])).toEqual(
      [
        ['N-1', naira(500_000), naira(550_000), naira(45_000)],
        ['N-3', naira(250_000), naira(250_000), naira(16_000)],
      ],
    );
  });

  it('finds nothing between a payroll and itself reordered, renamed or with Tax IDs in other case', () => {
    const after = [
      person('n-3 ', 'Chika Eze-Okafor', 250_000, 15_000),
      person('N-1', 'Ada Obi', 500_000, 40_000),
      person('N-2', 'Bayo Ade', 300_000, 20_000),
    ];
    expect(diffPayrolls(before, after)).toEqual({
      joinerCount: 0,
      leaverCount: 0,
      changedCount: 0,
      joiners: [],
      leavers: [],
      changed: [],
    });
  });

  it('against no payroll, everyone joined; to no payroll, everyone left', () => {
    expect(diffPayrolls([], before)).toMatchObject({ joinerCount: 3, leaverCount: 0, changedCount: 0 });
    expect(diffPayrolls(before, [])).toMatchObject({ joinerCount: 0, leaverCount: 3, changedCount: 0 });
  });

  it('lists at most `limit` of each and counts them all', () => {
    const many = Array.from({ length: 5 }, (_, index) => person(`N-${index + 10}`, `Person ${index}`, 100_000, 0));
    const diff = diffPayrolls([], many, 2);
    expect(diff.joinerCount).toBe(5);
    expect(diff.joiners.map((line) => line.taxPayerNumber)).toEqual(['N-10', 'N-11']);
  });

  it('sums a Tax ID written twice on one side, as one person', () => {
    const twice = [person('N-1', 'Ada Obi', 250_000, 20_000), person('N-1', 'Ada Obi', 250_000, 20_000)];
    expect(diffPayrolls([person('N-1', 'Ada Obi', 500_000, 40_000)], twice).changedCount).toBe(0);
  });
});
