/**
 * A state revenue service, as Levy talks to it for registration, consent and filings. Taxes are
 * not paid here but through the remittance gateway (adapters/remittance). The sandbox
 * implementation behaves like an agency with an API; the manual one (decision 0045) is the honest
 * adapter for collectors without one: it checks forms, and the user does on the collector's
 * portal what no API does, telling Levy what the portal said. Which one runs is configuration.
 */

export interface AgencyState {
  code: string;
  name: string;
  revenueService: string;
  /** The federal NRS knows companies only, by `C-` or 13-digit national Tax ID. */
  collector: 'state' | 'federal';
}

export interface TaxpayerRecord {
  taxPayerNumber: string;
  name: string;
  /**
   * True when no agency checked the name: it is the claimed one, and the user must confirm it as
   * the collector's portal shows it (the manual adapter).
   */
  nameToConfirm?: boolean;
}

export interface PayrollSubmissionRow {
  taxPayerNumber: string;
  name: string;
  grossIncomeKobo: number;
  taxPayableKobo: number;
}

/** One employee's year on an employer's annual return (Form H1). */
export interface AnnualReturnSubmissionRow {
  taxPayerNumber: string;
  name: string;
  grossIncomeKobo: number;
  taxDeductedKobo: number;
}

/** What went wrong at the agency: an unknown Tax ID, no answer in time (try again), or a refusal (final). */
export class AgencyError extends Error {
  constructor(
    readonly kind: 'not_found' | 'unavailable' | 'declined',
    message: string,
  ) {
    super(message);
  }
}

export interface StateAgency {
  /**
   * `online`: the agency answers calls (the sandbox). `manual`: no API; consent is the user's
   * attestation and filings are uploaded by the user on the collector's portal (decision 0045).
   */
  readonly mode: 'online' | 'manual';
  /**
   * The taxpayer registered under this Tax ID; AgencyError('not_found') when there is none.
   * `claimedName` is who the user says it is (the corporation registering): an agency answers
   * with the name it holds, whatever the claim; Levy compares the two.
   */
  verifyTaxId(input: { state: AgencyState; taxPayerNumber: string; claimedName?: string }): Promise<TaxpayerRecord>;
  /** Sends a 6-digit consent code to the taxpayer's registered email; returns that email. */
  requestConsentOtp(input: {
    state: AgencyState;
    taxPayerNumber: string;
    contactEmail: string;
  }): Promise<{ reference: string; email: string }>;
  /** Whether the PIN is the one sent for this consent reference. */
  verifyConsentOtp(input: { reference: string; pin: string }): Promise<boolean>;
  /**
   * Registers the employee list with the agency; returns its filing reference, or null when the
   * user files it on the collector's portal and records the acknowledgement later (manual).
   */
  submitPayroll(input: {
    state: AgencyState;
    taxPayerNumber: string;
    employees: PayrollSubmissionRow[];
  }): Promise<{ reference: string | null }>;
  /**
   * Files an employer's annual return (version 2 and after amend it); returns the agency's
   * acknowledgement, or null when the user files it on the portal and records it later (manual).
   */
  submitAnnualReturn(input: {
    state: AgencyState;
    taxPayerNumber: string;
    year: number;
    version: number;
    employees: AnnualReturnSubmissionRow[];
    totalTaxKobo: number;
  }): Promise<{ reference: string | null }>;
}

/** Wraps every call so an agency that does not answer in time fails clearly instead of hanging. */
export function withAgencyTimeout(agency: StateAgency, timeoutMs: number): StateAgency {
  const guard = <T>(call: () => Promise<T>, state?: AgencyState): Promise<T> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new AgencyError(
              'unavailable',
              `${state?.revenueService ?? 'The state tax agency'} did not answer in time. Nothing was saved; please try again later.`,
            ),
          ),
        timeoutMs,
      );
    });
    return Promise.race([call(), timeout]).finally(() => clearTimeout(timer));
  };
  return {
    mode: agency.mode,
    verifyTaxId: (input) => guard(() => agency.verifyTaxId(input), input.state),
    requestConsentOtp: (input) => guard(() => agency.requestConsentOtp(input), input.state),
    verifyConsentOtp: (input) => guard(() => agency.verifyConsentOtp(input)),
    submitPayroll: (input) => guard(() => agency.submitPayroll(input), input.state),
    submitAnnualReturn: (input) => guard(() => agency.submitAnnualReturn(input), input.state),
  };
}

/** `ada.obi@example.ng` → `a*****i@example.ng`: enough to recognise, not enough to harvest. */
export function maskEmail(email: string): string {
  const [local, domain] = email.split('@');
  if (!domain) return email;
  if (local.length <= 2) return `${local[0]}*@${domain}`;
  return `${local[0]}${'*'.repeat(Math.min(local.length - 2, 5))}${local[local.length - 1]}@${domain}`;
}
