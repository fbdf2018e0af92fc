import { v7 as uuidv7 } from 'uuid';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { SessionRow } from '../../db/schema/sessions.js';
import { CurrentSessionError, NotFoundError, UnauthenticatedError } from '../../errors.js';
import { deviceName, USER_AGENT_MAX_LENGTH } from './device-name.js';
import type { SessionEvents } from './events.js';
import {
  findSessionById,
  insertSession,
  listActiveSessions,
  revokeSession,
  revokeUserSession,
  rotateRefreshHash,
  touchSession,
} from './repository.js';
import {
  createRefreshToken,
  deriveTokenKeys,
  parseRefreshToken,
  rotatedRefreshToken,
  type SignedToken,
  signToken,
  type TokenKeys,
} from './tokens.js';
import { RecentSessions } from './recent-sessions.js';
import { VerifiedTokens } from './verified-tokens.js';

/** Who is calling: set on the request by the authenticate hook. */
export interface AuthInfo {
  userId: string;
  sessionId: string;
}

export interface ClientInfo {
  userAgent: string;
  ip: string;
}

/** What a sign-in or a refresh hands to the HTTP layer to put into cookies. */
export interface SessionTokens {
  sessionId: string;
  accessToken: string;
  refreshToken: string;
}

/** last_seen_at is written at most once a minute per session, so authenticated reads stay reads. */
const TOUCH_INTERVAL_MS = 60_000;
const DAY_MS = 86_400_000;

/**
 * How long after a rotation the token it replaced still counts as a concurrent refresh rather than a replay. Tabs of
 * one browser refresh within milliseconds of each other when the access token expires, and a refresh whose answer
 * was lost (a flaky network, a closed laptop lid) is retried by the client within its 10 s request timeout plus a
 * backoff: 30 s covers both, while a thief replaying a stolen token later than that still revokes the session.
 */
export const REFRESH_GRACE_MS = 30_000;

export class SessionService {
  readonly #db: Database;
  readonly #config: Config;
  readonly #events: SessionEvents;
  readonly #keys: TokenKeys;
  readonly #accessTokens: VerifiedTokens;
  readonly #recent = new RecentSessions();

  constructor(deps: { db: Database; config: Config; events: SessionEvents }) {
    const { config } = deps;
    this.#db = deps.db;
    this.#config = config;
    this.#events = deps.events;
    this.#keys = deriveTokenKeys(config.authSecret);
    this.#accessTokens = new VerifiedTokens(this.#keys.access);
    // Every revocation in this process goes through the events; other processes call `forget` (see context.ts).
    deps.events.onRevoked(({ sessionId }) => this.#recent.forget(sessionId));
  }

  /** Opens a session for a sign-in. Takes `db` so registration can run it inside its transaction. */
  async start(db: Database, userId: string, client: ClientInfo): Promise<SessionTokens> {
    const now = new Date();
    const sessionId = uuidv7();
    const refresh = createRefreshToken(sessionId);
    await insertSession(db, {
      id: sessionId,
      userId,
      refreshTokenHash: refresh.hash,
      device: deviceName(client.userAgent),
      userAgent: client.userAgent.slice(0, USER_AGENT_MAX_LENGTH),
      ip: client.ip,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: this.#refreshExpiry(now),
    });
    const access = await this.#signAccess({ userId, sessionId }, now);
    return { sessionId, accessToken: access.token, refreshToken: refresh.token };
  }

  /**
   * A valid signature is not enough: the session must still be open. That check (one primary-key lookup, or the
   * recent answer of one: see RecentSessions) is what makes logout and "terminate session" take effect immediately,
   * in every process.
   */
  async authenticate(accessToken: string | undefined): Promise<AuthInfo> {
    if (!accessToken) throw new UnauthenticatedError();
    const claims = await this.#accessTokens.verify(accessToken);
    if (!claims) throw new UnauthenticatedError();
    const now = new Date();
    let session = this.#recent.get(claims.sessionId, now.getTime());
    // A remembered row that looks closed may just be old (a refresh moves expires_at): only the database says no.
    if (!session || !isOpen(session, now)) session = await this.#lookUp(claims.sessionId, now);
    if (!session || session.userId !== claims.userId || !isOpen(session, now)) throw new UnauthenticatedError();
    if (now.getTime() - session.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
      const generation = this.#recent.generation;
      await touchSession(this.#db, session.id, now);
      this.#recent.remember({ ...session, lastSeenAt: now }, now.getTime(), generation);
    }
    return claims;
  }

  /** Forgets a session revoked in another process (the gateway's control channel brings the news). */
  forget(sessionId: string): void {
    this.#recent.forget(sessionId);
  }

  /**
   * Rotates the refresh token. The token presented is one of three things:
   * - the current one: it is rotated (compare-and-swap, so of two racing requests one rotates);
   * - the one the last rotation replaced: within REFRESH_GRACE_MS of that rotation it is a concurrent refresh (another
   *   tab, or a retry whose answer was lost) and gets the same successor the first one got (tokens.ts); later it is
   *   a replayed copy of a token that really was issued and rotated, so the whole session is revoked (RFC 6749 §10.4
   *   / OAuth 2.1 reuse detection);
   * - anything else, e.g. a forged `<sessionId>.<anything>`: 401, and the session is left alone, so knowing a session
   *   id is not enough to end it.
   * Only the last replaced token is recognised: an older one is answered like a forged one.
   */
  async refresh(refreshToken: string | undefined): Promise<SessionTokens> {
    const parsed = refreshToken ? parseRefreshToken(refreshToken) : null;
    if (!parsed) throw new UnauthenticatedError('Missing or malformed refresh token');
    const now = new Date();
    let session = await findSessionById(this.#db, parsed.sessionId);
    if (session?.refreshTokenHash === parsed.secretHash && isOpen(session, now)) {
      const next = rotatedRefreshToken(this.#keys.refresh, session.id, parsed.secret);
      const rotated = await rotateRefreshHash(this.#db, {
        id: session.id,
        expectedHash: parsed.secretHash,
        newHash: next.hash,
        expiresAt: this.#refreshExpiry(now),
        now,
      });
      if (rotated) return this.#tokensFor(rotated, next.token, now);
      // A concurrent refresh with the same token rotated it first: look again, as the previous token.
      session = await findSessionById(this.#db, parsed.sessionId);
    }
    if (!session || !isOpen(session, now)) throw new UnauthenticatedError('Session has ended');
    if (session.previousRefreshTokenHash !== parsed.secretHash || session.refreshRotatedAt === null) {
      throw new UnauthenticatedError('Unknown refresh token');
    }
    const next = rotatedRefreshToken(this.#keys.refresh, session.id, parsed.secret);
    if (
      now.getTime() - session.refreshRotatedAt.getTime() <= REFRESH_GRACE_MS &&
      session.refreshTokenHash === next.hash
    ) {
      return this.#tokensFor(session, next.token, now);
    }
    await this.#revoke(session.id, 'refresh-token-reuse', now);
    throw new UnauthenticatedError('Refresh token was already used; the session has been revoked');
  }

  /**
   * Ends the caller's session, found from the access token or, when that has expired, from a refresh token that
   * still matches. Signing out twice is not an error.
   */
  async logout(accessToken: string | undefined, refreshToken: string | undefined): Promise<void> {
    const sessionId = await this.#sessionOfCaller(accessToken, refreshToken);
    if (sessionId) await this.#revoke(sessionId, 'logout', new Date());
  }

  async listActive(userId: string): Promise<SessionRow[]> {
    return listActiveSessions(this.#db, userId, new Date());
  }

  /** Someone else's or an unknown id is a 404, so ids of other users' sessions cannot be probed. */
  async terminate(auth: AuthInfo, sessionId: string): Promise<void> {
    if (sessionId === auth.sessionId) throw new CurrentSessionError();
    const revoked = await revokeUserSession(this.#db, { id: sessionId, userId: auth.userId, now: new Date() });
    if (!revoked) throw new NotFoundError('Session not found');
    this.#events.emitRevoked({ userId: auth.userId, sessionId, reason: 'terminated' });
  }

  /**
   * Whether the session is still open for this user: the gateway asks it on every connect and token refresh, so a ws
   * token minted before a logout or "terminate session" cannot open a new connection during its remaining lifetime.
   */
  async isOpen(sessionId: string, userId: string): Promise<boolean> {
    const session = await findSessionById(this.#db, sessionId);
    return session !== undefined && session.userId === userId && isOpen(session, new Date());
  }

  /** A short-lived token for the realtime gateway, signed with the ws key (see tokens.ts). */
  async issueWsToken(auth: AuthInfo): Promise<SignedToken> {
    return signToken(this.#keys.ws, auth, this.#config.wsTokenTtlSeconds);
  }

  async #sessionOfCaller(accessToken: string | undefined, refreshToken: string | undefined): Promise<string | null> {
    const claims = accessToken ? await this.#accessTokens.verify(accessToken) : null;
    if (claims) return claims.sessionId;
    const parsed = refreshToken ? parseRefreshToken(refreshToken) : null;
    if (!parsed) return null;
    const session = await findSessionById(this.#db, parsed.sessionId);
    return session?.refreshTokenHash === parsed.secretHash ? session.id : null;
  }

  async #tokensFor(session: SessionRow, refreshToken: string, now: Date): Promise<SessionTokens> {
    const access = await this.#signAccess({ userId: session.userId, sessionId: session.id }, now);
    return { sessionId: session.id, accessToken: access.token, refreshToken };
  }

  async #lookUp(sessionId: string, now: Date): Promise<SessionRow | undefined> {
    const generation = this.#recent.generation;
    const session = await findSessionById(this.#db, sessionId);
    if (session && isOpen(session, now)) this.#recent.remember(session, now.getTime(), generation);
    return session;
  }

  async #revoke(sessionId: string, reason: 'logout' | 'refresh-token-reuse', now: Date): Promise<void> {
    const revoked = await revokeSession(this.#db, sessionId, now);
    if (revoked) this.#events.emitRevoked({ userId: revoked.userId, sessionId, reason });
  }

  #signAccess(claims: AuthInfo, now: Date): Promise<SignedToken> {
    return signToken(this.#keys.access, claims, this.#config.accessTokenTtlSeconds, now);
  }

  #refreshExpiry(now: Date): Date {
    return new Date(now.getTime() + this.#config.refreshTokenTtlDays * DAY_MS);
  }
}

function isOpen(session: SessionRow, now: Date): boolean {
  return session.revokedAt === null && session.expiresAt.getTime() > now.getTime();
}
