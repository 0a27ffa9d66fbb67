import { describe, expect, it } from 'vitest';
import { assertSameRequest, requestFingerprint } from './idempotency';

const call = {
  method: 'POST',
  namespace: 'core',
  path: 'internal/corporations/{corporation}/states/{state}/{type}/bills',
} as const;
const file = (content: string, filename = 'vendors.csv') => ({
  field: 'recipients',
  filename,
  contentType: 'text/csv',
  content: Buffer.from(content),
});

describe('requestFingerprint', () => {
  const params = { corporation: 'c1', state: 'LA', type: 'wht' };
  const body = { payload_type: 'manual', wht_type: 'rent', start_date: '2026-10' };
  const fingerprint = requestFingerprint(call, params, body, [file('N-1,Ada,100')]);

  it('is the same whatever order the fields came in and whatever the file is called', () => {
    const reordered = { start_date: '2026-10', wht_type: 'rent', payload_type: 'manual' };
    expect(
      requestFingerprint(call, { type: 'wht', state: 'LA', corporation: 'c1' }, reordered, [
        file('N-1,Ada,100', 'renamed.csv'),
      ]),
    ).toBe(fingerprint);
  });

  it('differs for another field value, another file, another path or another call', () => {
    expect(requestFingerprint(call, params, { ...body, start_date: '2026-09' }, [file('N-1,Ada,100')])).not.toBe(
      fingerprint,
    );
    expect(requestFingerprint(call, params, body, [file('N-1,Ada,250')])).not.toBe(fingerprint);
    expect(requestFingerprint(call, params, body, [])).not.toBe(fingerprint);
    expect(requestFingerprint(call, { ...params, state: 'KN' }, body, [file('N-1,Ada,100')])).not.toBe(fingerprint);
    expect(
      requestFingerprint({ ...call, path: 'internal/bills/wht/tax/calc/bulk' }, params, body, [file('N-1,Ada,100')]),
    ).not.toBe(fingerprint);
  });

  it('lets the same request replay and refuses another one with UNPROCESSABLE', () => {
    expect(() => assertSameRequest(fingerprint, { key: 'k', fingerprint })).not.toThrow();
    expect(() =>
      assertSameRequest(fingerprint, { key: 'k', fingerprint: requestFingerprint(call, params, body, []) }),
    ).toThrow(
      expect.objectContaining({
        code: 'UNPROCESSABLE',
        message: 'This Idempotency-Key was used for a different request',
      }),
    );
  });
});
