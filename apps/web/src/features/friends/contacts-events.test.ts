import { QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadAppCatalogue } from '../../lib/i18n/i18n';
import { queryClient } from '../../lib/query/query-client';
import { createEventRegistry } from '../../lib/realtime/events';
import { useUserStore } from '../auth/user-store';
import { toastStore } from '../toasts/toast-store';
import { fetchContacts } from './contacts-api';
import { registerContactEvents } from './contacts-events';
import { contactsQuery } from './contacts-queries';

vi.mock('./contacts-api', () => ({ fetchContacts: vi.fn(() => Promise.resolve([])) }));

const meta = { channel: 'notification:user#me', offset: 1 };

/** The real event registry, plus the resync hook the contacts registration also uses. */
function liveClient() {
  const registry = createEventRegistry(() => undefined);
  const resync = new Set<() => void>();
  const client = {
    on: registry.on,
    onResync(listener: () => void) {
      resync.add(listener);
      return () => resync.delete(listener);
    },
  };
  return { registry, client, resync: () => resync.forEach((listener) => listener()) };
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
});
