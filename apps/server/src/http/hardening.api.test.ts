import { PAYE_TEMPLATE_HEADERS } from '@levy/tax';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVELOPMENT_RECEIPT_SECRET, loadConfig } from '../config';
import { encodeWindows1252 } from '../../../../packages/statements/src/fixtures/render-statement';
import { billKit, PAYE_HEADER } from '../../test/bill-kit';
import { corporationWithConsent, createTestApp, ownerWithOrganisation, type TestApp } from '../../test/harness';

// Defects a probe found: control characters, malformed escapes, framework errors and
// wording that reached people as 500s or as zod's defaults.
let test: TestApp;
let owner: Awaited<ReturnType<typeof ownerWithOrganisation>>;

beforeAll(async () => {
  test = await createTestApp();
  owner = await ownerWithOrganisation(test);
});
afterAll(async () => {
  await test.close();
});

const { organisationWithState, fund, generate, billCount } = billKit(() => test);

async function raw(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: { payload?: string | Buffer; contentType?: string; token?: string } = {},
) {
  const response = await test.app.inject({
    method,
    url,
    payload: options.payload,
    headers: {
      ...(options.contentType ? { 'content-type': options.contentType } : {}),
      ...(options.token ? { 'api-token': options.token } : {}),
    },
  });
  return { status: response.statusCode, body: response.json<{ code: string; message: string; data: unknown }>() };
}

describe('text with control characters', () => {
  it('refuses a NUL in the sign-in email or a corporation name, naming the field', async () => {
    const login = await test.call('POST', 'public', 'authx/authorize', {
      body: { email: 'ada\u0000@example.ng', password: 'whatever-1' },
    });
    expect(login).toMatchObject({
      status: 400,
      code: 'INVALID_INPUT',
      data: { email: 'Email contains a control character (such as a NUL byte), which is not allowed.' },
    });
    const corporation = await test.call('POST', 'core', 'internal/corporations', {
      token: owner.token,
      body: { name: 'Acme\u0000 Ltd' },
    });
    expect(corporation).toMatchObject({
      status: 400,
      code: 'INVALID_INPUT',
      data: { name: expect.stringContaining('Name contains a control character') },
    });
  });

  it('cleans a search instead of failing it', async () => {
    const created = await test.call('POST', 'core', 'internal/corporations', {
      token: owner.token,
      body: { name: 'Zamfara Mills' },
    });
    expect(created.code).toBe('OK');
    const found = await test.call('GET', 'core', 'internal/corporations', {
      token: owner.token,
      params: { search: 'Zamfara\u0000 Mills' },
    });
    expect(found.code).toBe('OK');
    expect(found.data.items.map((item: { name: string }) => item.name)).toEqual(['Zamfara Mills']);
  });

  it('refuses a JSON body that is not valid UTF-8 instead of storing replacement characters', async () => {
    const payload = Buffer.concat([Buffer.from('{"name":"Ad'), Buffer.from([0xe9]), Buffer.from('bayo Ltd"}')]);
    const answer = await raw('POST', '/service/v1/core/internal/corporations', {
      payload,
      contentType: 'application/json',
      token: owner.token,
    });
    expect(answer).toMatchObject({
      status: 400,
      body: { code: 'INVALID_INPUT', message: 'The request body is not valid UTF-8 text.' },
    });
  });
});

describe('framework-level errors go through the one error mapping', () => {
  it('answers a malformed %-escape with the envelope, through the gateway and in a plain URL', async () => {
    const gateway = await test.call('GET', 'public', 'calculator/share/%');
    expect(gateway).toMatchObject({
      status: 400,
      code: 'INVALID_INPUT',
      data: { path: 'The address has a malformed %-escape.' },
    });
    const plain = await raw('GET', '/service/v1/public/calculator/share/%E0%A4%A');
    expect(plain.status).toBe(400);
    expect(plain.body).toEqual({
      code: 'INVALID_INPUT',
      message: 'The address has a malformed %-escape.',
      data: { path: 'The address has a malformed %-escape.' },
    });
  });

  it('words an unsupported media type, a JSON body that is too large and a wrong method', async () => {
    const xml = await raw('POST', '/service/v1/core/internal/corporations', {
      payload: '<name>Acme</name>',
      contentType: 'application/xml',
      token: owner.token,
    });
    expect(xml).toMatchObject({
      status: 400,
      body: {
        code: 'INVALID_INPUT',
        message: 'Send the request as JSON (Content-Type: application/json) or as multipart form data.',
      },
    });
    const huge = await raw('POST', '/service/v1/core/internal/corporations', {
      payload: JSON.stringify({ name: 'x'.repeat(11 * 1024 * 1024) }),
      contentType: 'application/json',
      token: owner.token,
    });
    expect(huge).toMatchObject({
      status: 400,
      body: { code: 'INVALID_INPUT', message: 'The request is too large (10 MB at most).' },
    });
    const wrongMethod = await raw('DELETE', '/service/v1/core/internal/bills/types', { token: owner.token });
    expect(wrongMethod).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });

  it('words a bad page number as a sentence', async () => {
    const answer = await test.call('GET', 'auth', `organisations/${owner.organisationId}/users`, {
      token: owner.token,
      params: { page: '99999999999999999999' },
    });
    expect(answer).toMatchObject({ code: 'INVALID_INPUT', data: { page: 'Page is too large' } });
  });
});

describe('every call in the route table', () => {
  it('answers a NUL-bearing string, a malformed escape and a wrong-typed body without a 5xx', async () => {
    // Its own account: the walk calls sign-out and change-password too.
    const walker = await ownerWithOrganisation(test);
    const openApi = (await raw('GET', '/service/v1/openapi.json')).body as unknown as {
      paths: Record<string, Record<string, unknown>>;
    };
    const failures: string[] = [];
    for (const [template, operations] of Object.entries(openApi.paths)) {
      for (const method of Object.keys(operations)) {
        const verb = method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE';
        const attempts = [
          {
            url: template.replace(/\{\w+\}/g, '%00'),
            payload: JSON.stringify({ name: 'a\u0000b', email: 'x\u0000@y.ng', amount: '\u0000', search: '\u0000' }),
          },
          { url: template.replace(/\{\w+\}/g, '%E0%A4%A'), payload: '[]' },
          {
            url: `${template.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000')}?page=%00&search=%00&filters=%00`,
            payload: JSON.stringify({ name: 42, email: ['x'], amount: { a: 1 }, body: null }),
          },
        ];
        for (const attempt of attempts) {
          const response = await test.app.inject({
            method: verb,
            url: attempt.url,
            headers: {
              'api-token': walker.token,
              ...(verb === 'GET' || verb === 'DELETE' ? {} : { 'content-type': 'application/json' }),
            },
            payload: verb === 'GET' || verb === 'DELETE' ? undefined : attempt.payload,
          });
          if (response.statusCode >= 500)
            failures.push(`${verb} ${attempt.url} → ${response.statusCode} ${response.body.slice(0, 120)}`);
          else if (!('code' in response.json<object>())) failures.push(`${verb} ${attempt.url} → no envelope`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});

describe('a payroll file saved by Excel on Windows', () => {
  it('keeps Windows-1252 names intact', async () => {
    const { corporationId } = await corporationWithConsent(test, owner);
    const header = PAYE_TEMPLATE_HEADERS.join(',');
    const text = `${header}\r\nN-1234567,Adébayo Okön,Nigerian,Accountant,500000,65300,500000,0,0,0,0,0,0,0,0,0,0,0\r\n`;
    const windows1252 = Buffer.from([...text].map((character) => character.charCodeAt(0)));
    const uploaded = await test.upload(`internal/corporations/${corporationId}/states/LA/payrolls/file`, {
      namespace: 'core',
      token: owner.token,
      files: [{ field: 'file', filename: 'payroll.csv', contentType: 'text/csv', content: windows1252 }],
    });
    expect(uploaded.code).toBe('OK');
    const employees = await test.call(
      'GET',
      'core',
      `internal/corporations/${corporationId}/states/LA/payrolls/employees`,
      { token: owner.token },
    );
    expect(employees.data.items[0].name).toBe('Adébayo Okön');
    const binary = await test.upload(`internal/corporations/${corporationId}/states/LA/payrolls/file`, {
      namespace: 'core',
      token: owner.token,
      files: [
        {
          field: 'file',
          filename: 'payroll.csv',
          contentType: 'text/csv',
          content: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x81, 0x00]),
        },
      ],
    });
    expect(binary).toMatchObject({ code: 'INVALID_INPUT', data: { file: 'The selected document is invalid' } });
  });

  it('keeps €, dashes and curly quotes (bytes 0x80–0x9F) in a payroll and a bill’s names', async () => {
    const { owner: payer, corporationId } = await organisationWithState();
    await fund(payer, '1000000');
    const employee = 'Chidi “CJ” O’Neil – Snr';
    const payroll = encodeWindows1252(
      `${PAYE_HEADER}\r\nN-1234567,${employee},Nigerian,Accountant,500000,65300,500000,0,0,0,0,0,0,0,0,0,0,0\r\n`,
    );
    const uploaded = await test.upload(`internal/corporations/${corporationId}/states/LA/payrolls/file`, {
      namespace: 'core',
      token: payer.token,
      files: [{ field: 'file', filename: 'payroll.csv', contentType: 'text/csv', content: Buffer.from(payroll) }],
    });
    expect(uploaded.code).toBe('OK');
    const employees = await test.call(
      'GET',
      'core',
      `internal/corporations/${corporationId}/states/LA/payrolls/employees`,
      { token: payer.token },
    );
    expect(employees.data.items.map((item: { name: string }) => item.name)).toEqual([employee]);

    const vendor = 'CAFÉ NAÏVE – PAYMENT €50';
    const file = {
      field: 'recipients',
      filename: 'vendors.csv',
      contentType: 'text/csv',
      content: Buffer.from(encodeWindows1252(`tax_payer_number,name,amount\r\nN-2345678,${vendor},150000\r\n`)),
    };
    const bill = await generate(
      payer.token,
      corporationId,
      'wht',
      { payload_type: 'auto', wht_type: 'rent', start_date: '2026-10' },
      [file],
    );
    expect(bill.code).toBe('OK');
    const items = await test.call('GET', 'core', `internal/bills/${bill.data.id}/items`, { token: payer.token });
    expect(items.data.items[0].name).toBe(vendor);
  });
});

describe('amounts finer than a kobo in a file', () => {
  it('refuses them in a WHT bill, a WHT calculation and a payroll, naming the row and column, rather than rounding', async () => {
    const { owner: payer, corporationId } = await organisationWithState();
    await fund(payer, '1000000');
    const tooPrecise = (column: string, row = 2) => ({
      [`row_${row}.${column}`]: `Row ${row}, ${column}: ${column} must be an amount in naira with at most two decimals`,
    });
    const manual = {
      field: 'recipients',
      filename: 'vendors.csv',
      contentType: 'text/csv',
      content: Buffer.from('tax_payer_number,name,tax_payable\nN-1234567,Kelechi Uche,2000\nN-1234568,Ada Obi,5.001\n'),
    };
    const bill = await generate(
      payer.token,
      corporationId,
      'wht',
      { payload_type: 'manual', wht_type: 'rent', start_date: '2026-10' },
      [manual],
    );
    expect(bill).toMatchObject({
      code: 'INVALID_INPUT',
      message: 'Please ensure your file columns data matches the template format provided.',
      data: tooPrecise('tax_payable', 3),
    });
    expect(await billCount(payer)).toBe(0);

    const calculation = await test.upload('internal/bills/wht/tax/calc/bulk', {
      namespace: 'core',
      token: payer.token,
      fields: { wht_type: 'rent', period: '2026-10' },
      files: [
        {
          field: 'file',
          filename: 'vendors.csv',
          contentType: 'text/csv',
          content: Buffer.from('tax_payer_number,name,amount\nN-1234567,Kelechi Uche,150000.125\n'),
        },
      ],
    });
    expect(calculation).toMatchObject({ code: 'INVALID_INPUT', data: tooPrecise('amount') });

    const payroll = Buffer.from(
      `${PAYE_HEADER}\nN-1000001,Adaeze Okafor,Nigerian,Officer,500000.005,65300,500000,0,0,0,0,0,0,0,0,0,0,0\n`,
    );
    const uploaded = await test.upload(`internal/corporations/${corporationId}/states/LA/payrolls/file`, {
      namespace: 'core',
      token: payer.token,
      files: [{ field: 'file', filename: 'payroll.csv', contentType: 'text/csv', content: payroll }],
    });
    expect(uploaded).toMatchObject({ code: 'INVALID_INPUT', data: tooPrecise('gross_income') });
  });
});

describe('production safety', () => {
  const remita = {
    REMITTANCE_GATEWAY: 'remita',
    REMITA_PUBLIC_KEY: 'pk',
    REMITA_SECRET_KEY: 'sk',
    REMITA_FUNDING_SOURCE: 'LEVY',
    REMITA_DEBITED_ACCOUNT: '0123456789',
    REMITA_INCOME_ACCOUNT: '0001061499',
  };
  const production = {
    NODE_ENV: 'production',
    PAYMENT_PROVIDER: 'paystack',
    PAYSTACK_SECRET_KEY: 'sk_live_0123456789abcdef',
    RECEIPT_SIGNING_SECRET: 'a-real-receipt-signing-secret-0123456789',
    STATE_AGENCY: 'manual',
    ...remita,
  };

  it('refuses the sandbox agency unless told it is a staging or demo deploy, and runs the manual one', () => {
    const sandbox = { ...production, STATE_AGENCY: undefined };
    expect(() => loadConfig(sandbox)).toThrow(
      /STATE_AGENCY: is sandbox \(a fake agency: nothing is registered or filed anywhere\); set STATE_AGENCY=manual, or LEVY_SANDBOX=1/,
    );
    expect(loadConfig({ ...sandbox, LEVY_SANDBOX: '1' })).toMatchObject({ stateAgency: 'sandbox', sandbox: true });
    expect(loadConfig(production)).toMatchObject({ stateAgency: 'manual', sandbox: false });
    expect(loadConfig({}).stateAgency).toBe('sandbox');
    expect(() => loadConfig({ STATE_AGENCY: 'lirs' })).toThrow(/STATE_AGENCY/);
  });

  it('refuses to remit taxes through the sandbox unless told it is a staging or demo deploy, naming the variable', () => {
    const sandbox = { ...production, REMITTANCE_GATEWAY: undefined };
    expect(() => loadConfig(sandbox)).toThrow(
      /REMITTANCE_GATEWAY: is sandbox \(a local fake: no real money moves\); set the real provider, or LEVY_SANDBOX=1/,
    );
    expect(loadConfig({ ...sandbox, LEVY_SANDBOX: '1' }).remittance).toEqual({ gateway: 'sandbox' });
    expect(loadConfig(production).remittance).toMatchObject({
      gateway: 'remita',
      remita: { baseUrl: 'https://login.remita.net/remita/exapp/api/v1/send/api/bgatesvc/billing', publicKey: 'pk' },
    });
    // Remita without what Remita gives a partner at onboarding stops the server, whatever the environment.
    expect(() => loadConfig({ REMITTANCE_GATEWAY: 'remita', REMITA_PUBLIC_KEY: 'pk' })).toThrow(
      /REMITA_SECRET_KEY: is required when REMITTANCE_GATEWAY is remita\n {2}REMITA_FUNDING_SOURCE/,
    );
    expect(loadConfig({}).remittance).toEqual({ gateway: 'sandbox' });
  });

  it('never creates the demo account, and refuses to start when asked to', () => {
    expect(loadConfig(production).seedDemo).toBe(false);
    expect(() => loadConfig({ ...production, SEED_DEMO: '1' })).toThrow(
      /SEED_DEMO: the demo account has a published password/,
    );
  });

  it('refuses to start on a sandbox counterpart, naming its variable, unless the deploy says it is a staging one', () => {
    const sandboxed = { ...production, PAYMENT_PROVIDER: undefined };
    expect(() => loadConfig(sandboxed)).toThrow(
      /PAYMENT_PROVIDER: is sandbox \(a local fake: no real money moves\); set the real provider, or LEVY_SANDBOX=1/,
    );
    expect(loadConfig({ ...sandboxed, LEVY_SANDBOX: '1' })).toMatchObject({
      sandbox: true,
      payments: { provider: 'sandbox' },
    });
    expect(loadConfig(production)).toMatchObject({
      sandbox: false,
      payments: {
        provider: 'paystack',
        paystackSecretKey: 'sk_live_0123456789abcdef',
        paystackBaseUrl: 'https://api.paystack.co',
      },
    });
    // Paystack needs its key, in any environment; outside production the sandbox needs nothing.
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paystack' })).toThrow(
      /PAYSTACK_SECRET_KEY: is required when PAYMENT_PROVIDER is paystack/,
    );
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paystack', PAYSTACK_SECRET_KEY: 'pk_live_public' })).toThrow(
      /PAYSTACK_SECRET_KEY: must be a Paystack secret key/,
    );
    expect(loadConfig({})).toMatchObject({ sandbox: true, payments: { provider: 'sandbox' } });
  });

  it('refuses to start without a receipt signing secret of its own', () => {
    expect(loadConfig(production).receiptSigningSecret).toBe(production.RECEIPT_SIGNING_SECRET);
    expect(() => loadConfig({ ...production, RECEIPT_SIGNING_SECRET: undefined })).toThrow(
      /RECEIPT_SIGNING_SECRET: is required when NODE_ENV is production/,
    );
    expect(() => loadConfig({ ...production, RECEIPT_SIGNING_SECRET: DEVELOPMENT_RECEIPT_SECRET })).toThrow(
      /RECEIPT_SIGNING_SECRET: still has the published development value/,
    );
    expect(() => loadConfig({ ...production, RECEIPT_SIGNING_SECRET: 'too-short' })).toThrow(
      /RECEIPT_SIGNING_SECRET: must be at least 32 characters/,
    );
    expect(loadConfig({}).receiptSigningSecret).toBe(DEVELOPMENT_RECEIPT_SECRET);
  });
});
