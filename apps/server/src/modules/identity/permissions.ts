import { APPROVE_BILLS_PERMISSION, splitPermission, type Permissions } from '@levy/contracts';

/**
 * The permission catalogue (product-spec §2, §6): every permission string a route or button uses,
 * and who holds it. Strings split at their first hyphen into area and action.
 */

/** Held by every signed-in customer, with or without an organisation. */
const ACCOUNT = [
  'auth-accountuser.getone',
  'auth-accountuser.update',
  'auth-organisation.create',
  'auth-organisation.acceptinvitation',
];

/** Held by every active member of an organisation: user.member "can only carry out the functions". */
const MEMBER = [
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
];

/**
 * Only user.admin: "can manage organization settings and carry out all functions", and what moves
 * money or deletes data outside a bill (a state's Tax ID and registration) or approves a bill.
 */
const ADMIN = [
  'core-internal.corporation.updatestate',
  'core-internal.corporation.removestate',
  APPROVE_BILLS_PERMISSION,
  'auth-organisation.update',
  'auth-organisation.updateidentity',
  'auth-organisation.updatesettings',
  'auth-organisation.completekyc',
  'auth-organisation.inviteuser',
  'auth-organisation.updateuser',
  'auth-organisation.removeuser',
];

/** Platform staff: every organisation's corporations, read-only, and nothing else. */
const STAFF = ['auth-accountuser.getone', 'auth-accountuser.update', 'core-internal.corporation.getall', 'core-internal.corporation.getone'];

export const ALL_PERMISSIONS = [...new Set([...ACCOUNT, ...MEMBER, ...ADMIN, ...STAFF])];

export const ROLE_CODES = { admin: 'user.admin', member: 'user.member' } as const;
export const USER_TYPES = { staff: { id: 1, code: 'staff' }, customer: { id: 7, code: 'customer' } } as const;

/** The few maps there are (user type × role), built once: every authenticated call needs one (issue 15). */
const builtPermissions = new Map<string, Permissions>();

/** The caller's permission map; shared between callers of the same type and role, so never changed. */
export function permissionsFor(input: { userTypeCode: string; roleCode: string | null }): Permissions {
  const key = `${input.userTypeCode}/${input.roleCode ?? ''}`;
  let map = builtPermissions.get(key);
  if (!map) {
    map = buildPermissions(input);
    builtPermissions.set(key, map);
  }
  return map;
}

function buildPermissions(input: { userTypeCode: string; roleCode: string | null }): Permissions {
  let granted: string[];
  if (input.userTypeCode === USER_TYPES.staff.code) granted = STAFF;
  else if (input.roleCode === ROLE_CODES.admin) granted = [...ACCOUNT, ...MEMBER, ...ADMIN];
  else if (input.roleCode === ROLE_CODES.member) granted = [...ACCOUNT, ...MEMBER];
  else granted = ACCOUNT;
  const allowed = new Set(granted);
  const map: Permissions = {};
  for (const permission of ALL_PERMISSIONS) {
    const { area, action } = splitPermission(permission);
    map[area] ??= {};
    map[area][action] = allowed.has(permission);
  }
  return map;
}

/** A user type's code from its id: the seeded user types are these two. */
export function userTypeCodeOf(userTypeId: number): string {
  const type = Object.values(USER_TYPES).find((candidate) => candidate.id === userTypeId);
  if (!type) throw new Error(`Unknown user type ${userTypeId}`);
  return type.code;
}
