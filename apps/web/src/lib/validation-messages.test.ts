import {
  accountNumber,
  email,
  fieldErrors,
  fullUrl,
  inviteUser,
  loginBody as login,
  optionalUrl,
  otp,
  password,
  registerUserBody as registerUser,
  requiredArray,
  requiredText,
  taxId,
  uniqueName,
  normaliseName,
  updateIdentity,
} from '@levy/contracts';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';

/** The first message a schema gives for a value, or null when the value passes. */
function messageFor(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : result.error.issues[0].message;
}

describe('validation messages the forms show (docs/product.md §5)', () => {
  it('required: "{label} is required", or "This field is required" without a label', () => {
    expect(messageFor(requiredText('First name'), '')).toBe('First name is required');
    expect(messageFor(requiredText('First name'), '   ')).toBe('First name is required');
    expect(messageFor(requiredText('First name'), undefined)).toBe('First name is required');
    expect(messageFor(requiredText(), '')).toBe('This field is required');
    expect(messageFor(requiredText('First name'), 'Ada')).toBeNull();
  });

  it('required arrays likewise', () => {
    const recipients = requiredArray(requiredText(), 'Recipients');
    expect(messageFor(recipients, [])).toBe('Recipients is required');
    expect(messageFor(recipients, undefined)).toBe('Recipients is required');
    expect(messageFor(requiredArray(requiredText()), [])).toBe('This field is required');
    expect(messageFor(recipients, ['a'])).toBeNull();
  });

  it('email', () => {
    expect(messageFor(email, '')).toBe('Email is required');
    expect(messageFor(email, undefined)).toBe('Email is required');
    expect(messageFor(email, 'ada@')).toBe('Email address is not valid');
    expect(messageFor(email, 'ada example.ng')).toBe('Email address is not valid');
    expect(messageFor(email, 'ada@example.ng')).toBeNull();
  });

  it('password: required, then 8 or more characters', () => {
    expect(messageFor(password, '')).toBe('Password is required');
    expect(messageFor(password, undefined)).toBe('Password is required');
    expect(messageFor(password, '1234567')).toBe('Password must be 8 or more characters');
    expect(messageFor(password, '12345678')).toBeNull();
  });

  it('optional url: empty is fine; https optional; domain or localhost; optional port and path', () => {
    expect(messageFor(optionalUrl, '')).toBeNull();
    expect(messageFor(optionalUrl, undefined)).toBeNull();
    expect(messageFor(optionalUrl, 'www.levy.ng')).toBeNull();
    expect(messageFor(optionalUrl, 'https://levy.ng/about')).toBeNull();
    expect(messageFor(optionalUrl, 'localhost:3000/path')).toBeNull();
    expect(messageFor(optionalUrl, 'not a url')).toBe('Url is invalid');
  });

  it('full url: required and must start with http or https', () => {
    expect(messageFor(fullUrl, '')).toBe('Url is required');
    expect(messageFor(fullUrl, 'levy.ng')).toBe('Url is invalid');
    expect(messageFor(fullUrl, 'http://levy.ng')).toBeNull();
    expect(messageFor(fullUrl, 'https://levy.ng:8443/x')).toBeNull();
  });

  it('Tax ID: N or C, an optional dash, then a digit', () => {
    expect(messageFor(taxId, '')).toBe('This field is required');
    expect(messageFor(taxId, 'X-123')).toBe('Provide a valid Tax ID');
    expect(messageFor(taxId, 'N-')).toBe('Provide a valid Tax ID');
    expect(messageFor(taxId, 'N-1234567')).toBeNull();
    expect(messageFor(taxId, 'C0012345')).toBeNull();
  });

  it('account number: the first 10 characters are digits', () => {
    expect(messageFor(accountNumber, '01234')).toBe('Provide a valid account number');
    expect(messageFor(accountNumber, 'AB12345678')).toBe('Provide a valid account number');
    expect(messageFor(accountNumber, '0123456789')).toBeNull();
  });

  it('unique name: not empty, compared lowercase and trimmed', () => {
    expect(messageFor(uniqueName('Corporation name'), ' ')).toBe('Corporation name is required');
    expect(normaliseName('  Acme LTD ')).toBe(normaliseName('acme ltd'));
  });

  it('OTP accepts digits only', () => {
    expect(messageFor(otp, '12a456')).toBe('The code must contain digits only');
    expect(messageFor(otp, '123456')).toBeNull();
  });

  it('the forms report one message per field', () => {
    const result = registerUser.safeParse({
      first_name: '',
      last_name: 'Okafor',
      email: 'bad',
      password: 'short',
      phone: '',
      marketing_source_id: '',
    });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(fieldErrors(result.error)).toMatchObject({
        first_name: 'First name is required',
        email: 'Email address is not valid',
        password: 'Password must be 8 or more characters',
        phone: 'Phone number is required',
      });
    }
    const signIn = login.safeParse({ email: '', password: '' });
    expect(signIn.success || fieldErrors(signIn.error)).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    const invite = inviteUser.safeParse({ email: 'ada@example.ng', role_id: '' });
    expect(invite.success || fieldErrors(invite.error)).toEqual({ role_id: 'Role is required' });
  });

  it('the onboarding form uses the Tax ID and url rules', () => {
    const result = updateIdentity.safeParse({
      legal_name: 'Acme Limited',
      cac_number: 'RC123456',
      business_type: 'Partnership',
      industry: 'Retail and trade',
      tax_id: 'Z1',
      address: '1 Marina, Lagos',
      state_id: '25',
      phone: '+2348012345678',
      website: 'no spaces allowed',
    });
    expect(result.success || fieldErrors(result.error)).toEqual({
      tax_id: 'Provide a valid Tax ID',
      website: 'Url is invalid',
    });
  });
});
