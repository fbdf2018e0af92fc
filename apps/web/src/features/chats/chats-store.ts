import { create } from 'zustand';
import i18next from 'i18next';
import type { Chat, Message } from '@beseda/protocol/chats';
import { parseMarkup } from '@beseda/protocol/markup';
import { isApiError } from '../../lib/api/api-error';
import { createLogger } from '../../lib/logger';
import { queryClient } from '../../lib/query/query-client';
import { updateCached } from '../../lib/query/update-cached';
import { isSignedInAs, useUserStore } from '../auth/user-store';
import { offerNotifications } from '../notifications/notification-prompt-store';
import { showToast } from '../toasts/toast-store';
import * as chatsApi from './chats-api';
import { chatListQuery, EMPTY_CHAT_LIST } from './chats-queries';
import {
  applyDeletedMessage,
  applyEditedMessage,
  applyMessagePreview,
  applyNewMessage,
  applyReadMessage,
  applyStopTyping,
  applyTyping,
  expireTyping,
  markRead,
  receivePage,
  upsertChat,
  type ChatsState,
  type DeletedMessagePayload,
  type EditedMessagePayload,
  type MessagePreviewPayload,
  type NewMessagePayload,
  type ReadMessagePayload,
  type TypingPayload,
} from './chats-state';
import { EMPTY_OUTBOX, enqueue, markFailed, markRetrying, nextToSend, settle, type Outbox } from './outbox';
import { SendQueue } from './send-queue';
import { sendRetryVerdict } from './send-retry';

const log = createLogger('chats');

export type ChatStatus = 'loading' | 'ready' | 'not_found' | 'error';

interface ChatsStore {
  /** Loaded history per chat; the chats themselves and their unread counters are the query cache's (chat list). */
  messages: ChatsState['messages'];
  typing: ChatsState['typing'];
  outbox: Outbox;
  /** The chat on screen (its route is open), whether or not the tab is visible. */
  currentChatId: string | null;
  chatStatus: Readonly<Record<string, ChatStatus>>;
  loadingOlder: Readonly<Record<string, boolean>>;
  /** Chats whose send queue waits out a 429 (issue 12, bug 4): the composer says so, once, calmly. */
  slowedDown: Readonly<Record<string, boolean>>;
  /** A message of the chat on screen to scroll to and light up (a mention opened from the inbox); the list clears it. */
  jumpTarget: { chatId: string; messageId: string } | null;
}

const INITIAL: ChatsStore = {
  messages: {},
  typing: {},
  outbox: EMPTY_OUTBOX,
  currentChatId: null,
  chatStatus: {},
  loadingOlder: {},
  slowedDown: {},
  jumpTarget: null,
};

/** Messages, typing, the outbox and the chat on screen (spec §3 "Chat state"). Actions are the functions below. */
export const useChatsStore = create<ChatsStore>()(() => INITIAL);

const get = useChatsStore.getState;
const set = useChatsStore.setState;

function meId(): string {
  return useUserStore.getState().id;
}

function meNickname(): string {
  return useUserStore.getState().nickname;
}

function tabVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState === 'visible';
}

/** The chat being read right now: open, in a tab the user can see. */
function activeChatId(): string | null {
  return tabVisible() ? get().currentChatId : null;
}

/** The whole chats state the reducers work on: the chat list from the query cache, history and typing from here. */
function current(userId = meId()): ChatsState {
  const { chats, systemChatId, unread } = queryClient.getQueryData(chatListQuery(userId).queryKey) ?? EMPTY_CHAT_LIST;
  const { messages, typing } = get();
  return { chats, systemChatId, unread, messages, typing };
}

/**
 * Runs a reducer of chats-state.ts and writes back the parts it changed. Work that awaited passes the user it started
 * for, and writes nothing if they have signed out since.
 */
function update(change: (state: ChatsState) => ChatsState, userId = meId()): void {
  if (!isSignedInAs(userId)) return;
  const before = current(userId);
  const after = change(before);
  if (after.chats !== before.chats || after.systemChatId !== before.systemChatId || after.unread !== before.unread) {
    const { chats, systemChatId, unread } = after;
    updateCached(queryClient, chatListQuery(userId).queryKey, EMPTY_CHAT_LIST, (list) => ({
      ...list,
      chats,
      systemChatId,
      unread,
    }));
  }
  if (after.messages !== before.messages || after.typing !== before.typing) {
    set({ messages: after.messages, typing: after.typing });
  }
}

/** A chat from a REST answer (opening a friend's chat, a route): into the cached directory. */
export function receiveChat(userId: string, chat: Chat): void {
  update((state) => upsertChat(state, chat), userId);
}

/** A chat we heard of only through an event (someone wrote first) or a route. */
async function refreshChat(userId: string, chatId: string): Promise<void> {
  try {
    receiveChat(userId, await chatsApi.fetchChat(chatId));
  } catch (error) {
    log.warn('Could not load a chat', error);
  }
}

function setChatStatus(chatId: string, status: ChatStatus): void {
  set({ chatStatus: { ...get().chatStatus, [chatId]: status } });
}

/** Keeps `work` in `running` under its chat until it settles; an entry a later start put there is left alone. */
function trackPerChat(running: Map<string, Promise<void>>, chatId: string, work: Promise<void>): Promise<void> {
  const tracked: Promise<void> = work.finally(() => {
    if (running.get(chatId) === tracked) running.delete(chatId);
  });
  running.set(chatId, tracked);
  return tracked;
}

// The load of the chat on screen under way: a jump to one of its messages pages back from its newest page.
const opening = new Map<string, Promise<void>>();
// Counts opens and closes: work started for one visit of a chat (a jump paging back) stops when the visit ends.
let visit = 0;

/** Spec §2 "on route entry": load the chat and its newest page, then mark it read. */
export function openChat(chatId: string): Promise<void> {
  visit += 1;
  return trackPerChat(opening, chatId, loadChat(chatId));
}

async function loadChat(chatId: string): Promise<void> {
  const userId = meId();
  set({ currentChatId: chatId });
  if (get().chatStatus[chatId] !== 'ready') setChatStatus(chatId, 'loading');
  try {
    const [chat, page] = await Promise.all([chatsApi.fetchChat(chatId), chatsApi.fetchMessages(chatId)]);
    if (!isSignedInAs(userId)) return;
    update((state) => receivePage(upsertChat(state, chat), chatId, page, 'latest'), userId);
    setChatStatus(chatId, 'ready');
    readOnScreen(chatId);
  } catch (error) {
    if (!isSignedInAs(userId)) return;
    // The server answers 404 alike for "no such chat" and "not yours" (ids cannot be probed); a bad id is 400.
    const missing = isApiError(error, 404) || isApiError(error, 400);
    if (!missing) log.warn('Could not open a chat', error);
    setChatStatus(chatId, missing ? 'not_found' : 'error');
  }
}

export function closeChat(chatId: string): void {
  visit += 1;
  if (get().currentChatId === chatId) set({ currentChatId: null });
  if (get().jumpTarget?.chatId === chatId) set({ jumpTarget: null });
}

// The older page under way per chat: a second ask (the reader scrolling, a jump paging back) waits for the same one.
const olderInFlight = new Map<string, Promise<void>>();

export function loadOlder(chatId: string): Promise<void> {
  // Running only while the store says so: its page and the flag land in one update, and whoever reacts to that update
  // (the list, still near the top) asks for the next page before the finished promise's own bookkeeping has run.
  const running = olderInFlight.get(chatId);
  if (running && get().loadingOlder[chatId]) return running;
  const held = get().messages[chatId];
  const before = held?.ids[0];
  if (!held || !held.hasMore || !before) return Promise.resolve();
  return trackPerChat(olderInFlight, chatId, fetchOlder(chatId, before));
}

async function fetchOlder(chatId: string, before: string): Promise<void> {
  const userId = meId();
  set({ loadingOlder: { ...get().loadingOlder, [chatId]: true } });
  const done = (change: (state: ChatsState) => ChatsState) => {
    if (!isSignedInAs(userId)) return;
    // One render for the page and the flag: the list must never see "not loading" with the old page still on top.
    const { messages } = change(current(userId));
    set({ messages, loadingOlder: { ...get().loadingOlder, [chatId]: false } });
  };
  try {
    const page = await chatsApi.fetchMessages(chatId, before);
    done((state) => receivePage(state, chatId, page, 'older'));
  } catch (error) {
    log.warn('Could not load older messages', error);
    done((state) => state);
  }
}

/** How many older pages a jump to a message may load: a notification's message is recent (30 are kept). */
export const JUMP_MAX_PAGES = 20;

/**
 * Loads older pages of an open chat until `messageId` is held, and says whether it is there to show. Ids are
 * time-ordered (UUIDv7), so paging stops as soon as the oldest held id is older than the one sought: it was deleted.
 * One further back than JUMP_MAX_PAGES pages is not looked for.
 */
export async function loadUntil(
  chatId: string,
  messageId: string,
  stillWanted: () => boolean = () => true,
): Promise<boolean> {
  for (let pages = 0; stillWanted(); pages += 1) {
    const held = get().messages[chatId];
    if (!held) return false;
    if (held.byId[messageId]) return true;
    const oldest = held.ids[0];
    if (pages === JUMP_MAX_PAGES || !held.hasMore || !oldest || oldest < messageId) return false;
    await loadOlder(chatId);
    if (get().messages[chatId]?.ids[0] === oldest) return false; // the page did not come
  }
  return false;
}

/**
 * Shows a message of the chat on screen (Discord's jump): once the chat's newest page is in, pages back to it, then
 * hands it to the list to scroll to and light up. A message that is gone (deleted, too far back) leaves the chat at
 * its newest message. Called right after `openChat`; leaving the chat (or opening it again) ends the jump.
 */
export async function jumpToMessage(chatId: string, messageId: string): Promise<void> {
  const userId = meId();
  const thisVisit = visit;
  const stillWanted = () => visit === thisVisit && isSignedInAs(userId) && get().currentChatId === chatId;
  await opening.get(chatId);
  if (!stillWanted()) return;
  const found = await loadUntil(chatId, messageId, stillWanted);
  if (found && stillWanted()) set({ jumpTarget: { chatId, messageId } });
}

/** The list scrolled to the jump's message (or found it gone). */
export function clearJump(): void {
  if (get().jumpTarget) set({ jumpTarget: null });
}

// The newest id we told the server per chat: the same marker is never posted twice.
const postedRead = new Map<string, string>();

/**
 * The open chat in a visible tab is read: the badge goes here at once, and the server (and so the other tabs,
 * through `read_message`) learns the newest id.
 */
export function readOnScreen(chatId: string): void {
  if (activeChatId() !== chatId) return;
  const state = current();
  const newest = state.messages[chatId]?.ids.at(-1) ?? state.chats[chatId]?.lastMessage?.id ?? null;
  update((data) => markRead(data, chatId, newest));
  if (!newest || (postedRead.get(chatId) ?? '') >= newest) return;
  postedRead.set(chatId, newest);
  chatsApi.sendRead(chatId, newest).catch((error: unknown) => {
    log.warn('Could not post the read marker', error);
    if (postedRead.get(chatId) === newest) postedRead.delete(chatId);
  });
}

/** The server's copy of one's own message: from the send answer or the realtime echo, whichever comes first. */
function receiveMessage(userId: string, message: Message): void {
  if (!isSignedInAs(userId)) return;
  const viewer = { meId: userId, meNickname: meNickname(), activeChatId: activeChatId() };
  update((state) => applyNewMessage(state, { chatId: message.chatId, message }, viewer), userId);
  set({ outbox: settle(get().outbox, message.clientId) });
}

/** One send of the chat's queue: resolves once the server has the message (answer or echo), throws otherwise. */
async function deliver(chatId: string, clientId: string): Promise<void> {
  const entry = get().outbox[clientId];
  // The echo came first (an earlier attempt did land): nothing left to send.
  if (!entry) return;
  const userId = meId();
  const message = await chatsApi.sendMessage(chatId, {
    content: entry.content,
    entities: [...entry.entities],
    clientId,
    ...(entry.noLinkPreview ? { noLinkPreview: true } : {}),
  });
  receiveMessage(userId, message);
  setSlowedDown(chatId, false);
}

function setSlowedDown(chatId: string, waiting: boolean): void {
  if ((get().slowedDown[chatId] ?? false) === waiting) return;
  set({ slowedDown: { ...get().slowedDown, [chatId]: waiting } });
}

const sendQueue = new SendQueue({
  next: (chatId) => nextToSend(get().outbox, chatId)?.clientId,
  send: deliver,
  failed(clientId, error, attempt) {
    const verdict = sendRetryVerdict(error, attempt);
    const chatId = get().outbox[clientId]?.chatId;
    // Too fast is the user's pace, not a fault: the queue sends it after Retry-After; no toast, a notice instead.
    if (chatId !== undefined) setSlowedDown(chatId, verdict !== 'failed' && isApiError(error, 429));
    if (verdict !== 'failed') {
      log.warn(`Could not send a message; trying again in ${verdict.retryInMs} ms`, error);
      return verdict;
    }
    log.warn('Could not send a message', error);
    set({ outbox: markFailed(get().outbox, clientId) });
    showToast({ type: 'error', title: i18next.t('chat.sendFailed') });
    return verdict;
  },
});

/** The chat's queue waits out the server's rate limit (the composer shows «Вы отправляете сообщения слишком быстро»). */
export function useSlowedDown(chatId: string): boolean {
  return useChatsStore((state) => state.slowedDown[chatId] ?? false);
}

if (typeof window !== 'undefined') window.addEventListener('online', () => sendQueue.wake());

/**
 * Spec §5: blank (trimmed) text is not sent. Returns whether a message went out. `noLinkPreview`: the sender closed
 * the link's preview card.
 */
export function sendText(chatId: string, text: string, options: { noLinkPreview?: boolean } = {}): boolean {
  if (text.trim() === '') return false;
  const { text: content, entities } = parseMarkup(text);
  if (content.trim() === '') return false;
  const clientId = crypto.randomUUID();
  const noLinkPreview = options.noLinkPreview ?? false;
  const createdAt = new Date().toISOString();
  set({ outbox: enqueue(get().outbox, { clientId, chatId, content, entities, noLinkPreview, createdAt }) });
  sendQueue.kick(chatId);
  // The user is messaging: the moment to offer desktop notifications (never on load).
  offerNotifications();
  return true;
}

/**
 * «Повторить»: the same client id, so the server returns the first copy if the first attempt did land. It joins the
 * end of the chat's queue.
 */
export function retrySend(clientId: string): void {
  const outbox = markRetrying(get().outbox, clientId);
  const entry = outbox[clientId];
  if (outbox === get().outbox || !entry) return;
  set({ outbox });
  sendQueue.kick(entry.chatId);
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
  const userId = meId();
  try {
    const message = await chatsApi.editMessage(chatId, messageId, { content, entities });
    update((state) => applyEditedMessage(state, { chatId, message }), userId);
    return true;
  } catch (error) {
    log.warn('Could not edit a message', error);
    showToast({ type: 'error', title: i18next.t('chat.editFailed') });
    return false;
  }
}

export async function deleteOwnMessage(chatId: string, messageId: string): Promise<void> {
  const userId = meId();
  try {
    await chatsApi.deleteMessage(chatId, messageId);
    applyDeleted({ chatId, messageId }, userId);
  } catch (error) {
    log.warn('Could not delete a message', error);
    showToast({ type: 'error', title: i18next.t('chat.deleteFailed') });
  }
}

function applyDeleted(payload: DeletedMessagePayload, userId = meId()): void {
  const before = current(userId).chats[payload.chatId]?.lastMessage?.id;
  update((state) => applyDeletedMessage(state, payload), userId);
  const chat = current(userId).chats[payload.chatId];
  // The preview was the deleted message and nothing older is loaded: ask the server for the new last one.
  if (chat && before === payload.messageId && chat.lastMessage === null) void refreshChat(userId, payload.chatId);
}

// Realtime events (registered in chats-events.ts). Each goes through its pure reducer.

export function onNewMessage(payload: NewMessagePayload): void {
  const userId = meId();
  const known = !!current(userId).chats[payload.chatId];
  if (payload.message.senderId === userId) {
    receiveMessage(userId, payload.message);
  } else {
    const viewer = { meId: userId, meNickname: meNickname(), activeChatId: activeChatId() };
    update((state) => applyNewMessage(state, payload, viewer));
  }
  if (!known) void refreshChat(userId, payload.chatId);
  else readOnScreen(payload.chatId);
}

export function onEditedMessage(payload: EditedMessagePayload): void {
  update((state) => applyEditedMessage(state, payload, meNickname()));
}

export function onMessagePreview(payload: MessagePreviewPayload): void {
  update((state) => applyMessagePreview(state, payload));
}

export function onDeletedMessage(payload: DeletedMessagePayload): void {
  applyDeleted(payload);
}

export function onReadMessage(payload: ReadMessagePayload): void {
  update((state) => applyReadMessage(state, payload, meId()));
}

export function onTyping(payload: TypingPayload, isTyping: boolean): void {
  // Group channels echo the typist's own typing back to them (one publication per group): not news to oneself.
  if (payload.userId === meId()) return;
  update((state) => (isTyping ? applyTyping(state, payload, Date.now()) : applyStopTyping(state, payload)));
}

export function expireTypingNow(): void {
  update((state) => expireTyping(state, Date.now()));
}

/**
 * After a reconnect that could not replay what was missed: the chat list (now if on screen, else when it next
 * shows), and the open chat's newest page.
 */
export function resyncChats(): void {
  void queryClient.invalidateQueries({ queryKey: chatListQuery(meId()).queryKey, exact: true });
  const chatId = get().currentChatId;
  if (chatId && get().chatStatus[chatId] === 'ready') void openChat(chatId);
}

/** Sign-out: the next user starts with no history, no outbox and no read markers posted. */
export function resetChats(): void {
  sendQueue.reset();
  postedRead.clear();
  olderInFlight.clear();
  opening.clear();
  set(INITIAL);
}
