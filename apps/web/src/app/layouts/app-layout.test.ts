import { ADMIN_PERMISSIONS, STAFF_PERMISSIONS, type Permissions } from '@levy/contracts';
import { describe, expect, it } from 'vitest';
import { EMPTY_SESSION, type SessionState } from '../../lib/session-store';
import { visibleNavEntries } from './app-layout';
import * as calls from '@levy/contracts/calls';
import * as PERMISSIONS from '@levy/contracts/permission-catalogue';

function sessionWith(permissions: string[], wallet: SessionState['wallet'] = null): SessionState {
  const map: Permissions = {};
  for (const permission of permissions) {
    const at = permission.indexOf('-');
    map[permission.slice(0, at)] = { ...map[permission.slice(0, at)], [permission.slice(at + 1)]: true };
  }
  return { ...EMPTY_SESSION, token: 't', permissions: map, wallet };
}

const MEMBER = [
  calls.getOrganisation.permission,
  calls.listTeamMembers.permission,
  PERMISSIONS.viewProfile,
  calls.listCorporations.permission,
  calls.listOrganisationWalletHistory.permission,
];
const labels = (session: SessionState) => visibleNavEntries(session).map((entry) => entry.label);

describe('side navigation (docs/product.md §2)', () => {
  it('lists every entry, in the spec’s order, to a session with all their routes’ permissions', () => {
    expect(labels(sessionWith([...MEMBER, calls.listBills.permission, calls.listStatementFolders.permission]))).toEqual(
      ['Dashboard', 'Team Members', 'Corporations', 'Bills', 'Vendors', 'Transactions', 'Bank Analyser', 'Settings'],
    );
  });

  it('shows each entry only with its route’s permission', () => {
    expect(labels(sessionWith(MEMBER))).toEqual([
      'Dashboard',
      'Team Members',
      'Corporations',
      'Transactions',
      'Settings',
    ]);
  });

  it('hides Transactions when the wallet type is corporations', () => {
    expect(labels(sessionWith(MEMBER, { type: 'corporations' }))).not.toContain('Transactions');
    expect(labels(sessionWith(MEMBER, { type: 'organisation' }))).toEqual(labels(sessionWith(MEMBER)));
  });

  it('shows platform staff only what they are granted, Reference data among it', () => {
    expect(labels(sessionWith([...STAFF_PERMISSIONS]))).toEqual(['Corporations', 'Reference data', 'Settings']);
    expect(labels(sessionWith([...MEMBER, ...ADMIN_PERMISSIONS]))).not.toContain('Reference data');
  });

  it('shows nothing without permissions', () => {
    expect(labels({ ...EMPTY_SESSION })).toEqual([]);
  });
});
