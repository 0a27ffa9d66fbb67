import type { PendingInvitation, RegisterUser, SessionPayload } from '@levy/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { AppError, invalidInput } from '../../errors';
import type { Caller } from '../../http/route';
import { recordAudit } from '../audit/audit.service';
import type { MailService } from '../mail/mail.service';
import type { ActiveMembership, TeamService } from './team.service';
import * as repo from './identity.repo';
import { permissionsFor, USER_TYPES, userTypeCodeOf } from './permissions';
import { hashPassword, hashToken, newToken, verifyPassword } from './secrets';

const VERIFY_EMAIL_HOURS = 48;
const RESET_PASSWORD_MINUTES = 60;
/** Sign-in attempts: 5 failures per email or 20 per address in 15 minutes (OWASP guidance). */
const LOGIN_WINDOW_MINUTES = 15;
const MAX_FAILURES_PER_EMAIL = 5;
const MAX_FAILURES_PER_ADDRESS = 20;
/** lastSeenAt is written at most once a minute, not on every call. */
const TOUCH_INTERVAL_MS = 60_000;

export const WRONG_CREDENTIALS = 'The email or password is incorrect.';

export interface IdentityDeps {
  db: Db;
  config: Config;
  mail: MailService;
  /** Pending invitations for an email; owned by the team module. */
  findPendingInvitations(executor: Db, email: string): Promise<PendingInvitation[]>;
  /** Whether an invitation token is live and addressed to this email; owned by the team module. */
  isInvitationFor(executor: Db, token: string, email: string): Promise<boolean>;
  /** The membership a session works in: the one chosen, else the latest active; owned by the team module. */
  activeMembership(executor: Db, userId: string, organisationId: string | null): Promise<ActiveMembership | null>;
  /** The same for the caller lookup: a subquery of the session's statement, and its row described; owned by the team module. */
  sessionMembership: TeamService['sessionMembership'];
  /** An organisation's name and KYC state, for the session; owned by the organisations module. */
  organisationCard(executor: Db, organisationId: string): Promise<{ name: string | null; isKycCompleted: boolean }>;
  /** The tax alerts of an organisation (owned by the alerts module): the session's `alerts`. */
  alertsFor(organisationId: string): Promise<SessionPayload['alerts']>;
}

function minutesFromNow(minutes: number): Date {
  return new Date(Date.now() + minutes * 60_000);
}

// The functions below need nothing but the executor they are given: team and organisations use
// them, and the identity service is built after those (its session reads the team's memberships).

/** Points a session at an organisation its user just created or joined. */
export function switchSessionOrganisation(executor: Db, sessionId: string, organisationId: string): Promise<void> {
  return repo.setSessionOrganisation(executor, sessionId, organisationId);
}

/** Names and emails of users, for modules that show people (team lists, organisation owners, bill approvers). */
export function usersByIds(executor: Db, userIds: string[]) {
  return repo.findUsersByIds(executor, userIds);
}

/** Whether someone has an account under this email (an invitation link says so). */
export async function hasAccount(executor: Db, email: string): Promise<boolean> {
  return Boolean(await repo.findUserByEmail(executor, email));
}

export function createIdentityService(deps: IdentityDeps) {
  const { db, config, mail } = deps;

  async function findUserByEmail(executor: Db, email: string) {
    return (await repo.findUserByEmail(executor, email)) ?? null;
  }

  const { activeMembership } = deps;
  const findLiveSession = repo.liveSessionQuery(deps.sessionMembership.subquery);

  async function sendVerificationMail(executor: Db, user: { id: string; email: string; firstName: string }) {
    const token = newToken();
    await repo.insertUserToken(executor, {
      tokenHash: hashToken(token),
      purpose: 'verify_email',
      userId: user.id,
      expiresAt: minutesFromNow(VERIFY_EMAIL_HOURS * 60),
    });
    const link = `${config.appUrl}/authenticate?token=${token}&purpose=verify_email`;
    await mail.enqueue(executor, {
      to: user.email,
      subject: 'Verify your email address for Levy',
      text:
        `Hello ${user.firstName},\n\nConfirm your email address to start using Levy:\n${link}\n\nThe link works once and expires in ` +
        `${VERIFY_EMAIL_HOURS} hours.`,
      links: [link],
    });
  }

  /** Opens a session for the user and returns the whole session payload. */
  async function openSession(executor: Db, userId: string, ip: string | null): Promise<SessionPayload> {
    const membership = await activeMembership(executor, userId, null);
    const token = newToken();
    await repo.insertSession(executor, {
      tokenHash: hashToken(token),
      userId,
      organisationId: membership?.organisationId ?? null,
      ipAddress: ip,
    });
    return buildSession(executor, userId, membership?.organisationId ?? null, token);
  }

  async function buildSession(
    executor: Db,
    userId: string,
    organisationId: string | null,
    token: string,
  ): Promise<SessionPayload> {
    const user = (await repo.findUserById(executor, userId))!;
    const userTypeCode = userTypeCodeOf(user.userTypeId);
    const membership = await activeMembership(executor, userId, organisationId);
    const organisation = membership ? await deps.organisationCard(executor, membership.organisationId) : null;
    const invitations = membership ? [] : await deps.findPendingInvitations(executor, user.email);
    return {
      token,
      user: {
        id: user.id,
        first_name: user.firstName,
        last_name: user.lastName,
        email: user.email,
        phone: user.phone,
        user_type: { id: user.userTypeId, code: userTypeCode },
        role: membership ? membership.role : null,
      },
      permissions: permissionsFor({ userTypeCode, roleCode: membership?.role.code ?? null }),
      kyc: { is_completed: organisation?.isKycCompleted ?? false },
      organisation:
        membership && organisation
          ? {
              id: membership.organisationId,
              name: organisation.name,
              is_owner: membership.ownerUserId === userId,
              is_kyc_completed: organisation.isKycCompleted,
            }
          : null,
      invitations,
      // Filled by withAlerts once any transaction has committed: the alerts read on their own connection.
      alerts: [],
    };
  }

  /** The session with its organisation's tax alerts, read outside any transaction (PGlite has one connection). */
  async function withAlerts(session: SessionPayload): Promise<SessionPayload> {
    return session.organisation ? { ...session, alerts: await deps.alertsFor(session.organisation.id) } : session;
  }

  async function consumeUserToken(executor: Db, token: string, purpose: 'verify_email' | 'reset_password') {
    const row = await repo.findUserTokenForUpdate(executor, hashToken(token), purpose);
    const expired =
      purpose === 'verify_email'
        ? 'This verification link has expired or was already used.'
        : 'This reset link has expired or was already used.';
    if (!row || row.usedAt || row.expiresAt.getTime() < Date.now()) throw invalidInput({ token: expired });
    await repo.markUserTokenUsed(executor, row.id);
    return row;
  }

  return {
    async register(input: RegisterUser, ip: string | null) {
      const passwordHash = await hashPassword(input.password);
      const registered = await db.transaction(async (tx) => {
        if (await findUserByEmail(tx, input.email)) {
          throw new AppError('CONFLICT', 'An account with this email address already exists. Log in instead.', {
            email: 'An account with this email address already exists.',
          });
        }
        const viaInvitation = input.invitation_token
          ? await deps.isInvitationFor(tx, input.invitation_token, input.email)
          : false;
        const user = await repo.insertUser(tx, {
          firstName: input.first_name,
          lastName: input.last_name,
          email: input.email.trim(),
          phone: input.phone,
          passwordHash,
          userTypeId: USER_TYPES.customer.id,
          marketingSourceId: input.marketing_source_id,
          emailVerifiedAt: viaInvitation ? new Date() : null,
        });
        await recordAudit(tx, {
          organisationId: null,
          actorUserId: user.id,
          action: 'user.registered',
          resourceType: 'user',
          resourceId: user.id,
          ipAddress: ip,
        });
        if (viaInvitation)
          return { email: user.email, requires_verification: false, session: await openSession(tx, user.id, ip) };
        await sendVerificationMail(tx, user);
        return { email: user.email, requires_verification: true, session: null };
      });
      return registered.session ? { ...registered, session: await withAlerts(registered.session) } : registered;
    },

    async verifyEmail(token: string, ip: string | null): Promise<SessionPayload> {
      const session = await db.transaction(async (tx) => {
        const row = await consumeUserToken(tx, token, 'verify_email');
        await repo.updateUser(tx, row.userId, { emailVerifiedAt: new Date() });
        return openSession(tx, row.userId, ip);
      });
      return withAlerts(session);
    },

    async login(email: string, password: string, ip: string): Promise<SessionPayload> {
      const normalised = email.trim().toLowerCase();
      // The attempt is counted before the password is checked, so parallel guesses cannot outrun the limit.
      const attemptId = await db.transaction((tx) =>
        repo.reserveSignInAttempt(tx, {
          email: normalised,
          ipAddress: ip,
          windowMinutes: LOGIN_WINDOW_MINUTES,
          maxPerEmail: MAX_FAILURES_PER_EMAIL,
          maxPerAddress: MAX_FAILURES_PER_ADDRESS,
        }),
      );
      if (!attemptId) {
        throw new AppError(
          'RATE_LIMITED',
          `Too many failed sign-in attempts. Please wait ${LOGIN_WINDOW_MINUTES} minutes and try again, or reset your password.`,
        );
      }
      const user = await findUserByEmail(db, normalised);
      const isValid = user ? await verifyPassword(user.passwordHash, password) : false;
      if (!user || !isValid) throw invalidInput({ password: WRONG_CREDENTIALS }, WRONG_CREDENTIALS);
      if (user.userTypeId === USER_TYPES.customer.id && !user.emailVerifiedAt) {
        await db.transaction(async (tx) => {
          await repo.releaseSignInAttempt(tx, attemptId);
          await sendVerificationMail(tx, user);
        });
        throw new AppError(
          'FORBIDDEN',
          `Please verify your email address first. We have sent a new link to ${user.email}.`,
        );
      }
      const session = await db.transaction(async (tx) => {
        await repo.clearSignInFailures(tx, normalised);
        return openSession(tx, user.id, ip);
      });
      return withAlerts(session);
    },

    async logout(caller: Caller) {
      await repo.revokeSession(db, caller.sessionId);
    },

    async requestPasswordReset(email: string) {
      await db.transaction(async (tx) => {
        const user = await findUserByEmail(tx, email);
        if (!user) return; // Same answer either way: the reply must not reveal who has an account.
        const token = newToken();
        await repo.insertUserToken(tx, {
          tokenHash: hashToken(token),
          purpose: 'reset_password',
          userId: user.id,
          expiresAt: minutesFromNow(RESET_PASSWORD_MINUTES),
        });
        const link = `${config.appUrl}/authenticate?token=${token}&purpose=reset_password`;
        await mail.enqueue(tx, {
          to: user.email,
          subject: 'Reset your Levy password',
          text:
            `Hello ${user.firstName},\n\nSomeone asked to reset the password of your Levy account. If it was you, choose a new password ` +
            `here:\n${link}\n\nThe link works once and expires in ${RESET_PASSWORD_MINUTES} minutes. If it was not you, ignore this mail.`,
          links: [link],
        });
      });
    },

    async resetPassword(token: string, password: string, ip: string | null) {
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        const row = await consumeUserToken(tx, token, 'reset_password');
        await repo.updateUser(tx, row.userId, { passwordHash });
        await repo.confirmUserEmail(tx, row.userId);
        await repo.revokeUserSessions(tx, row.userId);
        await recordAudit(tx, {
          organisationId: null,
          actorUserId: row.userId,
          action: 'user.password_reset',
          resourceType: 'user',
          resourceId: row.userId,
          ipAddress: ip,
        });
      });
    },

    async changePassword(caller: Caller, currentPassword: string, password: string, ip: string) {
      const user = (await repo.findUserById(db, caller.userId))!;
      if (!(await verifyPassword(user.passwordHash, currentPassword))) {
        throw invalidInput({ current_password: 'The current password is not correct.' });
      }
      const passwordHash = await hashPassword(password);
      await db.transaction(async (tx) => {
        await repo.updateUser(tx, caller.userId, { passwordHash });
        // Other devices must sign in again; this one keeps working.
        await repo.revokeUserSessions(tx, caller.userId, caller.sessionId);
        await recordAudit(tx, {
          organisationId: caller.organisationId,
          actorUserId: caller.userId,
          action: 'user.password_changed',
          resourceType: 'user',
          resourceId: caller.userId,
          ipAddress: ip,
        });
      });
    },

    async updateProfile(caller: Caller, input: { first_name: string; last_name: string; phone: string }) {
      await repo.updateUser(db, caller.userId, {
        firstName: input.first_name,
        lastName: input.last_name,
        phone: input.phone,
      });
    },

    /** The session as it stands now (GET users/me): permissions follow role changes at once. */
    async session(caller: Caller, token: string): Promise<SessionPayload> {
      return withAlerts(await buildSession(db, caller.userId, caller.organisationId, token));
    },

    /** Api-Token → caller, or null when the token is unknown, revoked or idle too long. */
    async resolveCaller(token: string): Promise<Caller | null> {
      const row = await findLiveSession(db, hashToken(token));
      if (!row) return null;
      const idleMs = Date.now() - row.session.lastSeenAt.getTime();
      if (idleMs > config.sessionIdleMinutes * 60_000) return null;
      if (idleMs > TOUCH_INTERVAL_MS) await repo.touchSession(db, row.session.id);
      const membership = row.membership ? await deps.sessionMembership.describe(db, row.membership) : null;
      const userTypeCode = userTypeCodeOf(row.user.userTypeId);
      return {
        sessionId: row.session.id,
        userId: row.user.id,
        userTypeCode,
        email: row.user.email,
        firstName: row.user.firstName,
        organisationId: membership?.organisationId ?? null,
        membershipId: membership?.membershipId ?? null,
        roleCode: membership?.role.code ?? null,
        isOwner: membership ? membership.ownerUserId === row.user.id : false,
        permissions: permissionsFor({ userTypeCode, roleCode: membership?.role.code ?? null }),
      };
    },

    openSession,
    findUserByEmail,
  };
}

export type IdentityService = ReturnType<typeof createIdentityService>;
