import type { Chat, ChatEvent, Message, MessagePreview, MessagesResponse } from '@beseda/protocol/chats';
import { mentionsNickname } from '@beseda/protocol/mentions';

/**
 * The chats feature's state and the pure functions that change it. Every function returns the same object when
 * nothing changes, so a duplicate or stale event (the same message twice, an old edit, a delete of something
 * already gone, a read marker that moves back) costs no re-render. Message ids are UUIDv7: comparing them as
 * strings orders them by creation time, which is what "newer" means everywhere here.
 */

type Payload<T extends ChatEvent['type']> = Extract<ChatEvent, { type: T }>['payload'];
export type NewMessagePayload = Payload<'new_message'>;
export type EditedMessagePayload = Payload<'edited_message'>;
export type DeletedMessagePayload = Payload<'deleted_message'>;
export type MessagePreviewPayload = Payload<'message_preview'>;
export type ReadMessagePayload = Payload<'read_message'>;
export type TypingPayload = Payload<'typing'>;

/** The loaded part of one chat's history: a contiguous run of the newest messages, ascending by id. */
export interface ChatMessages {
  byId: Readonly<Record<string, Message>>;
  ids: readonly string[];
  /** Older messages exist on the server (ask with `before` = ids[0]). */
  hasMore: boolean;
  /** Ids deleted while we watched: a late `new_message` or `edited_message` for them must not resurrect them. */
  deleted: Readonly<Record<string, true>>;
}

/** Spec §3 "unread map per chat of message ids": the server's count plus the ids we saw arrive. */
export interface Unread {
  count: number;
  /** Everything after this id is someone else's unread message (sending moves one's own marker). */
  lastReadId: string | null;
  ids: readonly string[];
  /** Of `count`, the messages that mention me (the server's count plus the ids among `ids` that do). */
  mentions: number;
  mentionIds: readonly string[];
}

export interface TypingUser {
  name: string;
  /** Epoch ms after which the indicator goes away if no new `typing` arrives (a lost `stop_typing`). */
  until: number;
}

/** The chats this user knows and their unread counters: server data, cached as the chat list (chats-queries.ts). */
export interface ChatDirectory {
  /** Every known chat by id: direct chats, the official one, and channel chats opened or heard of. */
  chats: Readonly<Record<string, Chat>>;
  systemChatId: string | null;
  unread: Readonly<Record<string, Unread>>;
}

/** The directory plus what the chats store holds for it: loaded history and who is typing. */
export interface ChatsState extends ChatDirectory {
  messages: Readonly<Record<string, ChatMessages>>;
  typing: Readonly<Record<string, Readonly<Record<string, TypingUser>>>>;
}

export const EMPTY_CHAT_DIRECTORY: ChatDirectory = Object.freeze({ chats: {}, systemChatId: null, unread: {} });

export const EMPTY_CHATS_STATE: ChatsState = Object.freeze({ ...EMPTY_CHAT_DIRECTORY, messages: {}, typing: {} });

/** How long a `typing` holds without a refresh; senders repeat it while typing (see typing-notifier.ts). */
export const TYPING_TTL_MS = 8000;

/** Who is asking: own messages never count as unread, and the chat on screen is read as messages arrive. */
export interface Viewer {
  meId: string;
  /** Whose `@nick` mentions count as mentioning me (case-insensitive); empty before the profile loads. */
  meNickname: string;
  /** The chat open in a visible tab, if any. */
  activeChatId: string | null;
}

function newer(a: string | null | undefined, b: string | null | undefined): boolean {
  return !!a && (!b || a > b);
}

function time(iso: string | null): number {
  if (!iso) return Number.NEGATIVE_INFINITY;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
}

export function toPreview(message: Message): MessagePreview {
  const { id, content, kind, system, senderId, createdAt } = message;
  return { id, content, kind, system, senderId, createdAt };
}

function withoutKey<T>(record: Readonly<Record<string, T>>, key: string): Readonly<Record<string, T>> {
  if (!(key in record)) return record;
  return Object.fromEntries(Object.entries(record).filter(([name]) => name !== key));
}

/**
 * A chat from a REST answer. Its unread counter comes along unless we already track a newer read marker (a
 * `read_message` that overtook the response).
 */
export function upsertChat<S extends ChatDirectory>(state: S, chat: Chat): S {
  const held = state.unread[chat.id];
  const unread =
    held && newer(held.lastReadId, chat.lastReadMessageId)
      ? state.unread
      : {
          ...state.unread,
          [chat.id]: {
            count: chat.unreadCount,
            lastReadId: chat.lastReadMessageId,
            ids: [],
            mentions: chat.mentionCount,
            mentionIds: [],
          },
        };
  const known = state.chats[chat.id];
  // A response that left before a realtime message arrived must not take the newer preview away.
  const lastMessage =
    known?.lastMessage && newer(known.lastMessage.id, chat.lastMessage?.id) ? known.lastMessage : chat.lastMessage;
  return {
    ...state,
    chats: { ...state.chats, [chat.id]: { ...chat, lastMessage } },
    systemChatId: chat.kind === 'system' ? chat.id : state.systemChatId,
    unread,
  };
}

/** The chat list (`GET /api/chat`): direct chats missing from it are gone (the friendship ended and hid them). */
export function receiveChatList<S extends ChatDirectory>(state: S, chats: readonly Chat[]): S {
  const listed = new Set(chats.map((chat) => chat.id));
  let next: S = {
    ...state,
    chats: Object.fromEntries(
      Object.entries(state.chats).filter(([id, chat]) => chat.kind !== 'direct' || listed.has(id)),
    ),
  };
  for (const chat of chats) next = upsertChat(next, chat);
  return next;
}

/** `state` with one chat's held messages replaced. */
function withMessages(state: ChatsState, chatId: string, messages: ChatMessages): ChatsState {
  return { ...state, messages: { ...state.messages, [chatId]: messages } };
}

/** `state` with one chat's preview (its last message) replaced. */
function withPreview(state: ChatsState, chat: Chat, lastMessage: Chat['lastMessage']): ChatsState {
  return { ...state, chats: { ...state.chats, [chat.id]: { ...chat, lastMessage } } };
}

function sortedUnion(a: readonly string[], b: readonly string[]): string[] {
  return [...new Set([...a, ...b])].sort();
}

/**
 * A page of history (newest first, as the server sends it). `latest` is the newest page: it joins what we hold
 * when the two overlap or touch, and replaces it when a gap could lie between them (we were away too long).
 * `older` extends the history upwards.
 */
export function receivePage(
  state: ChatsState,
  chatId: string,
  page: MessagesResponse,
  which: 'latest' | 'older',
): ChatsState {
  const held = state.messages[chatId];
  const deleted = held?.deleted ?? {};
  const incoming = page.messages.filter((message) => !deleted[message.id]);
  const pageIds = incoming.map((message) => message.id).sort();
  const oldestInPage = page.messages.reduce<string | null>(
    (min, message) => (min === null || message.id < min ? message.id : min),
    null,
  );
  const newestHeld = held?.ids.at(-1);
  const gap = which === 'latest' && page.hasMore && !!newestHeld && !!oldestInPage && oldestInPage > newestHeld;
  const base = !held || gap ? { byId: {}, ids: [] as readonly string[], hasMore: page.hasMore } : held;
  const byId: Record<string, Message> = { ...base.byId };
  for (const message of incoming) {
    const known = byId[message.id];
    if (!known || time(message.editedAt) > time(known.editedAt)) byId[message.id] = message;
  }
  const hasMore = which === 'older' || !held || gap ? page.hasMore : base.hasMore;
  return withMessages(state, chatId, { byId, ids: sortedUnion(base.ids, pageIds), hasMore, deleted });
}

const NO_UNREAD: Unread = Object.freeze({ count: 0, lastReadId: null, ids: [], mentions: 0, mentionIds: [] });

/** Whether a message mentions the viewer: its `mention` entities name their nickname. */
export function mentionsMe(
  message: { content: string; entities: readonly Message['entities'][number][] },
  meNickname: string,
): boolean {
  return meNickname !== '' && mentionsNickname(message, meNickname);
}

function unreadOf(state: ChatDirectory, chatId: string): Unread {
  return state.unread[chatId] ?? NO_UNREAD;
}

/** The chat is read up to `messageId` here (opened, or read on screen): the badge goes, the marker moves on. */
export function markRead<S extends ChatDirectory>(state: S, chatId: string, messageId: string | null): S {
  const unread = unreadOf(state, chatId);
  const lastReadId = newer(messageId, unread.lastReadId) ? messageId : unread.lastReadId;
  if (unread.count === 0 && unread.ids.length === 0 && unread.mentions === 0 && lastReadId === unread.lastReadId) {
    return state;
  }
  return { ...state, unread: { ...state.unread, [chatId]: { ...NO_UNREAD, lastReadId } } };
}

/** `new_message`: a message appears once, whoever sent it and however many times it is delivered. */
export function applyNewMessage(state: ChatsState, payload: NewMessagePayload, viewer: Viewer): ChatsState {
  const { chatId, message } = payload;
  const chat = state.chats[chatId];
  const held = state.messages[chatId];
  const unread = unreadOf(state, chatId);
  const seen =
    !!held?.byId[message.id] ||
    !!held?.deleted[message.id] ||
    chat?.lastMessage?.id === message.id ||
    unread.ids.includes(message.id);
  if (seen) return state;

  let next = state;
  if (held) {
    // Only a chat whose newest page is loaded grows here; any other fetches the message with its history.
    next = withMessages(next, chatId, {
      ...held,
      byId: { ...held.byId, [message.id]: message },
      ids: sortedUnion(held.ids, [message.id]),
    });
  }
  if (chat && newer(message.id, chat.lastMessage?.id)) {
    next = withPreview(next, chat, toPreview(message));
  }
  // A message ends its author's typing, whether or not their `stop_typing` arrives first.
  if (message.senderId) next = applyStopTyping(next, { chatId, userId: message.senderId });
  if (message.senderId === viewer.meId || viewer.activeChatId === chatId) {
    // Sending moves one's own read marker on the server; the open chat is read as the message shows.
    return markRead(next, chatId, message.id);
  }
  if (!newer(message.id, unread.lastReadId)) return next;
  const mention = mentionsMe(message, viewer.meNickname);
  const counted: Unread = {
    ...unread,
    count: unread.count + 1,
    ids: [...unread.ids, message.id],
    mentions: mention ? unread.mentions + 1 : unread.mentions,
    mentionIds: mention ? [...unread.mentionIds, message.id] : unread.mentionIds,
  };
  return { ...next, unread: { ...next.unread, [chatId]: counted } };
}

/**
 * `edited_message`: applied only when newer than the copy we hold (by `editedAt`). An unread message we saw arrive
 * that gains or loses a mention of me moves the mention count (the server resolves mentions on edits too).
 */
export function applyEditedMessage(state: ChatsState, payload: EditedMessagePayload, meNickname = ''): ChatsState {
  const { chatId, message } = payload;
  state = withEditedMention(state, chatId, message, meNickname);
  const held = state.messages[chatId];
  const chat = state.chats[chatId];
  let next = state;
  const known = held?.byId[message.id];
  if (held && known && time(message.editedAt) > time(known.editedAt)) {
    next = withMessages(next, chatId, { ...held, byId: { ...held.byId, [message.id]: message } });
  }
  // The preview has no `editedAt` to compare: follow the held copy when we have one, else the event.
  const previewStale = chat?.lastMessage?.id === message.id && chat.lastMessage.content !== message.content;
  if (chat && previewStale && (!known || next !== state)) {
    next = withPreview(next, chat, toPreview(message));
  }
  return next;
}

function withEditedMention(state: ChatsState, chatId: string, message: Message, meNickname: string): ChatsState {
  const unread = state.unread[chatId];
  if (!unread?.ids.includes(message.id)) return state;
  const was = unread.mentionIds.includes(message.id);
  const is = mentionsMe(message, meNickname);
  if (was === is) return state;
  const mentionIds = is ? [...unread.mentionIds, message.id] : unread.mentionIds.filter((id) => id !== message.id);
  const mentions = Math.max(0, unread.mentions + (is ? 1 : -1));
  return { ...state, unread: { ...state.unread, [chatId]: { ...unread, mentions, mentionIds } } };
}

/**
 * `message_preview`: the link preview of one version of a message (the one with this `editedAt`). A held copy of
 * another version ignores it: a newer edit brings its own preview (or clears it), and an older copy gets the newer
 * version, preview included, from its `edited_message`. The sidebar preview shows no link previews.
 */
export function applyMessagePreview(state: ChatsState, payload: MessagePreviewPayload): ChatsState {
  const { chatId, messageId, editedAt, linkPreview } = payload;
  const held = state.messages[chatId];
  const known = held?.byId[messageId];
  if (!held || !known || known.editedAt !== editedAt) return state;
  if (JSON.stringify(known.linkPreview) === JSON.stringify(linkPreview)) return state;
  return withMessages(state, chatId, { ...held, byId: { ...held.byId, [messageId]: { ...known, linkPreview } } });
}

/**
 * `deleted_message`: the message goes, and if it was someone's unread message the badge falls. Everything newer
 * than the read marker is another member's unread message (one's own sends move the marker), so this holds even
 * for a message we never loaded. A second delivery finds the tombstone and changes nothing.
 */
export function applyDeletedMessage(state: ChatsState, payload: DeletedMessagePayload): ChatsState {
  const { chatId, messageId } = payload;
  const held = state.messages[chatId];
  if (held?.deleted[messageId]) return state;
  const chat = state.chats[chatId];
  const unread = unreadOf(state, chatId);
  const known = !!held?.byId[messageId];
  const wasLast = chat?.lastMessage?.id === messageId;
  const wasUnread = unread.count > 0 && newer(messageId, unread.lastReadId);
  if (!known && !wasLast && !wasUnread && !held) return state;

  let next = state;
  if (held) {
    next = withMessages(next, chatId, {
      ...held,
      byId: withoutKey(held.byId, messageId),
      ids: held.ids.filter((id) => id !== messageId),
      deleted: { ...held.deleted, [messageId]: true },
    });
  }
  if (chat && wasLast) {
    // The preview falls back to the newest message still loaded; the store refetches the chat when there is none.
    const previousId = next.messages[chatId]?.ids.at(-1);
    const previous = previousId ? next.messages[chatId]?.byId[previousId] : undefined;
    next = withPreview(next, chat, previous ? toPreview(previous) : null);
  }
  if (wasUnread) {
    next = {
      ...next,
      unread: {
        ...next.unread,
        [chatId]: {
          ...unread,
          count: unread.count - 1,
          ids: unread.ids.filter((id) => id !== messageId),
          mentions: unread.mentionIds.includes(messageId) ? unread.mentions - 1 : unread.mentions,
          mentionIds: unread.mentionIds.filter((id) => id !== messageId),
        },
      },
    };
  }
  return next;
}

/**
 * `read_message`: the reader's own other tab read the chat — the badge follows. Another member's marker is not
 * shown (yet), so it changes nothing. A marker at or behind ours is stale.
 */
export function applyReadMessage(state: ChatsState, payload: ReadMessagePayload, meId: string): ChatsState {
  if (payload.userId !== meId) return state;
  const unread = unreadOf(state, payload.chatId);
  if (!newer(payload.messageId, unread.lastReadId)) return state;
  const ids = unread.ids.filter((id) => id > payload.messageId);
  const newest = state.chats[payload.chatId]?.lastMessage?.id;
  // Read up to the newest message: nothing is left. Otherwise what remains is at most what we saw arrive after it.
  const count = newest && payload.messageId >= newest ? 0 : Math.min(unread.count, ids.length);
  const mentionIds = unread.mentionIds.filter((id) => id > payload.messageId);
  const mentions = count === 0 ? 0 : Math.min(unread.mentions, mentionIds.length);
  return {
    ...state,
    unread: { ...state.unread, [payload.chatId]: { count, lastReadId: payload.messageId, ids, mentions, mentionIds } },
  };
}

export function applyTyping(state: ChatsState, payload: TypingPayload, now: number): ChatsState {
  const users = state.typing[payload.chatId] ?? {};
  return {
    ...state,
    typing: {
      ...state.typing,
      [payload.chatId]: { ...users, [payload.userId]: { name: payload.name, until: now + TYPING_TTL_MS } },
    },
  };
}

export function applyStopTyping(state: ChatsState, payload: Pick<TypingPayload, 'chatId' | 'userId'>): ChatsState {
  const users = state.typing[payload.chatId];
  if (!users?.[payload.userId]) return state;
  return { ...state, typing: { ...state.typing, [payload.chatId]: withoutKey(users, payload.userId) } };
}

/** Drops indicators whose `stop_typing` never came. */
export function expireTyping(state: ChatsState, now: number): ChatsState {
  let changed = false;
  const typing: Record<string, Readonly<Record<string, TypingUser>>> = {};
  for (const [chatId, users] of Object.entries(state.typing)) {
    const alive = Object.entries(users).filter(([, user]) => user.until > now);
    if (alive.length !== Object.keys(users).length) changed = true;
    if (alive.length > 0) typing[chatId] = Object.fromEntries(alive);
    else if (Object.keys(users).length > 0) changed = true;
  }
  return changed ? { ...state, typing } : state;
}
