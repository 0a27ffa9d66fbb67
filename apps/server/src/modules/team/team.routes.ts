import { acceptInvitation, changeMemberRole, inviteMember, listTeamMembers, removeMember, verifyInvitation } from '@levy/contracts';
import { defineRoute, reply } from '../../http/route';
import type { TeamService } from './team.service';

export function teamRoutes(team: TeamService) {
  return [
    defineRoute({
      contract: listTeamMembers,
      summary: 'Members and invitations: search (name, email), order_by (created_at, name, email, status), pagination',
      auth: { permission: 'auth-organisation.getorganisationusers' },
      handler: ({ caller, params }) => team.list(caller, params.id, params),
    }),
    defineRoute({
      contract: inviteMember,
      summary: 'Invite by email and role_id; an already-invited email gets a fresh link',
      auth: { permission: 'auth-organisation.inviteuser' },
      handler: async ({ caller, body, ip }) => {
        const result = await team.invite(caller, body, ip);
        return reply(result, result.resent ? 'Invite resent successfully' : 'Invite sent successfully');
      },
    }),
    defineRoute({
      contract: verifyInvitation,
      summary: 'What an invitation link is for: organisation, email, role, and whether the email has an account',
      auth: false,
      handler: ({ body }) => team.verifyInvite(body.ott),
    }),
    defineRoute({
      contract: acceptInvitation,
      summary: 'Accept an invitation addressed to the caller',
      auth: { permission: 'auth-organisation.acceptinvitation' },
      handler: async ({ caller, params, ip }) => {
        await team.accept(caller, params.id, params.inviteId, ip);
        return reply(null, 'Invitation accepted');
      },
    }),
    defineRoute({
      contract: changeMemberRole,
      summary: "Change a member's role",
      auth: { permission: 'auth-organisation.updateuser' },
      handler: async ({ caller, params, body, ip }) => {
        await team.changeRole(caller, params.id, params.userId, body.role_id, ip);
        return reply(null, 'Role updated successfully');
      },
    }),
    defineRoute({
      contract: removeMember,
      summary: 'Remove a member or cancel an invitation (never the owner)',
      auth: { permission: 'auth-organisation.removeuser' },
      handler: async ({ caller, params, ip }) => {
        await team.remove(caller, params.id, params.userId, ip);
        return reply(null, 'Member removed successfully');
      },
    }),
  ];
}
