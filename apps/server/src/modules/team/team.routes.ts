import { changeMemberRole, idParam, inviteUser, listParams, verifyInvite } from '@levy/contracts';
import { z } from 'zod';
import { defineRoute, reply } from '../../http/route';
import type { TeamService } from './team.service';

const memberParams = z.object({ id: idParam, userId: idParam });

export function teamRoutes(team: TeamService) {
  return [
    defineRoute({
      method: 'GET',
      namespace: 'auth',
      path: 'organisations/{id}/users',
      summary: 'Members and invitations: search (name, email), order_by (created_at, name, email, status), pagination',
      auth: { permission: 'auth-organisation.getorganisationusers' },
      params: listParams.extend({ id: idParam }),
      handler: ({ caller, params }) => team.list(caller, params.id, params),
    }),
    defineRoute({
      method: 'POST',
      namespace: 'auth',
      path: 'organisations/users/invite',
      summary: 'Invite by email and role_id; an already-invited email gets a fresh link',
      auth: { permission: 'auth-organisation.inviteuser' },
      body: inviteUser,
      handler: async ({ caller, body, ip }) => {
        const result = await team.invite(caller, body, ip);
        return reply(result, result.resent ? 'Invite resent successfully' : 'Invite sent successfully');
      },
    }),
    defineRoute({
      method: 'POST',
      namespace: 'public',
      path: 'organisations/users/invite/verify',
      summary: 'What an invitation link is for: organisation, email, role, and whether the email has an account',
      auth: false,
      body: verifyInvite,
      handler: ({ body }) => team.verifyInvite(body.ott),
    }),
    defineRoute({
      method: 'POST',
      namespace: 'auth',
      path: 'organisations/{id}/users/invite/{inviteId}',
      summary: 'Accept an invitation addressed to the caller',
      auth: { permission: 'auth-organisation.acceptinvitation' },
      params: z.object({ id: idParam, inviteId: idParam }),
      handler: async ({ caller, params, ip }) => {
        await team.accept(caller, params.id, params.inviteId, ip);
        return reply(null, 'Invitation accepted');
      },
    }),
    defineRoute({
      method: 'PUT',
      namespace: 'auth',
      path: 'organisations/{id}/users/{userId}',
      summary: "Change a member's role",
      auth: { permission: 'auth-organisation.updateuser' },
      params: memberParams,
      body: changeMemberRole,
      handler: async ({ caller, params, body, ip }) => {
        await team.changeRole(caller, params.id, params.userId, body.role_id, ip);
        return reply(null, 'Role updated successfully');
      },
    }),
    defineRoute({
      method: 'PUT',
      namespace: 'auth',
      path: 'organisations/{id}/users/{userId}/remove',
      summary: 'Remove a member or cancel an invitation (never the owner)',
      auth: { permission: 'auth-organisation.removeuser' },
      params: memberParams,
      handler: async ({ caller, params, ip }) => {
        await team.remove(caller, params.id, params.userId, ip);
        return reply(null, 'Member removed successfully');
      },
    }),
  ];
}
