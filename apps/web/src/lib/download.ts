import { fillPath, type ContractParams } from '@levy/contracts/api';
import { API_BASE, errorMessageFor, FALLBACK_ERROR_MESSAGE, showErrorToast } from './api-client';
import type { Call, ContractOf } from './calls';
import { readSession } from './session-store';

/**
 * Downloads the file a download call serves at `GET /service/v1/{namespace}/{path}`
 * (exports, receipts), with the session token; path parameters come from `params`, the rest go
 * in the query. A failure is toasted like any other call and resolves to false.
 */
export async function downloadFile<T extends Call & { download: true }>(call: T, params: ContractParams<ContractOf<T>>): Promise<boolean> {
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
    response = await fetch(`${API_BASE}/${address}?${query.toString()}`, { headers: token ? { 'Api-Token': token } : {} });
  } catch {
    showErrorToast('Could not reach Levy. Check your connection and try again.');
    return false;
  }
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as { code: string; message: string; data: unknown } | null;
    showErrorToast(envelope ? errorMessageFor(envelope.code, envelope.message, envelope.data) : FALLBACK_ERROR_MESSAGE);
    return false;
  }
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'levy-export';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
  return true;
}
