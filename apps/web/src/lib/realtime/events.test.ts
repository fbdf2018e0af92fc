import { describe, expect, it, vi } from 'vitest';
import type { RealtimeEvent } from '@beseda/protocol/realtime';
import { createEventRegistry, parseRealtimeEvent } from './events';

const online: RealtimeEvent = { type: 'set_online_status', payload: { userId: 'u2', online: true } };
const meta = { channel: 'notification:user#u1', offset: 1 };

describe('parseRealtimeEvent', () => {
  it('accepts the envelope of every spec kind', () => {
    const result = parseRealtimeEvent({ type: 'contact', status: 'pending', payload: { from: 'ann' } });
    expect(result).toEqual({ ok: true, event: { type: 'contact', status: 'pending', payload: { from: 'ann' } } });
  });

  it('rejects unknown types and non-objects', () => {
    expect(parseRealtimeEvent({ type: 'party', payload: {} }).ok).toBe(false);
    expect(parseRealtimeEvent('hello').ok).toBe(false);
    expect(parseRealtimeEvent(null).ok).toBe(false);
    expect(parseRealtimeEvent({ type: 'typing', status: 5, payload: {} }).ok).toBe(false);
  });
});

describe('createEventRegistry', () => {
  it('dispatches to the handlers of the type only', () => {
    const registry = createEventRegistry(() => undefined);
    const onOnline = vi.fn();
    const onTyping = vi.fn();
    registry.on('set_online_status', onOnline);
    registry.on('typing', onTyping);
    registry.dispatch(online, meta);
    expect(onOnline).toHaveBeenCalledWith(online, meta);
    expect(onTyping).not.toHaveBeenCalled();
  });

  it('stops calling a removed handler', () => {
    const registry = createEventRegistry(() => undefined);
    const handler = vi.fn();
    const off = registry.on('set_online_status', handler);
    off();
    registry.dispatch(online, meta);
    expect(handler).not.toHaveBeenCalled();
  });

  it('keeps going when a handler throws', () => {
    const onError = vi.fn();
    const registry = createEventRegistry(onError);
    const after = vi.fn();
    registry.on('set_online_status', () => {
      throw new Error('boom');
    });
    registry.on('set_online_status', after);
    registry.dispatch(online, meta);
    expect(after).toHaveBeenCalledOnce();
    expect(onError).toHaveBeenCalledWith(expect.any(Error), online);
  });
});
