import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callApi, showSuccessToast } from '../lib/api-client';
import * as calls from '@levy/contracts/calls';
import { downloadFile } from '../lib/download';

export const alertKeys = {
  all: ['alerts'] as const,
  list: (organisationId: string) => ['alerts', 'list', organisationId] as const,
  checklist: (organisationId: string) => ['alerts', 'checklist', organisationId] as const,
  metrics: (organisationId: string) => ['alerts', 'metrics', organisationId] as const,
  calendar: (organisationId: string) => ['alerts', 'calendar', organisationId] as const,
  feed: (organisationId: string) => ['alerts', 'feed', organisationId] as const,
};

/** How often open screens read the alerts again: a month falls due or a payment fails while nobody signs in. */
export const ALERTS_REFRESH_MS = 60_000;

/** The organisation's alerts from the server, read again every minute and whenever the window regains focus. */
export function useAlerts(organisationId: string | undefined) {
  return useQuery({
    queryKey: alertKeys.list(organisationId ?? ''),
    queryFn: () => callApi(calls.listAlerts, { params: { id: organisationId! }, quiet: true }),
    enabled: Boolean(organisationId),
    refetchInterval: ALERTS_REFRESH_MS,
    refetchOnWindowFocus: 'always',
  });
}

export function useChecklist(organisationId: string | undefined) {
  return useQuery({
    queryKey: alertKeys.checklist(organisationId ?? ''),
    queryFn: () => callApi(calls.getChecklist, { params: { id: organisationId! }, quiet: true }),
    enabled: Boolean(organisationId),
  });
}

export function useBillMetrics(organisationId: string | undefined) {
  return useQuery({
    queryKey: alertKeys.metrics(organisationId ?? ''),
    queryFn: () => callApi(calls.getBillMetrics, { params: { id: organisationId!, x: 'monthly' } }),
    enabled: Boolean(organisationId),
  });
}

/** The deadline calendar, kept as fresh as the alerts: a failed payment's month joins it without a reload. */
export function useDeadlineCalendar(organisationId: string | undefined) {
  return useQuery({
    queryKey: alertKeys.calendar(organisationId ?? ''),
    queryFn: () => callApi(calls.getDeadlineCalendar, { params: { id: organisationId! } }),
    enabled: Boolean(organisationId),
    refetchInterval: ALERTS_REFRESH_MS,
    refetchOnWindowFocus: 'always',
  });
}

/** The address a calendar app subscribes to. */
export function useDeadlineFeed(organisationId: string | undefined) {
  return useQuery({
    queryKey: alertKeys.feed(organisationId ?? ''),
    queryFn: () => callApi(calls.getDeadlineFeed, { params: { id: organisationId! } }),
    enabled: Boolean(organisationId),
    staleTime: Infinity,
  });
}

/** A new subscription address; the old one stops working. */
export function useResetDeadlineFeed(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(calls.resetDeadlineFeed, { params: { id: organisationId } }),
    onSuccess: (feed) => queryClient.setQueryData(alertKeys.feed(organisationId), feed),
  });
}

/** Downloads the deadline calendar as iCalendar (.ics) or CSV. */
export function downloadDeadlines(organisationId: string, format: 'ics' | 'csv') {
  return downloadFile(calls.downloadDeadlineCalendar, { id: organisationId, format });
}

/** "No WHT deductions" for a month, or its removal; the deadlines are read again either way. */
export function useNoWhtDeclaration() {
  const refreshDeadlines = useRefreshDeadlines();
  return useMutation({
    mutationFn: ({
      corporationId,
      stateCode,
      taxMonth,
      declared,
    }: {
      corporationId: string;
      stateCode: string;
      taxMonth: string;
      declared: boolean;
    }) =>
      declared
        ? callApi(calls.declareNoWhtDeductions, {
            params: { id: corporationId, code: stateCode },
            body: { tax_month: taxMonth },
          }).then(() => 'Declared: no WHT deductions this month')
        : callApi(calls.removeNoWhtDeductions, {
            params: { id: corporationId, code: stateCode, month: taxMonth },
          }).then(() => 'Declaration removed: the month is owed again'),
    // Said at once; the deadlines are read again behind it (the button is free as soon as the server answers).
    onSuccess: (message) => {
      showSuccessToast(message);
      void refreshDeadlines();
    },
  });
}

/** After a bill is paid: the session's alerts (the bell) and the alerts, checklist, calendar and metrics are read again. */
export function useRefreshDeadlines() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['session'] }),
        queryClient.invalidateQueries({ queryKey: alertKeys.all }),
      ]),
    [queryClient],
  );
}
