import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as calls from '@levy/contracts/calls';
import { ApiError, callApi, callGateway, errorMessageFor, setSignOutNavigation } from './api-client';
import { useSessionStore } from './session-store';

vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));

function respondWith(envelope: unknown, status = 200) {
  return vi.fn(
    async () => new Response(JSON.stringify(envelope), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

const shown = () => vi.mocked(notifications.show).mock.calls.map(([toast]) => toast);

describe('error catalogue (docs/product.md §8)', () => {
  it.each([
    ['NO_AUTH', 'Token expired', null, 'No authorised access.'],
    ['INTERNAL_ERROR', 'stack trace', null, 'System error'],
    [
      'INVALID_INPUT',
      'Invalid',
      { email: 'Email is required', password: 'Password is required' },
      'Email is required\nPassword is required',
    ],
    [
      'CONFLICT',
      'This person is already a member of the organisation.',
      null,
      'This person is already a member of the organisation.',
    ],
    ['NOT_FOUND', '', null, 'An error occurred'],
  ])('%s shows %j', (code, message, data, expected) => {
    expect(errorMessageFor(code, message, data)).toBe(expected);
  });
});

describe('callGateway', () => {
  const navigate = vi.fn();

  beforeEach(() => {
    vi.mocked(notifications.show).mockClear();
    navigate.mockClear();
    setSignOutNavigation(navigate);
    useSessionStore.getState().reset();
  });

  afterEach(() => vi.unstubAllGlobals());

  it('posts the call to the gateway with the session token and resolves to data', async () => {
    useSessionStore.getState().setToken('secret');
    const fetchMock = respondWith({ code: 'OK', message: 'OK', data: { id: 1 } });
    vi.stubGlobal('fetch', fetchMock);
    await expect(
      callGateway({ method: 'GET', namespace: 'auth', path: 'users/me', params: { page: 1 } }),
    ).resolves.toEqual({ id: 1 });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/service/v1');
    expect((init.headers as Record<string, string>)['Api-Token']).toBe('secret');
    expect(JSON.parse(init.body as string)).toEqual({
      method: 'GET',
      namespace: 'auth',
      path: 'users/me',
      params: { page: 1 },
    });
  });

  it('sends an explicit token instead of the session one', async () => {
    useSessionStore.getState().setToken('session-token');
    const fetchMock = respondWith({ code: 'OK', message: 'OK', data: null });
    vi.stubGlobal('fetch', fetchMock);
    await callGateway({ method: 'POST', namespace: 'auth', path: 'x', token: 'explicit' });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>)['Api-Token']).toBe('explicit');
  });

  it('toasts an error titled Error for 3 seconds, closable, and rejects with the code and data', async () => {
    vi.stubGlobal(
      'fetch',
      respondWith({ code: 'INVALID_INPUT', message: 'Invalid', data: { email: 'Email is required' } }, 400),
    );
    const failure = await callGateway({ method: 'POST', namespace: 'public', path: 'authx/authorize' }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe('INVALID_INPUT');
    expect((failure as ApiError).fieldErrors).toEqual({ email: 'Email is required' });
    expect(shown()).toEqual([
      expect.objectContaining({ title: 'Error', message: 'Email is required', autoClose: 3000, withCloseButton: true }),
    ]);
  });

  it('NO_AUTH signs out, goes home, and tells the user only once', async () => {
    useSessionStore.getState().setToken('expired');
    vi.stubGlobal('fetch', respondWith({ code: 'NO_AUTH', message: 'No authorised access.', data: null }, 401));
    const calls = [
      callGateway({ method: 'GET', path: 'a' }),
      callGateway({ method: 'GET', path: 'b' }),
      callGateway({ method: 'GET', path: 'c' }),
    ];
    const results = await Promise.allSettled(calls);
    expect(results.every((result) => result.status === 'rejected')).toBe(true);
    expect(shown()).toHaveLength(1);
    expect(shown()[0]).toMatchObject({ title: 'Error', message: 'No authorised access.' });
    expect(useSessionStore.getState().token).toBeNull();
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('tells the user again after a new sign-in expires', async () => {
    vi.stubGlobal('fetch', respondWith({ code: 'NO_AUTH', message: '', data: null }, 401));
    useSessionStore.getState().setToken('first');
    await callGateway({ method: 'GET', path: 'a' }).catch(() => undefined);
    useSessionStore.getState().setToken('second');
    await callGateway({ method: 'GET', path: 'a' }).catch(() => undefined);
    expect(shown()).toHaveLength(2);
  });

  it('quiet calls reject without a toast', async () => {
    vi.stubGlobal('fetch', respondWith({ code: 'NOT_FOUND', message: 'No such call.', data: null }, 404));
    await expect(callGateway({ method: 'GET', path: 'dev/mailbox', quiet: true })).rejects.toBeInstanceOf(ApiError);
    expect(shown()).toHaveLength(0);
  });

  it('a reply that is not the envelope is "An error occurred"', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    await expect(callGateway({ method: 'GET', path: 'x' })).rejects.toMatchObject({ message: 'System error' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Teapot</html>', { status: 418 })),
    );
    await expect(callGateway({ method: 'GET', path: 'x' })).rejects.toMatchObject({ message: 'An error occurred' });
  });
});

describe('callApi with a call typed by a contract', () => {
  const listMembers = calls.listTeamMembers;

  beforeEach(() => useSessionStore.getState().reset());
  afterEach(() => vi.unstubAllGlobals());

  it("fills the path parameters from params, sends the rest, and resolves to the contract's data", async () => {
    const fetchMock = respondWith({ code: 'OK', message: 'OK', data: [{ id: 'm1' }] });
    vi.stubGlobal('fetch', fetchMock);
    await expect(callApi(listMembers, { params: { id: 'org 1', page: 2 } })).resolves.toEqual([{ id: 'm1' }]);
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({
      method: 'GET',
      namespace: 'auth',
      path: 'organisations/org%201/users',
      params: { page: 2 },
    });
  });

  it('sends no params when the path takes them all', async () => {
    const fetchMock = respondWith({ code: 'OK', message: 'OK', data: [] });
    vi.stubGlobal('fetch', fetchMock);
    await callApi(listMembers, { params: { id: 'o1' }, token: 'explicit' });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({
      method: 'GET',
      namespace: 'auth',
      path: 'organisations/o1/users',
    });
    expect((init.headers as Record<string, string>)['Api-Token']).toBe('explicit');
  });
});
