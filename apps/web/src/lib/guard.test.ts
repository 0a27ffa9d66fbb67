import type { Permissions } from '@levy/contracts';
import { describe, expect, it } from 'vitest';
import { decideNavigation, landingPathFor, type GuardDecision } from './guard';
import { returnPathOf, type RouteMeta } from './routes';
import * as calls from '@levy/contracts/calls';
import * as PERMISSIONS from '@levy/contracts/permission-catalogue';

const route = (name: string, access: RouteMeta['access'], extra: Partial<RouteMeta> = {}): RouteMeta => ({
  name,
  title: name,
  layout: 'app',
  access,
  ...extra,
});

const home = route('home', 'guest');
const login = route('login', 'guest');
const errorPage = route('error', 'none');
const invite = route('invite.index', 'guest', { clearsAuthentication: true });
const authenticate = route('authenticate.index', 'guest', { clearsAuthentication: true });
const start = route('start.index', { permission: calls.acceptInvitation.permission });
const onboarding = route('onboarding.index', { permission: calls.updateOrganisation.permission });
const dashboard = route('dashboard.index', { permission: calls.getOrganisation.permission });
const team = route('team.index', { permission: calls.listTeamMembers.permission });

function permissions(...granted: string[]): Permissions {
  const map: Permissions = {};
  for (const permission of granted) {
    const at = permission.indexOf('-');
    const area = permission.slice(0, at);
    map[area] = { ...map[area], [permission.slice(at + 1)]: true };
  }
  return map;
}

const ACCOUNT = [PERMISSIONS.viewProfile, calls.acceptInvitation.permission, calls.createOrganisation.permission];
const MEMBER = [...ACCOUNT, calls.getOrganisation.permission, calls.listTeamMembers.permission];
const ADMIN = [...MEMBER, calls.updateOrganisation.permission, calls.inviteMember.permission];
const organisation = (isKycCompleted: boolean) => ({
  id: 'org-1',
  name: 'Acme',
  is_owner: true,
  is_kyc_completed: isKycCompleted,
});

const visitor = { token: null, permissions: null, organisation: null, kyc: null };
const withoutOrganisation = {
  token: 't',
  permissions: permissions(...ACCOUNT),
  organisation: null,
  kyc: { is_completed: false },
};
const adminBeforeKyc = {
  token: 't',
  permissions: permissions(...ADMIN),
  organisation: organisation(false),
  kyc: { is_completed: false },
};
const adminAfterKyc = {
  token: 't',
  permissions: permissions(...ADMIN),
  organisation: organisation(true),
  kyc: { is_completed: true },
};
const memberAfterKyc = {
  token: 't',
  permissions: permissions(...MEMBER),
  organisation: { ...organisation(true), is_owner: false },
  kyc: { is_completed: true },
};
const memberBeforeKyc = {
  token: 't',
  permissions: permissions(...MEMBER),
  organisation: { ...organisation(false), is_owner: false },
  kyc: { is_completed: false },
};

const corporations = route('corporations.index', { permission: calls.listCorporations.permission });
const staff = {
  token: 't',
  permissions: permissions(PERMISSIONS.viewProfile, calls.listCorporations.permission, calls.getCorporation.permission),
  organisation: null,
  kyc: { is_completed: false },
};

const proceed: GuardDecision = { kind: 'proceed' };
const deny: GuardDecision = { kind: 'deny' };
const to = (path: string): GuardDecision => ({ kind: 'redirect', to: path });

describe('decideNavigation (docs/product.md §4)', () => {
  it.each([
    ['staff open the corporations list', corporations, staff, proceed],
    ['staff open home: the corporations list', home, staff, to('/corporations')],
    ['staff open login: the corporations list', login, staff, to('/corporations')],
    ['staff open start: refused', start, staff, deny],
    ['staff open the dashboard: refused', dashboard, staff, deny],
    ['a visitor opens home', home, visitor, proceed],
    ['a visitor opens login', login, visitor, proceed],
    ['a visitor opens an unknown path', errorPage, visitor, proceed],
    ['a visitor opens the dashboard: home', dashboard, visitor, to('/')],
    ['a visitor opens start: home', start, visitor, to('/')],
    ['a visitor opens an invitation', invite, visitor, proceed],
    ['a signed-in user opens an invitation: sign out first', invite, adminAfterKyc, { kind: 'clear-authentication' }],
    [
      'a signed-in user opens an email link: sign out first',
      authenticate,
      withoutOrganisation,
      { kind: 'clear-authentication' },
    ],
    ['no organisation, opens start', start, withoutOrganisation, proceed],
    ['no organisation, opens home: start', home, withoutOrganisation, to('/start')],
    ['no organisation, opens login: start', login, withoutOrganisation, to('/start')],
    ['no organisation, opens the dashboard: refused (no permission comes first)', dashboard, withoutOrganisation, deny],
    ['KYC completed, opens home: dashboard', home, adminAfterKyc, to('/dashboard')],
    ['KYC completed, opens login: dashboard', login, adminAfterKyc, to('/dashboard')],
    ['KYC completed, opens an unknown path: error page', errorPage, adminAfterKyc, proceed],
    ['KYC completed, opens the dashboard', dashboard, adminAfterKyc, proceed],
    ['KYC not completed, opens home', home, adminBeforeKyc, proceed],
    ['KYC not completed, admin opens the dashboard: onboarding', dashboard, adminBeforeKyc, to('/onboarding')],
    ['KYC not completed, admin opens onboarding', onboarding, adminBeforeKyc, proceed],
    ['KYC not completed, member opens the dashboard (cannot do onboarding)', dashboard, memberBeforeKyc, proceed],
    ['member opens Team Members', team, memberAfterKyc, proceed],
    ['member opens onboarding: refused', onboarding, memberAfterKyc, deny],
    ['KYC completed, owner opens start: dashboard', start, adminAfterKyc, to('/dashboard')],
    ['KYC not completed, admin opens start: onboarding', start, adminBeforeKyc, to('/onboarding')],
    ['member opens start: dashboard', start, memberAfterKyc, to('/dashboard')],
  ] as const)('%s', (_case, meta, session, expected) => {
    expect(decideNavigation(meta, session)).toEqual(expected);
  });
});

describe('a page opened signed out, kept through sign-in', () => {
  const bills = route('bills.index', { permission: calls.listBills.permission });
  it.each([
    ['a bill from an approval mail', '/bills?bill=4b1c', to('/?next=%2Fbills%3Fbill%3D4b1c')],
    ['Team Members', '/organisation', to('/?next=%2Forganisation')],
    ['the dashboard, where sign-in lands anyway: home alone', '/dashboard', to('/')],
    ['a path that would leave the app: home alone', '//evil.example/bills', to('/')],
  ] as const)('%s', (_case, requested, expected) => {
    expect(decideNavigation(bills, visitor, requested)).toEqual(expected);
  });

  it('keeps nothing for a signed-in user, who opens the page', () => {
    expect(
      decideNavigation(
        bills,
        { ...adminAfterKyc, permissions: permissions(...ADMIN, calls.listBills.permission) },
        '/bills?bill=4b1c',
      ),
    ).toEqual(proceed);
  });
});

describe('returnPathOf', () => {
  it.each([
    ['/bills?bill=4b1c', '/bills?bill=4b1c'],
    ['https://evil.example/', null],
    ['//evil.example/', null],
    ['/\\evil.example/', null],
    ['bills', null],
    ['', null],
    [null, null],
  ] as const)('%s → %s', (next, expected) => {
    expect(returnPathOf(next)).toBe(expected);
  });
});

describe('landingPathFor', () => {
  it.each([
    ['no organisation', withoutOrganisation, '/start'],
    ['admin before KYC', adminBeforeKyc, '/onboarding'],
    ['admin after KYC', adminAfterKyc, '/dashboard'],
    ['member before KYC', memberBeforeKyc, '/dashboard'],
    ['staff', staff, '/corporations'],
  ] as const)('%s → %s', (_case, session, expected) => {
    expect(landingPathFor(session)).toBe(expected);
  });
});
