import type { ContractBody, updateOrganisationSetting } from '@levy/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, uploadForm } from '../lib/api-client';
import * as calls from '@levy/contracts/calls';

/** The admin role's code in the reference data (docs/product.md's roles). */
const ADMIN_ROLE_CODE = 'user.admin';

export const organisationKeys = {
  details: (id: string) => ['organisation', id] as const,
  identity: (id: string) => ['organisation', id, 'identity'] as const,
  settings: (id: string) => ['organisation', id, 'settings'] as const,
  summary: (id: string) => ['organisation', id, 'summary'] as const,
  states: ['states'] as const,
};

export function createOrganisation() {
  return callApi(calls.createOrganisation, { body: {} });
}

export function acceptInvitation(organisationId: string, invitationId: string, token?: string | null) {
  return callApi(calls.acceptInvitation, { params: { id: organisationId, inviteId: invitationId }, token });
}

export function useOrganisation(id: string | undefined) {
  return useQuery({
    queryKey: organisationKeys.details(id ?? ''),
    queryFn: () => callApi(calls.getOrganisation, { params: { id: id! } }),
    enabled: Boolean(id),
  });
}

export function useOrganisationIdentity(id: string | undefined) {
  return useQuery({
    queryKey: organisationKeys.identity(id ?? ''),
    queryFn: () => callApi(calls.getOrganisationIdentity, { params: { id: id! } }),
    enabled: Boolean(id),
  });
}

export function useStates() {
  return useQuery({
    queryKey: organisationKeys.states,
    queryFn: () => callApi(calls.listStates),
    staleTime: Infinity,
  });
}

export function useOnboardingSummary(id: string | undefined) {
  return useQuery({
    queryKey: organisationKeys.summary(id ?? ''),
    queryFn: () => callApi(calls.getOnboardingSummary, { params: { id: id! } }),
    enabled: Boolean(id),
  });
}

export type IdentityFields = Record<
  'legal_name' | 'cac_number' | 'business_type' | 'industry' | 'tax_id' | 'address' | 'state_id' | 'phone' | 'website',
  string
>;

export function saveIdentity(
  organisationId: string,
  fields: IdentityFields,
  cacDocument: File | null,
  onProgress: (percent: number) => void,
) {
  return uploadForm(calls.updateOrganisationIdentity, {
    params: { id: organisationId },
    fields: { ...fields, cac_document: cacDocument },
    onProgress,
  });
}

export function completeKyc(organisationId: string) {
  return callApi(calls.completeKyc, { params: { id: organisationId } });
}

export function useRenameOrganisation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => callApi(calls.updateOrganisation, { params: { id }, body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['organisation', id] }),
  });
}

export function useOrganisationSettings(id: string | undefined) {
  return useQuery({
    queryKey: organisationKeys.settings(id ?? ''),
    queryFn: () => callApi(calls.getOrganisationSettings, { params: { id: id! } }),
    enabled: Boolean(id),
  });
}

/** How many active admins the organisation has: approval above an amount needs two. Read under the team's key, so a role change refreshes it. */
export function useActiveAdminCount(id: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['team', 'active-admins', id ?? ''],
    queryFn: async () => {
      const members = await callApi(calls.listTeamMembers, {
        params: { id: id!, no_pages: true, filters: JSON.stringify([{ field: 'status', value: 'active' }]) },
      });
      return members.items.filter((member) => member.role.code === ADMIN_ROLE_CODE).length;
    },
    enabled: Boolean(id) && enabled,
  });
}

export function useUpdateSetting(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (setting: ContractBody<typeof updateOrganisationSetting>) =>
      callApi(calls.updateOrganisationSetting, { params: { id }, body: setting }),
    // The wallet setting changes the session's wallet type, and with it the side navigation.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: organisationKeys.settings(id) }),
        queryClient.invalidateQueries({ queryKey: ['wallets'] }),
      ]),
  });
}
