import {
  changePassword,
  getSession,
  login,
  logout,
  registerUser,
  requestPasswordReset,
  resetPassword,
  updateProfile,
  verifyEmail,
} from '@levy/contracts';
import { defineRoute, reply } from '../../http/route';
import type { IdentityService } from './identity.service';

export function identityRoutes(identity: IdentityService) {
  return [
    defineRoute({
      contract: login,
      handler: ({ body, ip }) => identity.login(body.email, body.password, ip),
    }),
    defineRoute({
      contract: registerUser,
      handler: async ({ body, ip }) => {
        const result = await identity.register(body, ip);
        return reply(
          result,
          result.requires_verification ? `We have sent a verification link to ${result.email}.` : 'Account created.',
        );
      },
    }),
    defineRoute({
      contract: verifyEmail,
      handler: ({ body, ip }) => identity.verifyEmail(body.token, ip),
    }),
    defineRoute({
      contract: requestPasswordReset,
      handler: async ({ body }) => {
        await identity.requestPasswordReset(body.email);
        return reply(null, 'If an account exists for this email, we have sent a link to reset its password.');
      },
    }),
    defineRoute({
      contract: resetPassword,
      handler: async ({ body, ip }) => {
        await identity.resetPassword(body.token, body.password, ip);
        return reply(null, 'Your password has been changed. Log in with the new password.');
      },
    }),
    defineRoute({
      contract: logout,
      handler: async ({ caller }) => {
        await identity.logout(caller);
        return reply(null, 'Logged out.');
      },
    }),
    defineRoute({
      contract: getSession,
      handler: ({ caller, token }) => identity.session(caller, token ?? ''),
    }),
    defineRoute({
      contract: updateProfile,
      handler: async ({ caller, body, token }) => {
        await identity.updateProfile(caller, body);
        return reply(await identity.session(caller, token ?? ''), 'Profile updated successfully');
      },
    }),
    defineRoute({
      contract: changePassword,
      handler: async ({ caller, body, ip }) => {
        await identity.changePassword(caller, body.current_password, body.password, ip);
        return reply(null, 'Password changed successfully');
      },
    }),
  ];
}
