import { QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadAppCatalogue } from '../../lib/i18n/i18n';
import { queryClient } from '../../lib/query/query-client';
import { createEventRegistry } from '../../lib/realtime/events';
import { useUserStore } from '../auth/user-store';
import { usePresenceStore } from '../presence/presence-store';
import { toastStore } from '../toasts/toast-store';
import type { Contact } from '@beseda/protocol/contacts';
import { fetchContacts } from './contacts-api';
import { registerContactEvents } from './contacts-events';
import { contactsQuery } from './contacts-queries';

vi.mock('./contacts-api', () => ({ fetchContacts: vi.fn(() => Promise.resolve([])) }));

const meta = { channel: 'notification:user#me', offset: 1 };

/** The real event registry, plus the resync and live hooks the contacts registration also uses. */
function liveClient() {
  const registry = createEventRegistry(() => undefined);
  const resync = new Set<() => void>();
  const live = new Set<(channel: string) => void>();
  const client = {
    on: registry.on,
    onResync(listener: () => void) {
      resync.add(listener);
      return () => resync.delete(listener);
    },
    onLive(listener: (channel: string) => void) {
      live.add(listener);
      return () => live.delete(listener);
    },
  };
  return {
    registry,
    client,
    resync: () => resync.forEach((listener) => listener()),
    subscribed: (channel: string) => live.forEach((listener) => listener(channel)),
  };
}

/** The friends page (or the sidebar badge) on screen: it holds the list, and a reload refetches it. */
async function showingContacts() {
  const observer = new QueryObserver(queryClient, contactsQuery('me'));
  const stop = observer.subscribe(() => undefined);
  await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
  vi.mocked(fetchContacts).mockClear();
  return stop;
}

beforeAll(async () => {
  initI18n();
  await loadAppCatalogue(); // the contact toasts' strings live in the signed-in catalogue
});
beforeEach(() => {
  vi.useFakeTimers();
  useUserStore.setState({ id: 'me' });
});
afterEach(() => {
  queryClient.clear();
  usePresenceStore.getState().reset();
  useUserStore.getState().reset();
  toastStore.getState().clear();
  vi.clearAllMocks();
  vi.useRealTimers();
});

describe('registerContactEvents', () => {
  it('applies another user’s request at once and shows the toast', () => {
    const { registry, client } = liveClient();
    registerContactEvents(client, () => 'me');
    registry.dispatch({ type: 'contact', status: 'pending', payload: { from: 'anna', userId: 'u2' } }, meta);
    expect(queryClient.getQueryData(contactsQuery('me').queryKey)?.contacts).toMatchObject([
      { user: { id: 'u2', nickname: 'anna' }, status: 'PENDING', direction: 'INCOMING' },
    ]);
    expect(toastStore.getState().toasts).toMatchObject([
      { type: 'info', title: 'Заявка в друзья', message: 'Пользователь @anna отправил заявку в друзья' },
    ]);
  });

  it('our own echoed action only reloads; removal is silent', async () => {
    const stop = await showingContacts();
    const { registry, client } = liveClient();
    const off = registerContactEvents(client, () => 'me');
    registry.dispatch({ type: 'contact', status: 'pending', payload: { from: 'me_nick', userId: 'me' } }, meta);
    registry.dispatch({ type: 'contact', status: 'removed', payload: { from: 'anna', userId: 'u2' } }, meta);
    expect(toastStore.getState().toasts).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    // The burst of events collapsed into one reload.
    expect(fetchContacts).toHaveBeenCalledOnce();
    off();
    stop();
  });

  it('a reconnect that missed events reloads the list, once for a burst with events', async () => {
    const stop = await showingContacts();
    const { registry, client, resync } = liveClient();
    const off = registerContactEvents(client, () => 'me');
    resync();
    registry.dispatch({ type: 'contact', status: 'accepted', payload: { from: 'anna', userId: 'u2' } }, meta);
    await vi.advanceTimersByTimeAsync(200);
    expect(fetchContacts).toHaveBeenCalledOnce();
    off();
    resync();
    await vi.advanceTimersByTimeAsync(200);
    expect(fetchContacts).toHaveBeenCalledOnce();
    stop();
  });

  it('reads the list again once our user channel is live: a friend who came online before it is not lost', async () => {
    const friend = (status: 'online' | 'offline', lastSeen: string): Contact => ({
      user: {
        id: 'u2',
        nickname: 'anna',
        name: 'anna',
        avatarUrl: null,
        online: { status, lastSeen },
      },
      status: 'ACCEPTED',
      direction: 'OUTGOING',
    });
    // The first read: she is offline; she connects before our subscription exists, so her event reaches nobody.
    vi.mocked(fetchContacts).mockResolvedValueOnce([friend('offline', '2025-03-05T09:00:00.000Z')]);
    const observer = new QueryObserver(queryClient, contactsQuery('me'));
    const stop = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().isSuccess).toBe(true));
    expect(usePresenceStore.getState().users.u2?.online).toBe(false);

    const { client, subscribed } = liveClient();
    const off = registerContactEvents(client, () => 'me');
    vi.mocked(fetchContacts).mockResolvedValue([friend('online', '2025-03-05T10:00:00.000Z')]);
    subscribed('notification:user:message#me');
    subscribed('notification');
    await vi.advanceTimersByTimeAsync(200);
    expect(fetchContacts).toHaveBeenCalledOnce();
    subscribed('notification:user#me');
    await vi.advanceTimersByTimeAsync(200);
    expect(fetchContacts).toHaveBeenCalledTimes(2);
    expect(usePresenceStore.getState().users.u2).toEqual({ online: true, lastSeen: '2025-03-05T10:00:00.000Z' });
    off();
    stop();
  });
});
