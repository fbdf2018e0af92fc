import { describe, expect, it } from 'vitest';
import { applyOnlineStatus, NO_PRESENCE, type PresenceMap } from './presence';

const T1 = '2025-05-01T10:00:00.000Z';
const T2 = '2025-05-01T10:00:05.000Z';
const T3 = '2025-05-01T10:01:00.000Z';

function apply(state: PresenceMap, userId: string, online: boolean, lastSeen?: string | null): PresenceMap {
  return applyOnlineStatus(state, lastSeen === undefined ? { userId, online } : { userId, online, lastSeen });
}

describe('applyOnlineStatus', () => {
  it('records a user it has not heard of', () => {
    expect(apply(NO_PRESENCE, 'u2', true, T1)).toEqual({ u2: { online: true, lastSeen: T1 } });
  });

  it('applies newer transitions', () => {
    const online = apply(NO_PRESENCE, 'u2', true, T1);
    expect(apply(online, 'u2', false, T2).u2).toEqual({ online: false, lastSeen: T2 });
  });

  it('ignores an older event: an old lastSeen never overrides a newer one', () => {
    const state = apply(apply(NO_PRESENCE, 'u2', true, T1), 'u2', false, T3);
    expect(apply(state, 'u2', true, T2)).toBe(state);
    expect(state.u2).toEqual({ online: false, lastSeen: T3 });
  });

  it('the same event twice changes nothing (same object back)', () => {
    const once = apply(NO_PRESENCE, 'u2', false, T2);
    expect(apply(once, 'u2', false, T2)).toBe(once);
  });

  it('compares times, not strings', () => {
    const state = apply(NO_PRESENCE, 'u2', false, '2025-05-01T10:00:05Z');
    expect(apply(state, 'u2', false, T2)).toBe(state);
    expect(apply(state, 'u2', true, '2025-05-01T11:00:05+02:00')).toBe(state);
  });

  it('without a time, applies only a change, and keeps the known lastSeen', () => {
    const state = apply(NO_PRESENCE, 'u2', true, T1);
    expect(apply(state, 'u2', true)).toBe(state);
    expect(apply(state, 'u2', true, null)).toBe(state);
    expect(apply(state, 'u2', false, null).u2).toEqual({ online: false, lastSeen: T1 });
  });

  it('takes a time once one arrives', () => {
    const state = apply(NO_PRESENCE, 'u2', true, null);
    expect(apply(state, 'u2', true, T1).u2).toEqual({ online: true, lastSeen: T1 });
  });

  it('leaves other users alone', () => {
    const state = apply(apply(NO_PRESENCE, 'u2', true, T1), 'u3', false, T2);
    expect(state).toEqual({ u2: { online: true, lastSeen: T1 }, u3: { online: false, lastSeen: T2 } });
  });
});
