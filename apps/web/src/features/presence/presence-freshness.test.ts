import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionState } from '../../lib/realtime/realtime-client';
import { isPeerOnline } from '../chats/chat-selectors';
import { trackPresenceFreshness } from './presence-events';
import { usePresenceStore } from './presence-store';

afterEach(() => usePresenceStore.getState().reset());

/** The three methods trackPresenceFreshness uses, driven by hand. */
function fakeClient(initial: ConnectionState) {
  let state = initial;
  const stateListeners = new Set<() => void>();
  const resyncListeners = new Set<() => void>();
  return {
    getSnapshot: () => state,
    subscribe(listener: () => void) {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    onResync(listener: () => void) {
      resyncListeners.add(listener);
      return () => resyncListeners.delete(listener);
    },
    become(next: ConnectionState) {
      state = next;
      for (const listener of stateListeners) listener();
    },
    resync() {
      for (const listener of resyncListeners) listener();
    },
  };
}

const at = '2025-05-01T10:00:00.000Z';

describe('trackPresenceFreshness', () => {
  it('marks presence stale while a lost connection is down, and fresh once it is back', () => {
    const client = fakeClient('connecting');
    trackPresenceFreshness(client);
    client.become('connected');
    usePresenceStore.getState().apply({ userId: 'anna', online: true, lastSeen: at });
    expect(usePresenceStore.getState().stale).toBe(false);

    client.become('connecting');
    expect(usePresenceStore.getState().stale).toBe(true);
    client.become('connected');
    expect(usePresenceStore.getState().stale).toBe(false);
  });

  it('is not stale before the first connection: the snapshots just loaded are fresh', () => {
    const client = fakeClient('disconnected');
    trackPresenceFreshness(client);
    client.become('connecting');
    expect(usePresenceStore.getState().stale).toBe(false);
  });

  it('drops live entries on a resync, so the refetched snapshots speak', () => {
    const client = fakeClient('connected');
    trackPresenceFreshness(client);
    usePresenceStore.getState().apply({ userId: 'anna', online: true, lastSeen: at });
    client.resync();
    expect(usePresenceStore.getState().users).toEqual({});
  });

  it('a stale «В сети» is not shown as online', () => {
    const chat = {
      kind: 'direct',
      targetUserId: 'anna',
      status: { status: 'online' },
    } as unknown as Parameters<typeof isPeerOnline>[0];
    const users = { anna: { online: true, lastSeen: at } };
    expect(isPeerOnline(chat, users, false)).toBe(true);
    expect(isPeerOnline(chat, users, true)).toBe(false);
  });
});
