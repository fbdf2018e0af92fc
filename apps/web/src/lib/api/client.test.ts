import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { meResponseSchema } from '@beseda/protocol/user';
import { setLogLevel } from '../logger';
import { ApiError, NetworkError } from './api-error';
import { apiRequest, setUnauthorizedHandler } from './client';

const me = {
  user: {
    id: 'u1',
    nickname: 'anna',
    name: 'anna',
    email: 'a@b.ru',
    avatarUrl: null,
    online: { status: 'online', lastSeen: null },
  },
};

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const unauthorized = () => json(401, { error: { code: 'UNAUTHENTICATED', message: 'Sign in' } });

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let onUnauthorized: ReturnType<typeof vi.fn<() => void>>;

beforeEach(() => {
  setLogLevel('silent');
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  onUnauthorized = vi.fn<() => void>();
  setUnauthorizedHandler(onUnauthorized);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const calls = () => fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);

describe('apiRequest', () => {
  it('sends cookies and JSON, and unwraps a schema-checked body', async () => {
    fetchMock.mockResolvedValueOnce(json(200, me));
    const result = await apiRequest('POST', '/auth/login', { body: { email: 'a@b.ru' }, schema: meResponseSchema });
    expect(result.user.nickname).toBe('anna');
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('{"email":"a@b.ru"}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('throws a typed ApiError with the error body', async () => {
    fetchMock.mockResolvedValueOnce(
      json(400, { error: { code: 'VALIDATION_FAILED', message: 'bad', fields: { email: 'validation.required' } } }),
    );
    const error = await apiRequest('POST', '/auth/register', { body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', fields: { email: 'validation.required' } });
  });

  it('refreshes once on 401 and retries the request', async () => {
    fetchMock
      .mockResolvedValueOnce(unauthorized())
      .mockResolvedValueOnce(json(200, { ok: true }))
      .mockResolvedValueOnce(json(200, me));
    await expect(apiRequest('GET', '/user/me', { schema: meResponseSchema })).resolves.toEqual(me);
    expect(calls()).toEqual(['GET /api/user/me', 'POST /api/auth/refresh', 'GET /api/user/me']);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('signs out when the refresh fails', async () => {
    fetchMock.mockResolvedValueOnce(unauthorized()).mockResolvedValueOnce(unauthorized());
    const error = await apiRequest('GET', '/user/sessions').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401 });
    expect(calls()).toEqual(['GET /api/user/sessions', 'POST /api/auth/refresh']);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('signs out when the retry is still 401', async () => {
    fetchMock
      .mockResolvedValueOnce(unauthorized())
      .mockResolvedValueOnce(json(200, { ok: true }))
      .mockResolvedValueOnce(unauthorized());
    await expect(apiRequest('GET', '/user/me')).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('never refreshes for login, register or refresh', async () => {
    fetchMock.mockImplementation(async () => unauthorized());
    for (const path of ['/auth/login', '/auth/register', '/auth/refresh']) {
      await expect(apiRequest('POST', path, { body: {} })).rejects.toMatchObject({ status: 401 });
    }
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('shares one refresh between concurrent 401s', async () => {
    let refreshes = 0;
    fetchMock.mockImplementation(async (url, init) => {
      if (String(url) === '/api/auth/refresh') {
        refreshes += 1;
        return json(200, { ok: true });
      }
      // The first attempt of each request is unauthorised, the retry succeeds.
      const attempt = fetchMock.mock.calls.filter(([u, i]) => String(u) === String(url) && i?.method === init?.method);
      return attempt.length === 1 ? unauthorized() : json(200, { ok: true });
    });
    await Promise.all([apiRequest('GET', '/a'), apiRequest('GET', '/b'), apiRequest('GET', '/c')]);
    expect(refreshes).toBe(1);
  });

  it('turns a failed fetch into a NetworkError', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await apiRequest('GET', '/user/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ timedOut: false });
  });

  it('times out after 10 000 ms', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const pending = apiRequest('GET', '/user/me').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    const error = await pending;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ timedOut: true });
  });
});
