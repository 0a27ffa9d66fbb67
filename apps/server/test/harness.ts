import { PAYE_TEMPLATE_HEADERS } from '@levy/tax';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type AppOptions } from '../src/app';
import { loadConfig, SANDBOX_PAYSTACK_SECRET_KEY } from '../src/config';
import { startPaystackFake } from '../src/adapters/payments/paystack-fake';
import { openDatabase, type Database } from '../src/db/client';
import { seedReferenceData } from '../src/seed';
import type { MailTransport } from '../src/adapters/mail/mail-transport';
import { users } from '../src/db/schema/index';
import { USER_TYPES } from '../src/modules/accounts/permissions';
import { hashPassword } from '../src/modules/accounts/secrets';

/**
 * The real app on a real, fresh database: PGlite in memory, or — when TEST_DATABASE=postgres — a
 * new database on the server named by DATABASE_URL, dropped afterwards.
 */
export interface TestApp {
  app: FastifyInstance;
  database: Database;
  call(method: string, namespace: string, path: string, options?: CallOptions): Promise<Envelope>;
  /** A multipart upload at POST /service/v1/{path}, the namespace in a form field. */
  upload(path: string, options: UploadOptions): Promise<Envelope>;
  mailbox(): Promise<
    Array<{
      to: string;
      subject: string;
      text: string;
      links: string[];
      attachments: Array<{ filename: string; content_type: string; bytes: number }>;
    }>
  >;
  /** Stops the app as a shutdown would (running jobs go back to their queue) and starts a new one on the same database. */
  restart(): Promise<void>;
  /** Another app with its own connection pool on the same PostgreSQL database, as a second process would be. */
  startAnother(): Promise<AppInstance>;
  close(): Promise<void>;
  /** The local Paystack fake the app funds wallets through; its control calls are under /__fake/paystack. */
  paystackFakeUrl: string;
}

/** One more running app: its calls, and a way to stop it. */
export interface AppInstance {
  app: FastifyInstance;
  call(method: string, namespace: string, path: string, options?: CallOptions): Promise<Envelope>;
  close(): Promise<void>;
}

/** Calls through the gateway of the app `current` answers at the time of the call. */
function gatewayCaller(current: () => FastifyInstance) {
  return async function call(
    method: string,
    namespace: string,
    path: string,
    callOptions: CallOptions = {},
  ): Promise<Envelope> {
    const response = await current().inject({
      method: 'POST',
      remoteAddress: callOptions.ip,
      url: '/service/v1',
      headers: callOptions.token ? { 'api-token': callOptions.token } : {},
      payload: { method, namespace, path, params: callOptions.params, body: callOptions.body },
    });
    const json = response.json();
    return { status: response.statusCode, ...json };
  };
}

export interface UploadOptions {
  namespace: string;
  fields?: Record<string, string>;
  files?: TestFile[];
  token?: string | null;
  headers?: Record<string, string>;
}

export interface TestFile {
  field: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

/** A multipart/form-data body of `fields` and `files`, as a browser sends an upload. */
export function multipartBody(fields: Record<string, string>, files: TestFile[]) {
  const boundary = `----levy${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
    );
    parts.push(file.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

export interface CallOptions {
  body?: unknown;
  params?: Record<string, unknown>;
  token?: string | null;
  /** The caller's network address (default 127.0.0.1). */
  ip?: string;
}

export interface Envelope {
  status: number;
  code: string;
  message: string;
  data: any;
}

/** A new, empty database on the PostgreSQL server named by DATABASE_URL, and a way to drop it. */
/** A new database on the server at DATABASE_URL: empty, or a copy of `template` (a database no one is connected to). */
export async function createScratchPostgresDatabase(
  template?: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL');
  const name = `levy_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export const usePostgres = process.env.TEST_DATABASE === 'postgres';

/**
 * Set by the API project's global setup (test/database-template.ts): a database migrated and seeded
 * once, that each test's fresh database copies — a PostgreSQL template database's name, or the
 * file of a PGlite data directory.
 */
const TEMPLATE = process.env.LEVY_TEST_TEMPLATE;

/** A fresh database for one test app: a copy of the template when there is one, else migrated and seeded here. */
async function openFreshDatabase(databaseUrl: string | undefined, dataDir: string, fresh: boolean): Promise<Database> {
  if (fresh && TEMPLATE && !usePostgres) {
    return openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([fs.readFileSync(TEMPLATE)]) });
  }
  const database = await openDatabase({ databaseUrl, dataDir });
  if (!(fresh && TEMPLATE)) {
    await database.migrate();
    await seedReferenceData(database.db);
  }
  return database;
}

export interface TestAppOptions {
  mailTransport?: MailTransport;
  env?: Record<string, string>;
  /**
   * A database that outlives the app (a benchmark prepares data, then serves it from another
   * process): PostgreSQL at `databaseUrl`, or PGlite in `dataDir`. Without it, a fresh one that
   * close() drops.
   */
  keep?: { databaseUrl: string } | { dataDir: string };
  /** Wraps the sandbox agency, to watch or slow its calls. */
  wrapAgency?: AppOptions['wrapAgency'];
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const scratch = !options.keep && usePostgres ? await createScratchPostgresDatabase(TEMPLATE) : null;
  const databaseUrl = options.keep && 'databaseUrl' in options.keep ? options.keep.databaseUrl : scratch?.url;
  const dataDir = options.keep && 'dataDir' in options.keep ? options.keep.dataDir : 'memory://';
  // A short agency timeout keeps the 'agency unavailable' test ID quick; Paystack's, the unanswered verification.
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_URL: 'http://levy.test',
    AGENCY_TIMEOUT_MS: '300',
    PAYSTACK_TIMEOUT_MS: '3000',
    ...options.env,
  });
  const database = await openFreshDatabase(databaseUrl, dataDir, !options.keep);
  // One Paystack fake for the test's life, whatever restarts: its webhooks go to the app of the moment.
  const paystackFake = await startPaystackFake({
    secretKey: SANDBOX_PAYSTACK_SECRET_KEY,
    retryDelaysMs: [],
    deliver: async (body, headers) => {
      const answer = await app.inject({
        method: 'POST',
        url: '/service/v1/webhooks/payments/paystack',
        headers,
        payload: body,
      });
      return { status: answer.statusCode, body: answer.body };
    },
  });
  const start = async (on: Database = database) => {
    const built = await buildApp({
      config: { ...config, databaseUrl },
      database: on,
      mailTransport: options.mailTransport,
      wrapAgency: options.wrapAgency,
      paystackFake,
    });
    await built.ready();
    return built;
  };
  let app: FastifyInstance = await start();
  const call = gatewayCaller(() => app);

  async function upload(path: string, uploadOptions: UploadOptions): Promise<Envelope> {
    const { payload, contentType } = multipartBody(
      { namespace: uploadOptions.namespace, ...uploadOptions.fields },
      uploadOptions.files ?? [],
    );
    const response = await app.inject({
      method: 'POST',
      url: `/service/v1/${path}`,
      headers: {
        'content-type': contentType,
        ...(uploadOptions.token ? { 'api-token': uploadOptions.token } : {}),
        ...uploadOptions.headers,
      },
      payload,
    });
    return { status: response.statusCode, ...response.json<Omit<Envelope, 'status'>>() };
  }

  return {
    get app() {
      return app;
    },
    database,
    call,
    upload,
    paystackFakeUrl: paystackFake.url,
    async mailbox() {
      const result = await call('GET', 'public', 'dev/mailbox');
      return result.data;
    },
    async restart() {
      await app.close();
      app = await start();
    },
    async startAnother() {
      if (!databaseUrl) throw new Error('A second app on the same database needs TEST_DATABASE=postgres');
      const ownDatabase = await openDatabase({ databaseUrl, dataDir: 'memory://' });
      const another = await start(ownDatabase);
      return {
        app: another,
        call: gatewayCaller(() => another),
        async close() {
          await another.close();
          await ownDatabase.close();
        },
      };
    },
    async close() {
      await app.close();
      await paystackFake.close();
      await database.close();
      await scratch?.drop();
    },
  };
}

let counter = 0;

/** Signs up, verifies through the mailed link, and returns the session. */
export async function signUp(test: TestApp, overrides: Partial<Record<string, unknown>> = {}) {
  counter += 1;
  const email = (overrides.email as string) ?? `person${counter}-${randomBytes(3).toString('hex')}@example.ng`;
  const body = {
    first_name: 'Chidi',
    last_name: 'Eze',
    email,
    password: 'correct-horse-1',
    phone: '+2348031234567',
    marketing_source_id: 1,
    ...overrides,
  };
  const registered = await test.call('POST', 'public', 'users/register', { body });
  if (registered.code !== 'OK') throw new Error(`register failed: ${JSON.stringify(registered)}`);
  if (registered.data.session) return { email, password: body.password, session: registered.data.session };
  const mail = (await test.mailbox()).find((item) => item.to === email && item.subject.startsWith('Verify'));
  const token = new URL(mail!.links[0]).searchParams.get('token');
  const verified = await test.call('POST', 'public', 'users/verify-email', { body: { token } });
  return { email, password: body.password, session: verified.data };
}

/** A verified user who owns a new organisation: returns the token and organisation id. */
export async function ownerWithOrganisation(test: TestApp, overrides: Partial<Record<string, unknown>> = {}) {
  const { email, session } = await signUp(test, overrides);
  const created = await test.call('POST', 'auth', 'organisations', {
    token: session.token,
    body: { name: 'Acme Nigeria Ltd' },
  });
  if (created.code !== 'OK') throw new Error(`create organisation failed: ${JSON.stringify(created)}`);
  return {
    email,
    token: session.token as string,
    organisationId: created.data.id as string,
    userId: session.user.id as string,
  };
}

/** Invites a new person with the given role, who signs up from the link and accepts. */
export async function joinAsMember(
  test: TestApp,
  owner: { token: string; organisationId: string },
  roleCode: 'user.admin' | 'user.member' = 'user.member',
) {
  counter += 1;
  const email = `member${counter}-${randomBytes(3).toString('hex')}@example.ng`;
  const roleId = roleCode === 'user.admin' ? 1 : 2;
  const invited = await test.call('POST', 'auth', 'organisations/users/invite', {
    token: owner.token,
    body: { email, role_id: roleId },
  });
  if (invited.code !== 'OK') throw new Error(`invite failed: ${JSON.stringify(invited)}`);
  const link = (await test.mailbox()).find((item) => item.to === email)!.links[0];
  const ott = link.split('/invite/')[1];
  const { session } = await signUp(test, { email, invitation_token: ott });
  const accepted = await test.call(
    'POST',
    'auth',
    `organisations/${owner.organisationId}/users/invite/${invited.data.id}`,
    { token: session.token },
  );
  if (accepted.code !== 'OK') throw new Error(`accept failed: ${JSON.stringify(accepted)}`);
  return {
    email,
    token: session.token as string,
    membershipId: invited.data.id as string,
    userId: session.user.id as string,
  };
}

/** A PNG small enough to stand for an uploaded certificate. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A platform staff user (user type 1), who can only be made in the database. */
export async function staffUser(test: TestApp) {
  counter += 1;
  const email = `staff${counter}-${randomBytes(3).toString('hex')}@levy.ng`;
  const password = 'staff-password-1';
  await test.database.db.insert(users).values({
    firstName: 'Sade',
    lastName: 'Staff',
    email,
    phone: '+2348000000000',
    passwordHash: await hashPassword(password),
    userTypeId: USER_TYPES.staff.id,
    emailVerifiedAt: new Date(),
  });
  const login = await test.call('POST', 'public', 'authx/authorize', { body: { email, password } });
  return { email, token: login.data.token as string, session: login.data };
}

/** The owner's organisation with one corporation registered in Lagos, consent given. */
export async function corporationWithConsent(test: TestApp, owner: { token: string }, taxPayerNumber = 'C-0012345') {
  const corporation = await test.call('POST', 'core', 'internal/corporations', {
    token: owner.token,
    body: { name: `Corp ${randomBytes(3).toString('hex')}` },
  });
  const corporationId = corporation.data.id as string;
  await test.call('POST', 'core', `internal/corporations/${corporationId}/states/LA`, {
    token: owner.token,
    body: { tax_payer_number: taxPayerNumber },
  });
  await giveConsent(test, owner.token, corporationId, 'LA');
  return { corporationId };
}

/** Payroll consent for a registration, with the code from the development mailbox. */
export async function giveConsent(
  test: TestApp,
  token: string,
  corporationId: string,
  stateCode: string,
): Promise<void> {
  const consent = await test.call(
    'POST',
    'core',
    `internal/corporations/${corporationId}/states/${stateCode}/consent`,
    { token },
  );
  const pin = await latestConsentPin(test);
  const verified = await test.call(
    'POST',
    'core',
    `internal/corporations/${corporationId}/states/${stateCode}/consent/verify`,
    { token, body: { pin, token: consent.data.token } },
  );
  if (verified.code !== 'OK') throw new Error(`consent failed: ${JSON.stringify(verified)}`);
}

/** The 6-digit code in the newest consent mail of the development mailbox. */
export async function latestConsentPin(test: TestApp): Promise<string> {
  const mail = (await test.mailbox()).find((item) => /consent code/.test(item.subject));
  return /consent code is (\d{6})/.exec(mail!.text)![1];
}

/** A PAYE template file with the given employees (tax_payable non-zero). */
export function payrollCsv(rows: Array<{ tin: string; name: string; gross: string; tax: string }>): Buffer {
  const header = PAYE_TEMPLATE_HEADERS.join(',');
  const lines = rows.map(
    (row) => `${row.tin},${row.name},Nigerian,Accountant,${row.gross},${row.tax},${row.gross},0,0,0,0,0,0,0,0,0,0,0`,
  );
  return Buffer.from(`${header}\n${lines.join('\n')}\n`);
}
