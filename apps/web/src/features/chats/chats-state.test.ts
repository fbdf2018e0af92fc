import { describe, expect, it } from 'vitest';
import type { Chat, Message } from '@beseda/protocol/chats';
import {
  applyDeletedMessage,
  applyEditedMessage,
  applyMessagePreview,
  applyNewMessage,
  applyReadMessage,
  applyStopTyping,
  applyTyping,
  EMPTY_CHATS_STATE,
  expireTyping,
  markRead,
  receiveChatList,
  receivePage,
  toPreview,
  TYPING_TTL_MS,
  upsertChat,
  type ChatsState,
  type Viewer,
} from './chats-state';
import { testChat, testMessage, testMessageId } from './test-chat';

// UUIDv7-like ids: string order is time order, which is all the reducers rely on.
const id = testMessageId;

function message(n: number, senderId: string | null = 'u2', extra: Partial<Message> = {}): Message {
  return testMessage(n, { senderId, ...extra });
}

function chat(extra: Partial<Chat> = {}): Chat {
  return testChat(extra);
}

const away: Viewer = { meId: 'me', meNickname: 'me_nick', activeChatId: null };
const reading: Viewer = { meId: 'me', meNickname: 'me_nick', activeChatId: 'c1' };

/** A chat with messages 1..n loaded and read up to `readUpTo`. */
function loaded(n: number, readUpTo = n): ChatsState {
  const messages = Array.from({ length: n }, (_, index) => message(index + 1)).reverse();
  const withChat = upsertChat(
    EMPTY_CHATS_STATE,
    chat({ lastMessage: toPreview(messages[0] as Message), lastReadMessageId: id(readUpTo) }),
  );
  return receivePage(withChat, 'c1', { messages, hasMore: false }, 'latest');
}

describe('applyNewMessage', () => {
  it('adds a message in id order, moves the preview and counts it unread when the chat is not on screen', () => {
    const state = applyNewMessage(loaded(2), { chatId: 'c1', message: message(3) }, away);
    expect(state.messages.c1?.ids).toEqual([id(1), id(2), id(3)]);
    expect(state.chats.c1?.lastMessage?.id).toBe(id(3));
    expect(state.unread.c1).toMatchObject({ count: 1, ids: [id(3)] });
  });

  it('ignores the same message twice', () => {
    const once = applyNewMessage(loaded(2), { chatId: 'c1', message: message(3) }, away);
    expect(applyNewMessage(once, { chatId: 'c1', message: message(3) }, away)).toBe(once);
  });

  it('ignores a duplicate even for a chat whose history is not loaded', () => {
    const state = upsertChat(EMPTY_CHATS_STATE, chat());
    const once = applyNewMessage(state, { chatId: 'c1', message: message(3) }, away);
    expect(once.unread.c1?.count).toBe(1);
    expect(once.messages.c1).toBeUndefined();
    expect(applyNewMessage(once, { chatId: 'c1', message: message(3) }, away)).toBe(once);
  });

  it('does not count own messages or the chat being read, and moves the read marker instead', () => {
    const base = applyNewMessage(loaded(2), { chatId: 'c1', message: message(3) }, away);
    const own = applyNewMessage(base, { chatId: 'c1', message: message(4, 'me') }, away);
    expect(own.unread.c1).toEqual({ count: 0, lastReadId: id(4), ids: [], mentions: 0, mentionIds: [] });
    const open = applyNewMessage(loaded(2), { chatId: 'c1', message: message(3) }, reading);
    expect(open.unread.c1).toEqual({ count: 0, lastReadId: id(3), ids: [], mentions: 0, mentionIds: [] });
  });

  it('does not resurrect a deleted message', () => {
    const deleted = applyDeletedMessage(loaded(3), { chatId: 'c1', messageId: id(3) });
    expect(applyNewMessage(deleted, { chatId: 'c1', message: message(3) }, away)).toBe(deleted);
  });

  it('keeps an older message from taking the preview', () => {
    const state = applyNewMessage(loaded(5), { chatId: 'c1', message: message(0, 'u2') }, away);
    expect(state.chats.c1?.lastMessage?.id).toBe(id(5));
    expect(state.unread.c1?.count ?? 0).toBe(0);
  });

  it('ends the author’s typing indicator', () => {
    const typing = applyTyping(loaded(1), { chatId: 'c1', userId: 'u2', name: 'Anna' }, 0);
    expect(applyNewMessage(typing, { chatId: 'c1', message: message(2) }, reading).typing.c1).toEqual({});
  });
});

describe('applyMessagePreview', () => {
  const linkPreview = {
    url: 'https://news.example.test/today',
    title: 'Сегодня',
    description: null,
    image: null,
    favicon: null,
    siteName: 'Пример',
  };

  it('puts the preview on the version it was fetched for, leaving the sidebar preview alone', () => {
    const before = loaded(2);
    const state = applyMessagePreview(before, { chatId: 'c1', messageId: id(2), editedAt: null, linkPreview });
    expect(state.messages.c1?.byId[id(2)]?.linkPreview).toEqual(linkPreview);
    expect(state.chats.c1).toBe(before.chats.c1);
    // A second delivery changes nothing.
    expect(applyMessagePreview(state, { chatId: 'c1', messageId: id(2), editedAt: null, linkPreview })).toBe(state);
  });

  it('ignores a preview of another version, or of a message it does not hold', () => {
    const edited = applyEditedMessage(loaded(2), {
      chatId: 'c1',
      message: message(2, 'u2', { content: 'v2', editedAt: '2025-03-05T11:00:00Z', isEdited: true }),
    });
    expect(applyMessagePreview(edited, { chatId: 'c1', messageId: id(2), editedAt: null, linkPreview })).toBe(edited);
    expect(applyMessagePreview(edited, { chatId: 'c1', messageId: id(9), editedAt: null, linkPreview })).toBe(edited);
    const matching = applyMessagePreview(edited, {
      chatId: 'c1',
      messageId: id(2),
      editedAt: '2025-03-05T11:00:00Z',
      linkPreview,
    });
    expect(matching.messages.c1?.byId[id(2)]?.linkPreview).toEqual(linkPreview);
  });
});

describe('applyEditedMessage', () => {
  const edit = (n: number, content: string, editedAt: string) =>
    message(n, 'u2', { content, editedAt, isEdited: true });

  it('applies a newer edit and updates the preview of the last message', () => {
    const state = applyEditedMessage(loaded(2), { chatId: 'c1', message: edit(2, 'new', '2025-03-05T11:00:00Z') });
    expect(state.messages.c1?.byId[id(2)]).toMatchObject({ content: 'new', isEdited: true });
    expect(state.chats.c1?.lastMessage?.content).toBe('new');
  });

  it('ignores an edit older than, or as old as, the stored one', () => {
    const newer = applyEditedMessage(loaded(2), { chatId: 'c1', message: edit(2, 'v2', '2025-03-05T11:00:00Z') });
    expect(applyEditedMessage(newer, { chatId: 'c1', message: edit(2, 'v1', '2025-03-05T10:59:00Z') })).toBe(newer);
    expect(applyEditedMessage(newer, { chatId: 'c1', message: edit(2, 'v2', '2025-03-05T11:00:00Z') })).toBe(newer);
  });

  it('ignores an edit of a message it does not hold (unless it is the preview)', () => {
    const state = loaded(2);
    expect(applyEditedMessage(state, { chatId: 'c1', message: edit(9, 'x', '2025-03-05T11:00:00Z') })).toBe(state);
  });
});

describe('applyDeletedMessage', () => {
  it('removes the message, falls back to the previous preview and lowers the unread count', () => {
    const state = loaded(3, 1);
    expect(state.unread.c1?.count).toBe(0);
    const withUnread = applyNewMessage(state, { chatId: 'c1', message: message(4) }, away);
    const next = applyDeletedMessage(withUnread, { chatId: 'c1', messageId: id(4) });
    expect(next.messages.c1?.ids).toEqual([id(1), id(2), id(3)]);
    expect(next.chats.c1?.lastMessage?.id).toBe(id(3));
    expect(next.unread.c1).toMatchObject({ count: 0, ids: [] });
  });

  it('lowers a server-side count for an unread message it never loaded', () => {
    const state = upsertChat(EMPTY_CHATS_STATE, chat({ unreadCount: 2, lastReadMessageId: id(1) }));
    expect(applyDeletedMessage(state, { chatId: 'c1', messageId: id(5) }).unread.c1?.count).toBe(1);
  });

  it('ignores a second delete and a delete of an unknown, already read id', () => {
    const once = applyDeletedMessage(loaded(3), { chatId: 'c1', messageId: id(2) });
    expect(applyDeletedMessage(once, { chatId: 'c1', messageId: id(2) })).toBe(once);
    const state = upsertChat(EMPTY_CHATS_STATE, chat({ lastReadMessageId: id(5) }));
    expect(applyDeletedMessage(state, { chatId: 'c1', messageId: id(3) })).toBe(state);
  });

  it('never counts below zero', () => {
    const state = loaded(3, 3);
    expect(applyDeletedMessage(state, { chatId: 'c1', messageId: id(3) }).unread.c1?.count).toBe(0);
  });
});

describe('applyReadMessage', () => {
  const withTwoUnread = () =>
    [4, 5].reduce((state, n) => applyNewMessage(state, { chatId: 'c1', message: message(n) }, away), loaded(3));

  it('resets the badge when one’s own other tab read the newest message', () => {
    const state = applyReadMessage(withTwoUnread(), { chatId: 'c1', userId: 'me', messageId: id(5) }, 'me');
    expect(state.unread.c1).toEqual({ count: 0, lastReadId: id(5), ids: [], mentions: 0, mentionIds: [] });
  });

  it('keeps what arrived after a partial read', () => {
    const state = applyReadMessage(withTwoUnread(), { chatId: 'c1', userId: 'me', messageId: id(4) }, 'me');
    expect(state.unread.c1).toEqual({ count: 1, lastReadId: id(4), ids: [id(5)], mentions: 0, mentionIds: [] });
  });

  it('ignores a marker that moves back or stays, and other readers', () => {
    const read = applyReadMessage(withTwoUnread(), { chatId: 'c1', userId: 'me', messageId: id(5) }, 'me');
    expect(applyReadMessage(read, { chatId: 'c1', userId: 'me', messageId: id(4) }, 'me')).toBe(read);
    expect(applyReadMessage(read, { chatId: 'c1', userId: 'me', messageId: id(5) }, 'me')).toBe(read);
    const state = withTwoUnread();
    expect(applyReadMessage(state, { chatId: 'c1', userId: 'u2', messageId: id(5) }, 'me')).toBe(state);
  });
});

describe('markRead', () => {
  it('clears the badge and never moves the marker back', () => {
    const state = applyNewMessage(loaded(3), { chatId: 'c1', message: message(4) }, away);
    const read = markRead(state, 'c1', id(4));
    expect(read.unread.c1).toEqual({ count: 0, lastReadId: id(4), ids: [], mentions: 0, mentionIds: [] });
    expect(markRead(read, 'c1', id(2))).toBe(read);
  });
});

describe('receivePage', () => {
  it('extends the history upwards with older pages', () => {
    const newest = receivePage(
      EMPTY_CHATS_STATE,
      'c1',
      { messages: [message(4), message(3)], hasMore: true },
      'latest',
    );
    const older = receivePage(newest, 'c1', { messages: [message(2), message(1)], hasMore: false }, 'older');
    expect(older.messages.c1?.ids).toEqual([id(1), id(2), id(3), id(4)]);
    expect(older.messages.c1?.hasMore).toBe(false);
  });

  it('joins an overlapping newest page and keeps the known hasMore', () => {
    const state = receivePage(loaded(3), 'c1', { messages: [message(4), message(3)], hasMore: true }, 'latest');
    expect(state.messages.c1?.ids).toEqual([id(1), id(2), id(3), id(4)]);
    expect(state.messages.c1?.hasMore).toBe(false);
  });

  it('replaces the history when a gap could lie between it and the newest page', () => {
    const state = receivePage(loaded(2), 'c1', { messages: [message(9), message(8)], hasMore: true }, 'latest');
    expect(state.messages.c1?.ids).toEqual([id(8), id(9)]);
    expect(state.messages.c1?.hasMore).toBe(true);
  });

  it('does not bring back deleted messages or undo a newer edit', () => {
    const edited = applyEditedMessage(loaded(3), {
      chatId: 'c1',
      message: message(3, 'u2', { content: 'new', editedAt: '2025-03-05T12:00:00Z', isEdited: true }),
    });
    const deleted = applyDeletedMessage(edited, { chatId: 'c1', messageId: id(2) });
    const state = receivePage(
      deleted,
      'c1',
      { messages: [message(3), message(2), message(1)], hasMore: false },
      'latest',
    );
    expect(state.messages.c1?.ids).toEqual([id(1), id(3)]);
    expect(state.messages.c1?.byId[id(3)]?.content).toBe('new');
  });
});

describe('chat list', () => {
  it('drops direct chats the server no longer lists, keeps the official one', () => {
    const system = chat({ id: 's1', kind: 'system', official: true, canWrite: false });
    const state = receiveChatList(upsertChat(upsertChat(EMPTY_CHATS_STATE, chat()), system), []);
    expect(Object.keys(state.chats)).toEqual(['s1']);
    expect(state.systemChatId).toBe('s1');
  });

  it('keeps a newer read marker and preview than a late REST answer', () => {
    const state = applyReadMessage(
      applyNewMessage(loaded(3), { chatId: 'c1', message: message(4) }, away),
      { chatId: 'c1', userId: 'me', messageId: id(4) },
      'me',
    );
    const late = upsertChat(
      state,
      chat({ unreadCount: 1, lastReadMessageId: id(3), lastMessage: toPreview(message(3)) }),
    );
    expect(late.unread.c1?.count).toBe(0);
    expect(late.chats.c1?.lastMessage?.id).toBe(id(4));
  });
});

describe('typing', () => {
  const payload = { chatId: 'c1', userId: 'u2', name: 'Anna' };

  it('shows until stop_typing, and a stop for someone not typing changes nothing', () => {
    const state = applyTyping(EMPTY_CHATS_STATE, payload, 1000);
    expect(state.typing.c1?.u2).toEqual({ name: 'Anna', until: 1000 + TYPING_TTL_MS });
    const stopped = applyStopTyping(state, payload);
    expect(stopped.typing.c1).toEqual({});
    expect(applyStopTyping(stopped, payload)).toBe(stopped);
  });

  it('expires an indicator whose stop never came', () => {
    const state = applyTyping(EMPTY_CHATS_STATE, payload, 0);
    expect(expireTyping(state, TYPING_TTL_MS - 1)).toBe(state);
    expect(expireTyping(state, TYPING_TTL_MS).typing).toEqual({});
  });
});

describe('mentions of me', () => {
  // "@ME_NICK ping": the mention entity covers "@ME_NICK"; nicknames match case-insensitively.
  const mention = (n: number) =>
    message(n, 'u2', { content: '@ME_NICK ping', entities: [{ type: 'mention', offset: 0, length: 8 }] });

  it('counts an unread message that mentions me, and not one that does not', () => {
    let state = applyNewMessage(loaded(2), { chatId: 'c1', message: mention(3) }, away);
    state = applyNewMessage(state, { chatId: 'c1', message: message(4) }, away);
    expect(state.unread.c1).toMatchObject({ count: 2, mentions: 1, mentionIds: [id(3)] });
  });

  it('does not count a mention in the chat on screen, and reading clears the count', () => {
    expect(applyNewMessage(loaded(2), { chatId: 'c1', message: mention(3) }, reading).unread.c1?.mentions).toBe(0);
    const unread = applyNewMessage(loaded(2), { chatId: 'c1', message: mention(3) }, away);
    expect(markRead(unread, 'c1', id(3)).unread.c1).toMatchObject({ count: 0, mentions: 0, mentionIds: [] });
  });

  it('takes the server count from the chat list, and a read on another tab clears what it covers', () => {
    const listed = upsertChat(EMPTY_CHATS_STATE, chat({ unreadCount: 3, mentionCount: 2 }));
    expect(listed.unread.c1).toMatchObject({ count: 3, mentions: 2 });
    let state = applyNewMessage(loaded(2), { chatId: 'c1', message: mention(3) }, away);
    state = applyNewMessage(state, { chatId: 'c1', message: mention(4) }, away);
    const read = applyReadMessage(state, { chatId: 'c1', userId: 'me', messageId: id(3) }, 'me');
    expect(read.unread.c1).toMatchObject({ count: 1, mentions: 1, mentionIds: [id(4)] });
  });

  it('a deleted unread mention leaves the count; an edit that adds or removes the mention moves it', () => {
    let state = applyNewMessage(loaded(2), { chatId: 'c1', message: mention(3) }, away);
    state = applyNewMessage(state, { chatId: 'c1', message: message(4) }, away);
    const edited = (n: number, content: string, entities: Message['entities']) =>
      ({ ...message(n), content, entities, editedAt: new Date(Date.now() + 1000).toISOString() }) as Message;
    const added = applyEditedMessage(
      state,
      { chatId: 'c1', message: edited(4, '@me_nick hi', [{ type: 'mention', offset: 0, length: 8 }]) },
      'me_nick',
    );
    expect(added.unread.c1).toMatchObject({ mentions: 2, mentionIds: [id(3), id(4)] });
    const removed = applyEditedMessage(added, { chatId: 'c1', message: edited(3, 'ping', []) }, 'me_nick');
    expect(removed.unread.c1).toMatchObject({ mentions: 1, mentionIds: [id(4)] });
    const deleted = applyDeletedMessage(removed, { chatId: 'c1', messageId: id(4) });
    expect(deleted.unread.c1).toMatchObject({ count: 1, mentions: 0, mentionIds: [] });
  });
});
