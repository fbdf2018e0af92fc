import { describe, expect, it } from 'vitest';
import type { Contact } from '@beseda/protocol/contacts';
import { applyContactChange, applyLocalAction, applySnapshot, applyUpsert, EMPTY_CONTACTS } from './contacts';

function contact(id: string, status: Contact['status'] = 'ACCEPTED', direction: Contact['direction'] = 'OUTGOING') {
  return {
    user: {
      id,
      nickname: `nick_${id}`,
      name: `Name ${id}`,
      avatarUrl: null,
      online: { status: 'offline', lastSeen: null },
    },
    status,
    direction,
  } satisfies Contact;
}

describe('applySnapshot', () => {
  it('applies the first snapshot and a newer one', () => {
    const one = applySnapshot(EMPTY_CONTACTS, [contact('a')], 1);
    expect(one).toEqual({ contacts: [contact('a')], version: 1 });
    expect(applySnapshot(one, [contact('b')], 3).contacts).toEqual([contact('b')]);
  });

  it('drops a response that was requested before something newer was applied (out of order, stale)', () => {
    const newer = applySnapshot(EMPTY_CONTACTS, [contact('b')], 5);
    expect(applySnapshot(newer, [contact('a')], 4)).toBe(newer);
  });

  it('the same snapshot twice changes nothing', () => {
    const once = applySnapshot(EMPTY_CONTACTS, [contact('a')], 2);
    expect(applySnapshot(once, [contact('a')], 2)).toBe(once);
  });

  it('a snapshot requested before an event does not undo the event', () => {
    const base = applySnapshot(EMPTY_CONTACTS, [], 1);
    const requestedAt = 2;
    const event = applyContactChange(base, { status: 'pending', userId: 'x', nickname: 'xena' }, 3);
    expect(applySnapshot(event, [], requestedAt)).toBe(event);
    expect(event.contacts).toHaveLength(1);
  });
});

describe('applyContactChange', () => {
  const base = applySnapshot(EMPTY_CONTACTS, [contact('a', 'PENDING', 'OUTGOING'), contact('b')], 1);

  it('a request from a stranger shows as incoming with their nickname', () => {
    const next = applyContactChange(base, { status: 'pending', userId: 'x', nickname: 'xena' }, 2);
    expect(next.contacts.at(-1)).toMatchObject({
      user: { id: 'x', nickname: 'xena', name: 'xena' },
      status: 'PENDING',
      direction: 'INCOMING',
    });
  });

  it('is idempotent: a duplicate event returns the same state', () => {
    const once = applyContactChange(base, { status: 'pending', userId: 'x', nickname: 'xena' }, 2);
    expect(applyContactChange(once, { status: 'pending', userId: 'x', nickname: 'xena' }, 3)).toBe(once);
    const accepted = applyContactChange(base, { status: 'accepted', userId: 'a', nickname: 'nick_a' }, 2);
    expect(applyContactChange(accepted, { status: 'accepted', userId: 'a', nickname: 'nick_a' }, 3)).toBe(accepted);
    const gone = applyContactChange(base, { status: 'removed', userId: 'b', nickname: 'nick_b' }, 2);
    expect(applyContactChange(gone, { status: 'removed', userId: 'b', nickname: 'nick_b' }, 3)).toBe(gone);
  });

  it('accepted turns our outgoing request into a friend, keeping who asked first', () => {
    const next = applyContactChange(base, { status: 'accepted', userId: 'a', nickname: 'nick_a' }, 2);
    expect(next.contacts[0]).toMatchObject({ status: 'ACCEPTED', direction: 'OUTGOING' });
  });

  it('rejected, cancelled and removed drop the relation', () => {
    for (const status of ['rejected', 'cancelled', 'removed'] as const) {
      const next = applyContactChange(base, { status, userId: 'a', nickname: 'nick_a' }, 2);
      expect(next.contacts.map((c) => c.user.id)).toEqual(['b']);
    }
  });

  it('ignores a change older than what is held', () => {
    const later = applySnapshot(EMPTY_CONTACTS, [contact('a')], 9);
    expect(applyContactChange(later, { status: 'removed', userId: 'a', nickname: 'nick_a' }, 4)).toBe(later);
  });

  it('applies events in order: pending then cancelled leaves nothing', () => {
    const pending = applyContactChange(EMPTY_CONTACTS, { status: 'pending', userId: 'x', nickname: 'xena' }, 1);
    const cancelled = applyContactChange(pending, { status: 'cancelled', userId: 'x', nickname: 'xena' }, 2);
    expect(cancelled.contacts).toEqual([]);
  });
});

describe('local actions and upsert', () => {
  const base = applySnapshot(EMPTY_CONTACTS, [contact('a', 'PENDING', 'INCOMING'), contact('b')], 1);

  it('accept makes a friend; reject, cancel and remove drop the row', () => {
    expect(applyLocalAction(base, 'a', 'accept', 2).contacts[0]?.status).toBe('ACCEPTED');
    for (const action of ['reject', 'cancel', 'remove'] as const) {
      expect(applyLocalAction(base, 'a', action, 2).contacts.map((c) => c.user.id)).toEqual(['b']);
    }
  });

  it('an unknown user or a stale tick changes nothing', () => {
    expect(applyLocalAction(base, 'zzz', 'remove', 2)).toBe(base);
    expect(applyLocalAction(base, 'a', 'remove', 1)).toBe(base);
  });

  it('upsert adds a new contact or replaces the known one', () => {
    const added = applyUpsert(base, contact('c', 'PENDING', 'OUTGOING'), 2);
    expect(added.contacts.map((c) => c.user.id)).toEqual(['a', 'b', 'c']);
    const replaced = applyUpsert(added, contact('a'), 3);
    expect(replaced.contacts[0]?.status).toBe('ACCEPTED');
    expect(replaced.contacts).toHaveLength(3);
  });
});
