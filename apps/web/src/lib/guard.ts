import { hasPermission } from '@levy/contracts';
import { isKycCompleted, type SessionState } from './session-store';
import {
  JOIN_ORGANISATION_PERMISSION,
  linkTo,
  ONBOARDING_PERMISSION,
  permissionOf,
  returnPathOf,
  withReturnPath,
  type RouteMeta,
} from './routes';

export const ACCESS_DENIED_MESSAGE = 'You are not authorized to view the requested page.';

export type GuardDecision =
  { kind: 'proceed' } | { kind: 'clear-authentication' } | { kind: 'redirect'; to: string } | { kind: 'deny' };

type GuardSession = Pick<SessionState, 'token' | 'permissions' | 'organisation' | 'kyc'>;

/**
 * Platform staff belong to no organisation and cannot join one: the start page is not for them.
 * Their place is the corporations list of every organisation (docs/product.md "Identity and organisation").
 */
function isStaff(session: GuardSession): boolean {
  return (
    Boolean(session.token) && !session.organisation && !hasPermission(session.permissions, JOIN_ORGANISATION_PERMISSION)
  );
}

/**
 * The navigation guard of docs/product.md §4, in the spec's order. Pure, so every case is a row
 * in a table test. `requested`: the path and query being opened, kept through sign-in.
 */
export function decideNavigation(route: RouteMeta, session: GuardSession, requested?: string): GuardDecision {
  if (route.clearsAuthentication) return session.token ? { kind: 'clear-authentication' } : { kind: 'proceed' };

  const permission = permissionOf(route);
  const isSignedIn = Boolean(session.token);
  if (permission) {
    // Home, as docs/product.md says, keeping the page asked for (a link in a mail) for after sign-in;
    // the dashboard is where sign-in lands anyway.
    if (!isSignedIn)
      return {
        kind: 'redirect',
        to: withReturnPath(linkTo('home'), requested === linkTo('dashboard.index') ? null : returnPathOf(requested)),
      };
    if (!hasPermission(session.permissions, permission)) return { kind: 'deny' };
  }
  if (isStaff(session))
    return route.access === 'guest' ? { kind: 'redirect', to: linkTo('corporations.index') } : { kind: 'proceed' };
  if (isSignedIn && !session.organisation && route.name !== 'start.index') {
    return { kind: 'redirect', to: linkTo('start.index') };
  }
  // The start page is for someone without an organisation (docs/product.md "Identity and organisation"): a member
  // already has one, and creating another from there would lose the way back to it.
  if (route.name === 'start.index' && session.organisation) {
    return { kind: 'redirect', to: landingPathFor(session) };
  }
  if (isSignedIn && isKycCompleted(session) && route.access === 'guest') {
    return { kind: 'redirect', to: linkTo('dashboard.index') };
  }
  // The dashboard sends the user to onboarding while KYC is not completed — when they may do it;
  // a member who cannot sees the dashboard instead of bouncing off a page they may not open.
  if (
    route.name === 'dashboard.index' &&
    session.organisation &&
    !isKycCompleted(session) &&
    hasPermission(session.permissions, ONBOARDING_PERMISSION)
  ) {
    return { kind: 'redirect', to: linkTo('onboarding.index') };
  }
  return { kind: 'proceed' };
}

/** Where a freshly signed-in user belongs. */
export function landingPathFor(session: GuardSession): string {
  if (isStaff(session)) return linkTo('corporations.index');
  if (!session.organisation) return linkTo('start.index');
  if (!isKycCompleted(session) && hasPermission(session.permissions, ONBOARDING_PERMISSION))
    return linkTo('onboarding.index');
  return linkTo('dashboard.index');
}
