import {
  acceptInvitation,
  changeMemberRole,
  inviteMember,
  listTeamMembers,
  removeMember,
  verifyInvitation,
} from '@levy/contracts';
import { defineRoute, reply } from '../../http/route';
import type { TeamService } from './team.service';

export function teamRoutes(team: TeamService) {
  return [
    defineRoute({
      contract: listTeamMembers,
      handler: ({ caller, params }) => team.list(caller, params.id, params),
    }),
    defineRoute({
      contract: inviteMember,
      handler: async ({ caller, body, ip }) => {
        const result = await team.invite(caller, body, ip);
        return reply(result, result.resent ? 'Invite resent successfully' : 'Invite sent successfully');
      },
    }),
    defineRoute({
      contract: verifyInvitation,
      handler: ({ body }) => team.verifyInvite(body.ott),
    }),
    defineRoute({
      contract: acceptInvitation,
      handler: async ({ caller, params, ip }) => {
        await team.accept(caller, params.id, params.inviteId, ip);
        return reply(null, 'Invitation accepted');
      },
    }),
    defineRoute({
      contract: changeMemberRole,
      handler: async ({ caller, params, body, ip }) => {
        await team.changeRole(caller, params.id, params.userId, body.role_id, ip);
        return reply(null, 'Role updated successfully');
      },
    }),
    defineRoute({
      contract: removeMember,
      handler: async ({ caller, params, ip }) => {
        await team.remove(caller, params.id, params.userId, ip);
        return reply(null, 'Member removed successfully');
      },
    }),
  ];
}
