import { errors, jwtVerify } from 'jose';

/** Who a connection belongs to, from its token. */
export interface ConnectionCredentials {
  userId: string;
  /** The auth session the token was minted for: `disconnectSession` ends its connections when it is revoked. */
  sessionId: string | null;
  /** Milliseconds since the epoch; the connection must refresh its token before then. `null`: never expires. */
  expiresAt: number | null;
}

/** The token was valid but has expired: the client gets error 109, fetches a new token and reconnects. */
export class TokenExpiredError extends Error {
  constructor(message = 'token expired') {
    super(message);
    this.name = 'TokenExpiredError';
  }
}

/** The token is malformed, badly signed or lacks claims: the connection ends with 3500, and the client stops. */
export class InvalidTokenError extends Error {
  constructor(message = 'invalid token') {
    super(message);
    this.name = 'InvalidTokenError';
  }
}

/** Throws `TokenExpiredError` or `InvalidTokenError`; any other exception is an internal error (100, retried). */
export type VerifyToken = (token: string) => ConnectionCredentials | Promise<ConnectionCredentials>;

/**
 * The verifier for the HS256 JWT of `GET /api/auth/ws-token`: `sub` is the user id, `sid` the session id, `exp`
 * the expiry. The auth module may pass its own function instead; this one is what it must be equivalent to.
 */
export function createJwtVerifier(secret: string | Uint8Array, clockToleranceSec = 0): VerifyToken {
  const key = typeof secret === 'string' ? new TextEncoder().encode(secret) : secret;
  return async function verifyJwt(token: string): Promise<ConnectionCredentials> {
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], clockTolerance: clockToleranceSec });
      if (typeof payload.sub !== 'string' || payload.sub === '') throw new InvalidTokenError('token has no sub');
      return {
        userId: payload.sub,
        sessionId: typeof payload.sid === 'string' ? payload.sid : null,
        expiresAt: typeof payload.exp === 'number' ? payload.exp * 1000 : null,
      };
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw new TokenExpiredError();
      if (error instanceof InvalidTokenError) throw error;
      throw new InvalidTokenError(error instanceof Error ? error.message : 'invalid token');
    }
  };
}
