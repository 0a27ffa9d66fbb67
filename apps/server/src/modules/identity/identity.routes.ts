import { changePassword, getSession, login, logout, registerUser, requestPasswordReset, resetPassword, updateProfile, verifyEmail } from '@levy/contracts';
import { defineRoute, reply } from '../../http/route';
import type { IdentityService } from './identity.service';

export function identityRoutes(identity: IdentityService) {
  return [
    defineRoute({
      contract: login,
      summary: 'Log in: returns the whole session (token, user, permissions, kyc, organisation, invitations, alerts)',
      auth: false,
      handler: ({ body, ip }) => identity.login(body.email, body.password, ip),
    }),
    defineRoute({
      contract: registerUser,
      summary: 'Sign up; sends an email-verification link (signing up from an invitation needs none)',
      auth: false,
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
      summary: 'Verify an email address with the link token; signs the user in',
      auth: false,
      handler: ({ body, ip }) => identity.verifyEmail(body.token, ip),
    }),
    defineRoute({
      contract: requestPasswordReset,
      summary: 'Send a password-reset link (the same answer whether or not the account exists)',
      auth: false,
      handler: async ({ body }) => {
        await identity.requestPasswordReset(body.email);
        return reply(null, 'If an account exists for this email, we have sent a link to reset its password.');
      },
    }),
    defineRoute({
      contract: resetPassword,
      summary: 'Set a new password with the reset-link token; signs out every session',
      auth: false,
      handler: async ({ body, ip }) => {
        await identity.resetPassword(body.token, body.password, ip);
        return reply(null, 'Your password has been changed. Log in with the new password.');
      },
    }),
    defineRoute({
      contract: logout,
      summary: 'Log out: revokes the token',
      auth: true,
      handler: async ({ caller }) => {
        await identity.logout(caller);
        return reply(null, 'Logged out.');
      },
    }),
    defineRoute({
      contract: getSession,
      summary: 'The current session (user, permissions, kyc, organisation, invitations, alerts)',
      auth: true,
      handler: ({ caller, token }) => identity.session(caller, token ?? ''),
    }),
    defineRoute({
      contract: updateProfile,
      summary: 'Update the profile (first name, last name, phone)',
      auth: { permission: 'auth-accountuser.update' },
      handler: async ({ caller, body, token }) => {
        await identity.updateProfile(caller, body);
        return reply(await identity.session(caller, token ?? ''), 'Profile updated successfully');
      },
    }),
    defineRoute({
      contract: changePassword,
      summary: 'Change the password; other sessions are signed out',
      auth: { permission: 'auth-accountuser.update' },
      handler: async ({ caller, body, ip }) => {
        await identity.changePassword(caller, body.current_password, body.password, ip);
        return reply(null, 'Password changed successfully');
      },
    }),
  ];
}
