import type { SessionRow } from '../../db/schema/sessions.js';
import { setBounded } from '../../bounded-map.js';

/** How long an open session may be answered from memory. Revocations forget it at once (see below); this bounds a
 * revocation whose cross-process notice was lost (Redis down at that moment). */
export const RECENT_SESSION_TTL_MS = 30_000;

/**
 * Sessions this process found open recently, so an authenticated request does not need a database round trip (it
 * was one of a message send's three). Correctness rests on forgetting: a revocation calls `forget` here at once and,
 * through the gateway's control channel, in every other process. A lookup that was already running when a `forget`
 * happened does not store its (possibly stale) row: `generation` tells.
 * Bounded by `maxEntries` (setBounded).
 */
export class RecentSessions {
  readonly #entries = new Map<string, { session: SessionRow; checkedAtMs: number }>();
  readonly #maxEntries: number;
  readonly #ttlMs: number;
  #generation = 0;

  constructor(maxEntries = 10_000, ttlMs = RECENT_SESSION_TTL_MS) {
    this.#maxEntries = maxEntries;
    this.#ttlMs = ttlMs;
  }

  /** Changes on every `forget`: take it before a lookup, pass it to `remember` after. */
  get generation(): number {
    return this.#generation;
  }

  get(sessionId: string, nowMs: number): SessionRow | undefined {
    const entry = this.#entries.get(sessionId);
    if (!entry) return undefined;
    if (nowMs - entry.checkedAtMs < this.#ttlMs) return entry.session;
    this.#entries.delete(sessionId);
    return undefined;
  }

  remember(session: SessionRow, nowMs: number, generation: number): void {
    if (generation !== this.#generation) return;
    setBounded(this.#entries, session.id, { session, checkedAtMs: nowMs }, this.#maxEntries);
  }

  /** The session was revoked (here or in another process). */
  forget(sessionId: string): void {
    this.#generation += 1;
    this.#entries.delete(sessionId);
  }

  get size(): number {
    return this.#entries.size;
  }
}
