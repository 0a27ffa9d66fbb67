import { z } from './zod';
import { defineContract } from './api';
import { idParam, listParams, pageOf } from './common';
import { noData } from './identity';
import { changeMemberRoleBody, inviteUser, verifyInvite } from './organisations';

/** A member of the organisation, or someone invited to it (product-design "Team"). */
export const teamMember = z.object({
  id: z.string(),
  user_id: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string(),
  role: z.object({ id: z.number(), code: z.string(), name: z.string() }),
  /** active or invited (MEMBER_STATUSES). */
  status: z.string(),
  is_owner: z.boolean(),
  invited_at: z.string().nullable(),
  accepted_at: z.string().nullable(),
  created_at: z.string(),
});
export type TeamMember = z.infer<typeof teamMember>;

export const invitationSent = z.object({
  id: z.string(),
  /** True when the email was already invited and got a fresh link. */
  resent: z.boolean(),
});

/** What an invitation link is for, shown before the person signs in or up. */
export const invitationDetails = z.object({
  id: z.string(),
  email: z.string(),
  organisation: z.object({ id: z.string(), name: z.string().nullable() }),
  role: z.object({ id: z.number(), code: z.string(), name: z.string() }),
  has_account: z.boolean(),
});
export type InvitationDetails = z.infer<typeof invitationDetails>;

const memberParams = z.object({ id: idParam, userId: idParam });

export const listTeamMembers = defineContract({
  method: 'GET',
  namespace: 'auth',
  path: 'organisations/{id}/users',
  params: listParams.extend({ id: idParam }),
  response: pageOf(teamMember),
});

export const inviteMember = defineContract({
  method: 'POST',
  namespace: 'auth',
  path: 'organisations/users/invite',
  body: inviteUser,
  response: invitationSent,
});

export const verifyInvitation = defineContract({
  method: 'POST',
  namespace: 'public',
  path: 'organisations/users/invite/verify',
  body: verifyInvite,
  response: invitationDetails,
});

export const acceptInvitation = defineContract({
  method: 'POST',
  namespace: 'auth',
  path: 'organisations/{id}/users/invite/{inviteId}',
  params: z.object({ id: idParam, inviteId: idParam }),
  response: noData,
});

export const changeMemberRole = defineContract({
  method: 'PUT',
  namespace: 'auth',
  path: 'organisations/{id}/users/{userId}',
  params: memberParams,
  body: changeMemberRoleBody,
  response: noData,
});

export const removeMember = defineContract({
  method: 'PUT',
  namespace: 'auth',
  path: 'organisations/{id}/users/{userId}/remove',
  params: memberParams,
  response: noData,
});
