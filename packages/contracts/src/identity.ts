import { z } from './zod';
import { alert } from './alerts';
import { defineContract } from './api';
import * as calls from './calls';
import { email, password, requiredText } from './validation';

export const registerUserBody = z.object({
  first_name: requiredText('First name'),
  last_name: requiredText('Last name'),
  email,
  password,
  phone: requiredText('Phone number').regex(/^\+?[0-9 ()-]{7,20}$/, { error: 'Phone number is not valid' }),
  marketing_source_id: z.coerce.number({ error: 'How you heard about us is required' }).int().positive(),
  /** Signing up from an invitation link proves the address, so it counts as verified. */
  invitation_token: z.string().optional(),
});
export type RegisterUser = z.infer<typeof registerUserBody>;

export const loginBody = z.object({
  email,
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }),
});

export const tokenBody = z.object({ token: requiredText('Token') });

export const forgotPassword = z.object({ email });

export const resetPasswordBody = z.object({ token: requiredText('Token'), password });

export const changePasswordBody = z.object({
  current_password: requiredText('Current password'),
  password,
});

export const updateProfileBody = z.object({
  first_name: requiredText('First name'),
  last_name: requiredText('Last name'),
  phone: requiredText('Phone number').regex(/^\+?[0-9 ()-]{7,20}$/, { error: 'Phone number is not valid' }),
});

/** A map of area → action → allowed (docs/product.md §3, §6). */
export const permissions = z.record(z.string(), z.record(z.string(), z.boolean()));
export type Permissions = z.infer<typeof permissions>;

export const sessionUser = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string(),
  user_type: z.object({ id: z.number(), code: z.string() }),
  role: z.object({ id: z.number(), code: z.string(), name: z.string() }).nullable(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const sessionOrganisation = z.object({
  id: z.string(),
  name: z.string().nullable(),
  is_owner: z.boolean(),
  is_kyc_completed: z.boolean(),
});
export type SessionOrganisation = z.infer<typeof sessionOrganisation>;

export const pendingInvitation = z.object({
  id: z.string(),
  organisation: z.object({ id: z.string(), name: z.string().nullable() }),
  role: z.object({ id: z.number(), name: z.string(), code: z.string() }),
  invited_at: z.string().nullable(),
});
export type PendingInvitation = z.infer<typeof pendingInvitation>;

/** The session's alerts are the alerts call's (docs/product.md §3 fields plus corporation, kind and timing). */
export const sessionAlert = alert;
export type SessionAlert = z.infer<typeof sessionAlert>;

/** What login returns: the whole session of docs/product.md §3 (all but wallet). */
export const sessionPayload = z.object({
  token: z.string(),
  user: sessionUser,
  permissions,
  kyc: z.object({ is_completed: z.boolean() }),
  organisation: sessionOrganisation.nullable(),
  invitations: z.array(pendingInvitation),
  alerts: z.array(sessionAlert),
});
export type SessionPayload = z.infer<typeof sessionPayload>;

/** Sign-up: from an invitation link the session is opened at once; otherwise a link is mailed. */
export const registration = z.object({
  email: z.string(),
  requires_verification: z.boolean(),
  session: sessionPayload.nullable(),
});
export type Registration = z.infer<typeof registration>;

/** A call that answers with a message and no data. */
export const noData = z.null();

export const login = defineContract(calls.login, {
  summary: 'Log in: returns the whole session (token, user, permissions, kyc, organisation, invitations, alerts)',
  body: loginBody,
  response: sessionPayload,
});
export const registerUser = defineContract(calls.registerUser, {
  summary: 'Sign up; sends an email-verification link (signing up from an invitation needs none)',
  body: registerUserBody,
  response: registration,
});
export const verifyEmail = defineContract(calls.verifyEmail, {
  summary: 'Verify an email address with the link token; signs the user in',
  body: tokenBody,
  response: sessionPayload,
});
export const requestPasswordReset = defineContract(calls.requestPasswordReset, {
  summary: 'Send a password-reset link (the same answer whether or not the account exists)',
  body: forgotPassword,
  response: noData,
});
export const resetPassword = defineContract(calls.resetPassword, {
  summary: 'Set a new password with the reset-link token; signs out every session',
  body: resetPasswordBody,
  response: noData,
});
export const logout = defineContract(calls.logout, { summary: 'Log out: revokes the token', response: noData });
export const getSession = defineContract(calls.getSession, {
  summary: 'The current session (user, permissions, kyc, organisation, invitations, alerts)',
  response: sessionPayload,
});
export const updateProfile = defineContract(calls.updateProfile, {
  summary: 'Update the profile (first name, last name, phone)',
  body: updateProfileBody,
  response: sessionPayload,
});
export const changePassword = defineContract(calls.changePassword, {
  summary: 'Change the password; other sessions are signed out',
  body: changePasswordBody,
  response: noData,
});
