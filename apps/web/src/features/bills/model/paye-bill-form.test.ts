import { BILL_MESSAGES } from '@levy/contracts';
import { describe, expect, it } from 'vitest';
import { defaultMonthValue } from './bill-period';
import { initialPayeValues, payeFormErrors, shownMonth, type PayeValues } from './paye-bill-form';

const NO_PREFILL = {
  corporationId: null,
  stateCode: null,
  month: null,
  whtType: null,
  amount: null,
  beneficiaryName: null,
};
const chosen: PayeValues = { corporation: 'c1', state: 'LA', month: '2026-08-01', source: null, file: null };
const owed = (state: string, month: string) => ({
  kind: 'paye',
  corporation: { id: 'c1' },
  state_code: state,
  tax_month: month,
});

describe('PAYE Generate Bill form', () => {
  it("checks the contract's fields, with its words", () => {
    expect(payeFormErrors(initialPayeValues(undefined), false)).toEqual({
      corporation: 'Corporation is required',
      state: 'State is required',
      month: 'Month is required',
    });
    expect(payeFormErrors({ ...chosen, month: '2999-01-01' }, false)).toEqual({ month: BILL_MESSAGES.futureMonth });
    expect(payeFormErrors(chosen, false)).toEqual({});
  });

  it('asks for a file only when one replaces the payroll on file', () => {
    expect(payeFormErrors(chosen, true)).toEqual({ file: 'No new file selected' });
    expect(payeFormErrors({ ...chosen, file: new File(['x'], 'payroll.csv') }, true)).toEqual({});
  });

  it("opens at a link's month, else follows the chosen state's oldest unpaid month, else last month", () => {
    expect(initialPayeValues({ ...NO_PREFILL, corporationId: 'c1', month: '2026-05' }).month).toBe('2026-05-01');
    const following = { ...chosen, month: null };
    const alerts = [owed('LA', '2026-09'), owed('LA', '2026-07'), owed('KN', '2026-01')];
    expect(shownMonth(following, alerts)).toBe('2026-07-01');
    expect(shownMonth({ ...following, state: null }, alerts)).toBe(defaultMonthValue());
    expect(shownMonth(following, undefined)).toBe(defaultMonthValue());
    // A month picked stays whatever the alerts say.
    expect(shownMonth(chosen, alerts)).toBe('2026-08-01');
  });
});
