import {
  BANK_MESSAGES,
  type ColumnMappingInput,
  type TransactionCorrection,
  type UploadedStatement,
} from '@levy/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi, showSuccessToast, uploadForm } from '../../../lib/api-client';
import * as calls from '@levy/contracts/calls';
import { downloadFile } from '../../../lib/download';
import { isSettling } from '../model/statement-status';

export const analyserKeys = {
  all: ['analyser'] as const,
  folders: (params: Record<string, unknown>) => ['analyser', 'folders', params] as const,
  folder: (id: string) => ['analyser', 'folder', id] as const,
  records: (folderId: string, params: Record<string, unknown>) => ['analyser', 'records', folderId, params] as const,
  record: (id: string) => ['analyser', 'record', id] as const,
  statements: (recordId: string) => ['analyser', 'statements', recordId] as const,
  recordAnalysis: (recordId: string, analysedCount: number) =>
    ['analyser', 'record-analysis', recordId, analysedCount] as const,
  statement: (id: string) => ['analyser', 'statement', id] as const,
  analysis: (id: string) => ['analyser', 'analysis', id] as const,
  taxInsight: (id: string) => ['analyser', 'tax-insight', id] as const,
  transactions: (id: string, params: Record<string, unknown>) => ['analyser', 'transactions', id, params] as const,
  extraction: (id: string, page: number) => ['analyser', 'extraction', id, page] as const,
};

/** While a statement is queued or being read, its progress is asked again this often. */
export const PROGRESS_POLL_MS = 1500;

export function useFolders(params: Record<string, unknown>) {
  return useQuery({
    queryKey: analyserKeys.folders(params),
    queryFn: () => callApi(calls.listStatementFolders, { params }),
    placeholderData: keepPreviousData,
  });
}

export function useFolder(id: string | undefined) {
  return useQuery({
    queryKey: analyserKeys.folder(id ?? ''),
    queryFn: () => callApi(calls.getStatementFolder, { params: { id: id! } }),
    enabled: Boolean(id),
  });
}

export function useRecords(folderId: string, params: Record<string, unknown>) {
  return useQuery({
    queryKey: analyserKeys.records(folderId, params),
    queryFn: () => callApi(calls.listStatementRecords, { params: { ...params, id: folderId } }),
    placeholderData: keepPreviousData,
  });
}

export function useRecord(id: string | undefined) {
  return useQuery({
    queryKey: analyserKeys.record(id ?? ''),
    queryFn: () => callApi(calls.getStatementRecord, { params: { id: id! } }),
    enabled: Boolean(id),
  });
}

/** Every statement of a record (a record holds a handful), asked again while any is still being read. */
export function useStatements(recordId: string) {
  return useQuery({
    queryKey: analyserKeys.statements(recordId),
    queryFn: () =>
      callApi(calls.listStatements, {
        params: { id: recordId, no_pages: true, order_by: 'created_at', is_asc: false },
      }),
    refetchInterval: (query) =>
      query.state.data?.items.some((statement) => isSettling(statement.status)) ? PROGRESS_POLL_MS : false,
  });
}

/** The record's combined analysis; asked again each time another of its statements is analysed. */
export function useRecordAnalysis(recordId: string, analysedCount: number) {
  return useQuery({
    queryKey: analyserKeys.recordAnalysis(recordId, analysedCount),
    queryFn: () => callApi(calls.getRecordAnalysis, { params: { id: recordId } }),
    enabled: analysedCount > 0,
    placeholderData: keepPreviousData,
  });
}

/** One statement with its checks, asked again while it is being read. */
export function useStatement(id: string | undefined) {
  return useQuery({
    queryKey: analyserKeys.statement(id ?? ''),
    queryFn: () => callApi(calls.getStatement, { params: { id: id! } }),
    enabled: Boolean(id),
    refetchInterval: (query) => (query.state.data && isSettling(query.state.data.status) ? PROGRESS_POLL_MS : false),
  });
}

export function useStatementAnalysis(id: string) {
  return useQuery({
    queryKey: analyserKeys.analysis(id),
    queryFn: () => callApi(calls.getStatementAnalysis, { params: { id } }),
  });
}

export function useTaxInsight(id: string) {
  return useQuery({
    queryKey: analyserKeys.taxInsight(id),
    queryFn: () => callApi(calls.getStatementTaxInsight, { params: { id } }),
  });
}

export function useTransactions(id: string, params: Record<string, unknown>) {
  return useQuery({
    queryKey: analyserKeys.transactions(id, params),
    queryFn: () => callApi(calls.listStatementTransactions, { params: { ...params, id } }),
    placeholderData: keepPreviousData,
  });
}

export function useExtraction(id: string, page: number) {
  return useQuery({
    queryKey: analyserKeys.extraction(id, page),
    queryFn: () => callApi(calls.getStatementExtraction, { params: { id, page } }),
    placeholderData: keepPreviousData,
  });
}

/** After any change, every analyser list and figure is asked again. */
function useInvalidateAnalyser() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: analyserKeys.all });
}

export function useSaveFolder() {
  const invalidate = useInvalidateAnalyser();
  return useMutation({
    mutationFn: ({ id, name }: { id?: string; name: string }) =>
      id
        ? callApi(calls.updateStatementFolder, { params: { id }, body: { name } })
        : callApi(calls.createStatementFolder, { body: { name } }),
    onSuccess: (_folder, { id }) => {
      showSuccessToast(id ? 'Folder renamed successfully' : BANK_MESSAGES.folderCreated);
      return invalidate();
    },
  });
}

export function useDeleteFolder() {
  const invalidate = useInvalidateAnalyser();
  return useMutation({
    mutationFn: (id: string) => callApi(calls.deleteStatementFolder, { params: { id } }),
    onSuccess: () => {
      showSuccessToast(BANK_MESSAGES.deleted);
      return invalidate();
    },
  });
}

export interface RecordFields {
  name: string;
  account_number: string;
  bank_name: string;
}

export function useSaveRecord(folderId: string) {
  const invalidate = useInvalidateAnalyser();
  return useMutation({
    mutationFn: ({ id, fields }: { id?: string; fields: RecordFields }) =>
      id
        ? callApi(calls.updateStatementRecord, { params: { id }, body: fields })
        : callApi(calls.createStatementRecord, { params: { id: folderId }, body: fields }),
    onSuccess: (_record, { id }) => {
      showSuccessToast(id ? 'Record updated successfully' : BANK_MESSAGES.recordCreated);
      return invalidate();
    },
  });
}

export function useDeleteRecord() {
  const invalidate = useInvalidateAnalyser();
  return useMutation({
    mutationFn: (id: string) => callApi(calls.deleteStatementRecord, { params: { id } }),
    onSuccess: () => {
      showSuccessToast(BANK_MESSAGES.deleted);
      return invalidate();
    },
  });
}

/** Uploads a statement (multipart, with upload progress); the server answers at once with it queued. */
export function uploadStatementFile(input: {
  recordId: string;
  file: File;
  password?: string;
  onProgress?: (percent: number) => void;
}): Promise<UploadedStatement> {
  return uploadForm(calls.uploadStatement, {
    params: { id: input.recordId },
    fields: { file: input.file, password: input.password || undefined },
    onProgress: input.onProgress,
  });
}

export function useDeleteStatement() {
  const invalidate = useInvalidateAnalyser();
  return useMutation({
    mutationFn: (id: string) => callApi(calls.deleteStatement, { params: { id } }),
    onSuccess: () => {
      showSuccessToast(BANK_MESSAGES.deleted);
      return invalidate();
    },
  });
}

export function useRerunStatement() {
  const invalidate = useInvalidateAnalyser();
  return useMutation({
    mutationFn: ({ id, password }: { id: string; password?: string }) =>
      callApi(calls.rerunStatement, { params: { id }, body: { password } }),
    onSuccess: () => {
      showSuccessToast(BANK_MESSAGES.rerun);
      return invalidate();
    },
  });
}

export function useSaveCorrections(id: string) {
  const invalidate = useInvalidateAnalyser();
  return useMutation({
    mutationFn: (corrections: TransactionCorrection[]) =>
      callApi(calls.saveStatementCorrections, { params: { id }, body: { corrections } }),
    onSuccess: () => {
      showSuccessToast(BANK_MESSAGES.correctionsSaved);
      return invalidate();
    },
  });
}

export function useSaveMapping(id: string) {
  const invalidate = useInvalidateAnalyser();
  return useMutation({
    mutationFn: (mapping: ColumnMappingInput | null) =>
      callApi(calls.saveStatementMapping, { params: { id }, body: { mapping } }),
    onSuccess: () => {
      showSuccessToast(BANK_MESSAGES.mappingSaved);
      return invalidate();
    },
  });
}

export function downloadTransactions(id: string, params: Record<string, unknown>, format: 'csv' | 'xlsx') {
  return downloadFile(calls.exportStatementTransactions, { ...params, format, id });
}

export function downloadReport(id: string) {
  return downloadFile(calls.getStatementReport, { id });
}
