// Permission checks, without zod at run time: the web app's route guard runs them on every page
// (issue 15: the home page loads no schema library).
import type { Permissions } from './identity';

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

/** Held by admins: approve or decline a bill that waits, and cancel a payment the agency has not accepted (issue 22). */
export const APPROVE_BILLS_PERMISSION = 'core-internal.bill.approve';
