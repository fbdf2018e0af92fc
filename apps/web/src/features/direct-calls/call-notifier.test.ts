import { describe, expect, it, vi } from 'vitest';
import type { AppNotificationOptions, NotificationApi, NotificationLike } from '../notifications/notification-policy';
import { callRoute, createCallNotifier } from './call-notifier';
import { directCall } from './test-calls';

function setup(permission: NotificationPermission, hidden = true, enabled = true) {
  const made: { title: string; options: AppNotificationOptions; notification: NotificationLike }[] = [];
  const api: NotificationApi = {
    permission,
    requestPermission: vi.fn(() => Promise.resolve<NotificationPermission>('granted')),
    create: (title, options) => {
      const notification = { onclick: null, close: vi.fn() };
      made.push({ title, options, notification });
      return notification;
    },
  };
  const focus = vi.fn();
  const notifier = createCallNotifier({
    api,
    hidden: () => hidden,
    enabled: () => enabled,
    focus,
    text: (call) => ({ title: 'Входящий звонок', body: `${call.user.name} звонит вам` }),
    route: (call) => `/channels/@me/chat-with-${call.user.id}`,
    log: { warn: vi.fn() },
  });
  return { api, made, focus, notifier };
}

describe('incoming call notifications', () => {
  it('asks for permission only while the browser has not been asked, and only if notifications are on', () => {
    const fresh = setup('default');
    fresh.notifier.ask();
    expect(fresh.api.requestPermission).toHaveBeenCalledOnce();
    for (const decided of [setup('granted'), setup('denied'), setup('default', true, false)]) {
      decided.notifier.ask();
      expect(decided.api.requestPermission).not.toHaveBeenCalled();
    }
  });

  it('shows one for a call ringing while the tab is hidden; a click focuses the tab; closes when it stops', () => {
    const { made, focus, notifier } = setup('granted');
    const call = directCall('c1');
    notifier.show(call);
    notifier.show(call);
    expect(made).toHaveLength(1);
    expect(made[0]?.title).toBe('Входящий звонок');
    expect(made[0]?.options).toMatchObject({
      body: 'Аня звонит вам',
      tag: 'direct-call:c1',
      requireInteraction: true,
      route: `/channels/@me/chat-with-${call.user.id}`,
      kind: 'call',
    });
    made[0]?.notification.onclick?.(new Event('click'));
    expect(focus).toHaveBeenCalled();
    notifier.close('c1');
    expect(made[0]?.notification.close).toHaveBeenCalled();
  });

  it('none while the tab is on screen, without permission, or with notifications off', () => {
    for (const { made, notifier } of [setup('granted', false), setup('denied'), setup('granted', true, false)]) {
      notifier.show(directCall('c1'));
      expect(made).toEqual([]);
    }
  });
});

describe('callRoute', () => {
  it('opens the direct chat with the caller, or the calls page when this tab does not know it', () => {
    const chats = [
      { id: 'sys', kind: 'system' as const, targetUserId: null },
      { id: 'ch', kind: 'channel' as const, targetUserId: null },
      { id: 'dm-anna', kind: 'direct' as const, targetUserId: 'anna' },
    ];
    expect(callRoute('anna', chats)).toBe('/channels/@me/dm-anna');
    expect(callRoute('boris', chats)).toBe('/channels/@me/calls');
  });
});
