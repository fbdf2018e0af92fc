import { create } from 'zustand';
import i18next from 'i18next';
import type { Chat, Message } from '@beseda/protocol/chats';
import { parseMarkup } from '@beseda/protocol/markup';
import { isApiError } from '../../lib/api/api-error';
import { createLogger } from '../../lib/logger';
import { useUserStore } from '../auth/user-store';
import { showToast } from '../toasts/toast-store';
import * as chatsApi from './chats-api';
import {
  applyDeletedMessage,
  applyEditedMessage,
  applyNewMessage,
  applyReadMessage,
  applyStopTyping,
  applyTyping,
  EMPTY_CHATS_STATE,
  expireTyping,
  markRead,
  receiveChatList,
  receivePage,
  upsertChat,
  type ChatsState,
  type DeletedMessagePayload,
  type EditedMessagePayload,
  type NewMessagePayload,
  type ReadMessagePayload,
  type TypingPayload,
} from './chats-state';
import { EMPTY_OUTBOX, enqueue, markFailed, markRetrying, settle, type Outbox } from './outbox';

const log = createLogger('chats');

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';
export type ChatStatus = 'loading' | 'ready' | 'not_found' | 'error';

interface ChatsStore {
  data: ChatsState;
  outbox: Outbox;
  listStatus: LoadStatus;
  /** The chat on screen (its route is open), whether or not the tab is visible. */
  currentChatId: string | null;
  chatStatus: Readonly<Record<string, ChatStatus>>;
  loadingOlder: Readonly<Record<string, boolean>>;
}

const INITIAL: ChatsStore = {
  data: EMPTY_CHATS_STATE,
  outbox: EMPTY_OUTBOX,
  listStatus: 'idle',
  currentChatId: null,
  chatStatus: {},
  loadingOlder: {},
};

/** Chats, messages, unread counters, typing and the outbox (spec §3 "Chat state"). Actions are functions below. */
export const useChatsStore = create<ChatsStore>()(() => INITIAL);

const get = useChatsStore.getState;
const set = useChatsStore.setState;

function meId(): string {
  return useUserStore.getState().id;
}

function tabVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState === 'visible';
}

/** The chat being read right now: open, in a tab the user can see. */
function activeChatId(): string | null {
  return tabVisible() ? get().currentChatId : null;
}

function update(change: (data: ChatsState) => ChatsState): void {
  const data = change(get().data);
  if (data !== get().data) set({ data });
}

// Bumped on reset, so answers to the previous user's requests are thrown away.
let generation = 0;

export async function loadChats(): Promise<void> {
  set({ listStatus: get().listStatus === 'ready' ? 'ready' : 'loading' });
  const started = generation;
  try {
    const [chats, system] = await Promise.all([chatsApi.fetchChats(), chatsApi.fetchSystemChat()]);
    if (started !== generation) return;
    update((data) => upsertChat(receiveChatList(data, chats), system));
    set({ listStatus: 'ready' });
  } catch (error) {
    log.warn('Could not load chats', error);
    if (started === generation) set({ listStatus: 'error' });
  }
}

/** A chat we heard of only through an event (someone wrote first) or a route. */
async function refreshChat(chatId: string): Promise<Chat | null> {
  const started = generation;
  try {
    const chat = await chatsApi.fetchChat(chatId);
    if (started === generation) update((data) => upsertChat(data, chat));
    return chat;
  } catch (error) {
    log.warn('Could not load a chat', error);
    return null;
  }
}

function setChatStatus(chatId: string, status: ChatStatus): void {
  set({ chatStatus: { ...get().chatStatus, [chatId]: status } });
}

/** Spec §2 "on route entry": load the chat and its newest page, then mark it read. */
export async function openChat(chatId: string): Promise<void> {
  set({ currentChatId: chatId });
  if (get().chatStatus[chatId] !== 'ready') setChatStatus(chatId, 'loading');
  const started = generation;
  try {
    const [chat, page] = await Promise.all([chatsApi.fetchChat(chatId), chatsApi.fetchMessages(chatId)]);
    if (started !== generation) return;
    update((data) => receivePage(upsertChat(data, chat), chatId, page, 'latest'));
    setChatStatus(chatId, 'ready');
    readOnScreen(chatId);
  } catch (error) {
    if (started !== generation) return;
    // The server answers 404 alike for "no such chat" and "not yours" (ids cannot be probed); a bad id is 400.
    const missing = isApiError(error, 404) || isApiError(error, 400);
    if (!missing) log.warn('Could not open a chat', error);
    setChatStatus(chatId, missing ? 'not_found' : 'error');
  }
}

export function closeChat(chatId: string): void {
  if (get().currentChatId === chatId) set({ currentChatId: null });
}

export async function loadOlder(chatId: string): Promise<void> {
  const held = get().data.messages[chatId];
  const before = held?.ids[0];
  if (!held || !held.hasMore || !before || get().loadingOlder[chatId]) return;
  set({ loadingOlder: { ...get().loadingOlder, [chatId]: true } });
  const started = generation;
  const done = (data: ChatsState) =>
    started === generation && set({ data, loadingOlder: { ...get().loadingOlder, [chatId]: false } });
  try {
    const page = await chatsApi.fetchMessages(chatId, before);
    // One update for the page and the flag: the list must never see "not loading" with the old page still on top.
    done(receivePage(get().data, chatId, page, 'older'));
  } catch (error) {
    log.warn('Could not load older messages', error);
    done(get().data);
  }
}

// The newest id we told the server per chat: the same marker is never posted twice.
const postedRead = new Map<string, string>();

/**
 * The open chat in a visible tab is read: the badge goes here at once, and the server (and so the other tabs,
 * through `read_message`) learns the newest id.
 */
export function readOnScreen(chatId: string): void {
  if (activeChatId() !== chatId) return;
  const held = get().data.messages[chatId];
  const newest = held?.ids.at(-1) ?? get().data.chats[chatId]?.lastMessage?.id ?? null;
  update((data) => markRead(data, chatId, newest));
  if (!newest || (postedRead.get(chatId) ?? '') >= newest) return;
  postedRead.set(chatId, newest);
  chatsApi.sendRead(chatId, newest).catch((error: unknown) => {
    log.warn('Could not post the read marker', error);
    if (postedRead.get(chatId) === newest) postedRead.delete(chatId);
  });
}

/** The server's copy of one's own message: from the send answer or the realtime echo, whichever comes first. */
function receiveMessage(message: Message): void {
  set({
    data: applyNewMessage(
      get().data,
      { chatId: message.chatId, message },
      { meId: meId(), activeChatId: activeChatId() },
    ),
    outbox: settle(get().outbox, message.clientId),
  });
}

async function deliver(clientId: string): Promise<void> {
  const entry = get().outbox[clientId];
  if (!entry) return;
  const started = generation;
  try {
    const message = await chatsApi.sendMessage(entry.chatId, {
      content: entry.content,
      entities: [...entry.entities],
      clientId,
    });
    if (started === generation) receiveMessage(message);
  } catch (error) {
    if (started !== generation) return;
    log.warn('Could not send a message', error);
    set({ outbox: markFailed(get().outbox, clientId) });
    showToast({ type: 'error', title: i18next.t('chat.sendFailed') });
  }
}

/** Spec §5: blank (trimmed) text is not sent. Returns whether a message went out. */
export function sendText(chatId: string, text: string): boolean {
  if (text.trim() === '') return false;
  const { text: content, entities } = parseMarkup(text);
  if (content.trim() === '') return false;
  const clientId = crypto.randomUUID();
  set({ outbox: enqueue(get().outbox, { clientId, chatId, content, entities, createdAt: new Date().toISOString() }) });
  void deliver(clientId);
  return true;
}

/** «Повторить»: the same client id, so the server returns the first copy if the first attempt did land. */
export function retrySend(clientId: string): void {
  const outbox = markRetrying(get().outbox, clientId);
  if (outbox === get().outbox) return;
  set({ outbox });
  void deliver(clientId);
}

export function discardFailed(clientId: string): void {
  const entry = get().outbox[clientId];
  if (entry?.status === 'failed') set({ outbox: settle(get().outbox, clientId) });
}

/** Inline edit: blank text is not saved (spec §4). Resolves whether the edit was saved. */
export async function editText(chatId: string, messageId: string, text: string): Promise<boolean> {
  if (text.trim() === '') return false;
  const { text: content, entities } = parseMarkup(text);
  if (content.trim() === '') return false;
  try {
    const message = await chatsApi.editMessage(chatId, messageId, { content, entities });
    update((data) => applyEditedMessage(data, { chatId, message }));
    return true;
  } catch (error) {
    log.warn('Could not edit a message', error);
    showToast({ type: 'error', title: i18next.t('chat.editFailed') });
    return false;
  }
}

export async function deleteOwnMessage(chatId: string, messageId: string): Promise<void> {
  try {
    await chatsApi.deleteMessage(chatId, messageId);
    onDeletedMessage({ chatId, messageId });
  } catch (error) {
    log.warn('Could not delete a message', error);
    showToast({ type: 'error', title: i18next.t('chat.deleteFailed') });
  }
}

// Realtime events (registered in chats-events.ts). Each goes through its pure reducer.

export function onNewMessage(payload: NewMessagePayload): void {
  const known = !!get().data.chats[payload.chatId];
  if (payload.message.senderId === meId()) {
    receiveMessage(payload.message);
  } else {
    update((data) => applyNewMessage(data, payload, { meId: meId(), activeChatId: activeChatId() }));
  }
  if (!known) void refreshChat(payload.chatId);
  else readOnScreen(payload.chatId);
}

export function onEditedMessage(payload: EditedMessagePayload): void {
  update((data) => applyEditedMessage(data, payload));
}

export function onDeletedMessage(payload: DeletedMessagePayload): void {
  const before = get().data.chats[payload.chatId]?.lastMessage?.id;
  update((data) => applyDeletedMessage(data, payload));
  const chat = get().data.chats[payload.chatId];
  // The preview was the deleted message and nothing older is loaded: ask the server for the new last one.
  if (chat && before === payload.messageId && chat.lastMessage === null) void refreshChat(payload.chatId);
}

export function onReadMessage(payload: ReadMessagePayload): void {
  update((data) => applyReadMessage(data, payload, meId()));
}

export function onTyping(payload: TypingPayload, isTyping: boolean): void {
  // Group channels echo the typist's own typing back to them (one publication per group): not news to oneself.
  if (payload.userId === meId()) return;
  update((data) => (isTyping ? applyTyping(data, payload, Date.now()) : applyStopTyping(data, payload)));
}

export function expireTypingNow(): void {
  update((data) => expireTyping(data, Date.now()));
}

/** After a reconnect that could not replay what was missed: the list, and the open chat's newest page. */
export function resyncChats(): void {
  void loadChats();
  const chatId = get().currentChatId;
  if (chatId && get().chatStatus[chatId] === 'ready') void openChat(chatId);
}

export function resetChats(): void {
  generation += 1;
  postedRead.clear();
  set(INITIAL);
}

// Another user must never see this user's chats: forget everything when the signed-in user changes.
useUserStore.subscribe((state, previous) => {
  if (state.id !== previous.id) resetChats();
});
