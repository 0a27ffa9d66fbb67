import { describe, expect, it } from 'vitest';
import { findRoute, linkTo, PAGE_ROUTES, ROUTES, type RouteName } from './routes';
import * as calls from '@levy/contracts/calls';
import * as PERMISSIONS from '@levy/contracts/permission-catalogue';

describe('route table (docs/product.md §2)', () => {
  it.each([
    ['login', '/login', 'Login', 'guest', 'onboarding'],
    ['register', '/register', 'Signup', 'guest', 'onboarding'],
    ['invite.index', '/invite/:ott', 'Invitation', 'guest', 'onboarding'],
    ['authenticate.index', '/authenticate', 'Authenticate', 'guest', 'onboarding'],
    ['start.index', '/start', 'Get started', calls.acceptInvitation.permission, 'onboarding'],
    ['onboarding.index', '/onboarding', 'Onboarding', calls.updateOrganisation.permission, 'onboarding'],
    ['dashboard.index', '/dashboard', 'Dashboard', calls.getOrganisation.permission, 'app'],
    ['team.index', '/organisation', 'Team Members', calls.listTeamMembers.permission, 'app'],
    ['settings.index', '/settings/:tab?', 'Settings', PERMISSIONS.viewProfile, 'app'],
    ['analyser.index', '/analyser', 'Bank Analyser', calls.listStatementFolders.permission, 'app'],
    ['analyser.folders.folder', '/analyser/folders/:id', 'Folder', calls.getStatementFolder.permission, 'app'],
    ['analyser.records.record', '/analyser/records/:id', 'Bank account', calls.getStatementRecord.permission, 'app'],
    [
      'analyser.records.statement',
      '/analyser/records/:id/statement/:statementId',
      'Statement',
      calls.getStatement.permission,
      'app',
    ],
    [
      'analyser.records.statement.extract',
      '/analyser/records/:id/statement/:statementId/extract',
      'Extraction',
      calls.getStatement.permission,
      'app',
    ],
    // The error page frames itself: onboarding for visitors, the app layout for a signed-in member.
    ['error', '*', 'Page not found', 'none', 'none'],
  ] satisfies Array<[RouteName, string, string, string, string]>)(
    '%s: %s, %s, %s, %s layout',
    (name, path, title, access, layout) => {
      const route = findRoute(name);
      expect(route).toMatchObject({ path, title, layout });
      expect(typeof route.access === 'object' ? route.access.permission : route.access).toBe(access);
    },
  );

  it('home is a guest page without a layout', () => {
    expect(findRoute('home')).toMatchObject({ path: '/', access: 'guest', layout: 'none' });
  });

  it('/calculator redirects home', () => {
    expect(ROUTES).toContainEqual({ path: '/calculator', redirectTo: '/' });
  });

  it('invite and authenticate sign out whoever is signed in first', () => {
    expect(
      PAGE_ROUTES.filter((route) => route.clearsAuthentication)
        .map((route) => route.name)
        .sort(),
    ).toEqual(['authenticate.index', 'invite.index']);
  });

  it('has one route per name, and the unknown-path route last so it never hides another', () => {
    const names = PAGE_ROUTES.map((route) => route.name);
    expect(new Set(names).size).toBe(names.length);
    expect(ROUTES.at(-1)).toMatchObject({ name: 'error', path: '*' });
    expect(ROUTES.filter((route) => route.path === '/register')).toHaveLength(1);
  });

  it('widens the container to 90% on the analyser record routes only', () => {
    expect(PAGE_ROUTES.filter((route) => route.wide).map((route) => route.name)).toEqual([
      'analyser.records.record',
      'analyser.records.statement',
      'analyser.records.statement.extract',
    ]);
  });

  it('links drop optional parameters', () => {
    expect(linkTo('settings.index')).toBe('/settings');
    expect(linkTo('team.index')).toBe('/organisation');
  });

  it('types the names: a misspelt one does not compile', () => {
    // @ts-expect-error 'setting.index' is not a route name.
    const misspelt: RouteName = 'setting.index';
    expect(PAGE_ROUTES.map((route) => route.name)).not.toContain(misspelt);
  });
});
