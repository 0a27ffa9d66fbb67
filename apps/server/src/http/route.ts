import type { Permissions } from '@levy/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';

export type Namespace = 'public' | 'auth' | 'core' | 'bank';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

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

export interface RouteDefinition<P extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType> {
  method: HttpMethod;
  namespace: Namespace;
  /** Relative to the namespace, with `{name}` path parameters: `organisations/{id}/users`. */
  path: string;
  summary: string;
  /** false: no token needed. true: a valid token. A permission string: a token with that permission. */
  auth: boolean | { permission: string };
  /** Path parameters and query params together. */
  params?: P;
  body?: B;
  /** Accepts multipart form data: fields go to `body`, files to `files`. */
  multipart?: boolean;
  handler(context: CallContext<z.output<P>, z.output<B>>): Promise<unknown>;
}

/** Declares a route with its input types inferred from its schemas. */
export function defineRoute<P extends z.ZodType = z.ZodObject, B extends z.ZodType = z.ZodObject>(
  route: RouteDefinition<P, B>,
): RouteDefinition {
  return route;
}

export function routePermission(route: RouteDefinition): string | null {
  return typeof route.auth === 'object' ? route.auth.permission : null;
}
