import { describe, expect, it } from 'vitest';
import { asKobo } from './money';
import { whtPayeesText } from './wht-payees';

describe('whtPayeesText', () => {
  it('is the same for the same payees and amounts in any order or case, and differs by one kobo', () => {
    const payees = [
      { taxPayerNumber: 'N-2000002', taxPayableKobo: asKobo(4_000_000) },
      { taxPayerNumber: 'n-2000001 ', taxPayableKobo: asKobo(10_000_000) },
    ];
    expect(whtPayeesText(payees)).toBe('N-2000001:10000000\nN-2000002:4000000');
    expect(whtPayeesText([...payees].reverse())).toBe(whtPayeesText(payees));
    expect(whtPayeesText([payees[0], { ...payees[1], taxPayableKobo: asKobo(10_000_001) }])).not.toBe(
      whtPayeesText(payees),
    );
  });
});
