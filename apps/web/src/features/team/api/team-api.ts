import type { Page } from '@levy/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callGateway, showSuccessToast } from '../../../lib/api-client';

export interface Role {
  id: number;
  code: string;
  name: string;
  description?: string | null;
}

interface RoleGroup {
  id: number;
  name: string;
  user_type_id: number;
  roles: Role[];
}

export interface TeamMember {
  id: string;
  user_id: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string;
  role: { id: number; code: string; name: string };
  status: string;
  is_owner: boolean;
  invited_at: string | null;
  accepted_at: string | null;
  created_at: string;
}

/** Organisation user type (product-spec §6): its roles are the ones offered on invite. */
const ORGANISATION_USER_TYPE_ID = 7;

export const teamKeys = {
  all: ['team'] as const,
  members: (organisationId: string, params: Record<string, unknown>) => ['team', 'members', organisationId, params] as const,
  roles: ['team', 'roles'] as const,
};

export function useInvitableRoles() {
  return useQuery({
    queryKey: teamKeys.roles,
    queryFn: async () => {
      const groups = await callGateway<RoleGroup[]>({ method: 'GET', namespace: 'auth', path: 'roles/groups', params: { user_type_id: ORGANISATION_USER_TYPE_ID } });
      return groups.flatMap((group) => group.roles);
    },
    staleTime: Infinity,
  });
}

export function useTeamMembers(organisationId: string | undefined, params: Record<string, unknown>) {
  return useQuery({
    queryKey: teamKeys.members(organisationId ?? '', params),
    queryFn: () => callGateway<Page<TeamMember>>({ method: 'GET', namespace: 'auth', path: `organisations/${organisationId}/users`, params }),
    enabled: Boolean(organisationId),
    placeholderData: keepPreviousData,
  });
}

export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; role_id: number }) =>
      callGateway<{ id: string; resent: boolean }>({ method: 'POST', namespace: 'auth', path: 'organisations/users/invite', body: input }),
    onSuccess: (result) => {
      showSuccessToast(result.resent ? 'Invite resent successfully' : 'Invite sent successfully');
      return queryClient.invalidateQueries({ queryKey: teamKeys.all });
    },
  });
}

export function useChangeMemberRole(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, roleId }: { memberId: string; roleId: number }) =>
      callGateway<null>({ method: 'PUT', namespace: 'auth', path: `organisations/${organisationId}/users/${memberId}`, body: { role_id: roleId } }),
    onSuccess: () => {
      showSuccessToast('Role updated successfully');
      return queryClient.invalidateQueries({ queryKey: teamKeys.all });
    },
  });
}

export function useRemoveMember(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => callGateway<null>({ method: 'PUT', namespace: 'auth', path: `organisations/${organisationId}/users/${memberId}/remove` }),
    onSuccess: () => {
      showSuccessToast('Member removed successfully');
      return queryClient.invalidateQueries({ queryKey: teamKeys.all });
    },
  });
}
