import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '@beseda/protocol/chats';
import { createEventRegistry } from '../../lib/realtime/events';
import { queryClient } from '../../lib/query/query-client';
import { useUserStore } from '../auth/user-store';
import { registerChatEvents } from './chats-events';
import { resetChats, useChatsStore } from './chats-store';

const meta = { channel: 'notification:user:message#me', offset: 1 };

const message: Message = {
  id: '01900000-0000-7000-8000-000000000001',
  chatId: 'c1',
  senderId: 'u2',
  kind: 'TEXT',
  content: 'hi',
  entities: [],
  system: null,
  createdAt: '2025-03-05T10:00:00.000Z',
  editedAt: null,
  isEdited: false,
  clientId: null,
  linkPreview: null,
};

afterEach(() => {
  resetChats();
  queryClient.clear();
  useUserStore.getState().reset();
});

describe('registerChatEvents', () => {
  it('puts typing and deleted events into the store', () => {
    useUserStore.setState({ id: 'me' });
    const registry = createEventRegistry(() => undefined);
    registerChatEvents(registry);
    registry.dispatch({ type: 'typing', payload: { chatId: 'c1', userId: 'u2', name: 'Anna' } }, meta);
    expect(useChatsStore.getState().typing.c1?.u2?.name).toBe('Anna');
    registry.dispatch({ type: 'stop_typing', payload: { chatId: 'c1', userId: 'u2', name: 'Anna' } }, meta);
    expect(useChatsStore.getState().typing.c1).toEqual({});
  });

  it('settles an optimistic message when its echo arrives first', () => {
    useUserStore.setState({ id: 'me' });
    useChatsStore.setState({
      outbox: {
        k1: {
          clientId: 'k1',
          chatId: 'c1',
          content: 'hi',
          entities: [],
          noLinkPreview: false,
          createdAt: message.createdAt,
          seq: 1,
          status: 'sending',
        },
      },
    });
    const registry = createEventRegistry(() => undefined);
    registerChatEvents(registry);
    // The chat is unknown here, so the store also asks the server for it; that request is not the point.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    registry.dispatch(
      { type: 'new_message', payload: { chatId: 'c1', message: { ...message, senderId: 'me', clientId: 'k1' } } },
      meta,
    );
    expect(useChatsStore.getState().outbox).toEqual({});
    vi.unstubAllGlobals();
  });

  it('stops when unregistered', () => {
    const registry = createEventRegistry(() => undefined);
    const off = registerChatEvents(registry);
    off();
    registry.dispatch({ type: 'typing', payload: { chatId: 'c1', userId: 'u2', name: 'Anna' } }, meta);
    expect(useChatsStore.getState().typing).toEqual({});
  });
});
