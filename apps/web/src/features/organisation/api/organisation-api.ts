import type { SessionOrganisation } from '@levy/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callGateway, postForm } from '../../../lib/api-client';

export interface OrganisationIdentity {
  legal_name: string | null;
  cac_number: string | null;
  business_type: string | null;
  industry: string | null;
  tax_id: string | null;
  address: string | null;
  state_id: number | null;
  state: { id: number; code: string; name: string } | null;
  phone: string | null;
  website: string | null;
  cac_document: { id: string; filename: string; size: number; content_type: string } | null;
  missing: Record<string, string>;
}

export interface OrganisationDetails extends SessionOrganisation {
  kyc_completed_at: string | null;
  created_at: string;
  owner: { first_name: string; last_name: string; email: string };
}

export interface StateOption {
  id: number;
  code: string;
  name: string;
  revenue_service: string;
}

export interface OnboardingSummary {
  corporation_count: number;
  states_registered: number;
  bills_generated: number;
  total_balance: string;
}

export const organisationKeys = {
  details: (id: string) => ['organisation', id] as const,
  identity: (id: string) => ['organisation', id, 'identity'] as const,
  settings: (id: string) => ['organisation', id, 'settings'] as const,
  summary: (id: string) => ['organisation', id, 'summary'] as const,
  states: ['states'] as const,
};

export function createOrganisation() {
  return callGateway<OrganisationDetails>({ method: 'POST', namespace: 'auth', path: 'organisations', body: {} });
}

export function acceptInvitation(organisationId: string, invitationId: string, token?: string | null) {
  return callGateway<null>({ method: 'POST', namespace: 'auth', path: `organisations/${organisationId}/users/invite/${invitationId}`, body: {}, token });
}

export function useOrganisation(id: string | undefined) {
  return useQuery({
    queryKey: organisationKeys.details(id ?? ''),
    queryFn: () => callGateway<OrganisationDetails>({ method: 'GET', namespace: 'auth', path: `organisations/${id}` }),
    enabled: Boolean(id),
  });
}

export function useOrganisationIdentity(id: string | undefined) {
  return useQuery({
    queryKey: organisationKeys.identity(id ?? ''),
    queryFn: () => callGateway<OrganisationIdentity>({ method: 'GET', namespace: 'auth', path: `organisations/${id}/identity` }),
    enabled: Boolean(id),
  });
}

export function useStates() {
  return useQuery({
    queryKey: organisationKeys.states,
    queryFn: () => callGateway<StateOption[]>({ method: 'GET', namespace: 'core', path: 'internal/states' }),
    staleTime: Infinity,
  });
}

export function useOnboardingSummary(id: string | undefined) {
  return useQuery({
    queryKey: organisationKeys.summary(id ?? ''),
    queryFn: () => callGateway<OnboardingSummary>({ method: 'GET', namespace: 'auth', path: `organisations/${id}/onboarding/summary` }),
    enabled: Boolean(id),
  });
}

export type IdentityFields = Record<'legal_name' | 'cac_number' | 'business_type' | 'industry' | 'tax_id' | 'address' | 'state_id' | 'phone' | 'website', string>;

export function saveIdentity(organisationId: string, fields: IdentityFields, cacDocument: File | null, onProgress: (percent: number) => void) {
  return postForm<OrganisationIdentity>({
    namespace: 'auth',
    path: `organisations/${organisationId}/identity`,
    fields: { ...fields, cac_document: cacDocument },
    onProgress,
  });
}

export function completeKyc(organisationId: string) {
  return callGateway<OrganisationDetails>({ method: 'POST', namespace: 'auth', path: `organisations/${organisationId}/kyc/completed`, body: {} });
}

export function useRenameOrganisation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => callGateway<OrganisationDetails>({ method: 'PUT', namespace: 'auth', path: `organisations/${id}`, body: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['organisation', id] }),
  });
}

export interface OrganisationSetting {
  setting_code: string;
  value: unknown;
}

export function useOrganisationSettings(id: string | undefined) {
  return useQuery({
    queryKey: organisationKeys.settings(id ?? ''),
    queryFn: () => callGateway<OrganisationSetting[]>({ method: 'GET', namespace: 'auth', path: `organisations/${id}/settings` }),
    enabled: Boolean(id),
  });
}

export function useUpdateSetting(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (setting: { setting_code: string; value: boolean }) =>
      callGateway<OrganisationSetting>({ method: 'POST', namespace: 'auth', path: `organisations/${id}/settings`, body: setting }),
    // The wallet setting changes the session's wallet type, and with it the side navigation.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: organisationKeys.settings(id) }), queryClient.invalidateQueries({ queryKey: ['wallets'] })]),
  });
}
