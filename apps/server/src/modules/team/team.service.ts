import type { ListParams, PendingInvitation } from '@levy/contracts';
import { and, asc, desc, eq, gt, ilike, ne, or, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { filterConditions, type FilterField } from '../../db/list-filters';
import { containsPattern, pageWindow, toPage } from '../../db/pagination';
import { users } from '../identity/identity.schema';
import { organisations } from '../organisations/organisations.schema';
import { roleGroups, roles } from '../reference/reference.schema';
import { organisationUsers } from './team.schema';
import { AppError, invalidInput } from '../../errors';
import type { Caller } from '../../http/route';
import { recordAudit } from '../audit/audit.service';
import { hashToken, newToken } from '../identity/secrets';
import { ROLE_CODES, USER_TYPES } from '../identity/permissions';
import type { MailService } from '../mail/mail.service';
import { requireOwnOrganisation } from '../organisations/organisation-access';

const INVITATION_DAYS = 7;

export interface TeamDeps {
  db: Db;
  config: Config;
  mail: MailService;
  switchOrganisation(executor: Db, sessionId: string, organisationId: string): Promise<void>;
}

const SORTABLE = {
  created_at: organisationUsers.createdAt,
  name: sql`lower(coalesce(${users.firstName} || ' ' || ${users.lastName}, ${organisationUsers.email}))`,
  email: sql`lower(${organisationUsers.email})`,
  status: organisationUsers.status,
} as const;

/** Team list filters: status (active, invited) and when the person was added. */
const MEMBER_FILTERS: Record<string, FilterField> = {
  status: { kind: 'in', column: organisationUsers.status, values: ['active', 'invited'] },
  created_at: { kind: 'date', column: organisationUsers.createdAt },
};

export function createTeamService(deps: TeamDeps) {
  const { db, config, mail } = deps;

  async function findMember(executor: Db, organisationId: string, memberId: string) {
    const [row] = await executor
      .select({ member: organisationUsers, role: roles, ownerUserId: organisations.ownerUserId })
      .from(organisationUsers)
      .innerJoin(roles, eq(roles.id, organisationUsers.roleId))
      .innerJoin(organisations, eq(organisations.id, organisationUsers.organisationId))
      .where(and(eq(organisationUsers.id, memberId), eq(organisationUsers.organisationId, organisationId), ne(organisationUsers.status, 'removed')));
    if (!row) throw new AppError('NOT_FOUND', 'Team member not found.');
    return row;
  }

  async function assertInvitableRole(roleId: number) {
    const [role] = await db
      .select({ id: roles.id })
      .from(roles)
      .innerJoin(roleGroups, eq(roleGroups.id, roles.groupId))
      .where(and(eq(roles.id, roleId), eq(roleGroups.userTypeId, USER_TYPES.customer.id)));
    if (!role) throw invalidInput({ role_id: 'Role is not valid' });
  }

  async function sendInvitation(executor: Db, caller: Caller, organisationId: string, email: string) {
    const token = newToken();
    const [organisation] = await executor.select().from(organisations).where(eq(organisations.id, organisationId));
    const link = `${config.appUrl}/invite/${token}`;
    await mail.enqueue(executor, {
      to: email,
      subject: `${caller.firstName} invited you to ${organisation.name ?? 'their organisation'} on Levy`,
      text: `Hello,\n\n${caller.firstName} has invited you to join ${organisation.name ?? 'their organisation'} on Levy, where the team manages its tax filings and payments.\n\nAccept the invitation here:\n${link}\n\nThe link works once and expires in ${INVITATION_DAYS} days.`,
      links: [link],
    });
    return { tokenHash: hashToken(token), expiresAt: new Date(Date.now() + INVITATION_DAYS * 86_400_000) };
  }

  return {
    async list(caller: Caller, organisationId: string, params: ListParams) {
      requireOwnOrganisation(caller, organisationId);
      const search = containsPattern(params.search);
      const where = and(
        eq(organisationUsers.organisationId, organisationId),
        ne(organisationUsers.status, 'removed'),
        ...filterConditions(params.filters, MEMBER_FILTERS),
        search ? or(ilike(organisationUsers.email, search), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, search)) : undefined,
      );
      const orderColumn = SORTABLE[(params.order_by ?? 'created_at') as keyof typeof SORTABLE] ?? SORTABLE.created_at;
      const { limit, offset } = pageWindow(params);
      const [rows, [{ total }]] = await Promise.all([
        db
          .select({ member: organisationUsers, user: users, role: roles, ownerUserId: organisations.ownerUserId })
          .from(organisationUsers)
          .leftJoin(users, eq(users.id, organisationUsers.userId))
          .innerJoin(roles, eq(roles.id, organisationUsers.roleId))
          .innerJoin(organisations, eq(organisations.id, organisationUsers.organisationId))
          .where(where)
          .orderBy(params.is_asc ? asc(orderColumn) : desc(orderColumn), asc(organisationUsers.id))
          .limit(limit)
          .offset(offset),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(organisationUsers)
          .leftJoin(users, eq(users.id, organisationUsers.userId))
          .where(where),
      ]);
      const items = rows.map(({ member, user, role, ownerUserId }) => ({
        id: member.id,
        user_id: member.userId,
        first_name: user?.firstName ?? null,
        last_name: user?.lastName ?? null,
        email: member.email,
        role: { id: role.id, code: role.code, name: role.name },
        status: member.status,
        is_owner: member.userId !== null && member.userId === ownerUserId,
        invited_at: member.invitedAt?.toISOString() ?? null,
        accepted_at: member.acceptedAt?.toISOString() ?? null,
        created_at: member.createdAt.toISOString(),
      }));
      return toPage(items, total, params);
    },

    /** Invites by email; inviting someone already invited sends a fresh link (resend). */
    async invite(caller: Caller, input: { email: string; role_id: number }, ip: string): Promise<{ id: string; resent: boolean }> {
      const organisationId = caller.organisationId;
      if (!organisationId) throw new AppError('NOT_FOUND', 'Organisation not found.');
      await assertInvitableRole(input.role_id);
      const email = input.email.trim();
      return db.transaction(async (tx) => {
        const [existing] = await tx
          .select()
          .from(organisationUsers)
          .where(and(eq(organisationUsers.organisationId, organisationId), eq(sql`lower(${organisationUsers.email})`, email.toLowerCase()), ne(organisationUsers.status, 'removed')))
          .for('update');
        if (existing?.status === 'active') {
          throw new AppError('CONFLICT', 'This person is already a member of the organisation.', { email: 'This person is already a member of the organisation.' });
        }
        const invitation = await sendInvitation(tx, caller, organisationId, email);
        const values = { roleId: input.role_id, inviteTokenHash: invitation.tokenHash, inviteExpiresAt: invitation.expiresAt, invitedBy: caller.userId, invitedAt: new Date(), updatedAt: new Date() };
        const [row] = existing
          ? await tx.update(organisationUsers).set(values).where(eq(organisationUsers.id, existing.id)).returning()
          : await tx.insert(organisationUsers).values({ organisationId, email, status: 'invited', ...values }).returning();
        await recordAudit(tx, { organisationId, actorUserId: caller.userId, action: existing ? 'team.invite_resent' : 'team.invited', resourceType: 'organisation_user', resourceId: row.id, details: { email, role_id: input.role_id }, ipAddress: ip });
        return { id: row.id, resent: Boolean(existing) };
      });
    },

    /** Public: what an invitation link is for, before the person signs in or up. */
    async verifyInvite(ott: string) {
      const [row] = await db
        .select({ member: organisationUsers, organisation: organisations, role: roles })
        .from(organisationUsers)
        .innerJoin(organisations, eq(organisations.id, organisationUsers.organisationId))
        .innerJoin(roles, eq(roles.id, organisationUsers.roleId))
        .where(eq(organisationUsers.inviteTokenHash, hashToken(ott)));
      if (!row || row.member.status !== 'invited') throw new AppError('NOT_FOUND', 'This invitation link is not valid or was already used.');
      if (!row.member.inviteExpiresAt || row.member.inviteExpiresAt.getTime() < Date.now()) {
        throw new AppError('UNPROCESSABLE', 'This invitation has expired. Ask the organisation to send a new one.');
      }
      const [account] = await db.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, row.member.email.toLowerCase()));
      return {
        id: row.member.id,
        email: row.member.email,
        organisation: { id: row.organisation.id, name: row.organisation.name },
        role: { id: row.role.id, code: row.role.code, name: row.role.name },
        has_account: Boolean(account),
      };
    },

    async accept(caller: Caller, organisationId: string, inviteId: string, ip: string) {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(organisationUsers)
          .where(and(eq(organisationUsers.id, inviteId), eq(organisationUsers.organisationId, organisationId), eq(organisationUsers.status, 'invited')))
          .for('update');
        // An invitation addressed to someone else is, for this caller, not there at all.
        if (!row || row.email.toLowerCase() !== caller.email.toLowerCase()) throw new AppError('NOT_FOUND', 'Invitation not found.');
        if (!row.inviteExpiresAt || row.inviteExpiresAt.getTime() < Date.now()) {
          throw new AppError('UNPROCESSABLE', 'This invitation has expired. Ask the organisation to send a new one.');
        }
        await tx
          .update(organisationUsers)
          .set({ status: 'active', userId: caller.userId, acceptedAt: new Date(), inviteTokenHash: null, updatedAt: new Date() })
          .where(eq(organisationUsers.id, row.id));
        await deps.switchOrganisation(tx, caller.sessionId, organisationId);
        await recordAudit(tx, { organisationId, actorUserId: caller.userId, action: 'team.invite_accepted', resourceType: 'organisation_user', resourceId: row.id, ipAddress: ip });
      });
    },

    async changeRole(caller: Caller, organisationId: string, memberId: string, roleId: number, ip: string) {
      requireOwnOrganisation(caller, organisationId);
      await assertInvitableRole(roleId);
      await db.transaction(async (tx) => {
        const { member, role, ownerUserId } = await findMember(tx, organisationId, memberId);
        if (member.roleId === roleId) return;
        if (member.userId === ownerUserId) throw new AppError('FORBIDDEN', "The organisation owner's role cannot be changed.");
        const [target] = await tx.select().from(roles).where(eq(roles.id, roleId));
        if (role.isAdmin && !target.isAdmin && member.status === 'active') {
          const [{ admins }] = await tx
            .select({ admins: sql<number>`count(*)::int` })
            .from(organisationUsers)
            .innerJoin(roles, eq(roles.id, organisationUsers.roleId))
            .where(and(eq(organisationUsers.organisationId, organisationId), eq(organisationUsers.status, 'active'), eq(roles.isAdmin, true)));
          if (admins <= 1) throw new AppError('CONFLICT', 'An organisation needs at least one admin. Make someone else an admin first.');
        }
        await tx.update(organisationUsers).set({ roleId, updatedAt: new Date() }).where(eq(organisationUsers.id, member.id));
        await recordAudit(tx, { organisationId, actorUserId: caller.userId, action: 'team.role_changed', resourceType: 'organisation_user', resourceId: member.id, details: { from: role.code, to: target.code }, ipAddress: ip });
      });
    },

    async remove(caller: Caller, organisationId: string, memberId: string, ip: string) {
      requireOwnOrganisation(caller, organisationId);
      await db.transaction(async (tx) => {
        const { member, ownerUserId } = await findMember(tx, organisationId, memberId);
        if (member.userId === ownerUserId) throw new AppError('FORBIDDEN', 'The organisation owner cannot be removed.');
        await tx.update(organisationUsers).set({ status: 'removed', removedAt: new Date(), inviteTokenHash: null, updatedAt: new Date() }).where(eq(organisationUsers.id, member.id));
        await recordAudit(tx, { organisationId, actorUserId: caller.userId, action: 'team.member_removed', resourceType: 'organisation_user', resourceId: member.id, details: { email: member.email }, ipAddress: ip });
      });
    },

    async pendingInvitations(executor: Db, email: string): Promise<PendingInvitation[]> {
      const rows = await executor
        .select({ member: organisationUsers, organisation: organisations, role: roles })
        .from(organisationUsers)
        .innerJoin(organisations, eq(organisations.id, organisationUsers.organisationId))
        .innerJoin(roles, eq(roles.id, organisationUsers.roleId))
        .where(and(eq(sql`lower(${organisationUsers.email})`, email.toLowerCase()), eq(organisationUsers.status, 'invited'), gt(organisationUsers.inviteExpiresAt, new Date())))
        .orderBy(desc(organisationUsers.invitedAt));
      return rows.map(({ member, organisation, role }) => ({
        id: member.id,
        organisation: { id: organisation.id, name: organisation.name },
        role: { id: role.id, code: role.code, name: role.name },
        invited_at: member.invitedAt?.toISOString() ?? null,
      }));
    },

    /** Every organisation with at least one active admin, with those admins' emails (the deadline digest's recipients). */
    async activeAdmins(): Promise<Map<string, string[]>> {
      const rows = await db
        .select({ organisationId: organisationUsers.organisationId, email: organisationUsers.email })
        .from(organisationUsers)
        .innerJoin(roles, eq(roles.id, organisationUsers.roleId))
        .where(and(eq(organisationUsers.status, 'active'), eq(roles.code, ROLE_CODES.admin)))
        .orderBy(asc(organisationUsers.organisationId), asc(organisationUsers.email));
      const admins = new Map<string, string[]>();
      for (const row of rows) admins.set(row.organisationId, [...(admins.get(row.organisationId) ?? []), row.email]);
      return admins;
    },

    async isInvitationFor(executor: Db, token: string, email: string): Promise<boolean> {
      const [row] = await executor
        .select({ id: organisationUsers.id })
        .from(organisationUsers)
        .where(and(eq(organisationUsers.inviteTokenHash, hashToken(token)), eq(organisationUsers.status, 'invited'), eq(sql`lower(${organisationUsers.email})`, email.trim().toLowerCase()), gt(organisationUsers.inviteExpiresAt, new Date())));
      return Boolean(row);
    },
  };
}

export type TeamService = ReturnType<typeof createTeamService>;
