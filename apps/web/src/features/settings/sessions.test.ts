import { describe, expect, it } from 'vitest';
import type { Session } from '@beseda/protocol/user';
import { splitSessions } from './sessions';

const session = (id: string, lastSeenAt: string, current = false): Session => ({
  id,
  device: 'Chrome, Linux',
  userAgent: 'Mozilla/5.0',
  ip: '127.0.0.1',
  createdAt: lastSeenAt,
  lastSeenAt,
  current,
});

describe('splitSessions', () => {
  it('separates the current session and sorts the others by activity', () => {
    const result = splitSessions([
      session('a', '2025-01-01T10:00:00Z'),
      session('b', '2025-01-02T10:00:00Z', true),
      session('c', '2025-01-03T10:00:00Z'),
    ]);
    expect(result.current?.id).toBe('b');
    expect(result.others.map((s) => s.id)).toEqual(['c', 'a']);
  });

  it('handles a list without the current session', () => {
    expect(splitSessions([]).current).toBeNull();
  });
});
