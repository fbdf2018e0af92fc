import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerEvent } from '@beseda/protocol/server-events';
import type { PresenceListener } from '../../src/realtime/broker.js';
import { PresenceService } from '../../src/features/presence/service.js';

const silent = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

function setup(contacts: Record<string, string[]> = { alice: ['bob', 'carol'] }) {
  let listener: PresenceListener = {};
  const published: { channel: string; event: ServerEvent }[] = [];
  const lastSeen: { userId: string; at: Date }[] = [];
  const control = { disconnectClient: vi.fn(async () => undefined), disconnectSession: vi.fn(async () => undefined) };
  const service = new PresenceService({
    source: {
      onlineUsers: async (ids) => new Set(ids.filter((id) => id === 'alice')),
      addPresenceListener: (l) => {
        listener = l;
        return () => {
          listener = {};
        };
      },
    },
    control,
    publisher: {
      publish: async (channel, event) => {
        published.push({ channel, event });
      },
    },
    audience: { contactIdsOf: async (userId) => contacts[userId] ?? [] },
    touchLastSeen: async (userId, at) => {
      lastSeen.push({ userId, at });
    },
    logger: silent,
    windowMs: 2_000,
  });
  const online = (userId: string) => listener.onUserOnline?.(userId);
  const offline = (userId: string) => listener.onUserOffline?.(userId);
  return { service, published, lastSeen, control, online, offline };
}

/** Lets the promise chains of the fan-out (audience lookup, publishes) finish. */
async function flush(): Promise<void> {
  await vi.advanceTimersByTimeAsync(0);
}

function states(published: { channel: string; event: ServerEvent }[], channel = 'notification:user#bob'): boolean[] {
  return published
    .filter((p) => p.event.type === 'set_online_status' && p.channel === channel)
    .map((p) => (p.event.payload as { online: boolean }).online);
}

describe('PresenceService', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('publishes a transition at once to every contact and persists last_seen', async () => {
    const { published, lastSeen, online } = setup();
    online('alice');
    await flush();
    expect(published).toEqual([
      {
        channel: 'notification:user#bob',
        event: {
          type: 'set_online_status',
          payload: { userId: 'alice', online: true, lastSeen: '2026-01-01T12:00:00.000Z' },
        },
      },
      expect.objectContaining({ channel: 'notification:user#carol' }),
    ]);
    expect(lastSeen).toEqual([{ userId: 'alice', at: new Date('2026-01-01T12:00:00Z') }]);
  });

  it('coalesces a flapping connection: at most one publication per window, only when the state changed', async () => {
    const { published, lastSeen, online, offline } = setup();
    online('alice');
    await flush();
    // 20 flaps within the window, ending online: the same state as published, so nothing more is sent.
    for (let i = 0; i < 20; i += 1) {
      await vi.advanceTimersByTimeAsync(50);
      offline('alice');
      online('alice');
    }
    await vi.advanceTimersByTimeAsync(5_000);
    expect(states(published)).toEqual([true]);
    // Every transition still refreshed last_seen.
    expect(lastSeen).toHaveLength(41);
  });

  it('publishes the settled state at the end of the window when it differs', async () => {
    const { published, online, offline } = setup();
    online('alice');
    await flush();
    await vi.advanceTimersByTimeAsync(500);
    offline('alice');
    online('alice');
    offline('alice');
    await flush();
    expect(states(published)).toEqual([true]);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(states(published)).toEqual([true, false]);
    const last = published.at(-1)?.event.payload as { lastSeen: string };
    expect(last.lastSeen).toBe('2026-01-01T12:00:00.500Z');
    // A new window started with that publication; a quiet one ends the throttle, and the next transition is
    // published at once again.
    await vi.advanceTimersByTimeAsync(2_000);
    online('alice');
    await flush();
    expect(states(published)).toEqual([true, false, true]);
  });

  it('throttles users independently and publishes nothing for a user without contacts', async () => {
    const { published, online } = setup({ alice: ['bob'], dave: [] });
    online('alice');
    online('dave');
    await flush();
    expect(published.map((p) => p.channel)).toEqual(['notification:user#bob']);
  });

  it('reports live status with the stored last-seen time', async () => {
    const { service } = setup();
    const lastSeenAt = new Date('2025-12-31T00:00:00Z');
    await expect(service.statusOf({ id: 'alice', lastSeenAt })).resolves.toEqual({
      status: 'online',
      lastSeen: '2025-12-31T00:00:00.000Z',
    });
    await expect(service.statusOf({ id: 'bob', lastSeenAt: null })).resolves.toEqual({
      status: 'offline',
      lastSeen: null,
    });
  });

  it('leave closes one client, or the session connections older than the request', async () => {
    const { service, control } = setup();
    const code = { code: 4000, reason: 'left' };
    await service.leave({ userId: 'alice', sessionId: 's1' }, 'client-1', 1000, code);
    await service.leave({ userId: 'alice', sessionId: 's1' }, undefined, 2000, code);
    expect(control.disconnectClient).toHaveBeenCalledWith('alice', 'client-1', code);
    expect(control.disconnectSession).toHaveBeenCalledWith('s1', code, { connectedBefore: 2000 });
  });

  it('after close, transitions are persisted but not published, and pending windows are dropped', async () => {
    const { service, published, lastSeen, online, offline } = setup();
    online('alice');
    await flush();
    offline('alice');
    await service.close();
    offline('alice');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(states(published)).toEqual([true]);
    // The listener is detached on close, so the late call above came through nothing.
    expect(lastSeen).toHaveLength(2);
  });
});
