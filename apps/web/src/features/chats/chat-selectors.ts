import type { Chat } from '@beseda/protocol/chats';
import type { PublicUser } from '@beseda/protocol/user';
import type { PresenceMap } from '../presence/presence';
import type { ChatDirectory } from './chats-state';

/** Derived views of the chats state, pure so the sidebar order and filters are tested without React. */

function lastActivity(chat: Chat): string {
  return chat.lastMessage?.id ?? '';
}

/** Spec §2: personal chats by last message time, newest first (UUIDv7 ids sort by time); empty chats last. */
export function sortedDirectChats(state: ChatDirectory): Chat[] {
  return Object.values(state.chats)
    .filter((chat) => chat.kind === 'direct')
    .sort((a, b) => lastActivity(b).localeCompare(lastActivity(a)) || a.name.localeCompare(b.name, 'ru'));
}

/** The other member of a direct chat. */
export function chatPeer(chat: Chat): PublicUser | null {
  return chat.chatUsers.find((user) => user.id === chat.targetUserId) ?? null;
}

/** «Найти собеседника»: by the shown name, and by nickname for direct chats; case-insensitive. */
export function matchesQuery(chat: Chat, shownName: string, query: string): boolean {
  const q = query.trim().toLocaleLowerCase('ru');
  if (q === '') return true;
  const peer = chatPeer(chat);
  return [shownName, chat.name, peer?.nickname ?? '', peer?.name ?? ''].some((text) =>
    text.toLocaleLowerCase('ru').includes(q),
  );
}

/**
 * Presence of a direct chat's peer: a live `set_online_status` wins over the status the chat came with, which is
 * only as fresh as the last REST answer.
 */
export function isPeerOnline(chat: Chat, presence: PresenceMap, stale = false): boolean {
  if (chat.kind !== 'direct') return true;
  if (stale) return false;
  const live = chat.targetUserId ? presence[chat.targetUserId] : undefined;
  return live ? live.online : chat.status.status === 'online';
}
