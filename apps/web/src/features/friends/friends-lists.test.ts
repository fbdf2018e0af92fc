import { describe, expect, it } from 'vitest';
import type { Contact } from '@beseda/protocol/contacts';
import { contactsForTab, filterContacts, isOnline, pendingCounts } from './friends-lists';

function contact(
  nickname: string,
  status: Contact['status'],
  direction: Contact['direction'],
  online = false,
): Contact {
  return {
    user: {
      id: nickname,
      nickname,
      name: nickname.toUpperCase(),
      avatarUrl: null,
      online: { status: online ? 'online' : 'offline', lastSeen: null },
    },
    status,
    direction,
  };
}

const [boris, anna] = [contact('boris', 'ACCEPTED', 'OUTGOING', true), contact('anna', 'ACCEPTED', 'INCOMING')];
const list = [
  boris,
  anna,
  contact('vera', 'PENDING', 'OUTGOING'),
  contact('gleb', 'PENDING', 'INCOMING'),
  contact('dan', 'PENDING', 'INCOMING'),
];

describe('friends lists', () => {
  it('presence from the store wins over the snapshot', () => {
    expect(isOnline(anna, {})).toBe(false);
    expect(isOnline(anna, { anna: { online: true, lastSeen: null } })).toBe(true);
    expect(isOnline(boris, { boris: { online: false, lastSeen: null } })).toBe(false);
  });

  it('splits tabs: online friends, all friends by nickname, pending incoming first, blocked empty', () => {
    const names = (tab: Parameters<typeof contactsForTab>[1]) =>
      contactsForTab(list, tab, {}).map((c) => c.user.nickname);
    expect(names('online')).toEqual(['boris']);
    expect(names('all')).toEqual(['anna', 'boris']);
    expect(names('pending')).toEqual(['dan', 'gleb', 'vera']);
    expect(names('blocked')).toEqual([]);
  });

  it('counts pending requests by direction', () => {
    expect(pendingCounts(list)).toEqual({ incoming: 2, outgoing: 1 });
  });

  it('filters by nickname or name, ignoring case', () => {
    expect(filterContacts(list, ' AN').map((c) => c.user.nickname)).toEqual(['anna', 'dan']);
    expect(filterContacts(list, '')).toHaveLength(5);
  });
});
