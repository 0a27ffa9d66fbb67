import { describe, expect, it } from 'vitest';
import { payrollScheduleCsv } from './collector-schedule';
import { createManualAgency } from './manual-agency';
import { AgencyError } from './state-agency';

const LAGOS = {
  code: 'LA',
  name: 'Lagos',
  revenueService: 'Lagos State Internal Revenue Service',
  collector: 'state',
} as const;
const NRS = {
  code: 'NRS',
  name: 'Nigeria Revenue Service',
  revenueService: 'Nigeria Revenue Service',
  collector: 'federal',
} as const;

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error as AgencyError,
  );

describe('manual agency', () => {
  it('checks the Tax ID form only and returns the claimed name for the user to confirm', async () => {
    const agency = createManualAgency();
    expect(agency.mode).toBe('manual');
    expect(
      await agency.verifyTaxId({ state: LAGOS, taxPayerNumber: 'c-0012345', claimedName: 'Acme Limited' }),
    ).toEqual({
      taxPayerNumber: 'C-0012345',
      name: 'Acme Limited',
      nameToConfirm: true,
    });
    // The sandbox's test IDs mean nothing here: any well-formed ID passes, none is "found".
    expect((await agency.verifyTaxId({ state: LAGOS, taxPayerNumber: 'N-0000000404' })).nameToConfirm).toBe(true);
    expect(
      await agency.verifyTaxId({ state: NRS, taxPayerNumber: '1234567890123', claimedName: 'Acme Limited' }),
    ).toEqual({ taxPayerNumber: '1234567890123', name: 'Acme Limited', nameToConfirm: true });
  });

  it('refuses a malformed Tax ID, and an individual at the NRS, as not found with what is wrong', async () => {
    const agency = createManualAgency();
    const malformed = await failureOf(agency.verifyTaxId({ state: LAGOS, taxPayerNumber: 'X-12' }));
    expect([malformed?.kind, malformed?.message]).toEqual([
      'not_found',
      'X-12 is not a Tax ID Lagos State Internal Revenue Service issues: it begins with N or C, then digits.',
    ]);
    const individual = await failureOf(agency.verifyTaxId({ state: NRS, taxPayerNumber: 'N-1234567' }));
    expect(individual?.kind).toBe('not_found');
    expect(individual?.message).toMatch(/^Nigeria Revenue Service collects from companies/);
  });

  it('sends no consent code: consent is attested', async () => {
    const agency = createManualAgency();
    const failure = await failureOf(
      agency.requestConsentOtp({ state: LAGOS, taxPayerNumber: 'C-0012345', contactEmail: 'owner@acme.ng' }),
    );
    expect([failure?.kind, failure?.message]).toEqual([
      'declined',
      'Levy does not reach Lagos State Internal Revenue Service online: consent to manage payroll is given by attestation, not by a code.',
    ]);
  });

  it('accepts filings with no reference: the user files them on the portal and records the acknowledgement', async () => {
    const agency = createManualAgency();
    const employees = [
      { taxPayerNumber: 'N-2000001', name: 'Adaeze Okafor', grossIncomeKobo: 50_000_000, taxPayableKobo: 6_638_000 },
    ];
    expect(await agency.submitPayroll({ state: LAGOS, taxPayerNumber: 'C-0012345', employees })).toEqual({
      reference: null,
    });
    expect(
      await agency.submitAnnualReturn({
        state: LAGOS,
        taxPayerNumber: 'C-0012345',
        year: 2025,
        version: 1,
        employees: [{ taxPayerNumber: 'N-2000001', name: 'Adaeze Okafor', grossIncomeKobo: 1, taxDeductedKobo: 1 }],
        totalTaxKobo: 1,
      }),
    ).toEqual({ reference: null });
  });

  it('writes the payroll schedule a user uploads on the portal: the employer on every row, naira, names quoted', () => {
    const { filename, content } = payrollScheduleCsv({
      state: LAGOS,
      employerTaxPayerNumber: 'C-0012345',
      employees: [
        { taxPayerNumber: 'N-2000001', name: 'Okafor, Adaeze', grossIncomeKobo: 50_000_000, taxPayableKobo: 6_638_000 },
        { taxPayerNumber: 'N-2000002', name: '=Ngozi Eze', grossIncomeKobo: 20_000_000, taxPayableKobo: 1_000_050 },
      ],
    });
    expect(filename).toBe('payroll-schedule-LA-C0012345.csv');
    expect(content.split('\r\n')).toEqual([
      '\uFEFFEmployer Tax ID,Employee Tax ID,Employee name,Monthly gross income (NGN),Monthly PAYE (NGN)',
      'C-0012345,N-2000001,"Okafor, Adaeze",500000.00,66380.00',
      "C-0012345,N-2000002,'=Ngozi Eze,200000.00,10000.50",
      '',
    ]);
  });
});
