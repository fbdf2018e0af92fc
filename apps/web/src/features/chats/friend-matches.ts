import type { Contact } from '@beseda/protocol/contacts';
import type { ChatDirectory } from './chats-state';

/**
 * «Найти собеседника» searches friends too (spec §2 "search friends", issue 12 bug 7): the friends matching the query
 * by nickname or name who have no direct chat in the list yet — those with one already show as a chat row.
 * Sorted by nickname; an empty query matches nobody (the sidebar is not a second friends list).
 */
export function friendsWithoutChat(contacts: readonly Contact[], directory: ChatDirectory, query: string): Contact[] {
  const needle = query.trim().toLocaleLowerCase('ru');
  if (needle === '') return [];
  const withChat = new Set(
    Object.values(directory.chats)
      .filter((chat) => chat.kind === 'direct')
      .map((chat) => chat.targetUserId),
  );
  return contacts
    .filter((contact) => contact.status === 'ACCEPTED' && !withChat.has(contact.user.id))
    .filter(({ user }) => [user.nickname, user.name].some((text) => text.toLocaleLowerCase('ru').includes(needle)))
    .sort((a, b) => a.user.nickname.localeCompare(b.user.nickname, 'ru', { sensitivity: 'base' }));
}
