import { expect, type APIRequestContext } from '@playwright/test';

export interface Envelope<T> {
  code: string;
  message: string;
  data: T;
}

/** One gateway call, as the web app makes it. */
export async function callGateway<T>(
  request: APIRequestContext,
  call: {
    method: string;
    namespace?: string;
    path: string;
    params?: Record<string, unknown>;
    body?: unknown;
    token?: string | null;
  },
): Promise<Envelope<T>> {
  const response = await request.post('/service/v1', {
    headers: call.token ? { 'Api-Token': call.token } : {},
    data: { method: call.method, namespace: call.namespace, path: call.path, params: call.params, body: call.body },
  });
  return (await response.json()) as Envelope<T>;
}

interface Mail {
  to: string;
  subject: string;
  links: string[];
  created_at: string;
}

/** The newest link mailed to an address whose URL contains `fragment`, waiting for the outbox. */
export async function linkFromMailbox(request: APIRequestContext, to: string, fragment: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/service/v1/public/dev/mailbox');
        const { data } = (await response.json()) as Envelope<Mail[]>;
        link = data
          .filter((mail) => mail.to.toLowerCase() === to.toLowerCase())
          .flatMap((mail) => mail.links)
          .find((candidate) => candidate.includes(fragment));
        return link;
      },
      { message: `a mail to ${to} with a ${fragment} link`, timeout: 15_000 },
    )
    .toBeTruthy();
  return link!;
}

/** The consent code in the newest consent mail to `to`, newer than `since` (the mailbox is newest first). */
export async function consentCodeFromMailbox(request: APIRequestContext, to: string, since: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/service/v1/public/dev/mailbox');
        const { data } = (await response.json()) as Envelope<Mail[]>;
        const mail = data.find(
          (item) =>
            item.to.toLowerCase() === to.toLowerCase() &&
            Date.parse(item.created_at) >= since &&
            /consent code$/.test(item.subject),
        );
        code = mail ? /^(\d{6}) is your .+ consent code$/.exec(mail.subject)?.[1] : undefined;
        return code;
      },
      { message: `a consent code mailed to ${to}`, timeout: 15_000 },
    )
    .toBeTruthy();
  return code!;
}

/** A unique address per run, so journeys never collide on a reused database. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.ng`;
}

export const DEMO = { email: 'demo@levy.ng', password: 'levy-demo-2026', firstName: 'Ada' } as const;
export const NEW_USER_PASSWORD = 'correct-horse-battery';

/** The owner whose corporation registered Lagos three months ago (apps/server/test/e2e-overdue-organisation.ts). */
/** Platform staff, made by `npm run staff:create` before the server starts (playwright.config.ts). */
export const STAFF = {
  email: 'amaka.staff@levy.ng',
  password: NEW_USER_PASSWORD,
  firstName: 'Amaka',
  lastName: 'Obi',
} as const;

export const OVERDUE_OWNER = {
  email: 'kemi.balogun@balogun-foods.ng',
  password: NEW_USER_PASSWORD,
  firstName: 'Kemi',
} as const;

/** Signs the demo owner in through the API and returns the token. */
export async function demoToken(request: APIRequestContext): Promise<string> {
  const session = await callGateway<{ token: string }>(request, {
    method: 'POST',
    namespace: 'public',
    path: 'authx/authorize',
    body: { email: DEMO.email, password: DEMO.password },
  });
  expect(session.code).toBe('OK');
  return session.data.token;
}

/** The demo owner invites an email (role 2 is Member) and returns the invitation token from the mail. */
export async function inviteToDemo(request: APIRequestContext, email: string, roleId = 2): Promise<string> {
  const invited = await callGateway(request, {
    method: 'POST',
    namespace: 'auth',
    path: 'organisations/users/invite',
    body: { email, role_id: roleId },
    token: await demoToken(request),
  });
  expect(invited.code).toBe('OK');
  return (await linkFromMailbox(request, email, '/invite/')).split('/invite/')[1];
}

/** An account that signed up and verified its email, with no organisation yet. */
export async function createVerifiedUser(
  request: APIRequestContext,
  prefix: string,
  firstName: string,
): Promise<string> {
  const email = uniqueEmail(prefix);
  const registered = await callGateway(request, {
    method: 'POST',
    namespace: 'public',
    path: 'users/register',
    body: {
      first_name: firstName,
      last_name: 'Tester',
      email,
      password: NEW_USER_PASSWORD,
      phone: '+2348012340000',
      marketing_source_id: 1,
    },
  });
  expect(registered.code).toBe('OK');
  const token = new URL(await linkFromMailbox(request, email, 'purpose=verify_email')).searchParams.get('token');
  const verified = await callGateway(request, {
    method: 'POST',
    namespace: 'public',
    path: 'users/verify-email',
    body: { token },
  });
  expect(verified.code).toBe('OK');
  return email;
}
