import { z } from 'zod';
import { otp, requiredText, taxId, uniqueName } from './validation';

export const createCorporation = z.object({ name: uniqueName('Name') });
export const updateCorporation = createCorporation;

/** The Tax ID a corporation is registered under in a state (product-spec §5 rule and messages). */
export const stateTaxId = z.object({ tax_payer_number: taxId });

export const verifyConsent = z.object({
  pin: otp.refine((value) => value.length === 6, { error: 'Enter the 6-digit code' }),
  token: requiredText('Token'),
});

export const CORPORATION_SORT_KEYS = ['created_at', 'name'] as const;

/** The message for a payroll upload without a file (product-spec §5). */
export const NO_NEW_FILE_SELECTED = 'No new file selected';

/** Consent codes: 6 digits, 5 tries, 10 minutes (product-design "Corporations, states, payroll"). */
export const CONSENT_RULES = { digits: 6, maxAttempts: 5, expiryMinutes: 10 } as const;
