import { describe, expect, it } from 'vitest';
import { statusLabel, statusTone } from './status-tone';

describe('statusTone (docs/product.md §4)', () => {
  it.each([
    ['success', 'success'],
    ['active', 'success'],
    ['approved', 'success'],
    ['sent', 'success'],
    ['payment_paid', 'success'],
    ['warning', 'warning'],
    ['pending', 'warning'],
    ['invited', 'warning'],
    ['payment_pending', 'warning'],
    ['awaiting_payment_confirmation', 'warning'],
    ['declined', 'danger'],
    ['failed', 'danger'],
    ['cancelled', 'danger'],
    ['canceled', 'danger'],
    ['in_error', 'danger'],
    ['info', 'danger'],
    ['ACTIVE', 'success'],
    ['draft', 'info'],
    ['', 'info'],
  ] as const)('%s → %s', (status, tone) => {
    expect(statusTone(status)).toBe(tone);
  });

  it('treats a missing status as neutral', () => {
    expect(statusTone(null)).toBe('info');
    expect(statusTone(undefined)).toBe('info');
  });

  it('labels statuses as words', () => {
    expect(statusLabel('awaiting_payment_confirmation')).toBe('Awaiting payment confirmation');
    expect(statusLabel('active')).toBe('Active');
  });
});
