import { describe, expect, it } from 'vitest';
import {
  describeRemovedData,
  FEDERAL_TAX_ID_INDIVIDUAL,
  joinWords,
  STATE_REQUIRED,
  validateStateEntry,
} from './state-entry';

describe('step 1 of Add New State / Update {state} Id', () => {
  it('needs a state and a Tax ID, with the spec messages', () => {
    expect(validateStateEntry({ stateCode: null, taxPayerNumber: '', collector: 'state' })).toEqual({
      state: STATE_REQUIRED,
      tax_payer_number: 'This field is required',
    });
  });

  it.each(['X-123', '123', 'C-', 'CN1'])('refuses %s as a Tax ID', (value) => {
    expect(validateStateEntry({ stateCode: 'LA', taxPayerNumber: value, collector: 'state' })).toEqual({
      tax_payer_number: 'Provide a valid Tax ID',
    });
  });

  it.each(['C-0012345', 'N-1234567', 'c0012345', ' n-7 '])('accepts %s (N or C, optional dash, a digit)', (value) => {
    expect(validateStateEntry({ stateCode: 'LA', taxPayerNumber: value, collector: 'state' })).toEqual({});
  });

  it.each(['C-0012345', '1234567890123'])('accepts %s for the NRS, a company’s C- or 13-digit Tax ID', (value) => {
    expect(validateStateEntry({ stateCode: 'NRS', taxPayerNumber: value, collector: 'federal' })).toEqual({});
  });

  it('refuses an individual’s N- Tax ID for the NRS, and a 12-digit number anywhere', () => {
    expect(validateStateEntry({ stateCode: 'NRS', taxPayerNumber: ' n-1234567', collector: 'federal' })).toEqual({
      tax_payer_number: FEDERAL_TAX_ID_INDIVIDUAL,
    });
    expect(validateStateEntry({ stateCode: 'NRS', taxPayerNumber: '123456789012', collector: 'federal' })).toEqual({
      tax_payer_number: 'Provide a valid Tax ID',
    });
  });

  it('refuses the Tax ID already registered when updating, whatever its case or spaces', () => {
    const current = { taxPayerNumber: 'C-0012345', stateName: 'Lagos' };
    expect(validateStateEntry({ stateCode: 'LA', taxPayerNumber: ' c-0012345', collector: 'state' }, current)).toEqual({
      tax_payer_number: 'C-0012345 is already the Tax ID registered in Lagos',
    });
    expect(validateStateEntry({ stateCode: 'LA', taxPayerNumber: 'C-0054321', collector: 'state' }, current)).toEqual(
      {},
    );
  });
});

describe('what a removal deleted', () => {
  it('names the Tax ID, the consent, employees and files with their counts', () => {
    const parts = describeRemovedData({ tax_payer_number: 'C-0054321', employees: 3, payroll_files: 1, consent: true });
    expect(joinWords(parts)).toBe('the Tax ID C-0054321, the payroll consent, 3 employees and 1 payroll file');
  });

  it('leaves the consent out when none was given and counts in the singular and plural', () => {
    const parts = describeRemovedData({ tax_payer_number: 'N-1', employees: 1, payroll_files: 0, consent: false });
    expect(joinWords(parts)).toBe('the Tax ID N-1, 1 employee and 0 payroll files');
  });

  it('joins one or two words without a stray comma', () => {
    expect(joinWords(['a'])).toBe('a');
    expect(joinWords(['a', 'b'])).toBe('a and b');
  });
});
