import { API_BASE, errorEnvelope, okEnvelope } from '@levy/contracts';
import { z } from 'zod';
import { toFastifyPath } from './gateway';
import { responseSchemaOf, type RouteDefinition } from './route';

type OpenApiDocument = {
  openapi: string;
  info: object;
  servers: object[];
  paths: Record<string, Record<string, object>>;
  components: object;
};

/** Requests are described as a caller writes them (before coercion and defaults); answers as sent. */
function schemaOf(schema: z.ZodType, io: 'input' | 'output' = 'input'): object {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return rest;
}

const ERROR_RESPONSE = {
  description: 'Envelope {code, message, data} with an error code (docs/product.md §8)',
  content: { 'application/json': { schema: schemaOf(errorEnvelope, 'output') } },
};

/** The 200 answer: the envelope with the contract's data, or the file of a download. */
function okResponse(route: RouteDefinition): object {
  const schema = responseSchemaOf(route);
  if (!schema) {
    return {
      description: 'A file download (Content-Disposition: attachment)',
      content: Object.fromEntries(
        (route.download ?? []).map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
      ),
    };
  }
  return {
    description: 'Envelope {code: "OK", message, data}',
    content: { 'application/json': { schema: schemaOf(okEnvelope(schema), 'output') } },
  };
}

/** The OpenAPI document of the route table: one operation per call, at its plain-HTTP address. */
export function buildOpenApiDocument(routes: RouteDefinition[], serverUrl: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    const address = `${API_BASE}/${route.namespace}/${toFastifyPath(route.path).replace(/:(\w+)/g, '{$1}')}`;
    const pathParams = [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
    const paramSchema = route.params
      ? (schemaOf(route.params) as { properties?: Record<string, object> })
      : { properties: {} };
    const parameters = Object.entries(paramSchema.properties ?? {}).map(([name, schema]) => ({
      name,
      in: pathParams.includes(name) ? 'path' : 'query',
      required: pathParams.includes(name),
      schema,
    }));
    const body = route.body ? schemaOf(route.body) : null;
    paths[address] ??= {};
    paths[address][route.method.toLowerCase()] = {
      summary: route.summary,
      tags: [route.namespace],
      description:
        `Gateway: POST ${API_BASE} {"method":"${route.method}","namespace":"${route.namespace}","path":"${route.path}"}.` +
        (route.permission ? ` Permission: ${route.permission}.` : route.public ? ' No token.' : ' Any signed-in user.'),
      security: route.public ? [] : [{ apiToken: [] }],
      parameters,
      ...(body && route.method !== 'GET'
        ? {
            requestBody: {
              content: { [route.multipart ? 'multipart/form-data' : 'application/json']: { schema: body } },
            },
          }
        : {}),
      responses: { 200: okResponse(route), default: ERROR_RESPONSE },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Levy API',
      version: '1',
      description: 'Every call answers at its address below and through the JSON gateway POST /service/v1.',
    },
    servers: [{ url: serverUrl }],
    paths,
    components: { securitySchemes: { apiToken: { type: 'apiKey', in: 'header', name: 'Api-Token' } } },
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
}

/** A self-contained reference page (no external scripts: the CSP allows none). */
export function renderReferencePage(document: OpenApiDocument): string {
  const sections = Object.entries(document.paths)
    .flatMap(([address, operations]) =>
      Object.entries(operations).map(([method, operation]) => {
        const op = operation as {
          summary: string;
          description: string;
          parameters: unknown[];
          requestBody?: unknown;
          responses: Record<string, unknown>;
        };
        const detail = JSON.stringify(
          { parameters: op.parameters, requestBody: op.requestBody ?? null, response: op.responses['200'] },
          null,
          2,
        );
        return (
          `<details><summary><code class="m ${method}">${method.toUpperCase()}</code> <code>${escapeHtml(address)}</code> — ` +
          `${escapeHtml(op.summary)}</summary><p>${escapeHtml(op.description)}</p><pre>${escapeHtml(detail)}</pre></details>`
        );
      }),
    )
    .join('\n');
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Levy API reference</title><style>
body{font-family:system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#1a1b1e}
details{border:1px solid #dee2e6;border-radius:6px;margin:.4rem 0;padding:.5rem .75rem}summary{cursor:pointer}
pre{background:#f8f9fa;padding:.75rem;overflow:auto;font-size:12px}.m{display:inline-block;min-width:3.5rem;font-weight:700}
.get{color:#2b8a3e}.post{color:#1971c2}.put{color:#e67700}.delete{color:#c92a2a}</style></head><body>
<h1>Levy API reference</h1><p>Envelope <code>{code, message, data}</code>; send the session token in the <code>Api-Token</code> header. ` +
    `Machine-readable: <a href="openapi.json">openapi.json</a>.</p>
${sections}</body></html>`
  );
}
