import type { ContractDefinition, ContractResult, HttpMethod, Namespace, ParsedBody, ParsedParams, Permissions } from '@levy/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';

export type { HttpMethod, Namespace } from '@levy/contracts';

export interface UploadedFile {
  field: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Who is calling, resolved from the Api-Token header by the identity module. */
export interface Caller {
  sessionId: string;
  userId: string;
  userTypeCode: string;
  email: string;
  firstName: string;
  /** The organisation the session works in, with the caller's membership there. */
  organisationId: string | null;
  membershipId: string | null;
  roleCode: string | null;
  isOwner: boolean;
  permissions: Permissions;
}

export interface CallContext<P, B> {
  params: P;
  body: B;
  files: UploadedFile[];
  /** Present on every route that requires authentication. */
  caller: Caller;
  token: string | null;
  ip: string;
  /** The Idempotency-Key header, when the client sent one. */
  idempotencyKey: string | null;
  log: FastifyBaseLogger;
}

/** What a handler may return: data alone, or data with the envelope message. */
export interface Reply<T> {
  data: T;
  message: string;
}

export function reply<T>(data: T, message: string): Reply<T> {
  return { data, message };
}

/** A download instead of an envelope (exports, receipts). */
export class FileReply {
  constructor(
    readonly filename: string,
    readonly contentType: string,
    readonly content: Buffer,
  ) {}
}

/** Who may call: false, no token; true, a valid token; a permission, a token with that permission. */
export type RouteAuth = boolean | { permission: string };

/** One entry of the route table: the call's contract, flattened, with what only the server knows. */
export interface RouteDefinition<P extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType> {
  method: HttpMethod;
  namespace: Namespace;
  /** Relative to the namespace, with `{name}` path parameters: `organisations/{id}/users`. */
  path: string;
  summary: string;
  auth: RouteAuth;
  /** Path parameters and query params together. */
  params?: P;
  body?: B;
  /** The envelope's data (from the contract). */
  response?: z.ZodType;
  /** Content types of a file answer (from the contract). */
  download?: readonly string[];
  /** Accepts multipart form data: fields go to `body`, files to `files`. */
  multipart?: boolean;
  handler(context: CallContext<z.output<P>, z.output<B>>): Promise<unknown>;
}

/** What a contract's handler must resolve to: the response's data (with a message or not), or a file. */
export type HandlerResult<C extends ContractDefinition> = C extends { download: readonly string[] }
  ? FileReply
  : ContractResult<C> | Reply<ContractResult<C>>;

/** A route of the table: a contract from `@levy/contracts` plus the summary, auth and handler. */
export interface ContractRoute<C extends ContractDefinition> {
  contract: C;
  summary: string;
  auth: RouteAuth;
  handler(context: CallContext<ParsedParams<C>, ParsedBody<C>>): Promise<HandlerResult<C>>;
}

/**
 * Declares a route from its contract: method, namespace, path and schemas come from the contract;
 * the handler's input is the parsed params and body, and its result is checked against the
 * contract's response at compile time.
 */
export function defineRoute<const C extends ContractDefinition>(route: ContractRoute<C>): RouteDefinition;
/** Declares a route with its input types inferred from its schemas (a call without a contract yet). */
export function defineRoute<P extends z.ZodType = z.ZodObject, B extends z.ZodType = z.ZodObject>(route: RouteDefinition<P, B>): RouteDefinition;
export function defineRoute(route: ContractRoute<ContractDefinition> | RouteDefinition): RouteDefinition {
  if (!('contract' in route)) return route;
  const { contract, summary, auth, handler } = route;
  return { ...contract, summary, auth, handler: handler };
}

export function routePermission(route: RouteDefinition): string | null {
  return typeof route.auth === 'object' ? route.auth.permission : null;
}
