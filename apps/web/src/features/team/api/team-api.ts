import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, showSuccessToast } from '../../../lib/api-client';
import * as calls from '@levy/contracts/calls';

/** Organisation user type (docs/product.md §6): its roles are the ones offered on invite. */
const ORGANISATION_USER_TYPE_ID = 7;

export const teamKeys = {
  all: ['team'] as const,
  members: (organisationId: string, params: Record<string, unknown>) =>
    ['team', 'members', organisationId, params] as const,
  roles: ['team', 'roles'] as const,
};

export function useInvitableRoles() {
  return useQuery({
    queryKey: teamKeys.roles,
    queryFn: async () => {
      const groups = await callApi(calls.listRoleGroups, { params: { user_type_id: ORGANISATION_USER_TYPE_ID } });
      return groups.flatMap((group) => group.roles);
    },
    staleTime: Infinity,
  });
}

export function useTeamMembers(organisationId: string | undefined, params: Record<string, unknown>) {
  return useQuery({
    queryKey: teamKeys.members(organisationId ?? '', params),
    queryFn: () => callApi(calls.listTeamMembers, { params: { ...params, id: organisationId! } }),
    enabled: Boolean(organisationId),
    placeholderData: keepPreviousData,
  });
}

export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { email: string; role_id: number }) => callApi(calls.inviteMember, { body: input }),
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
      callApi(calls.changeMemberRole, { params: { id: organisationId, userId: memberId }, body: { role_id: roleId } }),
    onSuccess: () => {
      showSuccessToast('Role updated successfully');
      return queryClient.invalidateQueries({ queryKey: teamKeys.all });
    },
  });
}

export function useRemoveMember(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (memberId: string) => callApi(calls.removeMember, { params: { id: organisationId, userId: memberId } }),
    onSuccess: () => {
      showSuccessToast('Member removed successfully');
      return queryClient.invalidateQueries({ queryKey: teamKeys.all });
    },
  });
}
