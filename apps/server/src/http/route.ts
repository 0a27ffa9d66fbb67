import type { ContractDefinition, ContractResult, ParsedBody, ParsedParams, Permissions } from '@levy/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { ZodType } from 'zod';

export type { HttpMethod, Namespace } from '@levy/contracts';

export interface UploadedFile {
  field: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

/** An Idempotency-Key (the IETF draft's header) with the request it was sent with. */
export interface Idempotency {
  key: string;
  /** SHA-256 of the request in canonical form (idempotency.ts requestFingerprint). */
  fingerprint: string;
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

/** Who a route's handler is called by: a signed-in caller, unless the call is public (then null without a token). */
export type CallerOf<C extends ContractDefinition> = C extends { public: true } ? Caller | null : Caller;

export interface CallContext<P, B, Who extends Caller | null = Caller> {
  params: P;
  body: B;
  files: UploadedFile[];
  caller: Who;
  token: string | null;
  ip: string;
  /** The Idempotency-Key header, when the client sent one, with the request it came with. */
  idempotency: Idempotency | null;
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

/** One entry of the route table: the call's contract with its handler. */
export type RouteDefinition = ContractDefinition & {
  handler(context: CallContext<unknown, unknown, Caller | null>): Promise<unknown>;
};

/** The envelope's data schema, or null for a call that answers with a file (defineContract's types give every other call one). */
export function responseSchemaOf(route: RouteDefinition): ZodType | null {
  return route.download ? null : (route.response ?? null);
}

/** What a contract's handler must resolve to: the response's data (with a message or not), or a file. */
export type HandlerResult<C extends ContractDefinition> = C extends { download: readonly string[] }
  ? FileReply
  : ContractResult<C> | Reply<ContractResult<C>>;

/** A route of the table: a contract from `@levy/contracts` (which names its permission and summary) and its handler. */
export interface ContractRoute<C extends ContractDefinition> {
  contract: C;
  handler(context: CallContext<ParsedParams<C>, ParsedBody<C>, CallerOf<C>>): Promise<HandlerResult<C>>;
}

/**
 * Declares a route from its contract: method, namespace, path, permission, summary and schemas
 * come from the contract; the handler's input is the parsed params and body, and its result is
 * checked against the contract's response at compile time.
 */
export function defineRoute<const C extends ContractDefinition>(route: ContractRoute<C>): RouteDefinition {
  return { ...route.contract, handler: route.handler };
}
