import { z } from 'zod';
import { email, password, requiredText } from './validation';

export const registerUser = z.object({
  first_name: requiredText('First name'),
  last_name: requiredText('Last name'),
  email,
  password,
  phone: requiredText('Phone number').regex(/^\+?[0-9 ()-]{7,20}$/, { error: 'Phone number is not valid' }),
  marketing_source_id: z.coerce.number({ error: 'How you heard about us is required' }).int().positive(),
  /** Signing up from an invitation link proves the address, so it counts as verified. */
  invitation_token: z.string().optional(),
});
export type RegisterUser = z.infer<typeof registerUser>;

export const login = z.object({
  email,
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }),
});

export const tokenBody = z.object({ token: requiredText('Token') });

export const forgotPassword = z.object({ email });

export const resetPassword = z.object({ token: requiredText('Token'), password });

export const changePassword = z.object({
  current_password: requiredText('Current password'),
  password,
});

export const updateProfile = z.object({
  first_name: requiredText('First name'),
  last_name: requiredText('Last name'),
  phone: requiredText('Phone number').regex(/^\+?[0-9 ()-]{7,20}$/, { error: 'Phone number is not valid' }),
});

/** A map of area → action → allowed (product-spec §3, §6). */
export type Permissions = Record<string, Record<string, boolean>>;

export interface SessionUser {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  user_type: { id: number; code: string };
  role: { id: number; code: string; name: string } | null;
}

export interface SessionOrganisation {
  id: string;
  name: string | null;
  is_owner: boolean;
  is_kyc_completed: boolean;
}

export interface PendingInvitation {
  id: string;
  organisation: { id: string; name: string | null };
  role: { id: number; name: string; code: string };
  invited_at: string | null;
}

export interface SessionAlert {
  date: string;
  tax_month: string;
  state: string;
  deadline_date: string;
  start_date: string;
}

/** What login returns: the whole session of product-spec §3 (all but wallet). */
export interface SessionPayload {
  token: string;
  user: SessionUser;
  permissions: Permissions;
  kyc: { is_completed: boolean };
  organisation: SessionOrganisation | null;
  invitations: PendingInvitation[];
  alerts: SessionAlert[];
}

/**
 * Splits a permission string at its first hyphen into area and action
 * (product-spec §6: auth-organisation.getone → auth / organisation.getone).
 */
export function splitPermission(permission: string): { area: string; action: string } {
  const at = permission.indexOf('-');
  if (at < 0) return { area: permission, action: '' };
  return { area: permission.slice(0, at), action: permission.slice(at + 1) };
}

export function hasPermission(permissions: Permissions | null | undefined, permission: string): boolean {
  const { area, action } = splitPermission(permission);
  return permissions?.[area]?.[action] === true;
}
