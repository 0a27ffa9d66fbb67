import { z } from './zod';

/**
 * The validation rules of docs/product.md §5 with their exact messages. Forms and the server use
 * these same schemas, so a person sees the same words whichever side catches the mistake.
 */

export const MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Email address is not valid',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be 8 or more characters',
  urlInvalid: 'Url is invalid',
  urlRequired: 'Url is required',
  taxIdInvalid: 'Provide a valid Tax ID',
  fieldRequired: 'This field is required',
  accountNumberInvalid: 'Provide a valid account number',
  nameTaken: 'The provided name already exist',
  otpDigitsOnly: 'The code must contain digits only',
} as const;

export const PASSWORD_MIN_LENGTH = 8;

/** '{label} is required', or 'This field is required' without a label. */
export function requiredMessage(label?: string): string {
  return `${label ?? 'This field'} is required`;
}

/** A trimmed, non-empty string; empty or missing gives '{label or This field} is required'. */
export function requiredText(label?: string) {
  const message = requiredMessage(label);
  return z.string({ error: message }).trim().min(1, { error: message });
}

/** A required array: missing or empty gives '{label or This field} is required'. */
export function requiredArray<T extends z.ZodType>(item: T, label?: string) {
  const message = requiredMessage(label);
  return z.array(item, { error: message }).min(1, { error: message });
}

// Deliberately plain: one @, no spaces, a dot in the domain. Stricter rules reject real addresses.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const email = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, { error: MESSAGES.emailRequired })
  .regex(EMAIL_PATTERN, { error: MESSAGES.emailInvalid });

export const password = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, { error: MESSAGES.passwordRequired })
  .min(PASSWORD_MIN_LENGTH, { error: MESSAGES.passwordTooShort });

// https optional, a domain or localhost, optional port and path (docs/product.md §5).
const URL_PATTERN = /^(https?:\/\/)?(localhost|([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,})(:\d{1,5})?(\/[^\s]*)?$/i;

/** Optional url: empty is fine, anything else must look like a url. */
export const optionalUrl = z
  .string()
  .trim()
  .refine((value) => value === '' || URL_PATTERN.test(value), { error: MESSAGES.urlInvalid })
  .optional();

/** Required full url: must start with http:// or https://. */
export const fullUrl = z
  .string({ error: MESSAGES.urlRequired })
  .trim()
  .min(1, { error: MESSAGES.urlRequired })
  .refine((value) => /^https?:\/\//i.test(value) && URL_PATTERN.test(value), { error: MESSAGES.urlInvalid });

/** State Tax ID: begins with N or C (either case), then an optional dash and a digit (docs/product.md §5). */
export const TAX_ID_PATTERN = /^[NC]-?\d/i;

export const taxId = z
  .string({ error: MESSAGES.fieldRequired })
  .trim()
  .min(1, { error: MESSAGES.fieldRequired })
  .regex(TAX_ID_PATTERN, { error: MESSAGES.taxIdInvalid });

/**
 * A Tax ID a revenue service registers or a WHT payee holds: a state payer ID as above, or the
 * 13-digit national Tax ID (NTAA 2025 s.4–8), which the Nigeria Revenue Service knows companies by.
 * The agency decides whether it holds it.
 */
export const registeredTaxId = z
  .string({ error: MESSAGES.fieldRequired })
  .trim()
  .min(1, { error: MESSAGES.fieldRequired })
  .refine((value) => TAX_ID_PATTERN.test(value) || /^\d{13}$/.test(value), { error: MESSAGES.taxIdInvalid });

/** Account number: the first 10 characters are digits (docs/product.md §5). */
export const accountNumber = z
  .string({ error: MESSAGES.fieldRequired })
  .trim()
  .regex(/^\d{10}/, { error: MESSAGES.accountNumberInvalid });

/** A name that must be unique: not empty here; uniqueness (lowercase, trimmed) is the server's. */
export function uniqueName(label = 'Name') {
  return requiredText(label);
}

/** Compares names the way uniqueness is judged: lowercase and trimmed. */
export function normaliseName(name: string): string {
  return name.trim().toLowerCase();
}

/** OTP input accepts digits only. */
export const otp = z
  .string({ error: requiredMessage('Code') })
  .trim()
  .min(1, { error: requiredMessage('Code') })
  .regex(/^\d+$/, { error: MESSAGES.otpDigitsOnly });

/** Field → first message, the shape of INVALID_INPUT data (docs/product.md §8). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.join('.') : 'input';
    fields[key] ??= issue.message;
  }
  return fields;
}
