// Types only: the web app's API client imports this module on every page, and zod loads only
// with the pages that use a schema.
import type { z } from 'zod';
import type { Permission } from './permissions';

/**
 * The API's fixed parts (docs/product.md §7–9), declared once for the server and the web: the base
 * path, the envelope and its codes. A call is declared once in `calls.ts` (method, namespace, path,
 * permission); its contract (`defineContract`) adds the summary and the request and response schemas.
 */

/** API base path (docs/product.md §9). */
export const API_BASE = '/service/v1';

export const NAMESPACES = ['public', 'auth', 'core', 'bank'] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

interface CallFields {
  method: HttpMethod;
  namespace: Namespace;
  /** Relative to the namespace, with `{name}` path parameters: `organisations/{id}/users`. */
  path: string;
  /** Accepts multipart form data: fields go to the body, files alongside. */
  multipart?: true;
  /** Answers with a file of one of these content types instead of an envelope. */
  download?: readonly string[];
}

/** Who may call: holders of a permission; anyone, without a token (`public`); or, with neither, any signed-in caller. */
type Access =
  | { permission: Permission; public?: never }
  | { public: true; permission?: never }
  | { permission?: never; public?: never };

/** What `calls.ts` says of one call. */
export type CallDeclaration = CallFields & Access;

/** The envelope codes of docs/product.md §8 with their HTTP status and default message. */
export const ENVELOPE_CODES = {
  OK: { status: 200, message: 'OK' },
  INVALID_INPUT: { status: 400, message: 'Some of the information provided is not valid.' },
  NO_AUTH: { status: 401, message: 'No authorised access.' },
  FORBIDDEN: { status: 403, message: 'You do not have permission to do this.' },
  NOT_FOUND: { status: 404, message: 'Not found.' },
  CONFLICT: { status: 409, message: 'This conflicts with existing data.' },
  UNPROCESSABLE: { status: 422, message: 'This request cannot be processed.' },
  RATE_LIMITED: { status: 429, message: 'Too many requests. Please try again later.' },
  INTERNAL_ERROR: { status: 500, message: 'System error' },
  UNAVAILABLE: { status: 503, message: 'The service is temporarily unavailable. Please try again.' },
} as const;

export type EnvelopeCode = keyof typeof ENVELOPE_CODES;
export type ErrorCode = Exclude<EnvelopeCode, 'OK'>;
export const ERROR_CODES = (Object.keys(ENVELOPE_CODES) as EnvelopeCode[]).filter(
  (code): code is ErrorCode => code !== 'OK',
);

/** Every answer: `{code, message, data}`. */
export interface Envelope<T = unknown> {
  code: string;
  message: string;
  data: T;
}

/** The server's half of a contract: what a call does, what it takes, and what its envelope's `data` holds. */
export interface ContractSchemas {
  /** What the call does, for the API reference. */
  summary: string;
  /** Path parameters and query params together. */
  params?: z.ZodType;
  body?: z.ZodType;
  /** The envelope's `data`; absent on a call that answers with a file (`download`). */
  response?: z.ZodType;
}

/** A call's contract: its declaration in `calls.ts` with its schemas. */
export type ContractDefinition = CallDeclaration & ContractSchemas;

/** What a call's schemas must give: a response, unless the call answers with a file. */
type SchemasFor<D extends CallDeclaration> = D extends { download: readonly string[] }
  ? ContractSchemas & { response?: never }
  : ContractSchemas & { response: z.ZodType };

/** Extends a declared call with its schemas; the literal types are kept so the client and the route table infer from them. */
export function defineContract<const D extends CallDeclaration, const S extends SchemasFor<D>>(
  call: D,
  schemas: S,
): D & S {
  return { ...call, ...schemas };
}

/** The params a caller sends (before coercion and defaults). */
export type ContractParams<C extends ContractDefinition> = C extends { params: infer P extends z.ZodType }
  ? z.input<P>
  : undefined;
/** The body a caller sends. */
export type ContractBody<C extends ContractDefinition> = C extends { body: infer B extends z.ZodType }
  ? z.input<B>
  : undefined;
/** The params and body a handler receives (after parsing). */
export type ParsedParams<C extends ContractDefinition> = C extends { params: infer P extends z.ZodType }
  ? z.output<P>
  : Record<string, unknown>;
export type ParsedBody<C extends ContractDefinition> = C extends { body: infer B extends z.ZodType }
  ? z.output<B>
  : unknown;
/** The `data` a caller receives. */
export type ContractResponse<C extends ContractDefinition> = C extends { response: infer R extends z.ZodType }
  ? z.output<R>
  : never;
/** The `data` a handler must produce (response schemas are plain JSON shapes, so the two agree). */
export type ContractResult<C extends ContractDefinition> = C extends { response: infer R extends z.ZodType }
  ? z.input<R>
  : never;

/** The names of a path template's `{name}` parameters. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
}

/**
 * Fills a path template from params: `organisations/{id}/users` with `{id: 'x', page: 2}` gives
 * the path `organisations/x/users` and the rest `{page: 2}`.
 */
export function fillPath(
  path: string,
  params: Record<string, unknown> | undefined,
): { path: string; rest: Record<string, unknown> } {
  const rest: Record<string, unknown> = { ...(params ?? {}) };
  const filled = path.replace(/\{(\w+)\}/g, (_whole, name: string) => {
    const value = rest[name];
    if (typeof value !== 'string' && typeof value !== 'number')
      throw new Error(`${path}: the path parameter ${name} is missing`);
    if (value === '') throw new Error(`${path}: the path parameter ${name} is empty`);
    delete rest[name];
    return encodeURIComponent(String(value));
  });
  return { path: filled, rest };
}

type ParamsPart<C extends ContractDefinition> = C extends { params: infer P extends z.ZodType }
  ? object extends z.input<P>
    ? { params?: z.input<P> }
    : { params: z.input<P> }
  : { params?: undefined };
type BodyPart<C extends ContractDefinition> = C extends { body: infer B extends z.ZodType }
  ? object extends z.input<B>
    ? { body?: z.input<B> }
    : { body: z.input<B> }
  : { body?: undefined };

/** What a client gives for a call: params (path parameters included) and body, as the contract takes them. */
export type ContractInput<C extends ContractDefinition> = ParamsPart<C> & BodyPart<C>;
