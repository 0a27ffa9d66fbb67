import { API_BASE, ENVELOPE_CODES, fieldErrors, hasPermission, HTTP_METHODS, NAMESPACES } from '@levy/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import FindMyWay from 'find-my-way';
import { z } from 'zod';
import { AppError, invalidInput } from '../errors';
import { requestFingerprint, type Idempotency } from './idempotency';
import {
  cleanSearchText,
  controlCharacterMessage,
  fieldWithControlCharacter,
  withoutControlCharacters,
} from './input-hygiene';
import {
  FileReply,
  responseSchemaOf,
  type Caller,
  type HttpMethod,
  type RouteDefinition,
  type UploadedFile,
} from './route';

export { API_BASE } from '@levy/contracts';

interface Invocation {
  params: Record<string, unknown>;
  /** Names of the parameters that came from the path: a malformed one names nothing that exists. */
  pathParamNames: string[];
  body: unknown;
  files: UploadedFile[];
}

export type ResolveCaller = (token: string) => Promise<Caller | null>;

export interface GatewayOptions {
  /**
   * Checks every answer against its contract's response schema and fails the call with
   * INTERNAL_ERROR (logging the differences) when it does not match. For tests and development:
   * production trusts the compile-time check and skips the cost.
   */
  checkResponses?: boolean;
}

const gatewayBody = z.object({
  method: z.enum([...HTTP_METHODS, ...HTTP_METHODS.map((method) => method.toLowerCase())]).default('GET'),
  namespace: z.string().optional(),
  path: z.string({ error: 'path is required' }).min(1, { error: 'path is required' }),
  params: z.record(z.string(), z.unknown()).nullish(),
  body: z.unknown().optional(),
});

function trimSlashes(path: string): string {
  return path.replace(/^\/+|\/+$/g, '');
}

/** `{id}` → `:id`, for Fastify's router. */
export function toFastifyPath(path: string): string {
  return trimSlashes(path).replace(/\{(\w+)\}/g, ':$1');
}

/** A call's address under the API base, as the routers know it: `/{namespace}/{path}`. */
function addressOf(route: RouteDefinition): string {
  return `/${route.namespace}/${toFastifyPath(route.path)}`;
}

/** The path's parameters as routed; an empty segment fills no parameter, so the address names no call. */
function pathParamsOf(route: RouteDefinition, routed: Record<string, string | undefined>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(routed)) {
    if (!value) throw new AppError('NOT_FOUND', `No such call: ${route.method} ${route.namespace}/${route.path}`);
    params[name] = value;
  }
  return params;
}

/** The IETF draft's Idempotency-Key header: a client's name for one intended action (1–200 visible characters). */
function idempotencyKeyOf(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return null;
  if (!/^[\x21-\x7e]{1,200}$/.test(value))
    throw invalidInput({ 'Idempotency-Key': 'The Idempotency-Key header must be 1 to 200 visible characters' });
  return value;
}

function tokenOf(request: FastifyRequest): string | null {
  const header = request.headers['api-token'];
  const value = Array.isArray(header) ? header[0] : header;
  if (value) return value.trim() || null;
  const authorization = request.headers.authorization;
  return authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() || null : null;
}

async function readMultipart(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  const fields: Record<string, string> = {};
  const files: UploadedFile[] = [];
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const content = await part.toBuffer();
      if (content.length > 0 || part.filename) {
        files.push({
          field: part.fieldname,
          filename: withoutControlCharacters(part.filename),
          contentType: part.mimetype,
          content,
        });
      }
    } else {
      fields[part.fieldname] = typeof part.value === 'string' ? part.value : JSON.stringify(part.value ?? '');
    }
  }
  return { fields, files };
}

function envelope(reply: FastifyReply, result: unknown) {
  if (result instanceof FileReply) {
    return reply
      .header('content-disposition', `attachment; filename="${result.filename.replace(/["\\\r\n]/g, '')}"`)
      .type(result.contentType)
      .send(result.content);
  }
  const message = isReply(result) ? result.message : ENVELOPE_CODES.OK.message;
  return reply.status(ENVELOPE_CODES.OK.status).send({ code: 'OK', message, data: dataOf(result) });
}

/** `reply(data, message)`: exactly those two keys. */
function isReply(result: unknown): result is { data: unknown; message: string } {
  return (
    typeof result === 'object' &&
    result !== null &&
    'data' in result &&
    'message' in result &&
    Object.keys(result).length === 2
  );
}

/** The data a handler answered with (without the message), for the response check. */
function dataOf(result: unknown): unknown {
  return (isReply(result) ? result.data : result) ?? null;
}

function checkResponse(route: RouteDefinition, request: FastifyRequest, result: unknown): void {
  const schema = responseSchemaOf(route);
  if (!schema) {
    if (result instanceof FileReply) return;
    request.log.error(
      { call: `${route.method} ${route.namespace}/${route.path}` },
      'A download call answered without a file',
    );
    throw new AppError('INTERNAL_ERROR');
  }
  // The JSON round trip is what the client receives (dates become strings, undefined disappears).
  const data = JSON.parse(JSON.stringify(dataOf(result))) as unknown;
  const checked = schema.safeParse(data);
  if (!checked.success) {
    const call = `${route.method} ${route.namespace}/${route.path}`;
    request.log.error({ call, issues: checked.error.issues }, 'The answer does not match its contract');
    // Only outside production: the differences go back too, so a failing test names them.
    throw new AppError('INTERNAL_ERROR', undefined, { call, response: fieldErrors(checked.error) });
  }
}

/**
 * Serves one route table three ways (docs/product.md "API"): the JSON gateway `POST /service/v1`,
 * multipart uploads at `POST /service/v1/{path}`, and plain `{METHOD} /service/v1/{namespace}/{path}`.
 */
export function registerGateway(
  app: FastifyInstance,
  routes: RouteDefinition[],
  resolveCaller: ResolveCaller,
  options: GatewayOptions = {},
) {
  // The gateway's calls name their address in the body, after Fastify has routed the request: they
  // are resolved by the same router library Fastify uses, over the same route table.
  const gatewayRouter = FindMyWay<FindMyWay.HTTPVersion.V1>();
  for (const route of routes) gatewayRouter.on(route.method, addressOf(route), () => undefined, { route });

  function find(
    method: string,
    namespace: string | undefined,
    rawPath: string,
  ): { route: RouteDefinition; pathParams: Record<string, string> } {
    const path = trimSlashes(rawPath);
    try {
      decodeURIComponent(path);
    } catch {
      throw invalidInput({ path: 'The address has a malformed %-escape.' });
    }
    for (const candidate of namespace ? [namespace] : NAMESPACES) {
      const found = HTTP_METHODS.includes(method as HttpMethod)
        ? gatewayRouter.find(method as HttpMethod, `/${candidate}/${path}`)
        : null;
      if (!found) continue;
      const { route } = found.store as { route: RouteDefinition };
      return { route, pathParams: pathParamsOf(route, { ...found.params }) };
    }
    throw new AppError('NOT_FOUND', `No such call: ${method} ${namespace ?? ''} ${path}`.replace(/\s+/g, ' '));
  }

  async function invoke(route: RouteDefinition, request: FastifyRequest, input: Invocation) {
    const token = tokenOf(request);
    let caller: Caller | null = null;
    if (!route.public) {
      caller = token ? await resolveCaller(token) : null;
      if (!caller) throw new AppError('NO_AUTH');
      if (route.permission && !hasPermission(caller.permissions, route.permission)) throw new AppError('FORBIDDEN');
    }
    // Text with control characters never reaches a schema or the database (a NUL would make PostgreSQL fail).
    const cleanedParams = cleanSearchText(input.params);
    const badParam = fieldWithControlCharacter(cleanedParams);
    if (badParam && input.pathParamNames.includes(badParam)) throw new AppError('NOT_FOUND');
    if (badParam) throw invalidInput({ [badParam]: controlCharacterMessage(badParam) });
    const badField = fieldWithControlCharacter(input.body);
    if (badField) throw invalidInput({ [badField]: controlCharacterMessage(badField) });
    const params = route.params
      ? route.params.safeParse(cleanedParams)
      : { success: true as const, data: cleanedParams };
    if (!params.success) {
      if (params.error.issues.some((issue) => input.pathParamNames.includes(String(issue.path[0]))))
        throw new AppError('NOT_FOUND');
      throw invalidInput(fieldErrors(params.error));
    }
    const body = route.body ? route.body.safeParse(input.body ?? {}) : { success: true as const, data: input.body };
    if (!body.success) throw invalidInput(fieldErrors(body.error));
    const key = idempotencyKeyOf(request);
    const idempotency: Idempotency | null = key
      ? { key, fingerprint: requestFingerprint(route, params.data, body.data, input.files) }
      : null;
    const result = await route.handler({
      params: params.data,
      body: body.data,
      files: input.files,
      caller,
      token,
      ip: request.ip,
      idempotency,
      log: request.log,
    });
    if (options.checkResponses) checkResponse(route, request, result);
    return result;
  }

  /** A call by plain HTTP: its address in the URL, its input in the query, a JSON body or a multipart form. */
  async function invokeFromHttp(
    request: FastifyRequest,
    reply: FastifyReply,
    route: RouteDefinition,
    pathParams: Record<string, string>,
  ) {
    const params = { ...(request.query as object), ...pathParams };
    const pathParamNames = Object.keys(pathParams);
    if (request.isMultipart()) {
      if (!route.multipart) throw new AppError('INVALID_INPUT', 'This call does not accept file uploads.');
      const { fields, files } = await readMultipart(request);
      const { namespace: _namespace, method: _method, ...body } = fields;
      return envelope(reply, await invoke(route, request, { params, pathParamNames, body, files }));
    }
    const isRead = route.method === 'GET' || route.method === 'DELETE';
    return envelope(
      reply,
      await invoke(route, request, { params, pathParamNames, body: isRead ? {} : request.body, files: [] }),
    );
  }

  // The JSON gateway.
  app.post(API_BASE, async (request, reply) => {
    const parsed = gatewayBody.safeParse(request.body ?? {});
    if (!parsed.success) throw invalidInput(fieldErrors(parsed.error));
    const { method, namespace, path, params, body } = parsed.data;
    const [pathOnly, query] = path.split('?');
    const { route, pathParams } = find(method.toUpperCase(), namespace || undefined, pathOnly);
    const queryParams = Object.fromEntries(new URLSearchParams(query ?? ''));
    return envelope(
      reply,
      await invoke(route, request, {
        params: { ...queryParams, ...(params ?? {}), ...pathParams },
        pathParamNames: Object.keys(pathParams),
        body,
        files: [],
      }),
    );
  });

  // Plain HTTP: Fastify routes each call to its own handler.
  for (const route of routes) {
    app.route({
      method: route.method,
      url: `${API_BASE}${addressOf(route)}`,
      handler: (request, reply) =>
        invokeFromHttp(request, reply, route, pathParamsOf(route, request.params as Record<string, string>)),
    });
  }

  // Multipart uploads name the namespace in a form field, not in the URL.
  app.post(`${API_BASE}/*`, async (request, reply) => {
    if (!request.isMultipart()) throw new AppError('NOT_FOUND', 'No such call.');
    const { route, pathParams } = find('POST', undefined, (request.params as { '*': string })['*'].split('?')[0]);
    return invokeFromHttp(request, reply, route, pathParams);
  });
}
