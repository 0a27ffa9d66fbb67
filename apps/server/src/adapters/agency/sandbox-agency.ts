import { createHmac, randomBytes } from 'node:crypto';
import { isValidStateTaxId, normalizeTaxId, taxIdKind } from '@levy/tax';
import { AgencyError, maskEmail, type AgencyState, type StateAgency } from './state-agency';

/**
 * Sandbox test Tax IDs (README "Sandbox behaviour"): the digits decide, with N or C in front.
 * How a payment for a Tax ID settles is the Remita fake's (adapters/remittance/remita-fake.ts).
 * Any other well-formed Tax ID is registered to whoever claims it (the corporation registering),
 * or, asked without a claim, to a taxpayer with a stable generated name.
 */
export const SANDBOX_TAX_IDS = {
  notFound: '0000000404',
  unavailable: '0000000503',
  /** Belongs to another company than the one registering it: the name check's test ID. */
  anotherTaxpayer: '0000000409',
} as const;

// The sandbox keeps no state: consent codes are derived from their reference.
// The key only separates the sandbox's numbers from one another; it protects nothing real.
const SANDBOX_KEY = 'levy-sandbox-agency';

const COMPANY_WORDS = [
  [
    'Crescent',
    'Sapphire',
    'Golden',
    'Unity',
    'Pinnacle',
    'Harmattan',
    'Zenith',
    'Cedar',
    'Savannah',
    'Delta',
    'Niger',
    'Atlantic',
  ],
  ['Harbour', 'Crest', 'Bridge', 'Gate', 'Field', 'Stone', 'River', 'Hill', 'Palm', 'Star', 'Valley', 'Forge'],
  [
    'Ventures Limited',
    'Industries Limited',
    'Logistics Limited',
    'Foods Plc',
    'Technologies Limited',
    'Holdings Limited',
    'Enterprises',
    'Services Limited',
  ],
];
const PERSON_WORDS = [
  [
    'Adaeze',
    'Babatunde',
    'Chinedu',
    'Damilola',
    'Emeka',
    'Folake',
    'Garba',
    'Halima',
    'Ifeoma',
    'Kelechi',
    'Musa',
    'Ngozi',
    'Olumide',
    'Yetunde',
  ],
  [
    'Okafor',
    'Adeyemi',
    'Bello',
    'Eze',
    'Ibrahim',
    'Nwosu',
    'Ogunleye',
    'Abubakar',
    'Okonkwo',
    'Danjuma',
    'Balogun',
    'Uche',
  ],
];

function digest(value: string): Buffer {
  return createHmac('sha256', SANDBOX_KEY).update(value).digest();
}

function pick(words: string[][], seed: Buffer): string {
  return words.map((list, index) => list[seed.readUInt16BE(index * 2) % list.length]).join(' ');
}

/** The name the sandbox agency holds for a Tax ID: the same every time, for every process. */
export function sandboxTaxpayerName(taxPayerNumber: string): string {
  const normal = normalizeTaxId(taxPayerNumber).replace('-', '');
  return pick(normal.startsWith('N') ? PERSON_WORDS : COMPANY_WORDS, digest(`name:${normal}`));
}

/** The 6-digit code the sandbox mails for a consent reference. */
export function sandboxConsentPin(reference: string): string {
  return String(digest(`pin:${reference}`).readUInt32BE(0) % 1_000_000).padStart(6, '0');
}

function digitsOf(taxPayerNumber: string): string {
  return normalizeTaxId(taxPayerNumber).replace(/^[NC]-?/, '');
}

/** A State IRS knows `N-`/`C-` payer IDs; the federal NRS knows companies, by `C-` or 13-digit national Tax ID. */
function isKnownForm(taxPayerNumber: string, state: AgencyState): boolean {
  if (state.collector === 'state') return isValidStateTaxId(taxPayerNumber);
  const kind = taxIdKind(taxPayerNumber);
  return kind === 'company' || kind === 'national';
}

function newReference(prefix: string): string {
  return `${prefix}-${randomBytes(6).toString('hex').toUpperCase()}`;
}

/** Never settles: the agency that does not answer, for the timeout path. */
const noAnswer = () => new Promise<never>(() => undefined);

/** How the sandbox reaches a taxpayer: a mail, sent by whatever the application composes in. */
export type NotifyTaxpayer = (to: string, subject: string, text: string) => Promise<void>;

export function createSandboxAgency(deps: { notify: NotifyTaxpayer }): StateAgency {
  function lookUp(taxPayerNumber: string, state: AgencyState, claimedName?: string) {
    const digits = digitsOf(taxPayerNumber);
    if (digits === SANDBOX_TAX_IDS.unavailable) return noAnswer();
    if (state.collector === 'federal' && taxIdKind(taxPayerNumber) === 'individual') {
      return Promise.reject(
        new AgencyError(
          'not_found',
          `${state.revenueService} collects from companies: ${normalizeTaxId(taxPayerNumber)} is an individual's Tax ID. Use the corporation's C- or ` +
            `13-digit Tax ID.`,
        ),
      );
    }
    if (!isKnownForm(taxPayerNumber, state) || digits === SANDBOX_TAX_IDS.notFound) {
      return Promise.reject(
        new AgencyError(
          'not_found',
          `${state.revenueService} has no taxpayer with the Tax ID ${normalizeTaxId(taxPayerNumber)}.`,
        ),
      );
    }
    const isClaimHeld = claimedName !== undefined && digits !== SANDBOX_TAX_IDS.anotherTaxpayer;
    return Promise.resolve({
      taxPayerNumber: normalizeTaxId(taxPayerNumber),
      name: isClaimHeld ? claimedName : sandboxTaxpayerName(taxPayerNumber),
    });
  }

  return {
    mode: 'online',
    verifyTaxId: ({ state, taxPayerNumber, claimedName }) => lookUp(taxPayerNumber, state, claimedName),

    async requestConsentOtp({ state, taxPayerNumber, contactEmail }) {
      const taxpayer = await lookUp(taxPayerNumber, state);
      const reference = newReference(`${state.code}-CONSENT`);
      // A real agency mails the taxpayer's registered address; the sandbox mails the organisation owner.
      await deps.notify(
        contactEmail,
        `${sandboxConsentPin(reference)} is your ${state.revenueService} consent code`,
        `${state.revenueService}\n\nLevy asked to manage the payroll of ${taxpayer.name} (Tax ID ${taxpayer.taxPayerNumber}).\n\n` +
          `Your consent code is ${sandboxConsentPin(reference)}.\n\nIt expires in 10 minutes. If you did not ask for this, ignore this mail.`,
      );
      return { reference, email: maskEmail(contactEmail) };
    },

    async verifyConsentOtp({ reference, pin }) {
      return sandboxConsentPin(reference) === pin;
    },

    async submitPayroll({ state, taxPayerNumber }) {
      await lookUp(taxPayerNumber, state);
      return { reference: newReference(`${state.code}-PAYROLL`) };
    },

    async submitAnnualReturn({ state, taxPayerNumber, year, version }) {
      await lookUp(taxPayerNumber, state);
      return { reference: newReference(`${state.code}-H1-${year}-V${version}`) };
    },
  };
}
