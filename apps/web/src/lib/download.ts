import { fillPath, type ContractParams } from '@levy/contracts/api';
import { API_BASE, errorMessageFor, FALLBACK_ERROR_MESSAGE, showErrorToast } from './api-client';
import type { Call, ContractOf } from './api-client';
import { readSession } from './session-store';

/**
 * Fetches the file a download call serves at `GET /service/v1/{namespace}/{path}` (exports,
 * receipts, the payroll on file), with the session token; path parameters come from `params`, the
 * rest go in the query. A failure is toasted like any other call and resolves to null.
 */
export async function fetchFile<T extends Call & { download: readonly string[] }>(
  call: T,
  params: ContractParams<ContractOf<T>>,
): Promise<File | null> {
  const { path, rest } = fillPath(call.path, params);
  const query = new URLSearchParams(
    Object.entries(rest)
      .filter(([, value]) => value !== undefined && value !== null)
      .map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]),
  );
  const address = `${call.namespace}/${path}`;
  const token = readSession().token;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/${address}?${query.toString()}`, {
      headers: token ? { 'Api-Token': token } : {},
    });
  } catch {
    showErrorToast('Could not reach Levy. Check your connection and try again.');
    return null;
  }
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as {
      code: string;
      message: string;
      data: unknown;
    } | null;
    showErrorToast(envelope ? errorMessageFor(envelope.code, envelope.message, envelope.data) : FALLBACK_ERROR_MESSAGE);
    return null;
  }
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'levy-export';
  const blob = await response.blob();
  return new File([blob], filename, { type: blob.type });
}

/** Saves the file a download call serves, as the browser saves any download; false when it failed (and was toasted). */
export async function downloadFile<T extends Call & { download: readonly string[] }>(
  call: T,
  params: ContractParams<ContractOf<T>>,
): Promise<boolean> {
  const file = await fetchFile(call, params);
  if (!file) return false;
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.click();
  URL.revokeObjectURL(url);
  return true;
}
