import type { ListParams, PendingInvitation } from '@levy/contracts';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { containsPattern, pageWindow, toPage } from '../../db/pagination';
import { AppError, invalidInput } from '../../errors';
import type { Caller } from '../../http/route';
import { recordAudit } from '../audit/audit.service';
import { hashToken, newToken } from './secrets';
import { ROLE_CODES, USER_TYPES } from './permissions';
import type { MailService } from '../mail/mail.service';
import { requireOwnOrganisation } from './organisation-access';
import type { ReferenceService, Role } from '../reference/reference.service';
import * as repo from './team.repo';
import type { ActiveMembershipRow, Membership, PersonName } from './team.repo';

const INVITATION_DAYS = 7;

/** What a membership needs to know of its organisation; owned by the organisations module. */
export interface OrganisationCard {
  id: string;
  name: string | null;
  ownerUserId: string;
  isKycCompleted: boolean;
}

/** The membership a session works in, with its role and the organisation's owner. */
export interface ActiveMembership {
  membershipId: string;
  organisationId: string;
  role: { id: number; code: string; name: string };
  ownerUserId: string;
}

export interface TeamDeps {
  db: Db;
  config: Config;
  mail: MailService;
  reference: ReferenceService;
  switchOrganisation(executor: Db, sessionId: string, organisationId: string): Promise<void>;
  /** Organisations by id; owned by the organisations module. */
  organisationsByIds(executor: Db, organisationIds: string[]): Promise<OrganisationCard[]>;
  /** The owner of an organisation; owned by the organisations module. */
  ownerUserIdOf(executor: Db, organisationId: string): Promise<string | undefined>;
  /** People's names by user id; owned by the identity module. */
  usersByIds(executor: Db, userIds: string[]): Promise<PersonName[]>;
  /** Whether someone has an account under an email; owned by the identity module. */
  hasAccount(executor: Db, email: string): Promise<boolean>;
}

const roleView = (role: Role) => ({ id: role.id, code: role.code, name: role.name });

export function createTeamService(deps: TeamDeps) {
  const { db, config, mail } = deps;

  async function organisationOf(executor: Db, organisationId: string): Promise<OrganisationCard> {
    const [organisation] = await deps.organisationsByIds(executor, [organisationId]);
    return organisation;
  }

  /** The roles of the given ids, as a map (reference data: a handful of rows). */
  async function rolesByIds(executor: Db, roleIds: number[]): Promise<Map<number, Role>> {
    const roles = await Promise.all([...new Set(roleIds)].map((id) => deps.reference.findRole({ id }, executor)));
    return new Map(roles.filter((role) => role !== undefined).map((role) => [role.id, role]));
  }

  /** An active membership's row with its role and its organisation's owner (both remembered: reference data, fixed at creation). */
  async function describeMembership(executor: Db, member: ActiveMembershipRow): Promise<ActiveMembership> {
    const [role, ownerUserId] = await Promise.all([
      deps.reference.findRole({ id: member.roleId }, executor),
      deps.ownerUserIdOf(executor, member.organisationId),
    ]);
    return {
      membershipId: member.id,
      organisationId: member.organisationId,
      role: roleView(role!),
      ownerUserId: ownerUserId!,
    };
  }

  async function findMember(executor: Db, organisationId: string, memberId: string) {
    const member = await repo.findLiveMember(executor, organisationId, memberId);
    if (!member) throw new AppError('NOT_FOUND', 'Team member not found.');
    const [role, ownerUserId] = await Promise.all([
      deps.reference.findRole({ id: member.roleId }, executor),
      deps.ownerUserIdOf(executor, organisationId),
    ]);
    return { member, role: role!, ownerUserId };
  }

  async function assertInvitableRole(roleId: number) {
    const groups = await deps.reference.roleGroups(USER_TYPES.customer.id);
    if (!groups.some((group) => group.roles.some((role) => role.id === roleId)))
      throw invalidInput({ role_id: 'Role is not valid' });
  }

  async function sendInvitation(executor: Db, caller: Caller, organisationId: string, email: string) {
    const token = newToken();
    const organisation = await organisationOf(executor, organisationId);
    const link = `${config.appUrl}/invite/${token}`;
    await mail.enqueue(executor, {
      to: email,
      subject: `${caller.firstName} invited you to ${organisation.name ?? 'their organisation'} on Levy`,
      text:
        `Hello,\n\n${caller.firstName} has invited you to join ${organisation.name ?? 'their organisation'} on Levy, where the team manages its ` +
        `tax filings and payments.\n\nAccept the invitation here:\n${link}\n\nThe link works once and expires in ${INVITATION_DAYS} days.`,
      links: [link],
    });
    return { tokenHash: hashToken(token), expiresAt: new Date(Date.now() + INVITATION_DAYS * 86_400_000) };
  }

  /** Open invitations as the session shows them, with their organisation and role. */
  async function invitationViews(executor: Db, invitations: Membership[]): Promise<PendingInvitation[]> {
    const [organisations, roles] = await Promise.all([
      deps.organisationsByIds(executor, [...new Set(invitations.map((invitation) => invitation.organisationId))]),
      rolesByIds(
        executor,
        invitations.map((invitation) => invitation.roleId),
      ),
    ]);
    const byId = new Map(organisations.map((organisation) => [organisation.id, organisation]));
    return invitations.map((invitation) => ({
      id: invitation.id,
      organisation: { id: invitation.organisationId, name: byId.get(invitation.organisationId)!.name },
      role: roleView(roles.get(invitation.roleId)!),
      invited_at: invitation.invitedAt?.toISOString() ?? null,
    }));
  }

  return {
    async list(caller: Caller, organisationId: string, params: ListParams) {
      requireOwnOrganisation(caller, organisationId);
      const { limit, offset } = pageWindow(params);
      const search = containsPattern(params.search);
      // Names belong to the identity module. Searching or sorting by name needs every member's name
      // in the page query; otherwise only the people on the page are looked up, after it.
      const isByName = search !== null || params.order_by === 'name';
      const everyone = isByName ? await deps.usersByIds(db, await repo.findMemberUserIds(db, organisationId)) : null;
      const { members, total } = await repo.findMembersPage(db, {
        organisationId,
        people: everyone,
        filters: params.filters,
        search,
        orderBy: params.order_by,
        isAsc: Boolean(params.is_asc),
        limit,
        offset,
      });
      const onPage = members.flatMap((member) => (member.userId ? [member.userId] : []));
      const [people, ownerUserId, roles] = await Promise.all([
        everyone ?? deps.usersByIds(db, onPage),
        deps.ownerUserIdOf(db, organisationId),
        rolesByIds(
          db,
          members.map((member) => member.roleId),
        ),
      ]);
      const names = new Map(people.map((person) => [person.id, person]));
      const items = members.map((member) => {
        const person = member.userId ? names.get(member.userId) : undefined;
        return {
          id: member.id,
          user_id: member.userId,
          first_name: person?.firstName ?? null,
          last_name: person?.lastName ?? null,
          email: member.email,
          role: roleView(roles.get(member.roleId)!),
          status: member.status,
          is_owner: member.userId !== null && member.userId === ownerUserId,
          invited_at: member.invitedAt?.toISOString() ?? null,
          accepted_at: member.acceptedAt?.toISOString() ?? null,
          created_at: member.createdAt.toISOString(),
        };
      });
      return toPage(items, total, params);
    },

    /** Invites by email; inviting someone already invited sends a fresh link (resend). */
    async invite(
      caller: Caller,
      input: { email: string; role_id: number },
      ip: string,
    ): Promise<{ id: string; resent: boolean }> {
      const organisationId = caller.organisationId;
      if (!organisationId) throw new AppError('NOT_FOUND', 'Organisation not found.');
      await assertInvitableRole(input.role_id);
      const email = input.email.trim();
      return db.transaction(async (tx) => {
        const existing = await repo.findLiveMemberByEmailForUpdate(tx, organisationId, email);
        if (existing?.status === 'active') {
          throw new AppError('CONFLICT', 'This person is already a member of the organisation.', {
            email: 'This person is already a member of the organisation.',
          });
        }
        const invitation = await sendInvitation(tx, caller, organisationId, email);
        const values = {
          roleId: input.role_id,
          inviteTokenHash: invitation.tokenHash,
          inviteExpiresAt: invitation.expiresAt,
          invitedBy: caller.userId,
          invitedAt: new Date(),
        };
        const row = existing
          ? await repo.updateMembership(tx, existing.id, values)
          : await repo.insertMembership(tx, { organisationId, email, status: 'invited', ...values });
        await recordAudit(tx, {
          organisationId,
          actorUserId: caller.userId,
          action: existing ? 'team.invite_resent' : 'team.invited',
          resourceType: 'organisation_user',
          resourceId: row.id,
          details: { email, role_id: input.role_id },
          ipAddress: ip,
        });
        return { id: row.id, resent: Boolean(existing) };
      });
    },

    /** Public: what an invitation link is for, before the person signs in or up. */
    async verifyInvite(ott: string) {
      const member = await repo.findMembershipByInviteToken(db, hashToken(ott));
      if (!member || member.status !== 'invited')
        throw new AppError('NOT_FOUND', 'This invitation link is not valid or was already used.');
      if (!member.inviteExpiresAt || member.inviteExpiresAt.getTime() < Date.now()) {
        throw new AppError('UNPROCESSABLE', 'This invitation has expired. Ask the organisation to send a new one.');
      }
      const [organisation, role, hasAccount] = await Promise.all([
        organisationOf(db, member.organisationId),
        deps.reference.findRole({ id: member.roleId }),
        deps.hasAccount(db, member.email),
      ]);
      return {
        id: member.id,
        email: member.email,
        organisation: { id: organisation.id, name: organisation.name },
        role: roleView(role!),
        has_account: hasAccount,
      };
    },

    async accept(caller: Caller, organisationId: string, inviteId: string, ip: string) {
      await db.transaction(async (tx) => {
        const row = await repo.findInvitationForUpdate(tx, organisationId, inviteId);
        // An invitation addressed to someone else is, for this caller, not there at all.
        if (!row || row.email.toLowerCase() !== caller.email.toLowerCase())
          throw new AppError('NOT_FOUND', 'Invitation not found.');
        if (!row.inviteExpiresAt || row.inviteExpiresAt.getTime() < Date.now()) {
          throw new AppError('UNPROCESSABLE', 'This invitation has expired. Ask the organisation to send a new one.');
        }
        await repo.updateMembership(tx, row.id, {
          status: 'active',
          userId: caller.userId,
          acceptedAt: new Date(),
          inviteTokenHash: null,
        });
        await deps.switchOrganisation(tx, caller.sessionId, organisationId);
        await recordAudit(tx, {
          organisationId,
          actorUserId: caller.userId,
          action: 'team.invite_accepted',
          resourceType: 'organisation_user',
          resourceId: row.id,
          ipAddress: ip,
        });
      });
    },

    async changeRole(caller: Caller, organisationId: string, memberId: string, roleId: number, ip: string) {
      requireOwnOrganisation(caller, organisationId);
      await assertInvitableRole(roleId);
      await db.transaction(async (tx) => {
        const { member, role, ownerUserId } = await findMember(tx, organisationId, memberId);
        if (member.roleId === roleId) return;
        if (member.userId === ownerUserId)
          throw new AppError('FORBIDDEN', "The organisation owner's role cannot be changed.");
        const target = (await deps.reference.findRole({ id: roleId }, tx))!;
        if (role.isAdmin && !target.isAdmin && member.status === 'active') {
          const counts = await repo.countActiveMembersByRole(tx, organisationId);
          const roles = await rolesByIds(
            tx,
            counts.map((entry) => entry.roleId),
          );
          const admins = counts
            .filter((entry) => roles.get(entry.roleId)?.isAdmin)
            .reduce((sum, entry) => sum + entry.members, 0);
          if (admins <= 1)
            throw new AppError(
              'CONFLICT',
              'An organisation needs at least one admin. Make someone else an admin first.',
            );
        }
        await repo.updateMembership(tx, member.id, { roleId });
        await recordAudit(tx, {
          organisationId,
          actorUserId: caller.userId,
          action: 'team.role_changed',
          resourceType: 'organisation_user',
          resourceId: member.id,
          details: { from: role.code, to: target.code },
          ipAddress: ip,
        });
      });
    },

    async remove(caller: Caller, organisationId: string, memberId: string, ip: string) {
      requireOwnOrganisation(caller, organisationId);
      await db.transaction(async (tx) => {
        const { member, ownerUserId } = await findMember(tx, organisationId, memberId);
        if (member.userId === ownerUserId) throw new AppError('FORBIDDEN', 'The organisation owner cannot be removed.');
        await repo.updateMembership(tx, member.id, { status: 'removed', removedAt: new Date(), inviteTokenHash: null });
        await recordAudit(tx, {
          organisationId,
          actorUserId: caller.userId,
          action: 'team.member_removed',
          resourceType: 'organisation_user',
          resourceId: member.id,
          details: { email: member.email },
          ipAddress: ip,
        });
      });
    },

    async pendingInvitations(executor: Db, email: string): Promise<PendingInvitation[]> {
      return invitationViews(executor, await repo.findOpenInvitations(executor, email));
    },

    /** Every organisation with at least one active admin, with those admins' emails (the deadline digest's recipients). */
    async activeAdmins(): Promise<Map<string, string[]>> {
      const adminRole = await deps.reference.findRole({ code: ROLE_CODES.admin });
      const rows = adminRole ? await repo.findActiveMembersWithRole(db, adminRole.id) : [];
      const admins = new Map<string, string[]>();
      for (const row of rows) admins.set(row.organisationId, [...(admins.get(row.organisationId) ?? []), row.email]);
      return admins;
    },

    /** An organisation's active admins with their names and emails (who approves bills). */
    async adminsOf(
      organisationId: string,
    ): Promise<Array<{ id: string; firstName: string; lastName: string; email: string }>> {
      const adminRole = await deps.reference.findRole({ code: ROLE_CODES.admin });
      if (!adminRole) return [];
      const members = (await repo.findActiveMembersWithRole(db, adminRole.id, organisationId)).filter(
        (member) => member.userId !== null,
      );
      const names = new Map(
        (
          await deps.usersByIds(
            db,
            members.map((member) => member.userId!),
          )
        ).map((person) => [person.id, person]),
      );
      return members.map((member) => ({
        id: member.userId!,
        firstName: names.get(member.userId!)?.firstName ?? '',
        lastName: names.get(member.userId!)?.lastName ?? '',
        email: member.email,
      }));
    },

    async isInvitationFor(executor: Db, token: string, email: string): Promise<boolean> {
      return Boolean(await repo.findOpenInvitation(executor, hashToken(token), email));
    },

    async activeMembership(
      executor: Db,
      userId: string,
      organisationId: string | null,
    ): Promise<ActiveMembership | null> {
      const member = await repo.findActiveMembership(executor, userId, organisationId);
      return member ? describeMembership(executor, member) : null;
    },

    /** The caller lookup's part (decision 0011): the membership as a lateral subquery of the session's statement, and its row described. */
    sessionMembership: { subquery: repo.activeMembershipOf, describe: describeMembership },

    /** Makes the creator of an organisation its first, active admin, in the caller's transaction. */
    async addOwner(
      executor: Db,
      input: { organisationId: string; userId: string; email: string; roleId: number },
    ): Promise<void> {
      await repo.insertMembership(executor, { ...input, status: 'active', acceptedAt: new Date() });
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
