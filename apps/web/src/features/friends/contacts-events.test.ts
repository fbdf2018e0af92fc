import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadAppCatalogue } from '../../lib/i18n/i18n';
import { createEventRegistry } from '../../lib/realtime/events';
import type { Logger } from '../../lib/logger';
import { toastStore } from '../toasts/toast-store';
import { registerContactEvents } from './contacts-events';
import { useContactsStore } from './contacts-store';

vi.mock('./contacts-api', () => ({ fetchContacts: vi.fn(() => Promise.resolve([])) }));

const log: Logger = { debug: vi.fn(), log: vi.fn(), warn: vi.fn(), error: vi.fn(), child: () => log };
const meta = { channel: 'notification:user#me', offset: 1 };

beforeAll(async () => {
  initI18n();
  await loadAppCatalogue(); // the contact toasts' strings live in the signed-in catalogue
});
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  useContactsStore.getState().reset();
  toastStore.getState().clear();
  vi.useRealTimers();
});

describe('registerContactEvents', () => {
  it('applies another user’s request at once and shows the toast', () => {
    const registry = createEventRegistry(() => undefined);
    registerContactEvents(registry, log, () => 'me');
    registry.dispatch({ type: 'contact', status: 'pending', payload: { from: 'anna', userId: 'u2' } }, meta);
    expect(useContactsStore.getState().contacts).toMatchObject([
      { user: { id: 'u2', nickname: 'anna' }, status: 'PENDING', direction: 'INCOMING' },
    ]);
    expect(toastStore.getState().toasts).toMatchObject([
      { type: 'info', title: 'Заявка в друзья', message: 'Пользователь @anna отправил заявку в друзья' },
    ]);
  });

  it('our own echoed action only reloads; removal is silent; malformed payloads are dropped', async () => {
    const registry = createEventRegistry(() => undefined);
    const off = registerContactEvents(registry, log, () => 'me');
    registry.dispatch({ type: 'contact', status: 'pending', payload: { from: 'me_nick', userId: 'me' } }, meta);
    registry.dispatch({ type: 'contact', status: 'removed', payload: { from: 'anna', userId: 'u2' } }, meta);
    registry.dispatch({ type: 'contact', status: 'pending', payload: { from: 7 } }, meta);
    expect(toastStore.getState().toasts).toEqual([]);
    expect(log.warn).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(200);
    const { fetchContacts } = await import('./contacts-api');
    // The burst of events collapsed into one reload.
    expect(fetchContacts).toHaveBeenCalledOnce();
    off();
  });
});
