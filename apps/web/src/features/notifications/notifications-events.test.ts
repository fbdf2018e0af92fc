import { QueryObserver } from '@tanstack/react-query';
import type { Notification, NotificationsResponse } from '@beseda/protocol/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../lib/query/query-client';
import { createEventRegistry } from '../../lib/realtime/events';
import { useUserStore } from '../auth/user-store';
import { fetchNotifications, postNotificationsRead } from './notifications-api';
import { registerNotificationEvents } from './notifications-events';
import { inboxQuery, markNotificationsRead } from './notifications-queries';
import { unreadCount } from './notifications-state';

vi.mock('./notifications-api', () => ({
  fetchNotifications: vi.fn(() => Promise.resolve({ notifications: [], unreadCount: 0 })),
  postNotificationsRead: vi.fn(() => Promise.resolve({ unreadCount: 0 })),
}));

const meta = { channel: 'notification:user#me', offset: 1 };
const actor = { id: '01900000-0000-7000-8000-0000000000aa', nickname: 'boris', avatarUrl: null };

function request(n: number): Notification {
  return {
    id: `01900000-0000-7000-8000-${String(n).padStart(12, '0')}`,
    kind: 'friend_request',
    createdAt: '2026-01-01T00:00:00.000Z',
    readAt: null,
    payload: { actor },
  };
}

function liveClient() {
  const registry = createEventRegistry((error) => {
    throw error;
  });
  const resync = new Set<() => void>();
  const client = {
    on: registry.on,
    onResync(listener: () => void) {
      resync.add(listener);
      return () => resync.delete(listener);
    },
    onLive: () => () => undefined,
  };
  return { registry, client, resync: () => resync.forEach((listener) => listener()) };
}

/** The bell watching the inbox query, as the toolbar does. */
async function watching() {
  const observer = new QueryObserver(queryClient, inboxQuery('me'));
  const unsubscribe = observer.subscribe(() => undefined);
  await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
  return unsubscribe;
}

const count = () => unreadCount(queryClient.getQueryData(inboxQuery('me').queryKey) ?? { notifications: [] });

beforeEach(() => {
  useUserStore.setState({ id: 'me' });
});
afterEach(() => {
  queryClient.clear();
  useUserStore.getState().reset();
  vi.clearAllMocks();
});

describe('the inbox, live', () => {
  it('notification_new adds to the bell once; notifications_read from another device clears it', async () => {
    const stop = await watching();
    const { registry, client } = liveClient();
    registerNotificationEvents(client, () => 'me');
    const event = { type: 'notification_new' as const, payload: { notification: request(1), unreadCount: 1 } };
    registry.dispatch(event, meta);
    registry.dispatch(event, meta);
    expect(count()).toBe(1);
    registry.dispatch(
      {
        type: 'notifications_read',
        payload: { ids: [request(1).id], readAt: '2026-01-01T00:01:00.000Z', unreadCount: 0 },
      },
      meta,
    );
    expect(count()).toBe(0);
    stop();
  });

  it('a reconnect that could not recover reads the inbox again', async () => {
    const stop = await watching();
    const { client, resync } = liveClient();
    registerNotificationEvents(client, () => 'me');
    const answer: NotificationsResponse = { notifications: [request(2), request(1)], unreadCount: 2 };
    vi.mocked(fetchNotifications).mockResolvedValueOnce(answer);
    resync();
    await vi.waitFor(() => expect(count()).toBe(2));
    stop();
  });

  it('marking read clears at once and tells the server; a failure reads the inbox again', async () => {
    vi.mocked(fetchNotifications).mockResolvedValueOnce({ notifications: [request(2), request(1)], unreadCount: 2 });
    const stop = await watching();
    markNotificationsRead('me', [request(2).id]);
    expect(count()).toBe(1);
    expect(postNotificationsRead).toHaveBeenCalledWith({ ids: [request(2).id] });

    vi.mocked(postNotificationsRead).mockRejectedValueOnce(new Error('offline'));
    // The server has the first mark, not the second.
    const marked = { ...request(2), readAt: '2026-01-01T00:01:00.000Z' };
    vi.mocked(fetchNotifications).mockResolvedValueOnce({ notifications: [marked, request(1)], unreadCount: 1 });
    markNotificationsRead('me', null);
    expect(count()).toBe(0);
    expect(postNotificationsRead).toHaveBeenLastCalledWith({ all: true });
    // The server still has one unread: the re-read brings it back.
    await vi.waitFor(() => expect(count()).toBe(1));
    stop();
  });
});
