import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/raw';
import { createTestApp, ownerWithOrganisation, signUp, type TestApp } from '../../../test/harness';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test.close());

describe('register', () => {
  it('answers every invalid field with the spec message', async () => {
    const result = await test.call('POST', 'public', 'users/register', {
      body: { email: 'not-an-email', password: 'short' },
    });
    expect(result.status).toBe(400);
    expect(result.code).toBe('INVALID_INPUT');
    expect(result.data).toMatchObject({
      email: 'Email address is not valid',
      password: 'Password must be 8 or more characters',
      first_name: 'First name is required',
      last_name: 'Last name is required',
    });
  });

  it('gives the required messages when email and password are empty', async () => {
    const result = await test.call('POST', 'public', 'users/register', { body: { email: '', password: '' } });
    expect(result.data.email).toBe('Email is required');
    expect(result.data.password).toBe('Password is required');
  });

  it('refuses a second account for the same email, in any case', async () => {
    const { email } = await signUp(test);
    const again = await test.call('POST', 'public', 'users/register', {
      body: {
        first_name: 'A',
        last_name: 'B',
        email: email.toUpperCase(),
        password: 'another-pass',
        phone: '+2348030000000',
        marketing_source_id: 2,
      },
    });
    expect(again.code).toBe('CONFLICT');
  });

  it('mails a single-use verification link that signs the user in', async () => {
    const email = 'verify-me@example.ng';
    await test.call('POST', 'public', 'users/register', {
      body: {
        first_name: 'Ngozi',
        last_name: 'Ade',
        email,
        password: 'password-123',
        phone: '08031234567',
        marketing_source_id: 1,
      },
    });
    const blocked = await test.call('POST', 'public', 'authx/authorize', { body: { email, password: 'password-123' } });
    expect(blocked.code).toBe('FORBIDDEN');
    expect(blocked.message).toContain('verify your email');

    const mail = (await test.mailbox()).find((item) => item.to === email)!;
    expect(mail.links[0]).toMatch(/^http:\/\/levy\.test\/authenticate\?token=[\w-]{43}&purpose=verify_email$/);
    const token = new URL(mail.links[0]).searchParams.get('token');
    const verified = await test.call('POST', 'public', 'users/verify-email', { body: { token } });
    expect(verified.code).toBe('OK');
    expect(verified.data.user.email).toBe(email);
    expect(verified.data.organisation).toBeNull();
    expect(verified.data.permissions.auth['organisation.create']).toBe(true);
    expect(verified.data.permissions.auth['organisation.getone']).toBe(false);

    const reused = await test.call('POST', 'public', 'users/verify-email', { body: { token } });
    expect(reused.code).toBe('INVALID_INPUT');
    expect(reused.data).toEqual({ token: 'This verification link has expired or was already used.' });
  });

  it('refuses an expired verification link', async () => {
    const email = 'too-late@example.ng';
    await test.call('POST', 'public', 'users/register', {
      body: {
        first_name: 'Tunde',
        last_name: 'Bello',
        email,
        password: 'password-123',
        phone: '08031234567',
        marketing_source_id: 1,
      },
    });
    const link = (await test.mailbox()).find((item) => item.to === email)!.links[0];
    await test.database.db.execute(
      sql`update user_tokens set expires_at = now() - interval '1 minute' where user_id = (select id from users where email = ${email})`,
    );
    const result = await test.call('POST', 'public', 'users/verify-email', {
      body: { token: new URL(link).searchParams.get('token') },
    });
    expect(result.data).toEqual({ token: 'This verification link has expired or was already used.' });
  });
});

describe('login and session', () => {
  it('returns the whole session and the token works', async () => {
    const { email, password } = await signUp(test);
    const login = await test.call('POST', 'public', 'authx/authorize', { body: { email, password } });
    expect(login.code).toBe('OK');
    expect(Object.keys(login.data).sort()).toEqual([
      'alerts',
      'invitations',
      'kyc',
      'organisation',
      'permissions',
      'token',
      'user',
    ]);
    expect(login.data.token).toHaveLength(43);
    const me = await test.call('GET', 'auth', 'users/me', { token: login.data.token });
    expect(me.data.user.email).toBe(email);
  });

  it('refuses a wrong password without saying which part was wrong', async () => {
    const { email } = await signUp(test);
    const result = await test.call('POST', 'public', 'authx/authorize', {
      body: { email, password: 'wrong-password' },
    });
    expect(result.code).toBe('INVALID_INPUT');
    expect(result.message).toBe('The email or password is incorrect.');
    const unknown = await test.call('POST', 'public', 'authx/authorize', {
      body: { email: 'nobody@example.ng', password: 'wrong-password' },
    });
    expect(unknown.message).toBe(result.message);
  });

  it('rate-limits repeated failures per email', async () => {
    const { email, password } = await signUp(test);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await test.call('POST', 'public', 'authx/authorize', { body: { email, password: 'wrong-password' } });
    }
    const limited = await test.call('POST', 'public', 'authx/authorize', { body: { email, password } });
    expect(limited.status).toBe(429);
    expect(limited.code).toBe('RATE_LIMITED');
  });

  it('rate-limits repeated failures per address, whatever the email', async () => {
    const ip = '203.0.113.7';
    for (let attempt = 0; attempt < 20; attempt += 1) {
      await test.call('POST', 'public', 'authx/authorize', {
        ip,
        body: { email: `guess${attempt}@example.ng`, password: 'wrong-password' },
      });
    }
    const { email, password } = await signUp(test);
    const limited = await test.call('POST', 'public', 'authx/authorize', { ip, body: { email, password } });
    expect(limited.code).toBe('RATE_LIMITED');
    expect(limited.message).toBe(
      'Too many failed sign-in attempts. Please wait 15 minutes and try again, or reset your password.',
    );
    const elsewhere = await test.call('POST', 'public', 'authx/authorize', {
      ip: '203.0.113.8',
      body: { email, password },
    });
    expect(elsewhere.code).toBe('OK');
  });

  it('checks at most 5 of 30 guesses for one email sent at once; the right password among the later ones does not sign in', async () => {
    const { email, password } = await signUp(test);
    const ip = '192.0.2.50';
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, attempt) =>
        test.call('POST', 'public', 'authx/authorize', {
          ip,
          body: { email, password: attempt === 29 ? password : 'wrong-password' },
        }),
      ),
    );
    expect(answers.filter((answer) => answer.code !== 'RATE_LIMITED').length).toBeLessThanOrEqual(5);
    expect(answers.filter((answer) => answer.code === 'OK')).toHaveLength(0);
    const [{ attempts }] = await queryRows<{ attempts: number }>(
      test.database.db,
      sql`select count(*)::int as attempts from login_failures where email = ${email}`,
    );
    expect(attempts).toBeLessThanOrEqual(5);
  });

  it('checks at most 20 of 30 guesses from one address sent at once, whatever the emails', async () => {
    const ip = '192.0.2.51';
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, attempt) =>
        test.call('POST', 'public', 'authx/authorize', {
          ip,
          body: { email: `burst${attempt}@example.ng`, password: 'wrong-password' },
        }),
      ),
    );
    expect(answers.filter((answer) => answer.code !== 'RATE_LIMITED').length).toBeLessThanOrEqual(20);
    const [{ attempts }] = await queryRows<{ attempts: number }>(
      test.database.db,
      sql`select count(*)::int as attempts from login_failures where ip_address = ${ip}`,
    );
    expect(attempts).toBeLessThanOrEqual(20);
  });

  it('ignores a forged X-Forwarded-For unless TRUST_PROXY is set', async () => {
    const { email } = await signUp(test);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await test.app.inject({
        method: 'POST',
        url: '/service/v1/public/authx/authorize',
        remoteAddress: '198.51.100.1',
        headers: { 'x-forwarded-for': `192.0.2.${attempt}` },
        payload: { email, password: 'wrong-password' },
      });
    }
    const [{ addresses }] = await queryRows<{ addresses: number }>(
      test.database.db,
      sql`select count(distinct ip_address)::int as addresses from login_failures where email = ${email}`,
    );
    expect(addresses).toBe(1);
  });

  it('every authenticated call without a token or with a revoked one is NO_AUTH', async () => {
    const { session } = await signUp(test);
    for (const [method, path] of [
      ['GET', 'users/me'],
      ['PUT', 'users/me'],
      ['POST', 'users/me/password'],
      ['POST', 'authx/logout'],
    ] as const) {
      const result = await test.call(method, 'auth', path, { body: {} });
      expect(result.status).toBe(401);
      expect(result.message).toBe('No authorised access.');
    }
    await test.call('POST', 'auth', 'authx/logout', { token: session.token });
    const after = await test.call('GET', 'auth', 'users/me', { token: session.token });
    expect(after.code).toBe('NO_AUTH');
  });

  it('expires a token after the configured idle time', async () => {
    const { session } = await signUp(test);
    // Pretend the session was last used three hours ago (the default idle limit is two).
    await test.database.db.execute(sql`update sessions set last_seen_at = now() - interval '3 hours'`);
    const result = await test.call('GET', 'auth', 'users/me', { token: session.token });
    expect(result.code).toBe('NO_AUTH');
  });
});

describe('profile and passwords', () => {
  it('updates the profile and changes the password', async () => {
    const { email, password, session } = await signUp(test);
    const updated = await test.call('PUT', 'auth', 'users/me', {
      token: session.token,
      body: { first_name: 'Amaka', last_name: 'Obi', phone: '+2348099999999' },
    });
    expect(updated.data.user.first_name).toBe('Amaka');

    const wrong = await test.call('POST', 'auth', 'users/me/password', {
      token: session.token,
      body: { current_password: 'nope-nope', password: 'new-password-1' },
    });
    expect(wrong.data.current_password).toBe('The current password is not correct.');
    const short = await test.call('POST', 'auth', 'users/me/password', {
      token: session.token,
      body: { current_password: password, password: 'short' },
    });
    expect(short.data.password).toBe('Password must be 8 or more characters');

    const changed = await test.call('POST', 'auth', 'users/me/password', {
      token: session.token,
      body: { current_password: password, password: 'new-password-1' },
    });
    expect(changed.code).toBe('OK');
    const login = await test.call('POST', 'public', 'authx/authorize', { body: { email, password: 'new-password-1' } });
    expect(login.code).toBe('OK');
  });

  it('resets a forgotten password through a single-use link and signs out other sessions', async () => {
    const { email, session } = await signUp(test);
    const unknown = await test.call('POST', 'public', 'users/password/forgot', { body: { email: 'ghost@example.ng' } });
    const known = await test.call('POST', 'public', 'users/password/forgot', { body: { email } });
    expect(unknown.message).toBe(known.message);

    const mail = (await test.mailbox()).find((item) => item.to === email && item.subject.includes('Reset'))!;
    const token = new URL(mail.links[0]).searchParams.get('token');
    expect(mail.links[0]).toContain('purpose=reset_password');
    const reset = await test.call('POST', 'public', 'users/password/reset', {
      body: { token, password: 'brand-new-pass' },
    });
    expect(reset.code).toBe('OK');
    expect((await test.call('GET', 'auth', 'users/me', { token: session.token })).code).toBe('NO_AUTH');
    expect(
      (await test.call('POST', 'public', 'users/password/reset', { body: { token, password: 'again-new-pass' } })).code,
    ).toBe('INVALID_INPUT');
    expect(
      (await test.call('POST', 'public', 'authx/authorize', { body: { email, password: 'brand-new-pass' } })).code,
    ).toBe('OK');
  });
});

describe('reference data', () => {
  it('lists marketing sources without a token, and the 36 states and the FCT to members', async () => {
    const sources = await test.call('GET', 'auth', 'marketing/sources');
    expect(sources.data.map((source: { name: string }) => source.name)).toContain('Accountant or tax consultant');
    const { session } = await signUp(test);
    // A user without an organisation has no access to the core namespace.
    expect((await test.call('GET', 'core', 'internal/states', { token: session.token })).code).toBe('FORBIDDEN');
    const owner = await ownerWithOrganisation(test);
    const states = await test.call('GET', 'core', 'internal/states', { token: owner.token });
    expect(states.data).toHaveLength(37);
    expect(states.data.find((state: { code: string }) => state.code === 'LA')).toMatchObject({
      name: 'Lagos',
      revenue_service: 'Lagos State Internal Revenue Service',
    });
    expect(states.data.find((state: { code: string }) => state.code === 'FC').name).toBe('Federal Capital Territory');
  });
});
