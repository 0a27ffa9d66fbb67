import fs from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { getDeployment } from '@levy/contracts';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { AppError } from '../errors';
import { errorEnvelope } from './error-envelope';
import { API_BASE, registerGateway, type ResolveCaller } from './gateway';
import { buildOpenApiDocument, renderReferencePage } from './openapi';
import { defineRoute, type RouteDefinition } from './route';

/** A JSON body; an uploaded file may be larger: a 100,000-employee payroll is about 15 MB. */
const BODY_LIMIT_BYTES = 10 * 1024 * 1024;
const FILE_LIMIT_BYTES = 25 * 1024 * 1024;

/** Vite writes content-hashed files (name-hash.ext) under assets/; everything else keeps its name. */
const HASHED_ASSETS_DIR = 'assets';
const IMMUTABLE_ASSET = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

function isHashedAsset(root: string, filePath: string): boolean {
  return path.relative(root, filePath).split(path.sep)[0] === HASHED_ASSETS_DIR;
}

/**
 * One log line per request, when it ends, with the call and how it went: Fastify's
 * default also writes one on arrival, which doubled the logging cost of every call.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error)
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** Fastify with the security headers, body parsers and error envelope every call shares. */
export async function createServer(config: Config): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.env === 'test' ? false : { level: config.logLevel },
    logController: new OneLinePerRequest(),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // Errors Fastify meets before routing (a malformed %-escape) get the same envelope as the rest.
    frameworkErrors: (error, request, reply) => {
      const { status, body } = errorEnvelope(error, request.log);
      void (reply as FastifyReply).code(status).send(body);
    },
  });

  // Security headers, built once: the Fastify plugin built helmet anew (its CSP parsed) on every request.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        scriptSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)),
  );
  await app.register(multipart, { limits: { fileSize: FILE_LIMIT_BYTES, files: 5 } });

  // A POST with Content-Type JSON and no body is an empty object, as the "empty body" calls of docs/product.md send.
  // Invalid UTF-8 is refused rather than stored with replacement characters.
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(body as Buffer).trim();
    } catch {
      return done(new AppError('INVALID_INPUT', 'The request body is not valid UTF-8 text.'), undefined);
    }
    if (!text) return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError('INVALID_INPUT', 'The request body is not valid JSON.'), undefined);
    }
  });

  app.setErrorHandler((error, request, reply) => {
    const { status, body } = errorEnvelope(error, request.log);
    return reply.status(status).send(body);
  });
  return app;
}

/** The modules' calls and the deployment's (one router, decision 0048), their OpenAPI document and the health check. */
export function serveApi(
  app: FastifyInstance,
  {
    routes,
    resolveCaller,
    config,
    database,
  }: { routes: RouteDefinition[]; resolveCaller: ResolveCaller; config: Config; database: Database },
) {
  const deployment = defineRoute({
    contract: getDeployment,
    handler: async () => ({ sandbox: config.sandbox, state_agency: config.stateAgency }),
  });
  const calls = [...routes, deployment];
  registerGateway(app, calls, resolveCaller, { checkResponses: config.env !== 'production' });
  const openApi = buildOpenApiDocument(calls, config.appUrl);
  app.get(`${API_BASE}/openapi.json`, async () => openApi);
  app.get(`${API_BASE}/docs`, async (_request, reply) => reply.type('text/html').send(renderReferencePage(openApi)));
  app.get('/healthz', async () => ({ status: 'ok', database: database.kind }));
}

/**
 * The built web app with history fallback for client routes. The build writes Brotli and gzip
 * copies beside each file; the one the browser accepts is sent (Vary: Accept-Encoding). Hashed
 * assets never change under their name, so they are cached for a year; index.html, which names
 * them, is revalidated on every load so a deploy reaches the next visit.
 */
export async function serveWebApp(app: FastifyInstance, webDistDir: string) {
  if (fs.existsSync(path.join(webDistDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', isHashedAsset(webDistDir, filePath) ? IMMUTABLE_ASSET : REVALIDATE);
      },
    });
    app.setNotFoundHandler((request, reply) => {
      if (request.method !== 'GET' || request.url.startsWith(API_BASE)) {
        return reply.status(404).send({ code: 'NOT_FOUND', message: 'No such call.', data: null });
      }
      return reply.sendFile('index.html');
    });
  } else {
    app.setNotFoundHandler((_request, reply) =>
      reply.status(404).send({ code: 'NOT_FOUND', message: 'No such call.', data: null }),
    );
  }
}
