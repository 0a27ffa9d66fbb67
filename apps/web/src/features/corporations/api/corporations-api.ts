import type { Page } from '@levy/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callGateway, showSuccessToast, postForm } from '../../../lib/api-client';

/** The success messages of product-spec §8, word for word. */
export const SUCCESS_MESSAGES = {
  corporationAdded: 'Corporation added successfully',
  stateAdded: 'State added successfully',
  stateIdUpdated: 'State ID updated successfully',
  stateRemoved: 'State removed successfully',
  payrollUpdated: 'Payroll updated successfully.',
} as const;

export interface Corporation {
  id: string;
  name: string;
  /** Staff see every organisation's corporations; this says whose it is. */
  organisation: { id: string; name: string | null };
  state_count: number;
  created_at: string;
  updated_at: string;
}

export interface TaxState {
  id: number;
  code: string;
  name: string;
  revenue_service: string;
}

/** A corporation's registration in a state (product-spec §3 Corporation-state). */
export interface CorporationState {
  id: string;
  tax_payer_number: string;
  tax_payer_name: string;
  is_control_consent_given: boolean;
  consent_given_at: string | null;
  employee_count: number;
  state: TaxState;
  created_at: string;
}

/** What the agency answered for a Tax ID (step 2 of Add New State / Update {state} Id). */
export interface VerifiedTaxpayer {
  name: string;
  tax_payer_number: string;
}

/** What removing a registration (or replacing its Tax ID) permanently deleted. */
export interface RemovedStateData {
  tax_payer_number: string;
  employees: number;
  payroll_files: number;
  consent: boolean;
}

export interface RemovedState {
  state: Pick<TaxState, 'id' | 'code' | 'name'>;
  removed: RemovedStateData;
}

export type UpdatedState = CorporationState & { removed: RemovedStateData };

export interface ConsentRequest {
  token: string;
  /** The taxpayer's email, masked: p*****n@example.ng. */
  email: string;
}

export interface PayrollUpload {
  upload_id: string;
  employee_count: number;
  total_tax_payable: string;
  agency_reference: string;
  uploaded_at: string;
}

export interface PayrollEmployee {
  id: string;
  row_number: number;
  tax_payer_number: string;
  name: string;
  nationality: string;
  designation: string;
  gross_income: string;
  tax_payable: string;
  allowances: Record<string, string>;
}

export const corporationKeys = {
  all: ['corporations'] as const,
  list: (params: Record<string, unknown>) => ['corporations', 'list', params] as const,
  one: (id: string) => ['corporations', 'one', id] as const,
  states: (id: string) => ['corporations', 'states', id] as const,
  employees: (id: string, stateCode: string, params: Record<string, unknown>) => ['corporations', 'employees', id, stateCode, params] as const,
  allStates: ['states'] as const,
};

function registrationPath(corporationId: string, stateCode: string): string {
  return `internal/corporations/${corporationId}/states/${stateCode}`;
}

export function useCorporations(params: Record<string, unknown>) {
  return useQuery({
    queryKey: corporationKeys.list(params),
    queryFn: () => callGateway<Page<Corporation>>({ method: 'GET', namespace: 'core', path: 'internal/corporations', params }),
    placeholderData: keepPreviousData,
  });
}

export function useCorporation(id: string | undefined) {
  return useQuery({
    queryKey: corporationKeys.one(id ?? ''),
    queryFn: () => callGateway<Corporation>({ method: 'GET', namespace: 'core', path: `internal/corporations/${id}` }),
    enabled: Boolean(id),
  });
}

export function useCreateCorporation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string }) => callGateway<Corporation>({ method: 'POST', namespace: 'core', path: 'internal/corporations', body: input }),
    onSuccess: () => {
      showSuccessToast(SUCCESS_MESSAGES.corporationAdded);
      return queryClient.invalidateQueries({ queryKey: corporationKeys.all });
    },
  });
}

/** The 36 states and the FCT; they do not change while the app is open. */
export function useTaxStates() {
  return useQuery({
    queryKey: corporationKeys.allStates,
    queryFn: () => callGateway<TaxState[]>({ method: 'GET', namespace: 'core', path: 'internal/states' }),
    staleTime: Infinity,
  });
}

export function useCorporationStates(corporationId: string | undefined) {
  return useQuery({
    queryKey: corporationKeys.states(corporationId ?? ''),
    queryFn: () => callGateway<CorporationState[]>({ method: 'GET', namespace: 'core', path: `internal/corporations/${corporationId}/states` }),
    enabled: Boolean(corporationId),
  });
}

/** Asks the state's revenue service who holds a Tax ID. */
export function verifyTaxId(stateCode: string, taxPayerNumber: string) {
  return callGateway<VerifiedTaxpayer>({
    method: 'POST',
    namespace: 'core',
    path: `internal/corporations/states/${stateCode}/records/verify`,
    body: { tax_payer_number: taxPayerNumber },
  });
}

/** Registrations changed: the states tab, the corporation's state count and the list all move. */
function invalidateCorporation(queryClient: ReturnType<typeof useQueryClient>) {
  return queryClient.invalidateQueries({ queryKey: corporationKeys.all });
}

export function useAddState(corporationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ stateCode, taxPayerNumber }: { stateCode: string; taxPayerNumber: string }) =>
      callGateway<CorporationState>({ method: 'POST', namespace: 'core', path: registrationPath(corporationId, stateCode), body: { tax_payer_number: taxPayerNumber } }),
    onSuccess: () => {
      showSuccessToast(SUCCESS_MESSAGES.stateAdded);
      return invalidateCorporation(queryClient);
    },
  });
}

/** Update {state} Id: the server removes the registration and adds it again in one transaction. */
export function useUpdateStateId(corporationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ stateCode, taxPayerNumber }: { stateCode: string; taxPayerNumber: string }) =>
      callGateway<UpdatedState>({ method: 'PUT', namespace: 'core', path: registrationPath(corporationId, stateCode), body: { tax_payer_number: taxPayerNumber } }),
    onSuccess: () => {
      showSuccessToast(SUCCESS_MESSAGES.stateIdUpdated);
      return invalidateCorporation(queryClient);
    },
  });
}

export function useRemoveState(corporationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stateCode: string) => callGateway<RemovedState>({ method: 'POST', namespace: 'core', path: `${registrationPath(corporationId, stateCode)}/remove`, body: {} }),
    onSuccess: () => {
      showSuccessToast(SUCCESS_MESSAGES.stateRemoved);
      return invalidateCorporation(queryClient);
    },
  });
}

/** Consent step 1: the agency mails a 6-digit code to the taxpayer. */
export function useRequestConsent(corporationId: string, stateCode: string) {
  return useMutation({
    mutationFn: () => callGateway<ConsentRequest>({ method: 'POST', namespace: 'core', path: `${registrationPath(corporationId, stateCode)}/consent`, body: {} }),
  });
}

/** Consent step 2: the code from the mail with the token of step 1. */
export function useVerifyConsent(corporationId: string, stateCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { pin: string; token: string }) =>
      callGateway<CorporationState>({ method: 'POST', namespace: 'core', path: `${registrationPath(corporationId, stateCode)}/consent/verify`, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: corporationKeys.states(corporationId) }),
  });
}

export function useUploadPayroll(corporationId: string, registration: Pick<CorporationState, 'tax_payer_number' | 'state'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (percent: number) => void }) =>
      postForm<PayrollUpload>({
        namespace: 'core',
        path: `${registrationPath(corporationId, registration.state.code)}/payrolls/file`,
        fields: { tax_payer_number: registration.tax_payer_number, file },
        onProgress,
      }),
    onSuccess: () => {
      showSuccessToast(SUCCESS_MESSAGES.payrollUpdated);
      return invalidateCorporation(queryClient);
    },
  });
}

export function usePayrollEmployees(corporationId: string, stateCode: string, params: Record<string, unknown>, enabled = true) {
  return useQuery({
    queryKey: corporationKeys.employees(corporationId, stateCode, params),
    queryFn: () => callGateway<Page<PayrollEmployee>>({ method: 'GET', namespace: 'core', path: `${registrationPath(corporationId, stateCode)}/payrolls/employees`, params }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
