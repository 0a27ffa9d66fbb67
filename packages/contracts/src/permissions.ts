// Permission checks, without zod at run time: the web app's route guard runs them on every page
// (the home page loads no schema library).
import * as PERMISSIONS from './permission-catalogue';

/**
 * Splits a permission string at its first hyphen into area and action
 * (docs/product.md §6: auth-organisation.getone → auth / organisation.getone).
 */
export function splitPermission(permission: string): { area: string; action: string } {
  const at = permission.indexOf('-');
  if (at < 0) return { area: permission, action: '' };
  return { area: permission.slice(0, at), action: permission.slice(at + 1) };
}

/** The session's permission map, area by action (the `permissions` of `sessionPayload`). */
type PermissionMap = Readonly<Record<string, Readonly<Record<string, boolean>>>>;

export function hasPermission(permissions: PermissionMap | null | undefined, permission: string): boolean {
  const { area, action } = splitPermission(permission);
  return permissions?.[area]?.[action] === true;
}

/**
 * The permission catalogue (`permission-catalogue.ts`): a call's declaration (`calls.ts`) names the
 * permission it needs, a screen of the web app names the one that opens it, and the lists below say
 * who holds which.
 */
export type Permission = (typeof PERMISSIONS)[keyof typeof PERMISSIONS];

/** Held by every signed-in customer, with or without an organisation. */
export const ACCOUNT_PERMISSIONS = [
  PERMISSIONS.viewProfile,
  PERMISSIONS.updateProfile,
  PERMISSIONS.createOrganisation,
  PERMISSIONS.acceptInvitation,
] as const;

/** Held by every active member of an organisation: user.member "can only carry out the functions". */
export const MEMBER_PERMISSIONS = [
  PERMISSIONS.viewOrganisation,
  PERMISSIONS.listMembers,
  PERMISSIONS.viewIdentity,
  PERMISSIONS.viewSettings,
  PERMISSIONS.viewSummary,
  PERMISSIONS.listRoles,
  PERMISSIONS.listStates,
  PERMISSIONS.listCorporations,
  PERMISSIONS.viewCorporation,
  PERMISSIONS.createCorporation,
  PERMISSIONS.updateCorporation,
  PERMISSIONS.verifyStateTaxId,
  PERMISSIONS.addState,
  PERMISSIONS.requestConsent,
  PERMISSIONS.verifyConsent,
  PERMISSIONS.uploadPayroll,
  PERMISSIONS.viewPayroll,
  PERMISSIONS.viewCorporationWallets,
  PERMISSIONS.viewCorporationWalletHistory,
  PERMISSIONS.viewWallets,
  PERMISSIONS.viewWalletHistory,
  PERMISSIONS.viewChecklist,
  PERMISSIONS.simulateFunding,
  PERMISSIONS.viewBills,
  PERMISSIONS.calculateCharge,
  PERMISSIONS.createPayeBill,
  PERMISSIONS.createWhtBill,
  PERMISSIONS.cancelBill,
  PERMISSIONS.sendCreditNotes,
  PERMISSIONS.updateVendors,
  PERMISSIONS.listFolders,
  PERMISSIONS.viewFolder,
  PERMISSIONS.viewRecord,
  PERMISSIONS.viewStatement,
  PERMISSIONS.createFolder,
  PERMISSIONS.updateFolder,
  PERMISSIONS.deleteFolder,
  PERMISSIONS.createRecord,
  PERMISSIONS.updateRecord,
  PERMISSIONS.deleteRecord,
  PERMISSIONS.uploadStatement,
  PERMISSIONS.updateStatement,
  PERMISSIONS.deleteStatement,
] as const;

/**
 * Only user.admin: "can manage organization settings and carry out all functions", and what moves
 * money or deletes data outside a bill (a state's Tax ID and registration) or approves a bill that
 * waits, or files a return with the revenue service in the organisation's name.
 */
export const ADMIN_PERMISSIONS = [
  PERMISSIONS.updateState,
  PERMISSIONS.removeState,
  PERMISSIONS.approveBills,
  PERMISSIONS.withdrawFromWallet,
  PERMISSIONS.submitAnnualReturn,
  PERMISSIONS.updateOrganisation,
  PERMISSIONS.updateIdentity,
  PERMISSIONS.updateSettings,
  PERMISSIONS.completeKyc,
  PERMISSIONS.inviteMembers,
  PERMISSIONS.changeMemberRoles,
  PERMISSIONS.removeMembers,
] as const;

/** Platform staff: every organisation's corporations, read-only, and the dated reference tables the engine reads. */
export const STAFF_PERMISSIONS = [
  PERMISSIONS.viewProfile,
  PERMISSIONS.updateProfile,
  PERMISSIONS.listCorporations,
  PERMISSIONS.viewCorporation,
  PERMISSIONS.manageReferenceData,
] as const;
