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

/**
 * The permission catalogue (product-spec §2, §6): every permission string, written here once, and
 * who holds it. A call names its permission in `calls.ts`; the server grants these lists by role,
 * and the web asks `calls.x.permission`.
 */

/** Held by every signed-in customer, with or without an organisation. */
export const ACCOUNT_PERMISSIONS = [
  'auth-accountuser.getone',
  'auth-accountuser.update',
  'auth-organisation.create',
  'auth-organisation.acceptinvitation',
] as const;

/** Held by every active member of an organisation: user.member "can only carry out the functions". */
export const MEMBER_PERMISSIONS = [
  'auth-organisation.getone',
  'auth-organisation.getorganisationusers',
  'auth-organisation.getidentity',
  'auth-organisation.getsettings',
  'auth-organisation.getsummary',
  'auth-roles.getall',
  'core-internal.state.getall',
  'core-internal.corporation.getall',
  'core-internal.corporation.getone',
  'core-internal.corporation.create',
  'core-internal.corporation.update',
  'core-internal.corporation.verifystate',
  'core-internal.corporation.addstate',
  'core-internal.corporation.sendstateconsentotp',
  'core-internal.corporation.verifyconsent',
  'core-internal.corporation.uploadpayroll',
  'core-internal.corporation.getemployees',
  'core-internal.corporation.getwallets',
  'core-internal.corporation.fetchwallethistory',
  'core-internal.organisation.getwallets',
  'core-internal.organisation.fetchwallethistory',
  'core-internal.organisation.getchecklist',
  'core-internal.wallet.simulatefunding',
  'core-internal.bill.getall',
  'core-internal.bill.calccharge',
  'core-internal.bill.createpayebill',
  'core-internal.bill.createwhtbill',
  'core-internal.bill.cancel',
  'bank.statement-folder.getall',
  'bank.statement-folder.getone',
  'bank.statement-record.getone',
  'bank.statement-statement.getalltransactions',
  'bank.statement-folder.create',
  'bank.statement-folder.update',
  'bank.statement-folder.delete',
  'bank.statement-record.create',
  'bank.statement-record.update',
  'bank.statement-record.delete',
  'bank.statement-statement.create',
  'bank.statement-statement.update',
  'bank.statement-statement.delete',
] as const;

/**
 * Only user.admin: "can manage organization settings and carry out all functions", and what moves
 * money or deletes data outside a bill (a state's Tax ID and registration) or approves a bill that
 * waits (issue 22).
 */
export const ADMIN_PERMISSIONS = [
  'core-internal.corporation.updatestate',
  'core-internal.corporation.removestate',
  'core-internal.bill.approve',
  'auth-organisation.update',
  'auth-organisation.updateidentity',
  'auth-organisation.updatesettings',
  'auth-organisation.completekyc',
  'auth-organisation.inviteuser',
  'auth-organisation.updateuser',
  'auth-organisation.removeuser',
] as const;

/** Platform staff: every organisation's corporations, read-only, and nothing else. */
export const STAFF_PERMISSIONS = [
  'auth-accountuser.getone',
  'auth-accountuser.update',
  'core-internal.corporation.getall',
  'core-internal.corporation.getone',
] as const;

export type Permission = (typeof ACCOUNT_PERMISSIONS | typeof MEMBER_PERMISSIONS | typeof ADMIN_PERMISSIONS | typeof STAFF_PERMISSIONS)[number];

/** Creating a WHT bill: the bill call's own permission covers PAYE, and WHT needs this one as well. */
export const CREATE_WHT_BILL_PERMISSION: Permission = 'core-internal.bill.createwhtbill';
