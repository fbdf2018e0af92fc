import { ACCESS_COOKIE, REFRESH_COOKIE } from '@beseda/protocol/auth';
import * as authApi from '@beseda/protocol/endpoints/auth';
import * as userApi from '@beseda/protocol/endpoints/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '../../src/db/schema/sessions.js';
import { REFRESH_GRACE_MS } from '../../src/features/sessions/service.js';
import { deriveTokenKeys, verifyToken } from '../../src/features/sessions/tokens.js';
import {
  availableDrivers,
  countRows,
  findCookie,
  newCredentials,
  registerUser,
  signIn,
  startServer,
  type TestServer,
  type TestUser,
} from './harness.js';

/** The session id part of a refresh token (`<sessionId>.<secret>`). */
function sessionIdOf(refreshToken: string | undefined): string {
  const [sessionId] = (refreshToken ?? '').split('.');
  if (!sessionId) throw new Error('no refresh token');
  return sessionId;
}

describe.each(availableDrivers())('auth (%s)', (driver) => {
  let server: TestServer;
  /** One account reused by the tests that only need "some user" (argon2 is deliberately slow). */
  let alice: TestUser;

  beforeAll(async () => {
    server = await startServer(driver);
    alice = await registerUser(server.client());
  });
  afterAll(() => server.close());

  /** Moves the session's last rotation `ms` into the past, as if the grace window had run out. */
  async function ageRotation(sessionId: string, ms: number): Promise<void> {
    await server.ctx.db
      .update(sessions)
      .set({ refreshRotatedAt: new Date(Date.now() - ms) })
      .where(eq(sessions.id, sessionId));
  }

  describe('register', () => {
    it('creates the account, signs it in and sets httpOnly Lax cookies without Secure on http', async () => {
      const client = server.client();
      const credentials = newCredentials();
      const response = await client.call(authApi.register, {
        body: { ...credentials, email: `  ${credentials.email.toUpperCase()} ` },
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        user: {
          id: expect.any(String),
          email: credentials.email,
          nickname: credentials.nickname,
          name: credentials.nickname,
          avatarUrl: null,
          online: { status: 'offline', lastSeen: null },
        },
      });

      const access = findCookie(response, ACCESS_COOKIE);
      const refresh = findCookie(response, REFRESH_COOKIE);
      expect(access?.attributes).toMatchObject({ httponly: '', samesite: 'Lax', path: '/', 'max-age': '900' });
      expect(refresh?.attributes).toMatchObject({ httponly: '', samesite: 'Lax', path: '/api/auth' });
      expect(Number(refresh?.attributes['max-age'])).toBe(30 * 86_400);
      expect(access?.attributes).not.toHaveProperty('secure');
      expect(refresh?.attributes).not.toHaveProperty('secure');

      const me = await client.call(userApi.getMe);
      expect(me.status).toBe(200);
      expect(me.body).toEqual(response.body);
    });

    it('refuses a taken e-mail in any letter case with 409 and writes nothing', async () => {
      const before = await countRows(server.ctx);
      const response = await server
        .client()
        .call(authApi.register, { body: { ...newCredentials(), email: alice.email.toUpperCase() } });
      expect(response.status).toBe(409);
      expect(response.body).toEqual({
        error: { code: 'EMAIL_OR_NICKNAME_TAKEN', message: expect.any(String) },
      });
      expect(response.setCookies).toEqual([]);
      expect(await countRows(server.ctx)).toEqual(before);
    });

    it('refuses a taken nickname with 409 and writes nothing', async () => {
      const before = await countRows(server.ctx);
      const response = await server
        .client()
        .call(authApi.register, { body: { ...newCredentials(), nickname: alice.nickname } });
      expect(response.status).toBe(409);
      expect((response.body as { error: { code: string } }).error.code).toBe('EMAIL_OR_NICKNAME_TAKEN');
      expect(await countRows(server.ctx)).toEqual(before);
    });

    it('keeps the nickname as typed, but refuses one that differs from a taken one only by case', async () => {
      const base = newCredentials().nickname.replace('user_', 'nick_');
      const upper = await server
        .client()
        .call(authApi.register, { body: { ...newCredentials(), nickname: `N${base}` } });
      const lower = await server
        .client()
        .call(authApi.register, { body: { ...newCredentials(), nickname: `n${base}` } });
      expect(upper.status).toBe(200);
      expect((upper.body as { user: { nickname: string } }).user.nickname).toBe(`N${base}`);
      // «Nick» would pass for «nick» wherever a name is shown (look-alike nicknames: nickname-lookalikes.test.ts).
      expect(lower.status).toBe(409);
      expect((lower.body as { error: { code: string } }).error.code).toBe('EMAIL_OR_NICKNAME_TAKEN');
    });

    it('lets only one of two racing registrations with the same e-mail win', async () => {
      const credentials = newCredentials();
      const responses = await Promise.all([
        server.client().call(authApi.register, { body: credentials }),
        server.client().call(authApi.register, { body: { ...credentials, nickname: `${credentials.nickname}b` } }),
      ]);
      expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    });
  });

  describe('login', () => {
    it('signs in with the e-mail in any case and opens a new session', async () => {
      const client = server.client();
      const response = await signIn(client, { ...alice, email: alice.email.toUpperCase() });
      expect((response.body as { user: { id: string } }).user.id).toBe(alice.id);
      expect(findCookie(response, ACCESS_COOKIE)).toBeDefined();
      expect(findCookie(response, REFRESH_COOKIE)).toBeDefined();
      expect((await client.call(userApi.getMe)).status).toBe(200);
    });

    it('answers a wrong password and an unknown e-mail with the identical 403', async () => {
      const wrongPassword = await server
        .client()
        .call(authApi.login, { body: { email: alice.email, password: 'not-the-password' } });
      const unknownEmail = await server
        .client()
        .call(authApi.login, { body: { email: 'nobody@example.org', password: 'not-the-password' } });
      expect(wrongPassword.status).toBe(403);
      expect(unknownEmail.status).toBe(403);
      expect(wrongPassword.text).toBe(unknownEmail.text);
      expect(wrongPassword.body).toEqual({
        error: { code: 'INVALID_CREDENTIALS', message: 'Invalid e-mail or password' },
      });
      expect(wrongPassword.setCookies).toEqual([]);
    });
  });

  describe('refresh', () => {
    it('rotates both cookies; replaying the old refresh token after the grace window revokes the session', async () => {
      const client = server.client();
      await signIn(client, alice);
      const oldRefresh = client.cookie(REFRESH_COOKIE);
      const oldAccess = client.cookie(ACCESS_COOKIE);

      // No body and no content type, as the spec's client sends it.
      const rotated = await client.call(authApi.refresh);
      expect(rotated.status).toBe(200);
      expect(rotated.body).toEqual({ ok: true });
      const newRefresh = client.cookie(REFRESH_COOKIE);
      expect(newRefresh).toBeDefined();
      expect(newRefresh).not.toBe(oldRefresh);
      expect(client.cookie(ACCESS_COOKIE)).not.toBe(oldAccess);
      expect((await client.call(userApi.getMe)).status).toBe(200);

      // An attacker (or a stale tab) presents the rotated-away token once the grace window has passed.
      await ageRotation(sessionIdOf(newRefresh), REFRESH_GRACE_MS + 1000);
      const thief = server.client();
      thief.setCookie(REFRESH_COOKIE, oldRefresh ?? '', '/api/auth');
      const replay = await thief.call(authApi.refresh);
      expect(replay.status).toBe(401);
      expect(replay.body).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });
      expect(findCookie(replay, REFRESH_COOKIE)?.attributes['expires']).toBeDefined();

      // The whole session is gone: the legitimate holder's newest cookies stop working too.
      expect((await client.call(userApi.getMe)).status).toBe(401);
      expect((await client.call(authApi.refresh)).status).toBe(401);
    });

    it('accepts an empty body sent with a JSON content type', async () => {
      const client = server.client();
      await signIn(client, alice);
      const response = await client.send(authApi.refresh, {}, { body: '', contentType: 'application/json' });
      expect(response.status).toBe(200);
    });

    it('gives two concurrent refreshes with one token the same new token; the session lives on', async () => {
      const client = server.client();
      await signIn(client, alice);
      const token = client.cookie(REFRESH_COOKIE) ?? '';
      const racers = [server.client(), server.client(), server.client()];
      for (const racer of racers) racer.setCookie(REFRESH_COOKIE, token, '/api/auth');
      const statuses = await Promise.all(racers.map(async (racer) => (await racer.call(authApi.refresh)).status));
      expect(statuses).toEqual([200, 200, 200]);
      const successors = new Set(racers.map((racer) => racer.cookie(REFRESH_COOKIE)));
      expect(successors.size).toBe(1);
      expect(successors.has(token)).toBe(false);
      for (const racer of racers) expect((await racer.call(userApi.getMe)).status).toBe(200);

      // A late second tab, still inside the grace window, is answered the same way.
      const late = server.client();
      late.setCookie(REFRESH_COOKIE, token, '/api/auth');
      expect((await late.call(authApi.refresh)).status).toBe(200);
      expect(late.cookie(REFRESH_COOKIE)).toBe(racers[0]?.cookie(REFRESH_COOKIE));

      // Whichever answer the cookie jar kept, the shared successor rotates on as usual.
      expect((await racers[0]?.call(authApi.refresh))?.status).toBe(200);
      expect((await racers[0]?.call(userApi.getMe))?.status).toBe(200);
    });

    it('answers a forged refresh token for a real session with 401 and leaves the session alone', async () => {
      const client = server.client();
      await signIn(client, alice);
      const sessionId = sessionIdOf(client.cookie(REFRESH_COOKIE));
      await client.call(authApi.refresh);
      await ageRotation(sessionId, REFRESH_GRACE_MS + 1000);

      const forger = server.client();
      forger.setCookie(REFRESH_COOKIE, `${sessionId}.${'A'.repeat(43)}`, '/api/auth');
      const forged = await forger.call(authApi.refresh);
      expect(forged.status).toBe(401);
      expect(forged.body).toMatchObject({ error: { code: 'UNAUTHENTICATED' } });

      expect((await client.call(userApi.getMe)).status).toBe(200);
      expect((await client.call(authApi.refresh)).status).toBe(200);
      expect((await client.call(userApi.getMe)).status).toBe(200);
    });

    it('answers 401 and clears cookies without a refresh cookie or with garbage', async () => {
      const none = await server.client().call(authApi.refresh);
      expect(none.status).toBe(401);
      expect(findCookie(none, ACCESS_COOKIE)).toBeDefined();

      const garbage = server.client();
      garbage.setCookie(REFRESH_COOKIE, 'not-a-token', '/api/auth');
      expect((await garbage.call(authApi.refresh)).status).toBe(401);
    });
  });

  describe('logout', () => {
    it('revokes the session and clears both cookies; the old access token stops working', async () => {
      const client = server.client();
      await signIn(client, alice);
      const access = client.cookie(ACCESS_COOKIE) ?? '';
      const refresh = client.cookie(REFRESH_COOKIE) ?? '';

      const response = await client.call(authApi.logout);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ok: true });
      for (const name of [ACCESS_COOKIE, REFRESH_COOKIE]) {
        const cleared = findCookie(response, name);
        expect(cleared?.value).toBe('');
        expect(new Date(cleared?.attributes['expires'] ?? '').getTime()).toBeLessThan(Date.now());
      }
      expect(client.cookie(ACCESS_COOKIE)).toBeUndefined();

      const replay = server.client();
      replay.setCookie(ACCESS_COOKIE, access);
      replay.setCookie(REFRESH_COOKIE, refresh, '/api/auth');
      expect((await replay.call(userApi.getMe)).status).toBe(401);
      expect((await replay.call(authApi.refresh)).status).toBe(401);
    });

    it('is 200 when already signed out', async () => {
      const response = await server.client().call(authApi.logout);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ok: true });
    });
  });

  describe('ws-token', () => {
    it('returns a short-lived JWT signed with the ws key, sub = user id', async () => {
      const client = server.client();
      await signIn(client, alice);
      const response = await client.call(authApi.getWsToken);
      expect(response.status).toBe(200);
      const { token, expiresAt } = response.body as { token: string; expiresAt: string };
      const keys = deriveTokenKeys(server.ctx.config.authSecret);
      const claims = await verifyToken(keys.ws, token);
      expect(claims?.userId).toBe(alice.id);
      expect(claims?.sessionId).toEqual(expect.any(String));
      expect(await verifyToken(keys.access, token)).toBeNull();
      const ttl = new Date(expiresAt).getTime() - Date.now();
      expect(ttl).toBeGreaterThan(290_000);
      expect(ttl).toBeLessThanOrEqual(300_000);
    });

    it('needs a session', async () => {
      expect((await server.client().call(authApi.getWsToken)).status).toBe(401);
    });
  });
});

describe.each(availableDrivers())('auth behind https (%s)', (driver) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(driver, { publicUrl: 'https://beseda.example', secureCookies: true });
  });
  afterAll(() => server.close());

  it('marks both cookies Secure when PUBLIC_URL is https', async () => {
    const response = await server.client().call(authApi.register, { body: newCredentials() });
    expect(response.status).toBe(200);
    expect(findCookie(response, ACCESS_COOKIE)?.attributes).toHaveProperty('secure');
    expect(findCookie(response, REFRESH_COOKIE)?.attributes).toHaveProperty('secure');
    expect(response.headers.get('strict-transport-security')).toContain('max-age=');
  });
});
