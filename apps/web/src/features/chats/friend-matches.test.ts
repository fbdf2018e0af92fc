import { describe, expect, it } from 'vitest';
import type { Contact } from '@beseda/protocol/contacts';
import { EMPTY_CHAT_DIRECTORY, upsertChat } from './chats-state';
import { friendsWithoutChat } from './friend-matches';
import { testChat } from './test-chat';

function contact(id: string, nickname: string, name: string, status: Contact['status'] = 'ACCEPTED'): Contact {
  return {
    user: { id, nickname, name, avatarUrl: null, online: { status: 'offline', lastSeen: null } },
    status,
    direction: 'OUTGOING',
  };
}

const contacts = [
  contact('u-boris', 'boris', 'Борис'),
  contact('u-anna', 'anna_k', 'Анна'),
  contact('u-vera', 'vera', 'Вера', 'PENDING'),
  contact('u-ann2', 'annushka', 'Аннушка'),
];
// Anna already has a chat: she shows as a chat row, not again as a friend.
const directory = upsertChat(EMPTY_CHAT_DIRECTORY, testChat({ id: 'c-anna', targetUserId: 'u-anna' }));

describe('friendsWithoutChat', () => {
  it('finds friends without a chat by nickname, case-insensitively', () => {
    expect(friendsWithoutChat(contacts, directory, 'ANN').map((c) => c.user.nickname)).toEqual(['annushka']);
  });

  it('finds them by name', () => {
    expect(friendsWithoutChat(contacts, directory, 'бор').map((c) => c.user.nickname)).toEqual(['boris']);
  });

  it('leaves out pending requests and friends who have a chat', () => {
    expect(friendsWithoutChat(contacts, directory, 'vera')).toEqual([]);
    expect(friendsWithoutChat(contacts, directory, 'anna_k')).toEqual([]);
  });

  it('matches nobody on an empty query', () => {
    expect(friendsWithoutChat(contacts, directory, '  ')).toEqual([]);
  });
});
