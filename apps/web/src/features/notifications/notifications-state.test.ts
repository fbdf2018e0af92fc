import { type Notification, NOTIFICATIONS_MAX } from '@beseda/protocol/notifications';
import { describe, expect, it } from 'vitest';
import { addNotification, EMPTY_INBOX, markRead, receiveInbox, unreadCount } from './notifications-state';

const actor = { id: '01900000-0000-7000-8000-0000000000aa', nickname: 'boris', avatarUrl: null };

/** A friend request whose id orders by `n` (ids are time-ordered UUIDv7 on the server). */
function request(n: number, readAt: string | null = null): Notification {
  return {
    id: `01900000-0000-7000-8000-${String(n).padStart(12, '0')}`,
    kind: 'friend_request',
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
    readAt,
    payload: { actor },
  };
}

const ids = (inbox: { notifications: readonly Notification[] }) => inbox.notifications.map((n) => n.id);

describe('the notifications inbox state', () => {
  it('takes the list newest first and counts the unread', () => {
    const inbox = receiveInbox(EMPTY_INBOX, {
      notifications: [request(1), request(3, '2026-01-01T01:00:00.000Z'), request(2)],
      unreadCount: 2,
    });
    expect(ids(inbox)).toEqual([request(3).id, request(2).id, request(1).id]);
    expect(unreadCount(inbox)).toBe(2);
  });

  it('adds a new notification once, on top; a repeated event changes nothing', () => {
    const one = addNotification(EMPTY_INBOX, request(1));
    const two = addNotification(one, request(2));
    expect(ids(two)).toEqual([request(2).id, request(1).id]);
    expect(addNotification(two, request(2))).toBe(two);
    // A late event for an older one still lands in order.
    expect(ids(addNotification(addNotification(EMPTY_INBOX, request(5)), request(4)))).toEqual([
      request(5).id,
      request(4).id,
    ]);
  });

  it(`keeps ${NOTIFICATIONS_MAX}: past the cap the oldest goes, as on the server`, () => {
    let inbox = EMPTY_INBOX;
    for (let n = 1; n <= NOTIFICATIONS_MAX + 2; n += 1) inbox = addNotification(inbox, request(n));
    expect(inbox.notifications).toHaveLength(NOTIFICATIONS_MAX);
    expect(inbox.notifications.at(-1)?.id).toBe(request(3).id);
    expect(unreadCount(inbox)).toBe(NOTIFICATIONS_MAX);
  });

  it('marks ids, or all, read; the first read time stays, and nothing to mark returns the same state', () => {
    const inbox = receiveInbox(EMPTY_INBOX, { notifications: [request(1), request(2), request(3)], unreadCount: 3 });
    const one = markRead(inbox, [request(2).id, 'someone-else'], 'T1');
    expect(one.notifications.map((n) => n.readAt)).toEqual([null, 'T1', null]);
    expect(unreadCount(one)).toBe(2);
    const all = markRead(one, null, 'T2');
    expect(all.notifications.map((n) => n.readAt)).toEqual(['T2', 'T1', 'T2']);
    expect(unreadCount(all)).toBe(0);
    expect(markRead(all, null, 'T3')).toBe(all);
    expect(markRead(all, [request(1).id], 'T3')).toBe(all);
  });

  it('a list answer that left the server before a mark does not make it unread again', () => {
    const held = markRead(addNotification(EMPTY_INBOX, request(1)), null, 'T1');
    const late = receiveInbox(held, { notifications: [request(1), request(2)], unreadCount: 2 });
    expect(late.notifications.map((n) => n.readAt)).toEqual([null, 'T1']);
    expect(unreadCount(late)).toBe(1);
  });
});
