import { describe, expect, it } from 'vitest';
import type { SessionRow } from '../../src/db/schema/sessions.js';
import { RecentSessions } from '../../src/features/sessions/recent-sessions.js';

function session(id: string): SessionRow {
  const now = new Date(0);
  return {
    id,
    userId: 'u',
    refreshTokenHash: 'h',
    previousRefreshTokenHash: null,
    refreshRotatedAt: null,
    device: 'd',
    userAgent: 'ua',
    ip: '127.0.0.1',
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(86_400_000),
    revokedAt: null,
  };
}

describe('RecentSessions', () => {
  it('answers within its TTL only', () => {
    const recent = new RecentSessions(10, 1_000);
    recent.remember(session('a'), 0, recent.generation);
    expect(recent.get('a', 999)?.id).toBe('a');
    expect(recent.get('a', 1_000)).toBeUndefined();
    expect(recent.size).toBe(0);
  });

  it('forgets a revoked session, and a lookup that raced the revocation does not bring it back', () => {
    const recent = new RecentSessions();
    recent.remember(session('a'), 0, recent.generation);
    const before = recent.generation;
    recent.forget('a');
    expect(recent.get('a', 1)).toBeUndefined();
    // Read from the database before the revocation committed, stored after it: refused.
    recent.remember(session('a'), 2, before);
    expect(recent.get('a', 3)).toBeUndefined();
  });

  it('stays within its bound, dropping the oldest entry first', () => {
    const recent = new RecentSessions(2);
    for (const id of ['a', 'b', 'c']) recent.remember(session(id), 0, recent.generation);
    expect(recent.size).toBe(2);
    expect(recent.get('a', 1)).toBeUndefined();
    expect(recent.get('c', 1)?.id).toBe('c');
  });
});
