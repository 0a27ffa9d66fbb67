import { z } from './zod';
import { defineContract } from './api';
import * as calls from './calls';
import { idParam, listParams, pageOf } from './common';
import { noData } from './identity';
import { changeMemberRoleBody, inviteUser, verifyInvite } from './organisations';

/** A member of the organisation, or someone invited to it (docs/product.md "Identity and organisation"). */
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

export const listTeamMembers = defineContract(calls.listTeamMembers, {
  summary: 'Members and invitations: search (name, email), order_by (created_at, name, email, status), pagination',
  params: listParams.extend({ id: idParam }),
  response: pageOf(teamMember),
});

export const inviteMember = defineContract(calls.inviteMember, {
  summary: 'Invite by email and role_id; an already-invited email gets a fresh link',
  body: inviteUser,
  response: invitationSent,
});

export const verifyInvitation = defineContract(calls.verifyInvitation, {
  summary: 'What an invitation link is for: organisation, email, role, and whether the email has an account',
  body: verifyInvite,
  response: invitationDetails,
});

export const acceptInvitation = defineContract(calls.acceptInvitation, {
  summary: 'Accept an invitation addressed to the caller',
  params: z.object({ id: idParam, inviteId: idParam }),
  response: noData,
});

export const changeMemberRole = defineContract(calls.changeMemberRole, {
  summary: "Change a member's role",
  params: memberParams,
  body: changeMemberRoleBody,
  response: noData,
});

export const removeMember = defineContract(calls.removeMember, {
  summary: 'Remove a member or cancel an invitation (never the owner)',
  params: memberParams,
  response: noData,
});
