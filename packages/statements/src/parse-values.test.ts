import { describe, expect, it } from 'vitest';
import { parseAmount } from './parse-amount';
import { decideSlashOrder, parseDateToken, resolveDateToken, type DateToken } from './parse-date';

describe('parseAmount', () => {
  it.each([
    ['1,250.50', 125_050, null],
    ['₦1,250.50', 125_050, null],
    ['NGN 1,250.50', 125_050, null],
    ['N1,250.50', 125_050, null],
    ['+3.79', 379, null],
    ['-1,250.50', -125_050, null],
    ['(1,250.50)', -125_050, null],
    ['1,250.50 DR', 125_050, 'DR'],
    ['1,250.50CR', 125_050, 'CR'],
    ['Dr 1,250.50', 125_050, 'DR'],
    ['1,250.50-', -125_050, null],
    ['1 250.50', 125_050, null],
    ['0.00', 0, null],
    ['1250', 125_000, null],
    ['¦79,174.00', 7_917_400, null],
    ['-¦50.00', -5_000, null],
    ['.45', 45, null],
    ['.00', 0, null],
    ['(.45)', -45, null],
    ['.45 DR', 45, 'DR'],
  ])('%s → %d kobo', (text, kobo, marker) => {
    expect(parseAmount(text)).toEqual({ kobo, marker });
  });

  it.each(['', '-', '--', 'nil', 'NIP TRANSFER', '12-Jan-2025', '1,23.00'])('%s is not an amount', (text) => {
    expect(parseAmount(text)).toBeNull();
  });
});

describe('parseDateToken', () => {
  it.each([
    ['02-Jan-2025', '2025-01-02'],
    ['02-JAN-25', '2025-01-02'],
    ['02 Jan 25', '2025-01-02'],
    ['2 January 2025', '2025-01-02'],
    ['2025-01-02', '2025-01-02'],
    ['2025-01-02T10:15:23', '2025-01-02'],
    ['2025/01/02 10:15', '2025-01-02'],
    ['Jan 2, 2025', '2025-01-02'],
    ['02-Jan-2025 10:15:23 AM', '2025-01-02'],
    ['Thursday, 02 Jan 2025', '2025-01-02'],
    ['02 Jan 2025 14:05', '2025-01-02'],
  ])('%s → %s', (text, iso) => {
    expect(parseDateToken(text)).toEqual({ kind: 'fixed', iso });
  });

  it('keeps numeric day/month dates open until the statement decides', () => {
    expect(parseDateToken('02/01/2025')).toEqual({ kind: 'slashed', first: 2, second: 1, year: 2025 });
    expect(parseDateToken('01/02/25 10:15:23 PM')).toEqual({ kind: 'slashed', first: 1, second: 2, year: 2025 });
    expect(parseDateToken('13.01.2025')).toEqual({ kind: 'slashed', first: 13, second: 1, year: 2025 });
  });

  it.each(['NIP TRANSFER 02/01', '31/31/2025', '30-Feb-2025', 'Opening Balance', '02-Jan-2025 paid'])(
    '%s is not a date',
    (text) => {
      expect(parseDateToken(text)).toBeNull();
    },
  );
});

describe('decideSlashOrder', () => {
  const slashed = (first: number, second: number): DateToken => ({ kind: 'slashed', first, second, year: 2025 });

  it('takes a day above 12 in first place as DD/MM, and in second place as MM/DD', () => {
    expect(decideSlashOrder([slashed(2, 1), slashed(13, 1)], null, 'mdy')).toEqual({
      order: 'dmy',
      decidedBy: 'values',
      isConflicting: false,
    });
    expect(decideSlashOrder([slashed(1, 2), slashed(1, 13)], null, 'dmy')).toEqual({
      order: 'mdy',
      decidedBy: 'values',
      isConflicting: false,
    });
  });

  it('flags a statement whose values need both orders', () => {
    expect(decideSlashOrder([slashed(13, 1), slashed(1, 14)], null, null)).toMatchObject({ isConflicting: true });
  });

  it('uses the printed period when every value could be either', () => {
    // 03/02 and 05/02: in March if MM/DD... the period says February.
    const decision = decideSlashOrder([slashed(3, 2), slashed(5, 2)], { from: '2025-02-01', to: '2025-02-28' }, 'mdy');
    expect(decision).toEqual({ order: 'dmy', decidedBy: 'period', isConflicting: false });
  });

  it('then the order the dates run in, then the layout, then DD/MM', () => {
    // As MM/DD: Jan 5, Feb 3, Mar 1 (in order). As DD/MM: 1 May, 3 Feb, 5 Jan (backwards).
    expect(decideSlashOrder([slashed(1, 5), slashed(2, 3), slashed(3, 1)], null, 'dmy')).toMatchObject({
      order: 'mdy',
      decidedBy: 'date-order',
    });
    expect(decideSlashOrder([slashed(1, 1), slashed(2, 2)], null, 'mdy')).toMatchObject({
      order: 'mdy',
      decidedBy: 'layout',
    });
    expect(decideSlashOrder([slashed(1, 1), slashed(2, 2)], null, null)).toMatchObject({
      order: 'dmy',
      decidedBy: 'default',
    });
  });

  it('resolves a token under the chosen order', () => {
    expect(resolveDateToken(slashed(2, 1), 'dmy')).toBe('2025-01-02');
    expect(resolveDateToken(slashed(2, 1), 'mdy')).toBe('2025-02-01');
    expect(resolveDateToken(slashed(13, 1), 'mdy')).toBeNull();
  });
});
