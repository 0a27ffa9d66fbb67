import {
  ACCOUNT_PERMISSIONS,
  ADMIN_PERMISSIONS,
  MEMBER_PERMISSIONS,
  splitPermission,
  STAFF_PERMISSIONS,
  type Permission,
  type Permissions,
} from '@levy/contracts';

// Who holds which permission is the catalogue in @levy/contracts (permissions.ts); here, the
// caller's map is built from it by user type and role.
const ALL_PERMISSIONS = [
  ...new Set([...ACCOUNT_PERMISSIONS, ...MEMBER_PERMISSIONS, ...ADMIN_PERMISSIONS, ...STAFF_PERMISSIONS]),
];

export const ROLE_CODES = { admin: 'user.admin', member: 'user.member' } as const;
export const USER_TYPES = { staff: { id: 1, code: 'staff' }, customer: { id: 7, code: 'customer' } } as const;

/** The few maps there are (user type × role), built once: every authenticated call needs one. */
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
  let granted: readonly Permission[];
  if (input.userTypeCode === USER_TYPES.staff.code) granted = STAFF_PERMISSIONS;
  else if (input.roleCode === ROLE_CODES.admin)
    granted = [...ACCOUNT_PERMISSIONS, ...MEMBER_PERMISSIONS, ...ADMIN_PERMISSIONS];
  else if (input.roleCode === ROLE_CODES.member) granted = [...ACCOUNT_PERMISSIONS, ...MEMBER_PERMISSIONS];
  else granted = ACCOUNT_PERMISSIONS;
  const allowed = new Set<Permission>(granted);
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
