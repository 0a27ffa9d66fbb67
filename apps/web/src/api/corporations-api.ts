import { PRIOR_PAYMENT_MESSAGES, type CorporationState } from '@levy/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, showSuccessToast, uploadForm } from '../lib/api-client';
import * as calls from '@levy/contracts/calls';
import { downloadFile } from '../lib/download';

export type {
  ConsentRequest,
  Corporation,
  CorporationState,
  PayrollEmployee,
  PayrollUpload,
  PriorPayePayment,
  RemovedState,
  ResidentsMoved,
  RemovedStateData,
  TaxCollector,
  TaxState,
  UpdatedState,
  VerifiedTaxpayer,
} from '@levy/contracts';

/** The success messages of docs/product.md §8, word for word. */
export const SUCCESS_MESSAGES = {
  corporationAdded: 'Corporation added successfully',
  stateAdded: 'State added successfully',
  stateIdUpdated: 'State ID updated successfully',
  stateRemoved: 'State removed successfully',
  payrollUpdated: 'Payroll updated successfully.',
} as const;

export const corporationKeys = {
  all: ['corporations'] as const,
  list: (params: Record<string, unknown>) => ['corporations', 'list', params] as const,
  one: (id: string) => ['corporations', 'one', id] as const,
  states: (id: string) => ['corporations', 'states', id] as const,
  employees: (id: string, stateCode: string, params: Record<string, unknown>) =>
    ['corporations', 'employees', id, stateCode, params] as const,
  collectors: ['collectors'] as const,
  priorPayments: (id: string, stateCode: string) => ['corporations', 'prior-payments', id, stateCode] as const,
  payrollFiling: (id: string, stateCode: string) => ['corporations', 'payroll-filing', id, stateCode] as const,
};

export function useCorporations(params: Record<string, unknown>) {
  return useQuery({
    queryKey: corporationKeys.list(params),
    queryFn: () => callApi(calls.listCorporations, { params }),
    placeholderData: keepPreviousData,
  });
}

export function useCorporation(id: string | undefined) {
  return useQuery({
    queryKey: corporationKeys.one(id ?? ''),
    queryFn: () => callApi(calls.getCorporation, { params: { id: id! } }),
    enabled: Boolean(id),
  });
}

export function useCreateCorporation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string }) => callApi(calls.createCorporation, { body: input }),
    onSuccess: () => {
      showSuccessToast(SUCCESS_MESSAGES.corporationAdded);
      return queryClient.invalidateQueries({ queryKey: corporationKeys.all });
    },
  });
}

/** Where a corporation registers: the 36 states and the FCT, then the Nigeria Revenue Service; they do not change while the app is open. */
export function useTaxCollectors() {
  return useQuery({
    queryKey: corporationKeys.collectors,
    queryFn: () => callApi(calls.listCollectors),
    staleTime: Infinity,
  });
}

export function useCorporationStates(corporationId: string | undefined) {
  return useQuery({
    queryKey: corporationKeys.states(corporationId ?? ''),
    queryFn: () => callApi(calls.listCorporationStates, { params: { id: corporationId! } }),
    enabled: Boolean(corporationId),
  });
}

/** Asks the state's revenue service who holds a Tax ID. */
/** Who the state's revenue service says holds a Tax ID, and whether that is the corporation registering it. */
export function verifyTaxId(stateCode: string, taxPayerNumber: string, corporationId: string) {
  return callApi(calls.verifyStateTaxId, {
    params: { state: stateCode },
    body: { tax_payer_number: taxPayerNumber, corporation_id: corporationId },
  });
}

/** The registration form: the Tax ID, the first tax month owed there, and the confirmation of another taxpayer name. */
export interface StateRegistrationInput {
  stateCode: string;
  taxPayerNumber: string;
  firstTaxMonth?: string;
  confirmName?: boolean;
}

const registrationBody = (input: StateRegistrationInput) => ({
  tax_payer_number: input.taxPayerNumber,
  first_tax_month: input.firstTaxMonth,
  confirm_name: input.confirmName,
});

/** Admins: from which month the corporation owes tax in a state. */
export function useSetFirstTaxMonth(corporationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ stateCode, month }: { stateCode: string; month: string }) =>
      callApi(calls.setFirstTaxMonth, {
        params: { id: corporationId, code: stateCode },
        body: { first_tax_month: month },
      }),
    onSuccess: () => {
      showSuccessToast('First tax month saved');
      return invalidateCorporation(queryClient);
    },
  });
}

/** Registrations changed: the states tab, the corporation's state count and the list all move. */
function invalidateCorporation(queryClient: ReturnType<typeof useQueryClient>) {
  return queryClient.invalidateQueries({ queryKey: corporationKeys.all });
}

export function useAddState(corporationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StateRegistrationInput) =>
      callApi(calls.addCorporationState, {
        params: { id: corporationId, code: input.stateCode },
        body: registrationBody(input),
      }),
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
    mutationFn: (input: StateRegistrationInput) =>
      callApi(calls.updateCorporationStateTaxId, {
        params: { id: corporationId, code: input.stateCode },
        body: registrationBody(input),
      }),
    onSuccess: () => {
      showSuccessToast(SUCCESS_MESSAGES.stateIdUpdated);
      return invalidateCorporation(queryClient);
    },
  });
}

export function useRemoveState(corporationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stateCode: string) =>
      callApi(calls.removeCorporationState, { params: { id: corporationId, code: stateCode } }),
    onSuccess: () => {
      showSuccessToast(SUCCESS_MESSAGES.stateRemoved);
      return invalidateCorporation(queryClient);
    },
  });
}

/** Consent step 1: the agency mails a 6-digit code to the taxpayer. */
export function useRequestConsent(corporationId: string, stateCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(calls.requestStateConsent, { params: { id: corporationId, code: stateCode } }),
    // The state's consent is now pending.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: corporationKeys.states(corporationId) }),
  });
}

/** Consent step 2: the code from the mail with the token of step 1. */
export function useVerifyConsent(corporationId: string, stateCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { pin: string; token: string }) =>
      callApi(calls.verifyStateConsent, { params: { id: corporationId, code: stateCode }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: corporationKeys.states(corporationId) }),
  });
}

/** Consent where no code is sent (manual mode): the user's attestation. */
export function useAttestConsent(corporationId: string, stateCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      callApi(calls.attestStateConsent, { params: { id: corporationId, code: stateCode }, body: { attest: true } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: corporationKeys.states(corporationId) }),
  });
}

/** The latest payroll given to the revenue service, and whether its acknowledgement is awaited. */
export function usePayrollFiling(corporationId: string, stateCode: string) {
  return useQuery({
    queryKey: corporationKeys.payrollFiling(corporationId, stateCode),
    queryFn: () => callApi(calls.getPayrollFiling, { params: { id: corporationId, code: stateCode } }),
  });
}

export function useRecordPayrollAcknowledgement(corporationId: string, stateCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reference: string) =>
      callApi(calls.recordPayrollAcknowledgement, {
        params: { id: corporationId, code: stateCode },
        body: { reference },
      }),
    onSuccess: (filing) => {
      queryClient.setQueryData(corporationKeys.payrollFiling(corporationId, stateCode), filing);
      showSuccessToast('Acknowledgement recorded');
    },
  });
}

/** The payroll's schedule to upload on the collector's portal (manual mode). */
export function downloadPayrollSchedule(corporationId: string, stateCode: string) {
  return downloadFile(calls.downloadPayrollSchedule, { id: corporationId, code: stateCode });
}

export function useUploadPayroll(
  corporationId: string,
  registration: Pick<CorporationState, 'tax_payer_number' | 'state'>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (percent: number) => void }) =>
      uploadForm(calls.uploadPayroll, {
        params: { id: corporationId, code: registration.state.code },
        fields: { tax_payer_number: registration.tax_payer_number, file },
        onProgress,
      }),
    onSuccess: () => {
      showSuccessToast(SUCCESS_MESSAGES.payrollUpdated);
      return invalidateCorporation(queryClient);
    },
  });
}

/** Moves the employees of a state's payroll on file who live in another state to that state's payroll. */
export function useMoveResidents(corporationId: string, fromStateCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (toStateCode: string) =>
      callApi(calls.moveResidentsToTheirState, {
        params: { id: corporationId, code: fromStateCode },
        body: { to_state: toStateCode },
      }),
    onSuccess: (moved) => {
      showSuccessToast(
        `${moved.moved.toLocaleString('en-NG')} moved to the ${moved.to.name} payroll: their PAYE is now billed to ${moved.to.revenue_service}.`,
      );
      return invalidateCorporation(queryClient);
    },
  });
}

export function usePayrollEmployees(
  corporationId: string,
  stateCode: string,
  params: Record<string, unknown>,
  enabled = true,
) {
  return useQuery({
    queryKey: corporationKeys.employees(corporationId, stateCode, params),
    queryFn: () => callApi(calls.listPayrollEmployees, { params: { ...params, id: corporationId, code: stateCode } }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** PAYE months paid on the state portal before Levy: Levy records them and never pays them. */
export function usePriorPayePayments(corporationId: string, stateCode: string) {
  return useQuery({
    queryKey: corporationKeys.priorPayments(corporationId, stateCode),
    queryFn: () => callApi(calls.listPriorPayePayments, { params: { id: corporationId, code: stateCode } }),
  });
}

export interface PriorPaymentForm {
  tax_month: string;
  amount: string;
  agency_reference: string;
  paid_on: string;
  file: File | null;
}

export function useRecordPriorPayePayment(corporationId: string, stateCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, ...fields }: PriorPaymentForm) =>
      uploadForm(calls.recordPriorPayePayment, {
        params: { id: corporationId, code: stateCode },
        fields: { ...fields, file },
      }),
    onSuccess: () => {
      showSuccessToast(PRIOR_PAYMENT_MESSAGES.recorded);
      return queryClient.invalidateQueries({ queryKey: corporationKeys.priorPayments(corporationId, stateCode) });
    },
  });
}

export function useRemovePriorPayePayment(corporationId: string, stateCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (taxMonth: string) =>
      callApi(calls.removePriorPayePayment, { params: { id: corporationId, code: stateCode, month: taxMonth } }),
    onSuccess: () => {
      showSuccessToast(PRIOR_PAYMENT_MESSAGES.removed);
      return queryClient.invalidateQueries({ queryKey: corporationKeys.priorPayments(corporationId, stateCode) });
    },
  });
}
