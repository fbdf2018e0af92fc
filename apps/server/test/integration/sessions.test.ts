import { ACCESS_COOKIE } from '@beseda/protocol/auth';
import * as authApi from '@beseda/protocol/endpoints/auth';
import * as userApi from '@beseda/protocol/endpoints/user';
import type { Session } from '@beseda/protocol/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { sessions } from '../../src/db/schema/sessions.js';
import type { SessionRevokedEvent } from '../../src/features/sessions/events.js';
import { SessionPruner } from '../../src/features/sessions/session-pruner.js';
import {
  availableDrivers,
  registerUser,
  signIn,
  startServer,
  type TestClient,
  type TestServer,
  type TestUser,
} from './harness.js';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

function sessionsOf(body: unknown): Session[] {
  return (body as { sessions: Session[] }).sessions;
}

describe.each(availableDrivers())('user and sessions (%s)', (driver) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(() => server.close());

  /** A user signed in twice: a Chrome/Linux "laptop" (registration) and a Firefox/Windows "desktop" (login). */
  async function userWithTwoSessions(): Promise<{ user: TestUser; laptop: TestClient; desktop: TestClient }> {
    const laptop = server.client();
    const user = await registerUser(laptop);
    const desktop = server.client({ userAgent: FIREFOX_WINDOWS });
    await signIn(desktop, user);
    return { user, laptop, desktop };
  }

  it('GET /api/user/me needs a valid session', async () => {
    expect((await server.client().call(userApi.getMe)).body).toEqual({
      error: { code: 'UNAUTHENTICATED', message: 'Not signed in' },
    });
    const forged = server.client();
    forged.setCookie(ACCESS_COOKIE, 'eyJhbGciOiJIUzI1NiJ9.e30.invalid');
    expect((await forged.call(userApi.getMe)).status).toBe(401);
  });

  it('lists both sessions, newest activity first, with the caller marked current', async () => {
    const { laptop, desktop } = await userWithTwoSessions();

    const fromDesktop = await desktop.call(userApi.listSessions);
    expect(fromDesktop.status).toBe(200);
    const list = sessionsOf(fromDesktop.body);
    expect(list).toHaveLength(2);
    expect(list.map((session) => [session.device, session.current])).toEqual([
      ['Firefox, Windows', true],
      ['Chrome, Linux', false],
    ]);
    expect(list[0]).toEqual({
      id: expect.any(String),
      device: 'Firefox, Windows',
      userAgent: FIREFOX_WINDOWS,
      ip: '127.0.0.1',
      createdAt: expect.any(String),
      lastSeenAt: expect.any(String),
      current: true,
    });

    const fromLaptop = sessionsOf((await laptop.call(userApi.listSessions)).body);
    expect(fromLaptop.find((session) => session.current)?.device).toBe('Chrome, Linux');
    expect(new Set(fromLaptop.map((session) => session.id))).toEqual(new Set(list.map((session) => session.id)));
  });

  it('terminating another session signs it out at once and notifies listeners', async () => {
    const { user, laptop, desktop } = await userWithTwoSessions();
    const events: SessionRevokedEvent[] = [];
    const unsubscribe = server.ctx.sessionEvents.onRevoked((event) => events.push(event));
    try {
      const target = sessionsOf((await laptop.call(userApi.listSessions)).body).find((session) => !session.current);
      const response = await laptop.call(userApi.deleteSession, { params: { id: target?.id ?? '' } });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ok: true });

      expect((await desktop.call(userApi.getMe)).status).toBe(401);
      expect((await desktop.call(authApi.refresh)).status).toBe(401);
      expect((await laptop.call(userApi.getMe)).status).toBe(200);
      expect(sessionsOf((await laptop.call(userApi.listSessions)).body)).toHaveLength(1);
      expect(events).toEqual([{ userId: user.id, sessionId: target?.id, reason: 'terminated' }]);
    } finally {
      unsubscribe();
    }
  });

  it('refuses to terminate the current session with 403 CURRENT_SESSION', async () => {
    const { laptop } = await userWithTwoSessions();
    const current = sessionsOf((await laptop.call(userApi.listSessions)).body).find((session) => session.current);
    const response = await laptop.call(userApi.deleteSession, { params: { id: current?.id ?? '' } });
    expect(response.status).toBe(403);
    expect((response.body as { error: { code: string } }).error.code).toBe('CURRENT_SESSION');
    expect((await laptop.call(userApi.getMe)).status).toBe(200);
  });

  it("answers 404 for someone else's session and for an unknown id, and leaves them alone", async () => {
    const { desktop: victim } = await userWithTwoSessions();
    const victimSession = sessionsOf((await victim.call(userApi.listSessions)).body)[0];
    const attacker = server.client();
    await registerUser(attacker);

    const foreign = await attacker.call(userApi.deleteSession, { params: { id: victimSession?.id ?? '' } });
    const unknown = await attacker.call(userApi.deleteSession, {
      params: { id: '01936f0e-8b4c-7c1e-9a2b-3c4d5e6f7a8b' },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.text).toBe(unknown.text);
    expect((await victim.call(userApi.getMe)).status).toBe(200);

    const malformed = await attacker.call(userApi.deleteSession, { params: { id: 'not-a-uuid' } });
    expect(malformed.status).toBe(400);
    expect((malformed.body as { error: { fields: Record<string, string> } }).error.fields).toHaveProperty('id');
  });

  it('pruning deletes sessions ended over 30 days ago and keeps recent and open ones', async () => {
    const { user, laptop } = await userWithTwoSessions();
    const third = server.client();
    await signIn(third, user);
    const ids = sessionsOf((await laptop.call(userApi.listSessions)).body).map((s) => s.id);
    const [openId, longAgo, recently] = ids;
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    await server.ctx.db
      .update(sessions)
      .set({ revokedAt: daysAgo(31) })
      .where(eq(sessions.id, longAgo ?? ''));
    await server.ctx.db
      .update(sessions)
      .set({ revokedAt: daysAgo(1) })
      .where(eq(sessions.id, recently ?? ''));

    expect(await new SessionPruner(server.ctx.db, server.ctx.logger).prune(now)).toBeGreaterThanOrEqual(1);
    const left = await server.ctx.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(inArray(sessions.id, [openId ?? '', longAgo ?? '', recently ?? '']));
    expect(new Set(left.map((row) => row.id))).toEqual(new Set([openId, recently]));
  });
});
