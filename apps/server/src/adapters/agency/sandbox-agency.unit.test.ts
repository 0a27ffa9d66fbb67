import { describe, expect, it, vi } from 'vitest';
import { createSandboxAgency, sandboxConsentPin, sandboxTaxpayerName } from './sandbox-agency';
import { AgencyError, maskEmail, withAgencyTimeout } from './state-agency';

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

function sandbox() {
  const sent: Array<{ to: string; subject: string; text: string }> = [];
  const notify = vi.fn(async (to: string, subject: string, text: string) => void sent.push({ to, subject, text }));
  return { agency: createSandboxAgency({ notify }), sent };
}

describe('sandbox agency', () => {
  it('resolves any well-formed Tax ID to the same generated name every time', async () => {
    const { agency } = sandbox();
    const first = await agency.verifyTaxId({ state: LAGOS, taxPayerNumber: 'c-0012345' });
    expect(first.taxPayerNumber).toBe('C-0012345');
    expect(first.name).toMatch(/(Limited|Plc|Enterprises)$/);
    expect(first.name).toBe(sandboxTaxpayerName('C0012345'));
    expect((await agency.verifyTaxId({ state: LAGOS, taxPayerNumber: 'N-1234567' })).name).toMatch(
      /^[A-Z][a-z]+ [A-Z][a-z]+$/,
    );
  });

  it('does not know the test ID for "not found", nor a malformed ID', async () => {
    const { agency } = sandbox();
    for (const taxPayerNumber of ['C-0000000404', 'N0000000404', 'C-12AB']) {
      const failure = await agency.verifyTaxId({ state: LAGOS, taxPayerNumber }).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(AgencyError);
      expect((failure as AgencyError).kind).toBe('not_found');
    }
  });

  it('knows companies at the NRS by C- or 13-digit national Tax ID, never an individual', async () => {
    const { agency } = sandbox();
    expect(await agency.verifyTaxId({ state: NRS, taxPayerNumber: 'c-0012345', claimedName: 'Acme Limited' })).toEqual({
      taxPayerNumber: 'C-0012345',
      name: 'Acme Limited',
    });
    const national = await agency.verifyTaxId({ state: NRS, taxPayerNumber: ' 1234567890123 ' });
    expect(national).toEqual({ taxPayerNumber: '1234567890123', name: sandboxTaxpayerName('1234567890123') });
    expect(national.name).toMatch(/(Limited|Plc|Enterprises)$/);
    const individual = (await agency
      .verifyTaxId({ state: NRS, taxPayerNumber: 'N-1234567' })
      .catch((error: unknown) => error)) as AgencyError;
    expect(individual.kind).toBe('not_found');
    expect(individual.message).toBe(
      "Nigeria Revenue Service collects from companies: N-1234567 is an individual's Tax ID. Use the corporation's C- or 13-digit Tax ID.",
    );
    const unknown = (await agency
      .verifyTaxId({ state: NRS, taxPayerNumber: 'C-0000000404' })
      .catch((error: unknown) => error)) as AgencyError;
    expect(unknown.message).toBe('Nigeria Revenue Service has no taxpayer with the Tax ID C-0000000404.');
    // A State IRS's payer IDs are N- or C- only, as before.
    expect(
      (
        (await agency
          .verifyTaxId({ state: LAGOS, taxPayerNumber: '1234567890123' })
          .catch((error: unknown) => error)) as AgencyError
      ).kind,
    ).toBe('not_found');
  });

  it('does not answer for the "agency unavailable" test ID, which the timeout turns into a clear error', async () => {
    const { agency } = sandbox();
    const guarded = withAgencyTimeout(agency, 20);
    const failure = (await guarded
      .verifyTaxId({ state: LAGOS, taxPayerNumber: 'C-0000000503' })
      .catch((error: unknown) => error)) as AgencyError;
    expect(failure.kind).toBe('unavailable');
    expect(failure.message).toBe(
      'Lagos State Internal Revenue Service did not answer in time. Nothing was saved; please try again later.',
    );
  });

  it('mails a 6-digit consent code that verifies only for its own reference', async () => {
    const { agency, sent } = sandbox();
    const { reference, email } = await agency.requestConsentOtp({
      state: LAGOS,
      taxPayerNumber: 'C-0012345',
      contactEmail: 'owner@acme.ng',
    });
    expect(email).toBe('o***r@acme.ng');
    const pin = /consent code is (\d{6})/.exec(sent[0].text)![1];
    expect(pin).toBe(sandboxConsentPin(reference));
    expect(sent[0].to).toBe('owner@acme.ng');
    expect(await agency.verifyConsentOtp({ reference, pin })).toBe(true);
    expect(await agency.verifyConsentOtp({ reference: `${reference}X`, pin })).toBe(false);
  });

  it('issues payroll filing references', async () => {
    const { agency } = sandbox();
    const payroll = await agency.submitPayroll({ state: LAGOS, taxPayerNumber: 'C-0012345', employees: [] });
    expect(payroll.reference).toMatch(/^LA-PAYROLL-[0-9A-F]{12}$/);
  });
});

describe('maskEmail', () => {
  it('keeps the first and last letters of the mailbox and the whole domain', () => {
    expect(maskEmail('ada.obi@example.ng')).toBe('a*****i@example.ng');
    expect(maskEmail('jo@x.ng')).toBe('j*@x.ng');
  });
});
