import { setBounded } from '../../bounded-map.js';
import { type TokenClaims, verifyTokenWithExpiry } from './tokens.js';

/**
 * Access tokens this process has already verified, until they expire. A browser presents the same token on every
 * request for its whole lifetime, and an HMAC check through WebCrypto (key import, a thread-pool job, a promise)
 * was the largest single cost of a message send. Only valid tokens are kept, never longer than their own `exp`, so
 * the answer is the same as verifying again; whether the session is still open is checked per request regardless.
 * Bounded by `maxEntries` (setBounded): an evicted token is simply verified again.
 */
export class VerifiedTokens {
  readonly #key: Uint8Array;
  readonly #maxEntries: number;
  readonly #entries = new Map<string, { claims: TokenClaims; expiresAtMs: number }>();

  constructor(key: Uint8Array, maxEntries = 10_000) {
    this.#key = key;
    this.#maxEntries = maxEntries;
  }

  async verify(token: string, nowMs = Date.now()): Promise<TokenClaims | null> {
    const known = this.#entries.get(token);
    if (known) {
      if (nowMs < known.expiresAtMs) return known.claims;
      this.#entries.delete(token);
    }
    const verified = await verifyTokenWithExpiry(this.#key, token);
    if (!verified || nowMs >= verified.expiresAtMs) return null;
    setBounded(this.#entries, token, verified, this.#maxEntries);
    return verified.claims;
  }

  get size(): number {
    return this.#entries.size;
  }
}
