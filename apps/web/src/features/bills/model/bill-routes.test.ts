import { describe, expect, it } from 'vitest';
import { readPayRequest, withoutPayRequest } from './bill-routes';

describe('Pay Taxes opened from a link', () => {
  it('reads an alert’s corporation, state and month', () => {
    expect(readPayRequest(new URLSearchParams('pay=paye&corporation=c-1&state=LA&month=2026-08'))).toEqual({
      type: 'paye',
      prefill: {
        corporationId: 'c-1',
        stateCode: 'LA',
        month: '2026-08',
        whtType: null,
        amount: null,
        beneficiaryName: null,
      },
    });
  });

  it('reads the bank analyser’s WHT type, month, amount and beneficiary', () => {
    const request = readPayRequest(
      new URLSearchParams(
        'pay=wht&wht_type=other_services&month=2025-06&amount=500000.00&beneficiary=BRIGHTPATH+VENTURES+LTD',
      ),
    );
    expect(request).toEqual({
      type: 'wht',
      prefill: {
        corporationId: null,
        stateCode: null,
        month: '2025-06',
        whtType: 'other_services',
        amount: '500000.00',
        beneficiaryName: 'BRIGHTPATH VENTURES LTD',
      },
    });
  });

  it('asks for nothing without a bill type, and drops a malformed month or amount', () => {
    expect(readPayRequest(new URLSearchParams('bill=abc'))).toBeNull();
    expect(readPayRequest(new URLSearchParams('pay=vat'))).toBeNull();
    expect(readPayRequest(new URLSearchParams('pay=wht&month=June&amount=5e5'))?.prefill).toMatchObject({
      month: null,
      amount: null,
    });
  });

  it('leaves the rest of the address alone once the dialog has opened', () => {
    expect(
      withoutPayRequest(
        new URLSearchParams(
          'pay=wht&wht_type=rent&month=2025-06&amount=1&beneficiary=X&corporation=c&state=LA&bill=abc',
        ),
      ).toString(),
    ).toBe('bill=abc');
  });
});
