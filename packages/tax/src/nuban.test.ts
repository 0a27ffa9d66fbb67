import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findBankByCode, findBankByName, NIGERIAN_BANKS } from './bank-codes';
import { generateNuban, isNubanBankCode, isValidNuban, nubanCheckDigit } from './nuban';
import { TaxInputError } from './tax-input-error';

describe('NUBAN check digit (CBN NUBAN scheme)', () => {
  it("matches the CBN scheme's own example: First Bank 011, serial 000001457 → 0000014579", () => {
    expect(nubanCheckDigit('011', '000001457')).toBe(9);
    expect(generateNuban('011', 1457)).toBe('0000014579');
    expect(isValidNuban('0000014579', '011')).toBe(true);
  });

  // Worked by hand: Σ digit × weight over bank code + serial with weights 3,7,3,3,7,3,3,7,3,3,7,3.
  it.each([
    // 0·3+5·7+8·3 + 0·3+1·7+2·3 + 3·3+4·7+5·3 + 6·3+7·7+8·3 = 215 → (10 − 5) mod 10 = 5
    ['058', '012345678', 5],
    // 0+28+12 + 0+0+0 + 0+0+0 + 0+0+3 = 43 → 7
    ['044', '000000001', 7],
    // 0+35+21 + 27+63+27 + 27+63+27 + 27+63+27 = 407 → 3
    ['057', '999999999', 3],
    // 6+21+6 + 0+0+0 + 0+0+0 + 0+0+0 = 33 → 7
    ['232', '000000000', 7],
    // 0+21+15 + 3+14+9 + 12+35+18 + 21+56+27 = 231 → 9
    ['035', '123456789', 9],
  ])('bank %s serial %s → check digit %d', (bank, serial, digit) => {
    expect(nubanCheckDigit(bank, serial)).toBe(digit);
    expect(isValidNuban(`${serial}${digit}`, bank)).toBe(true);
    expect(isValidNuban(`${serial}${(digit + 1) % 10}`, bank)).toBe(false);
  });

  it("uses the 2020 revised standard for 5- and 6-digit codes ('9' + 5 digits)", () => {
    // 9·3+5·7+0·3+2·3+1·7+1·3 + 0… + 1·3 = 81 → 9
    expect(nubanCheckDigit('50211', '000000001')).toBe(9);
    expect(nubanCheckDigit('950211', '000000001')).toBe(9);
    expect(isValidNuban('0000000019', '50211')).toBe(true);
    // A 3-digit code is the same as '000' + code under the revised standard.
    expect(nubanCheckDigit('000058', '012345678')).toBe(5);
  });

  it('refuses malformed account numbers and bank codes', () => {
    expect(isValidNuban('000001457', '011')).toBe(false);
    expect(isValidNuban('00000145790', '011')).toBe(false);
    expect(isValidNuban('00000a4579', '011')).toBe(false);
    expect(isValidNuban('0000014579', '11')).toBe(false);
    expect(isValidNuban('0000014579', 'ABC')).toBe(false);
    expect(isValidNuban('0000014579', '058')).toBe(false);
    expect(isNubanBankCode('0581')).toBe(false);
    expect(() => nubanCheckDigit('11', '000001457')).toThrow(TaxInputError);
    expect(() => generateNuban('011', 1_000_000_000)).toThrow(TaxInputError);
    expect(() => generateNuban('011', -1)).toThrow(TaxInputError);
  });

  it('every generated NUBAN validates, and any single changed digit is caught', () => {
    const bankCode = fc.constantFrom(...NIGERIAN_BANKS.map((bank) => bank.code), '50211', '090267');
    fc.assert(
      fc.property(
        bankCode,
        fc.integer({ min: 0, max: 999_999_999 }),
        fc.integer({ min: 0, max: 9 }),
        fc.integer({ min: 1, max: 9 }),
        (bank, serial, position, shift) => {
          const nuban = generateNuban(bank, serial);
          expect(nuban).toMatch(/^\d{10}$/);
          expect(isValidNuban(nuban, bank)).toBe(true);
          const changed = (Number(nuban[position]) + shift) % 10;
          const mutated = `${nuban.slice(0, position)}${changed}${nuban.slice(position + 1)}`;
          expect(isValidNuban(mutated, bank)).toBe(false);
        },
      ),
    );
  });
});

describe('bank codes', () => {
  it.each([
    ['058', 'GTBank'],
    ['044', 'Access'],
    ['057', 'Zenith'],
    ['011', 'First Bank'],
    ['033', 'UBA'],
    ['035', 'Wema'],
    ['232', 'Sterling'],
    ['070', 'Fidelity'],
    ['214', 'FCMB'],
    ['221', 'Stanbic IBTC'],
    ['032', 'Union Bank'],
    ['050', 'Ecobank'],
    ['076', 'Polaris'],
    ['082', 'Keystone'],
    ['215', 'Unity'],
  ])('%s is %s', (code, shortName) => {
    expect(findBankByCode(code)?.shortName).toBe(shortName);
  });

  it('has unique 3-digit codes', () => {
    const codes = NIGERIAN_BANKS.map((bank) => bank.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.every((code) => /^\d{3}$/.test(code))).toBe(true);
  });

  it('finds banks by name and marks closed ones', () => {
    expect(findBankByName('gtbank')?.code).toBe('058');
    expect(findBankByName('Guaranty Trust Bank')?.code).toBe('058');
    expect(findBankByName('United Bank for Africa')?.code).toBe('033');
    expect(findBankByName('')).toBeUndefined();
    expect(findBankByCode('030')?.isActive).toBe(false);
  });
});
