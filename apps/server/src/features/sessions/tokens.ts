import { createHash, createHmac, hkdfSync, randomBytes, randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/**
 * Access tokens and realtime (ws) tokens are both HS256 JWTs with `sub` = user id and `sid` = session id, but they
 * are signed with different keys derived from AUTH_SECRET, so a ws token can never be replayed as an access cookie
 * (or the other way round), and the gateway only needs the ws key.
 */
export interface TokenKeys {
  access: Uint8Array;
  ws: Uint8Array;
  /** Derives each rotated refresh secret from the one it replaces (see `rotatedRefreshToken`). */
  refresh: Uint8Array;
}

export interface TokenClaims {
  userId: string;
  sessionId: string;
}

export interface SignedToken {
  token: string;
  expiresAt: Date;
}

export function deriveTokenKeys(secret: string): TokenKeys {
  return {
    access: deriveKey(secret, 'beseda access token'),
    ws: deriveKey(secret, 'beseda ws token'),
    refresh: deriveKey(secret, 'beseda refresh rotation'),
  };
}

/**
 * A 256-bit key for one purpose, derived from AUTH_SECRET (HKDF-SHA256): one secret, and keys that cannot stand in
 * for each other.
 */
export function deriveKey(secret: string, purpose: string): Uint8Array {
  return new Uint8Array(hkdfSync('sha256', secret, '', purpose, 32));
}

export async function signToken(
  key: Uint8Array,
  claims: TokenClaims,
  ttlSeconds: number,
  now = new Date(),
): Promise<SignedToken> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  const expiresAt = issuedAt + ttlSeconds;
  const token = await new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    // A unique id, so two tokens issued within one second (a sign-in and an immediate refresh) still differ.
    .setJti(randomUUID())
    .setIssuedAt(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(key);
  return { token, expiresAt: new Date(expiresAt * 1000) };
}

/** Null for anything not signed by this key, expired, or missing its claims. */
export async function verifyToken(key: Uint8Array, token: string): Promise<TokenClaims | null> {
  return (await verifyTokenWithExpiry(key, token))?.claims ?? null;
}

/** `verifyToken`, and when the token stops being valid (ms since the epoch), for callers that cache the result. */
export async function verifyTokenWithExpiry(
  key: Uint8Array,
  token: string,
): Promise<{ claims: TokenClaims; expiresAtMs: number } | null> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || payload.exp === undefined) return null;
    return { claims: { userId: payload.sub, sessionId: payload.sid }, expiresAtMs: payload.exp * 1000 };
  } catch {
    return null;
  }
}

/**
 * A refresh token is `<sessionId>.<32 random bytes, base64url>`. The id part finds the row by primary key; only the
 * sha256 of the secret part is stored, and rotation replaces it.
 */
export function createRefreshToken(sessionId: string): { token: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { token: `${sessionId}.${secret}`, hash: hashRefreshSecret(secret) };
}

/**
 * The token that replaces `secret` on rotation: HMAC(refresh key, secret). Derived rather than random so that two
 * refreshes racing with one token both receive the same successor without the server storing any token in the clear
 * (a browser's tabs share one cookie jar, and whichever answer lands last wins it: both must carry the same token).
 * Unpredictable without AUTH_SECRET, and the first secret of every session is random.
 */
export function rotatedRefreshToken(
  key: Uint8Array,
  sessionId: string,
  secret: string,
): { token: string; hash: string } {
  const next = createHmac('sha256', key).update(secret).digest('base64url');
  return { token: `${sessionId}.${next}`, hash: hashRefreshSecret(next) };
}

const REFRESH_TOKEN_SHAPE = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/;

export interface ParsedRefreshToken {
  sessionId: string;
  /** The secret part as presented: needed to derive its successor, never stored. */
  secret: string;
  secretHash: string;
}

export function parseRefreshToken(token: string): ParsedRefreshToken | null {
  const match = REFRESH_TOKEN_SHAPE.exec(token);
  if (!match?.[1] || !match[2]) return null;
  return { sessionId: match[1], secret: match[2], secretHash: hashRefreshSecret(match[2]) };
}

/** sha256 is enough here (unlike passwords): the secret is 256 random bits, so there is nothing to brute-force. */
export function hashRefreshSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}
