import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as auth from '@beseda/protocol/endpoints/auth';
import * as chat from '@beseda/protocol/endpoints/chat';
import * as user from '@beseda/protocol/endpoints/user';
import { setLogLevel } from '../logger';
import { ApiError, NetworkError } from './api-error';
import { PROTOCOL_VERSION, PROTOCOL_VERSION_HEADER } from '@beseda/protocol/version';
import { useErrorStore } from '../errors/error-store';
import { call, callLazy, setOutdatedHandler, setServerVersionHandler, setUnauthorizedHandler } from './client';
import { API_ERROR_PATH } from './report-api-error';

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
  useErrorStore.getState().reset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const calls = () => fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);

const CHAT_ID = '01936f0e-8b4c-7c1e-9a2b-3c4d5e6f7a8b';
const credentials = { email: 'a@b.ru', password: 'secret123' };
const loadLogin = () => Promise.resolve(auth.login);

describe('protocol version', () => {
  it('states this build’s protocol on every call', async () => {
    fetchMock.mockResolvedValueOnce(json(200, me));
    await call(auth.login, { body: credentials });
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(new Headers(init?.headers).get(PROTOCOL_VERSION_HEADER)).toBe(String(PROTOCOL_VERSION));
  });

  it('a 426 CLIENT_OUTDATED tells the app (which offers a reload) and fails the call', async () => {
    const onOutdated = vi.fn<() => void>();
    setOutdatedHandler(onOutdated);
    fetchMock.mockResolvedValueOnce(json(426, { error: { code: 'CLIENT_OUTDATED', message: 'Reload' } }));
    await expect(call(auth.login, { body: credentials })).rejects.toMatchObject({
      status: 426,
      code: 'CLIENT_OUTDATED',
    });
    expect(onOutdated).toHaveBeenCalledOnce();
    setOutdatedHandler(() => undefined);
  });

  it('reports the protocol the server states on its answers, failed ones too, and nothing when it states none', async () => {
    const onServerVersion = vi.fn<(version: number) => void>();
    setServerVersionHandler(onServerVersion);
    const stating = (response: Response, version: string) => {
      response.headers.set(PROTOCOL_VERSION_HEADER, version);
      return response;
    };
    fetchMock.mockResolvedValueOnce(stating(json(200, me), '3'));
    await call(auth.login, { body: credentials });
    fetchMock.mockResolvedValueOnce(stating(json(404, { error: { code: 'NOT_FOUND', message: 'No' } }), '4'));
    await expect(call(auth.login, { body: credentials })).rejects.toMatchObject({ status: 404 });
    fetchMock.mockResolvedValueOnce(json(200, me));
    await call(auth.login, { body: credentials });
    fetchMock.mockResolvedValueOnce(stating(json(200, me), 'soon'));
    await call(auth.login, { body: credentials });
    expect(onServerVersion.mock.calls).toEqual([[3], [4]]);
    setServerVersionHandler(() => undefined);
  });
});

describe('call', () => {
  it('sends cookies and JSON, and unwraps a schema-checked body', async () => {
    fetchMock.mockResolvedValueOnce(json(200, me));
    const result = await call(auth.login, { body: credentials });
    expect(result.user.nickname).toBe('anna');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(`${init?.method} ${String(url)}`).toBe('POST /api/auth/login');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('{"email":"a@b.ru","password":"secret123"}');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('fills the path and the query from the descriptor', async () => {
    fetchMock.mockImplementation(async () => json(200, { ok: true }));
    await call(user.deleteSession, { params: { id: 'a/b' } });
    await call(chat.sendTyping, { query: { chatId: CHAT_ID }, body: { isTyping: true } });
    expect(calls()).toEqual(['DELETE /api/user/sessions/a%2Fb', `POST /api/chat/typing?chatId=${CHAT_ID}`]);
  });

  it('rejects an answer that does not fit the response schema', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { user: { id: 'u1' } }));
    await expect(call(user.getMe)).rejects.toMatchObject({ status: 200, code: 'UNKNOWN' });
  });

  it('throws a typed ApiError with the error body', async () => {
    fetchMock.mockResolvedValueOnce(
      json(400, { error: { code: 'VALIDATION_FAILED', message: 'bad', fields: { email: 'validation.required' } } }),
    );
    const error = await call(auth.register, { body: { ...credentials, nickname: 'anna' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', fields: { email: 'validation.required' } });
  });

  it('carries Retry-After of a 429 as milliseconds, so a retry waits what the server asked', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'slow down' } }), {
        status: 429,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '3' },
      }),
    );
    const error = await call(user.getMe).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfterMs: 3000 });
    fetchMock.mockResolvedValueOnce(json(503, { error: { code: 'INTERNAL', message: 'down' } }));
    expect(await call(user.getMe).catch((e: unknown) => e)).toMatchObject({ status: 503, retryAfterMs: null });
  });

  it('refreshes once on 401 and retries the request', async () => {
    fetchMock
      .mockResolvedValueOnce(unauthorized())
      .mockResolvedValueOnce(json(200, { ok: true }))
      .mockResolvedValueOnce(json(200, me));
    await expect(call(user.getMe)).resolves.toEqual(me);
    expect(calls()).toEqual(['GET /api/user/me', 'POST /api/auth/refresh', 'GET /api/user/me']);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('signs out when the refresh fails', async () => {
    fetchMock.mockResolvedValueOnce(unauthorized()).mockResolvedValueOnce(unauthorized());
    const error = await call(user.listSessions).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401 });
    expect(calls()).toEqual(['GET /api/user/sessions', 'POST /api/auth/refresh']);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('signs out when the retry is still 401', async () => {
    fetchMock
      .mockResolvedValueOnce(unauthorized())
      .mockResolvedValueOnce(json(200, { ok: true }))
      .mockResolvedValueOnce(unauthorized());
    await expect(call(user.getMe)).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('never refreshes for login, register or refresh', async () => {
    fetchMock.mockImplementation(async () => unauthorized());
    await expect(call(auth.login, { body: credentials })).rejects.toMatchObject({ status: 401 });
    await expect(callLazy('POST /auth/login', loadLogin, { body: credentials })).rejects.toMatchObject({ status: 401 });
    await expect(call(auth.register, { body: { ...credentials, nickname: 'anna' } })).rejects.toMatchObject({
      status: 401,
    });
    await expect(call(auth.refresh)).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(4);
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
    await Promise.all([
      call(auth.logout),
      call(chat.markRead, { query: { chatId: CHAT_ID }, body: { messageId: CHAT_ID } }),
      call(user.deleteSession, { params: { id: 's1' } }),
    ]);
    expect(refreshes).toBe(1);
  });

  it('turns a failed fetch into a NetworkError', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await call(user.getMe).catch((e: unknown) => e);
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
    const pending = call(user.getMe).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(10_000);
    const error = await pending;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ timedOut: true });
  });
});

describe('error store', () => {
  const apiRecords = () => useErrorStore.getState().byPath[API_ERROR_PATH] ?? [];

  it('reports a failed call with its status, code and trace id', async () => {
    fetchMock.mockResolvedValueOnce(json(404, { error: { code: 'NOT_FOUND', message: 'No such chat' } }));
    await call(chat.getChat, { query: { chatId: CHAT_ID } }).catch(() => undefined);
    expect(apiRecords()).toHaveLength(1);
    expect(apiRecords()[0]).toMatchObject({
      path: 'api',
      code: 'NOT_FOUND',
      kind: 'http',
      severity: 'warn',
      source: 'api',
      meta: {
        method: 'GET',
        url: `/api/chat/one?chatId=${CHAT_ID}`,
        status: 404,
        traceId: expect.stringMatching(/^[0-9a-f]{20}$/) as string,
      },
    });
  });

  it('reports a network failure as kind network, and a 5xx as an error', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await call(user.getMe).catch(() => undefined);
    fetchMock.mockResolvedValueOnce(json(503, { error: { code: 'UNAVAILABLE', message: 'Later' } }));
    await call(user.getMe).catch(() => undefined);
    expect(apiRecords().map((record) => [record.kind, record.code, record.severity])).toEqual([
      ['network', 'NETWORK', 'error'],
      ['http', 'UNAVAILABLE', 'error'],
    ]);
  });

  it('reports a lost session before signing out, so the sign-out can clear the record', async () => {
    let recordsAtSignOut = -1;
    onUnauthorized.mockImplementation(() => {
      recordsAtSignOut = apiRecords().length;
    });
    fetchMock.mockResolvedValueOnce(unauthorized()).mockResolvedValueOnce(unauthorized());
    await call(user.listSessions).catch(() => undefined);
    expect(recordsAtSignOut).toBe(1);
    expect(apiRecords()[0]).toMatchObject({ code: 'UNAUTHENTICATED', meta: { status: 401 } });
  });

  it('reports nothing for a success or a call its caller aborted', async () => {
    fetchMock.mockResolvedValueOnce(json(200, me));
    await call(user.getMe);
    const controller = new AbortController();
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const pending = call(user.getMe, { signal: controller.signal }).catch(() => undefined);
    controller.abort();
    await pending;
    expect(apiRecords()).toEqual([]);
  });
});

describe('callLazy', () => {
  it('sends at once by the address and parses with the descriptor it loads', async () => {
    let release: (endpoint: typeof user.getMe) => void = () => undefined;
    const loaded = new Promise<typeof user.getMe>((resolve) => {
      release = resolve;
    });
    fetchMock.mockResolvedValueOnce(json(200, me));
    const pending = callLazy('GET /user/me', () => loaded);
    await vi.waitFor(() => expect(calls()).toEqual(['GET /api/user/me']));
    release(user.getMe);
    await expect(pending).resolves.toEqual(me);
  });

  it('rejects an answer that does not fit the loaded response schema', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { ok: false }));
    const logout = () => Promise.resolve(auth.logout);
    await expect(callLazy('POST /auth/logout', logout)).rejects.toMatchObject({ code: 'UNKNOWN' });
  });
});
