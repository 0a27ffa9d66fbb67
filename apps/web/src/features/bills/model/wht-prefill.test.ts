import { describe, expect, it } from 'vitest';
import { readWhtPrefill, withoutWhtPrefill } from './wht-prefill';

describe('WHT form prefilled from a link', () => {
  it('reads the type, month, amount and beneficiary of /bills?pay=wht', () => {
    const search = new URLSearchParams('pay=wht&wht_type=other_services&month=2025-06&amount=500000.00&beneficiary=BRIGHTPATH+VENTURES+LTD');
    expect(readWhtPrefill(search)).toEqual({ whtType: 'other_services', month: '2025-06-01', amount: '500000.00', beneficiaryName: 'BRIGHTPATH VENTURES LTD' });
  });

  it('asks for nothing without pay=wht, and drops a malformed month or amount', () => {
    expect(readWhtPrefill(new URLSearchParams('bill=abc'))).toBeNull();
    expect(readWhtPrefill(new URLSearchParams('pay=wht&month=June&amount=5e5'))).toMatchObject({ month: '', amount: '' });
  });

  it('leaves the rest of the address alone when the form has opened', () => {
    expect(withoutWhtPrefill(new URLSearchParams('pay=wht&wht_type=rent&month=2025-06&amount=1&beneficiary=X&bill=abc')).toString()).toBe('bill=abc');
  });
});
