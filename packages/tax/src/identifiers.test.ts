import { describe, expect, it } from 'vitest';
import {
  isSameTaxpayerName,
  isValidCacNumber,
  isValidNin,
  isValidStateTaxId,
  isValidTaxId,
  normalizeCacNumber,
  normalizeTaxId,
  taxIdKind,
} from './identifiers';

describe('Tax ID (docs/product.md §5, docs/tax-rules.md §5)', () => {
  it.each(['N-1234567', 'C-0012345', 'N1234567', 'C0012345', 'n-1234567', '  N-7  ', 'C-1'])(
    'accepts the state payer ID %j',
    (value) => {
      expect(isValidTaxId(value)).toBe(true);
      expect(isValidStateTaxId(value)).toBe(true);
    },
  );

  it('accepts the 13-digit national Tax ID', () => {
    expect(isValidTaxId('1234567890123')).toBe(true);
    expect(taxIdKind('1234567890123')).toBe('national');
    expect(isValidStateTaxId('1234567890123')).toBe(false);
  });

  it.each([
    '',
    'N',
    'N-',
    'N--123',
    'X-1234567',
    'NC-123',
    'N-12a4',
    'N 1234',
    '123456789012',
    '12345678901234',
    'TIN-123',
  ])('refuses %j', (value) => {
    expect(isValidTaxId(value)).toBe(false);
  });

  it('refuses non-strings', () => {
    expect(isValidTaxId(null)).toBe(false);
    expect(isValidTaxId(1234567)).toBe(false);
  });

  it('tells individuals from companies', () => {
    expect(taxIdKind('N-1234567')).toBe('individual');
    expect(taxIdKind('c-0012345')).toBe('company');
    expect(taxIdKind('Z-1')).toBeNull();
    expect(normalizeTaxId(' n-1234567 ')).toBe('N-1234567');
  });
});

describe('CAC and NIN', () => {
  it.each(['RC123456', 'RC 123456', 'rc-123456', 'BN 1234567', 'IT 12345', 'RC1'])('accepts %j', (value) => {
    expect(isValidCacNumber(value)).toBe(true);
  });

  it.each(['RC', '123456', 'AB123456', 'RC12A', 'RC 12 34', 'RC12345678901'])('refuses %j', (value) => {
    expect(isValidCacNumber(value)).toBe(false);
  });

  it('normalises CAC numbers', () => {
    expect(normalizeCacNumber(' rc 123456 ')).toBe('RC123456');
    expect(normalizeCacNumber('bn-99')).toBe('BN99');
    expect(normalizeCacNumber('XY1')).toBeNull();
  });

  it('checks NIN length', () => {
    expect(isValidNin('12345678901')).toBe(true);
    expect(isValidNin('1234567890')).toBe(false);
    expect(isValidNin('1234567890a')).toBe(false);
  });
});

describe('isSameTaxpayerName', () => {
  it('matches a name however the agency writes case, punctuation, Ltd/Limited, Plc and &', () => {
    expect(isSameTaxpayerName('ADIRE TEXTILES LTD.', 'Adire Textiles Limited')).toBe(true);
    expect(isSameTaxpayerName('Balogun & Sons Plc', 'Balogun and Sons')).toBe(true);
    expect(isSameTaxpayerName('Zenith-Palm Foods Limited', 'Zenith Palm Foods Ltd')).toBe(true);
  });

  it('tells another company apart', () => {
    expect(isSameTaxpayerName('Pinnacle River Technologies Limited', 'Adamawa Foods Limited')).toBe(false);
    expect(isSameTaxpayerName('Adire Textiles Limited', 'Adire Fabrics Limited')).toBe(false);
    expect(isSameTaxpayerName('Limited', 'Ltd')).toBe(false);
  });
});
