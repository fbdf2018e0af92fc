import { describe, expect, it, vi } from 'vitest';
import type { ServerEvent } from '@beseda/protocol/server-events';
import { createEventRegistry, parseServerEvent } from './events';

const online: ServerEvent = { type: 'set_online_status', payload: { userId: 'u2', online: true } };
const meta = { channel: 'notification:user#u1', offset: 1 };

describe('parseServerEvent', () => {
  it('accepts a whole event of each kind, payload included', () => {
    const contact = { type: 'contact', status: 'pending', payload: { from: 'ann', userId: 'u2' } };
    expect(parseServerEvent(contact)).toEqual({ ok: true, event: contact });
    expect(parseServerEvent(online)).toEqual({ ok: true, event: online });
    const typing = { type: 'typing', payload: { chatId: 'c1', userId: 'u2', name: 'Anna' } };
    expect(parseServerEvent(typing)).toEqual({ ok: true, event: typing });
  });

  it('rejects unknown types and non-objects', () => {
    expect(parseServerEvent({ type: 'party', payload: {} }).ok).toBe(false);
    expect(parseServerEvent('hello').ok).toBe(false);
    expect(parseServerEvent(null).ok).toBe(false);
  });

  it('rejects a known type whose payload is malformed, so no handler sees it', () => {
    expect(parseServerEvent({ type: 'typing', payload: { chatId: 7 } }).ok).toBe(false);
    expect(parseServerEvent({ type: 'set_online_status', payload: { userId: 7 } }).ok).toBe(false);
    expect(parseServerEvent({ type: 'contact', status: 'pending', payload: { from: 7 } }).ok).toBe(false);
    const noPicture = { type: 'group_update', status: 'group_avatar_changed', payload: { groupId: 'g1' } };
    expect(parseServerEvent(noPicture).ok).toBe(false);
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
