import {
  API_BASE,
  ENVELOPE_CODES,
  fillPath,
  type ContractDefinition,
  type ContractInput,
  type ContractResponse,
  type Envelope,
  type HttpMethod,
  type Namespace,
} from '@levy/contracts/api';
import type * as contracts from '@levy/contracts';
import type * as declarations from '@levy/contracts/calls';
import { notifications } from '@mantine/notifications';
import { readSession, useSessionStore } from './session-store';

export { API_BASE } from '@levy/contracts/api';
export type { HttpMethod, Namespace } from '@levy/contracts/api';

type Contracts = typeof contracts;

type Declarations = typeof declarations;
type CallName = keyof Declarations;

/** A call declared in `@levy/contracts/calls` (`calls.x`): what the browser needs to make it. */
export type Call = Declarations[CallName];

/** A call's name, found by its declaration's type: no two calls share an address. */
type NameOf<T extends Call> = { [K in CallName]: Declarations[K] extends T ? K : never }[CallName];

/** The zod contract a call is typed by: only its types reach the browser, never zod. */
export type ContractOf<T extends Call> = Contracts[NameOf<T>] extends infer C extends ContractDefinition ? C : never;

/** A call written out by hand; `callApi(calls.name, input)` builds one from a declared call. */
export interface GatewayCall {
  method: HttpMethod;
  namespace?: Namespace;
  path: string;
  params?: Record<string, unknown>;
  body?: unknown;
  /** Sends this token instead of the session's (accepting an invitation may supply it). */
  token?: string | null;
  /** Best-effort calls (revoking a token on sign-out) reject without telling the user. */
  quiet?: boolean;
}

/** A rejected call: the envelope's code, the message shown, and its data (field errors for INVALID_INPUT). */
export class ApiError extends Error {
  readonly code: string;
  readonly data: unknown;

  constructor(code: string, message: string, data: unknown) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
  }

  /** INVALID_INPUT data as field → message, for forms. */
  get fieldErrors(): Record<string, string> {
    if (this.code !== 'INVALID_INPUT' || typeof this.data !== 'object' || this.data === null) return {};
    return Object.fromEntries(Object.entries(this.data).filter(([, value]) => typeof value === 'string'));
  }
}

export const ERROR_TOAST_MS = 3000;
export const NO_AUTH_MESSAGE = ENVELOPE_CODES.NO_AUTH.message;
export const SYSTEM_ERROR_MESSAGE = ENVELOPE_CODES.INTERNAL_ERROR.message;
export const FALLBACK_ERROR_MESSAGE = 'An error occurred';

/** The text the error catalogue (docs/product.md §8) shows for an envelope. */
export function errorMessageFor(code: string, message: string | null | undefined, data: unknown): string {
  if (code === 'NO_AUTH') return NO_AUTH_MESSAGE;
  if (code === 'INTERNAL_ERROR') return SYSTEM_ERROR_MESSAGE;
  if (code === 'INVALID_INPUT' && typeof data === 'object' && data !== null) {
    const lines = Object.values(data).filter((value): value is string => typeof value === 'string' && value.length > 0);
    if (lines.length > 0) return lines.join('\n');
  }
  return message || FALLBACK_ERROR_MESSAGE;
}

export function showErrorToast(message: string): void {
  notifications.show({
    title: 'Error',
    message,
    color: 'red',
    autoClose: ERROR_TOAST_MS,
    withCloseButton: true,
    style: { whiteSpace: 'pre-line' },
  });
}

export function showSuccessToast(message: string, autoClose = ERROR_TOAST_MS): void {
  notifications.show({ title: 'Success', message, color: 'green', autoClose, withCloseButton: true });
}

/** Where to go after a NO_AUTH sign-out; the app installs a router-aware version. */
let navigateAfterSignOut: (path: string) => void = (path) => window.location.assign(path);
export function setSignOutNavigation(navigate: (path: string) => void): void {
  navigateAfterSignOut = navigate;
}

// Several calls fail together when a token expires: only the first one tells the user.
let hasShownNoAuth = false;
useSessionStore.subscribe((state, previous) => {
  if (state.token && state.token !== previous.token) hasShownNoAuth = false;
});

/** Tells the user about a failed call (per the catalogue) and returns the error to reject with. */
function reportFailure(envelope: Envelope<unknown>, quiet = false): ApiError {
  const message = errorMessageFor(envelope.code, envelope.message, envelope.data);
  if (quiet) return new ApiError(envelope.code, message, envelope.data);
  if (envelope.code === 'NO_AUTH') {
    const hadSession = Boolean(readSession().token);
    if (!hasShownNoAuth) showErrorToast(message);
    hasShownNoAuth = true;
    if (hadSession) {
      useSessionStore.getState().reset();
      navigateAfterSignOut('/');
    }
  } else {
    showErrorToast(message);
  }
  return new ApiError(envelope.code, message, envelope.data);
}

const NETWORK_FAILURE: Envelope<null> = {
  code: 'NETWORK',
  message: 'Could not reach Levy. Check your connection and try again.',
  data: null,
};

async function readEnvelope<T>(response: Response): Promise<Envelope<T>> {
  try {
    const envelope = (await response.json()) as Envelope<T>;
    if (envelope && typeof envelope.code === 'string') return envelope;
  } catch {
    // Not JSON: a proxy page or a dropped connection. Reported below as a generic error.
  }
  return {
    code: response.status >= 500 ? 'INTERNAL_ERROR' : 'UNKNOWN',
    message: FALLBACK_ERROR_MESSAGE,
    data: null as T,
  };
}

function tokenFor(call: { token?: string | null }): string | null {
  return call.token === undefined ? readSession().token : call.token;
}

/** Calls the gateway and resolves to the envelope's data; failures toast and reject (docs/product.md §7–8). */
export async function callGateway<T>(call: GatewayCall): Promise<T> {
  const token = tokenFor(call);
  let response: Response;
  try {
    response = await fetch(API_BASE, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { 'Api-Token': token } : {}) },
      body: JSON.stringify({
        method: call.method,
        namespace: call.namespace,
        path: call.path,
        params: call.params,
        body: call.body,
      }),
    });
  } catch {
    throw reportFailure(NETWORK_FAILURE, call.quiet);
  }
  const envelope = await readEnvelope<T>(response);
  if (envelope.code !== 'OK') throw reportFailure(envelope, call.quiet);
  return envelope.data;
}

export interface CallOptions {
  /** Sends this token instead of the session's (accepting an invitation may supply it). */
  token?: string | null;
  /** Best-effort calls (revoking a token on sign-out) reject without telling the user. */
  quiet?: boolean;
}

export type CallInput<C extends ContractDefinition> = ContractInput<C> & CallOptions;

/** The input argument is optional when the contract requires nothing. */
type CallArguments<C extends ContractDefinition> =
  object extends CallInput<C> ? [input?: CallInput<C>] : [input: CallInput<C>];

/**
 * Makes a declared call (`calls` in @levy/contracts): path parameters are filled from `params` (the rest are
 * sent as params), and the answer's data is typed by the call's contract.
 */
export function callApi<T extends Call>(
  call: T,
  ...[input]: CallArguments<ContractOf<T>>
): Promise<ContractResponse<ContractOf<T>>> {
  const options = (input ?? {}) as { params?: Record<string, unknown>; body?: unknown } & CallOptions;
  const { path, rest } = fillPath(call.path, options.params);
  return callGateway<ContractResponse<ContractOf<T>>>({
    method: call.method,
    namespace: call.namespace,
    path,
    params: Object.keys(rest).length > 0 ? rest : undefined,
    body: options.body,
    token: options.token,
    quiet: options.quiet,
  });
}

export interface FormCall {
  namespace: Namespace;
  /** The path with its parameters filled in (and any query string). */
  path: string;
  /** The form fields and files. */
  fields: Record<string, string | Blob | null | undefined>;
  onProgress?: (percent: number) => void;
  token?: string | null;
  /** Extra request headers, e.g. `Idempotency-Key` on a payment. */
  headers?: Record<string, string>;
}

/**
 * A multipart form post to `/service/v1/{path}` with `namespace` as a form field. Uses
 * XMLHttpRequest because fetch cannot report upload progress.
 */
export function postForm<T>(call: FormCall): Promise<T> {
  const form = new FormData();
  form.append('namespace', call.namespace);
  for (const [name, value] of Object.entries(call.fields)) {
    if (value === null || value === undefined) continue;
    if (value instanceof File) form.append(name, value, value.name);
    else form.append(name, value);
  }
  const token = tokenFor(call);
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${API_BASE}/${call.path.replace(/^\/+/, '')}`);
    if (token) request.setRequestHeader('Api-Token', token);
    for (const [name, value] of Object.entries(call.headers ?? {})) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) call.onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      let envelope: Envelope<T>;
      try {
        envelope = JSON.parse(request.responseText) as Envelope<T>;
      } catch {
        envelope = {
          code: request.status >= 500 ? 'INTERNAL_ERROR' : 'UNKNOWN',
          message: FALLBACK_ERROR_MESSAGE,
          data: null as T,
        };
      }
      if (envelope.code === 'OK') {
        call.onProgress?.(100);
        resolve(envelope.data);
        return;
      }
      reject(reportFailure(envelope));
    };
    request.onerror = () => reject(reportFailure(NETWORK_FAILURE));
    request.send(form);
  });
}

export type UploadCall<C extends ContractDefinition> = Pick<ContractInput<C>, 'params'> &
  Omit<FormCall, 'namespace' | 'path'>;

/** Uploads to a multipart call: its path filled from `params`, the answer typed by its contract. */
export function uploadForm<T extends Call & { multipart: true }>(
  call: T,
  upload: UploadCall<ContractOf<T>>,
): Promise<ContractResponse<ContractOf<T>>> {
  const { path, rest } = fillPath(call.path, upload.params);
  const query = new URLSearchParams(Object.entries(rest).map(([key, value]) => [key, String(value)])).toString();
  return postForm<ContractResponse<ContractOf<T>>>({
    ...upload,
    namespace: call.namespace,
    path: query ? `${path}?${query}` : path,
  });
}
