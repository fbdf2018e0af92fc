import { QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Chat, Message } from '@beseda/protocol/chats';
import { queryClient } from '../../lib/query/query-client';
import { useUserStore } from '../auth/user-store';
import { fetchChat, fetchChats, fetchMessages, fetchSystemChat } from './chats-api';
import { chatListQuery, chatListStatus } from './chats-queries';
import { toPreview } from './chats-state';
import {
  closeChat,
  JUMP_MAX_PAGES,
  jumpToMessage,
  loadOlder,
  onNewMessage,
  openChat,
  resetChats,
  resyncChats,
  useChatsStore,
} from './chats-store';
import { requestedJump } from './jump-state';
import { testChat, testMessage, testMessageId } from './test-chat';
import { deferred } from '../../lib/testing/deferred';

vi.mock('./chats-api', () => ({
  fetchChats: vi.fn(),
  fetchSystemChat: vi.fn(),
  fetchChat: vi.fn(),
  fetchMessages: vi.fn(),
  sendRead: vi.fn(() => Promise.resolve()),
}));

const id = testMessageId;

function message(n: number, chatId = 'c1'): Message {
  return testMessage(n, { chatId });
}

function chat(chatId: string, extra: Partial<Chat> = {}): Chat {
  return testChat({ id: chatId, name: `Chat ${chatId}`, ...extra });
}

const system = chat('sys', { kind: 'system', official: true, canWrite: false, targetUserId: null });
const listKey = chatListQuery('me').queryKey;

beforeEach(() => {
  useUserStore.setState({ id: 'me' });
  vi.mocked(fetchSystemChat).mockResolvedValue(system);
});
afterEach(() => {
  resetChats();
  queryClient.clear();
  useUserStore.getState().reset();
  vi.clearAllMocks();
});

describe('chats: the cached list and the store together', () => {
  it('a new message moves the cached preview and unread count, and joins the history the store holds', async () => {
    const first = message(1);
    vi.mocked(fetchChat).mockResolvedValue(chat('c1', { lastMessage: toPreview(first), lastReadMessageId: id(1) }));
    vi.mocked(fetchMessages).mockResolvedValue({ messages: [first], hasMore: false });
    await openChat('c1');
    closeChat('c1');

    onNewMessage({ chatId: 'c1', message: message(2) });
    const list = queryClient.getQueryData(listKey);
    expect(list?.chats.c1?.lastMessage?.id).toBe(id(2));
    expect(list?.unread.c1?.count).toBe(1);
    expect(useChatsStore.getState().messages.c1?.ids).toEqual([id(1), id(2)]);

    // The same message again (another channel, a replay) changes nothing in either place.
    const messages = useChatsStore.getState().messages;
    onNewMessage({ chatId: 'c1', message: message(2) });
    expect(queryClient.getQueryData(listKey)).toBe(list);
    expect(useChatsStore.getState().messages).toBe(messages);
  });

  it('a list answer that left before a message arrived keeps the newer preview, and keeps opened channel chats', async () => {
    vi.mocked(fetchChats).mockResolvedValueOnce([chat('c1', { lastMessage: toPreview(message(3)) })]);
    await queryClient.fetchQuery(chatListQuery('me'));
    vi.mocked(fetchChat).mockResolvedValue(chat('ch', { kind: 'channel' }));
    vi.mocked(fetchMessages).mockResolvedValue({ messages: [], hasMore: false });
    await openChat('ch');
    closeChat('ch');

    const answer = deferred<Chat[]>();
    vi.mocked(fetchChats).mockReturnValueOnce(answer.promise);
    const reloading = queryClient.fetchQuery({ ...chatListQuery('me'), staleTime: 0 });
    onNewMessage({ chatId: 'c1', message: message(5) });
    answer.resolve([chat('c1', { lastMessage: toPreview(message(4)) })]);
    const list = await reloading;
    expect(list.chats.c1?.lastMessage?.id).toBe(id(5));
    expect(Object.keys(list.chats).sort()).toEqual(['c1', 'ch', 'sys']);
  });

  it('a reconnect that missed events refetches the list on screen and the open chat’s newest page', async () => {
    vi.mocked(fetchChats).mockResolvedValue([chat('c1')]);
    vi.mocked(fetchChat).mockResolvedValue(chat('c1'));
    vi.mocked(fetchMessages).mockResolvedValue({ messages: [message(1)], hasMore: false });
    const stop = new QueryObserver(queryClient, chatListQuery('me')).subscribe(() => undefined);
    await openChat('c1');
    await vi.waitFor(() => expect(queryClient.getQueryData(listKey)?.listed).toBe(true));
    vi.mocked(fetchChats).mockClear();
    vi.mocked(fetchMessages).mockClear();

    resyncChats();
    await vi.waitFor(() => expect(fetchChats).toHaveBeenCalledOnce());
    expect(fetchMessages).toHaveBeenCalledWith('c1');
    stop();
  });
});

describe('jumpToMessage', () => {
  /** Messages 1…n of chat c1, served newest first in pages of `size` as the server does (`before` an id). */
  function serveHistory(n: number, size = 50): void {
    const all = Array.from({ length: n }, (_, index) => message(index + 1));
    vi.mocked(fetchMessages).mockImplementation((_chatId, before) => {
      const older = before ? all.filter((m) => m.id < before) : all;
      const page = older.slice(-size);
      return Promise.resolve({ messages: [...page].reverse(), hasMore: older.length > size });
    });
  }

  it('pages back from the newest page to the message, then hands it to the list', async () => {
    serveHistory(180);
    vi.mocked(fetchChat).mockResolvedValue(chat('c1'));
    const opened = openChat('c1');
    const jumped = jumpToMessage('c1', id(20));
    await opened;
    await jumped;
    expect(useChatsStore.getState().jumpTarget).toEqual({ chatId: 'c1', messageId: id(20) });
    // 131…180 first, then three older pages: 81…130, 31…80, 1…30.
    expect(fetchMessages).toHaveBeenCalledTimes(4);
    expect(useChatsStore.getState().messages.c1?.ids[0]).toBe(id(1));
  });

  it('stops paging once it is past a message that is gone, and never goes further back than its bound', async () => {
    const all = Array.from({ length: 60 }, (_, index) => message(index * 2 + 2));
    vi.mocked(fetchMessages).mockImplementation((_chatId, before) => {
      const older = before ? all.filter((m) => m.id < before) : all;
      return Promise.resolve({ messages: older.slice(-10).reverse(), hasMore: older.length > 10 });
    });
    vi.mocked(fetchChat).mockResolvedValue(chat('c1'));
    await openChat('c1');
    await jumpToMessage('c1', id(101)); // deleted: 100 and 102 are there
    expect(useChatsStore.getState().jumpTarget).toBeNull();
    expect(fetchMessages).toHaveBeenCalledTimes(2);

    serveHistory(5000, 10);
    resetChats();
    await openChat('c1');
    await jumpToMessage('c1', id(1));
    expect(useChatsStore.getState().jumpTarget).toBeNull();
    expect(fetchMessages).toHaveBeenCalledTimes(2 + 1 + JUMP_MAX_PAGES);
  });

  it('waits for an older page the reader asked for instead of asking twice', async () => {
    serveHistory(100);
    vi.mocked(fetchChat).mockResolvedValue(chat('c1'));
    await openChat('c1');
    const scrolling = loadOlder('c1');
    await jumpToMessage('c1', id(10));
    await scrolling;
    expect(fetchMessages).toHaveBeenCalledTimes(2);
    expect(useChatsStore.getState().jumpTarget?.messageId).toBe(id(10));
  });

  it('a page asked for the moment the previous one lands is a new request, not the finished one', async () => {
    serveHistory(200);
    vi.mocked(fetchChat).mockResolvedValue(chat('c1'));
    await openChat('c1');
    // The list asks again as soon as it renders the page it got (its scroll position is still near the top), which
    // can be before the finished request's own bookkeeping has run.
    let next: Promise<void> | null = null;
    const stop = useChatsStore.subscribe((state, previous) => {
      if (previous.loadingOlder.c1 && !state.loadingOlder.c1 && next === null) next = loadOlder('c1');
    });
    await loadOlder('c1');
    stop();
    await next;
    expect(fetchMessages).toHaveBeenCalledTimes(3);
    expect(useChatsStore.getState().messages.c1?.ids).toHaveLength(150);
  });

  it('ends with the visit that asked for it: leaving and coming back while it pages back shows the newest page', async () => {
    serveHistory(100);
    vi.mocked(fetchChat).mockResolvedValue(chat('c1'));
    await openChat('c1');
    const jumping = jumpToMessage('c1', id(10));
    closeChat('c1');
    await openChat('c1');
    await jumping;
    expect(useChatsStore.getState().jumpTarget).toBeNull();
  });

  it('does nothing for a chat no longer on screen', async () => {
    serveHistory(100);
    vi.mocked(fetchChat).mockResolvedValue(chat('c1'));
    await openChat('c1');
    closeChat('c1');
    await jumpToMessage('c1', id(10));
    expect(useChatsStore.getState().jumpTarget).toBeNull();
  });

  it('reads the message a navigation asked for', () => {
    expect(requestedJump({ jumpToMessageId: id(3) })).toBe(id(3));
    expect(requestedJump({ jumpToMessageId: '' })).toBeNull();
    expect(requestedJump({ friendsTab: 'pending' })).toBeNull();
    expect(requestedJump(null)).toBeNull();
  });
});

describe('chatListStatus', () => {
  const idle = { isFetching: false, isError: false, errorUpdateCount: 0 };

  it('is loading until the server’s list is in, even when events put chats in the cache first', () => {
    expect(chatListStatus(false, idle)).toBe('loading');
    expect(chatListStatus(false, { ...idle, isFetching: true })).toBe('loading');
    expect(chatListStatus(true, idle)).toBe('ready');
    expect(chatListStatus(true, { ...idle, isFetching: true })).toBe('ready');
  });

  it('shows a failure until the retry starts, also when an event wrote to the cache after it', () => {
    expect(chatListStatus(false, { ...idle, isError: true, errorUpdateCount: 1 })).toBe('error');
    expect(chatListStatus(false, { ...idle, errorUpdateCount: 1 })).toBe('error');
    expect(chatListStatus(false, { isError: true, errorUpdateCount: 1, isFetching: true })).toBe('loading');
    expect(chatListStatus(true, { ...idle, isError: true, errorUpdateCount: 1 })).toBe('error');
    expect(chatListStatus(true, { isError: true, errorUpdateCount: 1, isFetching: true })).toBe('loading');
  });
});
