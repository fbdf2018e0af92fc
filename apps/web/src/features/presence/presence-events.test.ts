import { afterEach, describe, expect, it } from 'vitest';
import { createEventRegistry } from '../../lib/realtime/events';
import { registerPresenceEvents } from './presence-events';
import { usePresenceStore } from './presence-store';

const meta = { channel: 'notification:user#u1', offset: 1 };
const at = '2025-05-01T10:00:00.000Z';

afterEach(() => usePresenceStore.getState().reset());

describe('registerPresenceEvents', () => {
  it('puts online status events into the store', () => {
    const registry = createEventRegistry(() => undefined);
    registerPresenceEvents(registry);
    registry.dispatch({ type: 'set_online_status', payload: { userId: 'u2', online: true, lastSeen: at } }, meta);
    expect(usePresenceStore.getState().users).toEqual({ u2: { online: true, lastSeen: at } });
  });

  it('stops when unregistered', () => {
    const registry = createEventRegistry(() => undefined);
    const off = registerPresenceEvents(registry);
    off();
    registry.dispatch({ type: 'set_online_status', payload: { userId: 'u2', online: true } }, meta);
    expect(usePresenceStore.getState().users).toEqual({});
  });
});
