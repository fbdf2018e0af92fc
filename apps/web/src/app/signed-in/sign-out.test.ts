import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Chat, MessagesResponse } from '@beseda/protocol/chats';
import type { Contact } from '@beseda/protocol/contacts';
import type { Me, Session } from '@beseda/protocol/user';
import { useUserStore } from '../../features/auth/user-store';
import { callStore } from '../../features/calls/use-call';
import { fetchChat, fetchMessages } from '../../features/chats/chats-api';
import { openChat, useChatsStore } from '../../features/chats/chats-store';
import { sendContactRequest } from '../../features/friends/contacts-api';
import { showGroupModal, useGroupModals } from '../../features/groups/group-modals';
import { dismissWarning, useGroupWarningStore } from '../../features/groups/group-warning-store';
import { contactsQuery, sendRequest } from '../../features/friends/contacts-queries';
import { usePresenceStore } from '../../features/presence/presence-store';
import { fetchSessions } from '../../features/settings/sessions-api';
import { sessionsQuery } from '../../features/settings/sessions-queries';
import { useErrorStore } from '../../lib/errors/error-store';
import { queryClient } from '../../lib/query/query-client';
import { clearSignedInState, watchSignedInUser } from './sign-out';
import { deferred } from '../../lib/testing/deferred';

vi.mock('../../features/settings/sessions-api', () => ({ fetchSessions: vi.fn(), terminateSession: vi.fn() }));
vi.mock('../../features/chats/chats-api', () => ({ fetchChat: vi.fn(), fetchMessages: vi.fn(), sendRead: vi.fn() }));
vi.mock('../../lib/local-db/db', () => ({ getScoped: vi.fn(), setScoped: vi.fn(() => Promise.resolve()) }));
vi.mock('../../features/settings/settings-sync', () => ({ onScopedSetting: vi.fn(), saveScopedSetting: vi.fn() }));
vi.mock('../../features/friends/contacts-api', () => ({
  fetchContacts: vi.fn(() => Promise.resolve([])),
  sendContactRequest: vi.fn(),
}));

function me(id: string): Me {
  return {
    id,
    email: `${id}@example.com`,
    nickname: id,
    name: id,
    avatarUrl: null,
    online: { status: 'online', lastSeen: null },
  };
}

function session(id: string): Session {
  const at = '2025-03-05T10:00:00.000Z';
  return {
    id,
    device: 'Chrome, Linux',
    userAgent: 'Mozilla/5.0',
    ip: '127.0.0.1',
    createdAt: at,
    lastSeenAt: at,
    current: true,
  };
}

/** The sign-out path as the signed-in root registers it. */
function registerSignOut(realtime = { stop: vi.fn() }) {
  const unwatch = watchSignedInUser(() => clearSignedInState({ queryClient, realtime }));
  return { realtime, unwatch };
}

afterEach(() => {
  queryClient.clear();
  useUserStore.getState().reset();
  usePresenceStore.getState().reset();
  vi.clearAllMocks();
});

describe('the sign-out path', () => {
  it('closes the call: the next user never sees the panel of the previous one', () => {
    callStore.setState({ status: 'STOPED', target: { kind: 'voice', groupId: 'g1', channelId: 'c1' } });
    clearSignedInState({ queryClient, realtime: null });
    expect(callStore.getState().status).toBe('NOT_CREATED');
    expect(callStore.getState().target).toBeNull();
  });

  it('clears the server-data cache, the per-user stores and the realtime connection', () => {
    useUserStore.getState().setUser(me('anna'));
    const { realtime, unwatch } = registerSignOut();
    queryClient.setQueryData(sessionsQuery('anna').queryKey, [session('s1')]);
    usePresenceStore.getState().apply({ userId: 'u2', online: true, lastSeen: null });
    dismissWarning('g1');
    showGroupModal('rename', { groupId: 'g1' });
    useChatsStore.setState({ currentChatId: 'c1', chatStatus: { c1: 'ready' } });
    useErrorStore.getState().push({ path: 'api', code: 'NOT_FOUND', meta: { url: '/api/chat/one?chatId=c1' } });

    useUserStore.getState().reset(true);

    expect(realtime.stop).toHaveBeenCalledOnce();
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
    expect(usePresenceStore.getState().users).toEqual({});
    expect(useGroupWarningStore.getState().dismissed).toEqual({});
    expect(useGroupModals.getState()).toEqual({});
    expect(useChatsStore.getState()).toMatchObject({ currentChatId: null, chatStatus: {} });
    expect(useErrorStore.getState().global).toEqual([]);
    unwatch();
  });

  it('also runs when another account takes over the tab, and not on sign-in', () => {
    const { realtime, unwatch } = registerSignOut();
    useUserStore.getState().setUser(me('anna'));
    expect(realtime.stop).not.toHaveBeenCalled();
    useUserStore.getState().setUser(me('boris'));
    expect(realtime.stop).toHaveBeenCalledOnce();
    unwatch();
  });

  it('a late answer to the previous user’s request lands in nobody’s cache', async () => {
    const annaAnswer = deferred<Session[]>();
    vi.mocked(fetchSessions)
      .mockReturnValueOnce(annaAnswer.promise)
      .mockResolvedValueOnce([session('boris-1')]);
    useUserStore.getState().setUser(me('anna'));
    const { unwatch } = registerSignOut();
    const annaLoad = queryClient.fetchQuery(sessionsQuery('anna')).catch(() => 'cancelled');

    useUserStore.getState().reset(true);
    useUserStore.getState().setUser(me('boris'));
    await queryClient.fetchQuery(sessionsQuery('boris'));
    annaAnswer.resolve([session('anna-1')]);
    expect(await annaLoad).toBe('cancelled');

    const cached = queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.state.data);
    expect(cached).toEqual([[session('boris-1')]]);
    unwatch();
  });

  it('an action answered after its user signed out changes nobody’s data', async () => {
    const answer = deferred<Contact>();
    vi.mocked(sendContactRequest).mockReturnValueOnce(answer.promise);
    useUserStore.getState().setUser(me('anna'));
    const { unwatch } = registerSignOut();
    const sending = sendRequest('zoe');

    useUserStore.getState().reset(true);
    useUserStore.getState().setUser(me('boris'));
    queryClient.setQueryData(contactsQuery('boris').queryKey, { contacts: [], version: 1 });
    const { email: _, ...zoe } = me('zoe');
    answer.resolve({ user: zoe, status: 'PENDING', direction: 'OUTGOING' });
    await sending;

    expect(queryClient.getQueryData(contactsQuery('boris').queryKey)).toEqual({ contacts: [], version: 1 });
    expect(queryClient.getQueryData(contactsQuery('anna').queryKey)).toBeUndefined();
    unwatch();
  });

  it('a chat page answered after its user signed out lands in neither the store nor the cache', async () => {
    const chatAnswer = deferred<Chat>();
    const pageAnswer = deferred<MessagesResponse>();
    vi.mocked(fetchChat).mockReturnValueOnce(chatAnswer.promise);
    vi.mocked(fetchMessages).mockReturnValueOnce(pageAnswer.promise);
    useUserStore.getState().setUser(me('anna'));
    const { unwatch } = registerSignOut();
    const opening = openChat('c1');

    useUserStore.getState().reset(true);
    useUserStore.getState().setUser(me('boris'));
    chatAnswer.resolve({
      id: 'c1',
      kind: 'direct',
      name: 'Zoe',
      avatarUrl: null,
      isGroup: false,
      official: false,
      chatUsers: [],
      targetUserId: 'zoe',
      lastMessage: null,
      status: { status: 'online' },
      canWrite: true,
      unreadCount: 0,
      mentionCount: 0,
      lastReadMessageId: null,
    });
    pageAnswer.resolve({ messages: [], hasMore: false });
    await opening;

    expect(useChatsStore.getState()).toMatchObject({ messages: {}, chatStatus: {}, currentChatId: null });
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
    unwatch();
  });
});
