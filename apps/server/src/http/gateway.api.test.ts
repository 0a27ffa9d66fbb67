import { calls, type CallDeclaration } from '@levy/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp, ownerWithOrganisation, signUp, TINY_PNG, type TestApp } from '../../test/harness';

let test: TestApp;

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

/** The calls outside clients use, and the organisation calls of docs/product.md §7. */
const REQUIRED_CALLS = [
  'POST /service/v1/public/authx/authorize',
  'POST /service/v1/public/users/register',
  'POST /service/v1/public/users/verify-email',
  'POST /service/v1/public/users/password/forgot',
  'POST /service/v1/public/users/password/reset',
  'POST /service/v1/auth/authx/logout',
  'GET /service/v1/auth/users/me',
  'PUT /service/v1/auth/users/me',
  'POST /service/v1/auth/users/me/password',
  'GET /service/v1/auth/marketing/sources',
  'GET /service/v1/auth/roles/groups',
  'POST /service/v1/auth/organisations',
  'GET /service/v1/auth/organisations/{id}',
  'PUT /service/v1/auth/organisations/{id}',
  'GET /service/v1/auth/organisations/{id}/identity',
  'POST /service/v1/auth/organisations/{id}/identity',
  'GET /service/v1/auth/organisations/{id}/settings',
  'POST /service/v1/auth/organisations/{id}/settings',
  'POST /service/v1/auth/organisations/{id}/kyc/completed',
  'GET /service/v1/auth/organisations/{id}/onboarding/summary',
  'GET /service/v1/auth/organisations/{id}/users',
  'PUT /service/v1/auth/organisations/{id}/users/{userId}',
  'PUT /service/v1/auth/organisations/{id}/users/{userId}/remove',
  'POST /service/v1/auth/organisations/users/invite',
  'POST /service/v1/public/organisations/users/invite/verify',
  'POST /service/v1/auth/organisations/{id}/users/invite/{inviteId}',
  'GET /service/v1/core/internal/states',
  'GET /service/v1/public/dev/mailbox',
];

describe('the same call three ways', () => {
  it('answers plain HTTP at /service/v1/{namespace}/{path} with the envelope', async () => {
    const { email, password } = await signUp(test);
    const login = await test.app.inject({
      method: 'POST',
      url: '/service/v1/public/authx/authorize',
      payload: { email, password },
    });
    expect(login.statusCode).toBe(200);
    const { code, message, data } = login.json();
    expect([code, message]).toEqual(['OK', 'OK']);
    const me = await test.app.inject({
      method: 'GET',
      url: '/service/v1/auth/users/me',
      headers: { 'api-token': data.token },
    });
    expect(me.json().data.user.email).toBe(email);
    const withQuery = await test.app.inject({
      method: 'GET',
      url: '/service/v1/auth/roles/groups?user_type_id=7',
      headers: { 'api-token': data.token },
    });
    expect(withQuery.statusCode).toBe(403); // no organisation yet, so no roles.getall
  });

  it('takes multipart uploads at POST /service/v1/{path} with the namespace as a form field', async () => {
    const owner = await ownerWithOrganisation(test);
    const result = await test.upload(`organisations/${owner.organisationId}/identity`, {
      namespace: 'auth',
      token: owner.token,
      fields: {
        legal_name: 'Upload Test Ltd',
        cac_number: 'BN123456',
        business_type: 'Partnership',
        industry: 'Retail and trade',
        tax_id: 'N1234567',
        address: '3 Aba Road',
        state_id: '1',
        phone: '08030000000',
      },
      files: [{ field: 'cac_document', filename: 'cac.png', contentType: 'image/png', content: TINY_PNG }],
    });
    expect(result.code).toBe('OK');
    expect(result.data.state.name).toBe('Abia');
    const notUpload = await test.upload('users/me', { namespace: 'auth', token: owner.token });
    expect(notUpload.code).toBe('NOT_FOUND');
  });

  it('gives the same answer through the JSON gateway and plain HTTP', async () => {
    const owner = await ownerWithOrganisation(test);
    const viaGateway = await test.call('GET', 'auth', `organisations/${owner.organisationId}/users`, {
      token: owner.token,
      params: { count: 5 },
    });
    const plain = await test.app.inject({
      method: 'GET',
      url: `/service/v1/auth/organisations/${owner.organisationId}/users?count=5`,
      headers: { 'api-token': owner.token },
    });
    expect(plain.json().data).toEqual(viaGateway.data);
    const pathWithQuery = await test.call('GET', 'auth', `organisations/${owner.organisationId}/users?count=5`, {
      token: owner.token,
    });
    expect(pathWithQuery.data).toEqual(viaGateway.data);
  });
});

describe('envelope and error catalogue', () => {
  it('answers an unknown call, bad JSON and a bad gateway body clearly', async () => {
    const unknown = await test.call('GET', 'auth', 'no/such/thing');
    expect([unknown.status, unknown.code]).toEqual([404, 'NOT_FOUND']);
    const badJson = await test.app.inject({
      method: 'POST',
      url: '/service/v1',
      headers: { 'content-type': 'application/json' },
      payload: '{"method":',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ code: 'INVALID_INPUT', message: 'The request body is not valid JSON.' });
    const noPath = await test.app.inject({ method: 'POST', url: '/service/v1', payload: { method: 'GET' } });
    expect(noPath.json()).toMatchObject({ code: 'INVALID_INPUT', data: { path: 'path is required' } });
  });

  it('hides internal failures behind System error', async () => {
    const broken = await createTestApp();
    try {
      await broken.database.db.execute(sql`drop table marketing_sources cascade`);
      const result = await broken.call('GET', 'auth', 'marketing/sources');
      expect(result).toEqual({ status: 500, code: 'INTERNAL_ERROR', message: 'System error', data: null });
    } finally {
      await broken.close();
    }
  });

  it('serves health once migrations are applied', async () => {
    const health = await test.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json().status).toBe('ok');
  });
});

describe('OpenAPI', () => {
  it('lists every call, each served at its address, with its permission', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/service/v1/openapi.json' });
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    const listed = Object.entries(document.paths as Record<string, Record<string, { description: string }>>).flatMap(
      ([address, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${address}`),
    );
    for (const call of REQUIRED_CALLS) expect(listed).toContain(call);
    for (const call of listed) {
      const [method, address] = call.split(' ');
      expect([call, test.app.hasRoute({ method: method, url: address.replace(/\{(\w+)\}/g, ':$1') })]).toEqual([
        call,
        true,
      ]);
    }
    expect(document.paths['/service/v1/auth/organisations/users/invite'].post.description).toContain(
      'Permission: auth-organisation.inviteuser.',
    );
  });

  it('serves every call declared in the contracts, once, with its declared permission', async () => {
    const document = (await test.app.inject({ method: 'GET', url: '/service/v1/openapi.json' })).json();
    const paths = document.paths as Record<string, Record<string, { description: string; security: unknown[] }>>;
    const listed = Object.entries(paths).flatMap(([address, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${address}`),
    );
    const declared = Object.values(calls).map((call) => `${call.method} /service/v1/${call.namespace}/${call.path}`);
    expect(listed.sort()).toEqual(declared.sort());
    for (const call of Object.values(calls) as CallDeclaration[]) {
      const operation = paths[`/service/v1/${call.namespace}/${call.path}`][call.method.toLowerCase()];
      if (call.permission) expect(operation.description).toContain(`Permission: ${call.permission}.`);
      expect(operation.security).toEqual(call.public ? [] : [{ apiToken: [] }]);
    }
  });

  it("shows every call's answer: the envelope with its data schema, or the file of a download", async () => {
    const document = (await test.app.inject({ method: 'GET', url: '/service/v1/openapi.json' })).json();
    type Operation = {
      responses: Record<string, { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }>;
    };
    const operations = Object.entries(document.paths as Record<string, Record<string, Operation>>).flatMap(
      ([address, byMethod]) =>
        Object.entries(byMethod).map(([method, operation]) => ({
          call: `${method.toUpperCase()} ${address}`,
          operation,
        })),
    );
    expect(operations.length).toBeGreaterThan(REQUIRED_CALLS.length);
    for (const { call, operation } of operations) {
      const content = operation.responses['200'].content ?? {};
      const envelope = content['application/json']?.schema;
      // A download lists its file types (CSV, XLSX, PDF) instead of the JSON envelope.
      const isDownload =
        Object.keys(content).length > 0 &&
        !('application/json' in content) &&
        Object.values(content).every((type) => (type.schema as { format?: string } | undefined)?.format === 'binary');
      expect([
        call,
        isDownload ||
          Object.keys(envelope?.properties ?? {})
            .sort()
            .join(','),
      ]).toEqual([call, isDownload || 'code,data,message']);
      expect([call, operation.responses.default.content?.['application/json']?.schema]).toEqual([
        call,
        expect.objectContaining({ type: 'object' }),
      ]);
    }
    const members =
      document.paths['/service/v1/auth/organisations/{id}/users'].get.responses['200'].content['application/json']
        .schema;
    expect(Object.keys(members.properties.data.properties)).toEqual(['items', 'pagination']);
    expect(members.properties.data.properties.items.items.properties.email).toEqual({ type: 'string' });
  });

  it('has a browsable reference page', async () => {
    const page = await test.app.inject({ method: 'GET', url: '/service/v1/docs' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Levy API reference');
    expect(page.body).toContain('/service/v1/auth/organisations/{id}/users');
  });
});

describe('development tools', () => {
  it('are not there in production', async () => {
    // Neither Paystack nor Remita is reached here: the keys only let the server start.
    const production = await createTestApp({
      env: {
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        PAYMENT_PROVIDER: 'paystack',
        PAYSTACK_SECRET_KEY: 'sk_live_not_reached',
        PAYSTACK_BASE_URL: 'http://127.0.0.1:9',
        RECEIPT_SIGNING_SECRET: 'a-production-receipt-signing-secret-value',
        REMITTANCE_GATEWAY: 'remita',
        REMITA_PUBLIC_KEY: 'pk',
        REMITA_SECRET_KEY: 'sk',
        REMITA_FUNDING_SOURCE: 'LEVY',
        REMITA_DEBITED_ACCOUNT: '0123456789',
        REMITA_INCOME_ACCOUNT: '0001061499',
        STATE_AGENCY: 'manual',
      },
    });
    try {
      const result = await production.call('GET', 'public', 'dev/mailbox');
      expect(result.code).toBe('NOT_FOUND');
      // Nor is simulated funding, and no screen is marked sandbox.
      const fund = await production.call(
        'POST',
        'core',
        'internal/sandbox/wallets/00000000-0000-4000-8000-000000000000/fund',
        { body: { amount: 1 } },
      );
      expect(fund.code).toBe('NOT_FOUND');
      expect((await production.call('GET', 'public', 'deployment')).data).toEqual({
        sandbox: false,
        state_agency: 'manual',
      });
    } finally {
      await production.close();
    }
  });

  it('are there in a staging deploy, which says it is a sandbox', async () => {
    const staging = await createTestApp({
      env: {
        NODE_ENV: 'production',
        LOG_LEVEL: 'silent',
        LEVY_SANDBOX: '1',
        RECEIPT_SIGNING_SECRET: 'a-production-receipt-signing-secret-value',
      },
    });
    try {
      expect((await staging.call('GET', 'public', 'deployment')).data).toEqual({
        sandbox: true,
        state_agency: 'sandbox',
      });
      const fund = await staging.call(
        'POST',
        'core',
        'internal/sandbox/wallets/00000000-0000-4000-8000-000000000000/fund',
        { body: { amount: 1 } },
      );
      expect(fund.code).toBe('NO_AUTH');
    } finally {
      await staging.close();
    }
  });
});

describe('configuration', () => {
  it('stops on a wrong value, naming the variable', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL: must start with postgres:\/\/ or postgresql:\/\//,
    );
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/PAYMENT_PROVIDER: is sandbox/);
    expect(loadConfig({}).port).toBe(3000);
  });
});
