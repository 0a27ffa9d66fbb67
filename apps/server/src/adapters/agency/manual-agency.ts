import { isValidStateTaxId, normalizeTaxId, taxIdKind } from '@levy/tax';
import { AgencyError, type AgencyState, type StateAgency } from './state-agency';

/**
 * The production adapter for revenue services Levy has no API for (decision 0045): honest manual
 * steps, never a fake. A Tax ID is checked for its form only, and the name returned is the one
 * claimed, flagged for the user to confirm as the collector's portal shows it. There is no agency
 * to send a consent code: consent is the user's attestation (the states service records it).
 * Filings are accepted with no reference: the user uploads Levy's schedule file on the collector's
 * portal and records the acknowledgement the portal gives.
 */
export function createManualAgency(): StateAgency {
  const noCodes = (state?: AgencyState) =>
    Promise.reject(
      new AgencyError(
        'declined',
        `Levy does not reach ${state?.revenueService ?? 'this revenue service'} online: consent to manage payroll is given by attestation, not by a code.`,
      ),
    );

  return {
    mode: 'manual',

    async verifyTaxId({ state, taxPayerNumber, claimedName }) {
      const normal = normalizeTaxId(taxPayerNumber);
      const kind = taxIdKind(taxPayerNumber);
      if (state.collector === 'federal' && kind === 'individual')
        throw new AgencyError(
          'not_found',
          `${state.revenueService} collects from companies: ${normal} is an individual's Tax ID. Use the corporation's C- or 13-digit Tax ID.`,
        );
      const isWellFormed =
        state.collector === 'state' ? isValidStateTaxId(taxPayerNumber) : kind === 'company' || kind === 'national';
      if (!isWellFormed)
        throw new AgencyError(
          'not_found',
          state.collector === 'state'
            ? `${normal} is not a Tax ID ${state.revenueService} issues: it begins with N or C, then digits.`
            : `${normal} is not a company Tax ID ${state.revenueService} issues: C then digits, or the 13-digit national Tax ID.`,
        );
      return { taxPayerNumber: normal, name: claimedName ?? '', nameToConfirm: true };
    },

    requestConsentOtp: ({ state }) => noCodes(state),
    verifyConsentOtp: () => noCodes(),

    async submitPayroll() {
      return { reference: null };
    },

    async submitAnnualReturn() {
      return { reference: null };
    },
  };
}
