import * as authApi from '@beseda/protocol/endpoints/auth';
import * as healthApi from '@beseda/protocol/endpoints/health';
import * as userApi from '@beseda/protocol/endpoints/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIN_CLIENT_PROTOCOL_VERSION, PROTOCOL_VERSION, PROTOCOL_VERSION_HEADER } from '@beseda/protocol/version';
import { REFRESH_RATE_LIMIT_FACTOR } from '../../src/http/auth/rate-limit.js';
import {
  availableDrivers,
  countRows,
  newCredentials,
  registerUser,
  startServer,
  type TestResponse,
  type TestServer,
} from './harness.js';

interface ErrorBody {
  error: { code: string; message: string; fields?: Record<string, string> };
}

function errorOf(response: TestResponse): ErrorBody['error'] {
  return (response.body as ErrorBody).error;
}

/** No error body may carry a stack trace, a file path or a driver message. */
function expectNoInternals(response: TestResponse): void {
  expect(response.text).not.toMatch(/\bat .+:\d+:\d+|node_modules|\/src\/|stack/i);
}

describe.each(availableDrivers())('http guards (%s)', (driver) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(() => server.close());

  describe('protocol version', () => {
    it('answers an API call from an outdated client with 426 CLIENT_OUTDATED and writes nothing', async () => {
      const before = await countRows(server.ctx);
      const headers = { [PROTOCOL_VERSION_HEADER]: String(MIN_CLIENT_PROTOCOL_VERSION - 1) };
      const response = await server.client().post('/api/auth/register', { json: newCredentials(), headers });
      expect(response.status).toBe(426);
      expect(errorOf(response).code).toBe('CLIENT_OUTDATED');
      // The refusal says which protocol the server speaks, as every API answer does.
      expect(response.headers.get(PROTOCOL_VERSION_HEADER)).toBe(String(PROTOCOL_VERSION));
      expectNoInternals(response);
      expect(await countRows(server.ctx)).toEqual(before);
    });

    it('serves the current version and callers that state none (tools, curl)', async () => {
      const current = { [PROTOCOL_VERSION_HEADER]: String(PROTOCOL_VERSION) };
      expect((await server.client().get('/api/health', { headers: current })).status).toBe(200);
      expect((await server.client().get('/api/health')).status).toBe(200);
    });

    it("states the server's protocol on every API answer, and nowhere else", async () => {
      const health = await server.client().get('/api/health');
      expect(health.headers.get(PROTOCOL_VERSION_HEADER)).toBe(String(PROTOCOL_VERSION));
      const missing = await server.client().get('/api/no-such-endpoint');
      expect(missing.headers.get(PROTOCOL_VERSION_HEADER)).toBe(String(PROTOCOL_VERSION));
      // The web app's pages are not the API: a cached index.html must not pin a version.
      const page = await server.client().get('/auth');
      expect(page.headers.get(PROTOCOL_VERSION_HEADER)).toBeNull();
    });
  });

  describe('origin check', () => {
    it('refuses a cross-origin POST with 403 ORIGIN_REJECTED and writes nothing', async () => {
      const before = await countRows(server.ctx);
      const response = await server.client().send(
        authApi.register,
        {},
        {
          json: newCredentials(),
          headers: { origin: 'https://evil.example' },
        },
      );
      expect(response.status).toBe(403);
      expect(errorOf(response).code).toBe('ORIGIN_REJECTED');
      expect(await countRows(server.ctx)).toEqual(before);
    });

    it('refuses a request the browser marks cross-site even without Origin', async () => {
      const response = await server.client().send(authApi.logout, {}, { headers: { 'sec-fetch-site': 'cross-site' } });
      expect(response.status).toBe(403);
      expect(errorOf(response).code).toBe('ORIGIN_REJECTED');
    });

    it('refuses a cross-origin DELETE', async () => {
      const response = await server.client().send(
        userApi.deleteSession,
        { params: { id: '01936f0e-8b4c-7c1e-9a2b-3c4d5e6f7a8b' } },
        {
          headers: { origin: 'http://127.0.0.1.evil.example' },
        },
      );
      expect(response.status).toBe(403);
    });

    it('accepts its own origin, PUBLIC_URL and clients that send no Origin', async () => {
      const ownOrigin = await server.client().send(authApi.logout, {}, { headers: { origin: server.url } });
      const publicOrigin = await server.client().send(
        authApi.logout,
        {},
        {
          headers: { origin: server.ctx.config.publicUrl },
        },
      );
      const noOrigin = await server.client().send(authApi.logout, {}, { headers: { 'sec-fetch-site': 'same-origin' } });
      expect([ownOrigin.status, publicOrigin.status, noOrigin.status]).toEqual([200, 200, 200]);
    });

    it('does not check safe methods', async () => {
      const response = await server
        .client()
        .send(healthApi.getHealth, {}, { headers: { origin: 'https://evil.example' } });
      expect(response.status).toBe(200);
    });
  });

  describe('bodies', () => {
    it('answers malformed JSON with 400 and writes nothing', async () => {
      const before = await countRows(server.ctx);
      const response = await server.client().send(authApi.register, {}, { body: '{"email": "a@b.c",' });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: { code: 'VALIDATION_FAILED', message: 'Malformed JSON body' } });
      expectNoInternals(response);
      expect(await countRows(server.ctx)).toEqual(before);
    });

    it('answers an oversized body with 413 and writes nothing', async () => {
      const before = await countRows(server.ctx);
      const json = { ...newCredentials(), padding: 'x'.repeat(server.ctx.config.bodyLimitBytes) };
      const response = await server.client().send(authApi.register, {}, { json });
      expect(response.status).toBe(413);
      expect(errorOf(response).code).toBe('PAYLOAD_TOO_LARGE');
      expect(await countRows(server.ctx)).toEqual(before);
    });

    it('answers a non-JSON content type with 415 (form posts cannot reach handlers)', async () => {
      for (const contentType of ['text/plain', 'application/x-www-form-urlencoded']) {
        const response = await server.client().send(authApi.login, {}, { body: 'email=a', contentType });
        expect(response.status).toBe(415);
        expect(errorOf(response).code).toBe('UNSUPPORTED_MEDIA_TYPE');
      }
    });

    it('reports validation failures per field with i18n keys', async () => {
      const response = await server
        .client()
        .call(authApi.register, { body: { email: 'not-an-email', nickname: 'ab', password: 'short' } });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        error: {
          code: 'VALIDATION_FAILED',
          message: expect.any(String),
          fields: {
            email: 'validation.invalidEmail',
            nickname: 'validation.nicknameFormat',
            password: 'validation.passwordLength',
          },
        },
      });

      const empty = await server.client().send(authApi.login, {}, { json: {} });
      expect(errorOf(empty).fields).toEqual({ email: 'validation.required', password: 'validation.required' });
    });
  });

  describe('routing and headers', () => {
    it('answers unknown /api routes with a JSON 404', async () => {
      for (const method of ['GET', 'POST'] as const) {
        const response = await server.client().request(method, '/api/does-not-exist', {
          headers: { accept: 'text/html' },
        });
        expect(response.status).toBe(404);
        expect(response.headers.get('content-type')).toContain('application/json');
        expect(errorOf(response).code).toBe('NOT_FOUND');
      }
    });

    it('tags every response with a request id and keeps API answers out of caches', async () => {
      const response = await server.client().call(healthApi.getHealth);
      expect(response.body).toEqual({ ok: true });
      expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f]{8}-[0-9a-z]+$/);
      expect(response.headers.get('cache-control')).toBe('no-store');
    });

    it('says how to build the web app when there is no build', async () => {
      const response = await server.client().get('/', { headers: { accept: 'text/html' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/plain');
      expect(response.text).toContain('npm start');
    });
  });
});

describe.each(availableDrivers())('auth rate limit (%s)', (driver) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(driver, { authRateLimitMax: 3 });
  });
  afterAll(() => server.close());

  it('answers the attempt after AUTH_RATE_LIMIT_MAX with 429 RATE_LIMITED', async () => {
    const client = server.client();
    const attempt = (): Promise<TestResponse> =>
      client.call(authApi.login, { body: { email: 'nobody@example.org', password: 'wrong-password' } });
    const statuses = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await attempt()).status);
    expect(statuses).toEqual([403, 403, 403]);

    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: { code: 'RATE_LIMITED', message: expect.any(String) } });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    // Each auth route counts on its own: registration still works.
    expect((await server.client().call(authApi.register, { body: newCredentials() })).status).toBe(200);
  });

  it('gives refresh a wider allowance than the password endpoints, then answers 429', async () => {
    const client = server.client();
    const allowance = 3 * REFRESH_RATE_LIMIT_FACTOR;
    const statuses = [];
    for (let i = 0; i < allowance; i += 1) statuses.push((await client.call(authApi.refresh)).status);
    expect(statuses.every((status) => status === 401)).toBe(true);
    expect((await client.call(authApi.refresh)).status).toBe(429);
  });
});

describe.each(availableDrivers())('internal errors (%s)', (driver) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(() => server.close());

  it('answers 500 INTERNAL with a generic message and no internals', async () => {
    const client = server.client();
    await registerUser(client);
    // Pull the database out from under the running server: every query now fails inside the driver.
    await server.ctx.close();
    const response = await client.call(userApi.getMe);
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ error: { code: 'INTERNAL', message: 'Internal server error' } });
    expectNoInternals(response);
  });
});
