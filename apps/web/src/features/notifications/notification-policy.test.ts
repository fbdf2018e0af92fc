import { describe, expect, it, vi } from 'vitest';
import type { Message } from '@beseda/protocol/chats';
import { testMessage } from '../chats/test-chat';
import { createMessageNotifier, type MessagePlace } from './message-notifier';
import {
  type AppNotificationOptions,
  mayAskPermission,
  mayNotify,
  type NotificationApi,
  type NotificationLike,
  permissionState,
  plainExcerpt,
  requestPermission,
  shouldNotifyMessage,
} from './notification-policy';

/** A fake of the browser's Notification: records what was shown. */
function fakeNotifications(permission: NotificationPermission) {
  const shown: { title: string; options: AppNotificationOptions; notification: NotificationLike }[] = [];
  const api: NotificationApi = {
    permission,
    requestPermission: vi.fn(() => Promise.resolve<NotificationPermission>('granted')),
    create: (title, options) => {
      const notification: NotificationLike = { onclick: null, close: vi.fn() };
      shown.push({ title, options, notification });
      return notification;
    },
  };
  return { api, shown };
}

const incoming = {
  chatKind: 'direct' as const,
  own: false,
  mentionsMe: false,
  chatMuted: false,
  groupMuted: false,
};

describe('notification policy', () => {
  const granted = fakeNotifications('granted').api;

  it('notifies only while granted, enabled and hidden', () => {
    expect(mayNotify({ api: granted, enabled: true, hidden: true })).toBe(true);
    expect(mayNotify({ api: granted, enabled: true, hidden: false })).toBe(false);
    expect(mayNotify({ api: granted, enabled: false, hidden: true })).toBe(false);
    expect(mayNotify({ api: fakeNotifications('default').api, enabled: true, hidden: true })).toBe(false);
    expect(mayNotify({ api: fakeNotifications('denied').api, enabled: true, hidden: true })).toBe(false);
    expect(mayNotify({ api: null, enabled: true, hidden: true })).toBe(false);
  });

  it('direct messages notify; group messages only when they mention me; own messages and muted places never', () => {
    const gate = { api: granted, enabled: true, hidden: true };
    expect(shouldNotifyMessage(gate, incoming)).toBe(true);
    expect(shouldNotifyMessage(gate, { ...incoming, own: true })).toBe(false);
    expect(shouldNotifyMessage(gate, { ...incoming, chatMuted: true })).toBe(false);
    expect(shouldNotifyMessage(gate, { ...incoming, chatKind: 'channel' })).toBe(false);
    expect(shouldNotifyMessage(gate, { ...incoming, chatKind: 'channel', mentionsMe: true })).toBe(true);
    expect(shouldNotifyMessage(gate, { ...incoming, chatKind: 'channel', mentionsMe: true, groupMuted: true })).toBe(
      false,
    );
    expect(shouldNotifyMessage(gate, { ...incoming, chatKind: 'channel', mentionsMe: true, chatMuted: true })).toBe(
      false,
    );
    expect(shouldNotifyMessage(gate, { ...incoming, chatKind: 'system' })).toBe(false);
    expect(shouldNotifyMessage({ ...gate, hidden: false }, incoming)).toBe(false);
    expect(shouldNotifyMessage({ ...gate, enabled: false }, incoming)).toBe(false);
  });

  it('asks for the permission only while unanswered and wanted; a denial is never asked again', async () => {
    const log = { warn: vi.fn() };
    const fresh = fakeNotifications('default').api;
    expect(mayAskPermission(fresh, true)).toBe(true);
    expect(await requestPermission(fresh, true, log)).toBe('granted');
    for (const [api, enabled] of [
      [fakeNotifications('denied').api, true],
      [fakeNotifications('granted').api, true],
      [fakeNotifications('default').api, false],
    ] as const) {
      expect(await requestPermission(api, enabled, log)).toBeNull();
      expect(api.requestPermission).not.toHaveBeenCalled();
    }
    expect(permissionState(null)).toBe('unsupported');
    expect(permissionState(fakeNotifications('denied').api)).toBe('denied');
  });

  it('cuts the body to plain, trimmed text', () => {
    expect(plainExcerpt('  привет \n\n  мир  ')).toBe('привет мир');
    expect(plainExcerpt('a'.repeat(200), 10)).toBe(`${'a'.repeat(9)}…`);
  });
});

describe('message notifier', () => {
  const me = { id: 'me', nickname: 'bob' };
  const message = (extra: Partial<Message> = {}): Message =>
    testMessage(1, {
      senderId: 'alice',
      content: '@Bob смотри  сюда ',
      entities: [{ type: 'mention', offset: 0, length: 4 }],
      ...extra,
    });
  const channel: MessagePlace = {
    kind: 'channel',
    title: '#общий · Сервер',
    senderNickname: 'alice',
    groupId: 'g1',
    path: '/channels/g1/ch1',
  };

  function setup(options: { permission?: NotificationPermission; hidden?: boolean; muted?: 'chat' | 'group' }) {
    const { api, shown } = fakeNotifications(options.permission ?? 'granted');
    const open = vi.fn();
    const notifier = createMessageNotifier({
      api,
      hidden: () => options.hidden ?? true,
      enabled: () => true,
      me: () => me,
      place: () => Promise.resolve(channel),
      muted: () => ({ chat: options.muted === 'chat', group: options.muted === 'group' }),
      open,
      log: { warn: vi.fn() },
    });
    return { notifier, shown, open };
  }

  it('shows a mention in a group with the chat as title and «nickname: text» as body; a click opens the chat', async () => {
    const { notifier, shown, open } = setup({});
    await notifier.notify('c1', message());
    expect(shown).toHaveLength(1);
    expect(shown[0]?.title).toBe('#общий · Сервер');
    expect(shown[0]?.options).toEqual({
      body: 'alice: @Bob смотри сюда',
      tag: 'chat:c1',
      // The desktop shell opens it itself on a click.
      route: '/channels/g1/ch1',
      kind: 'message',
    });
    shown[0]?.notification.onclick?.(new Event('click'));
    expect(open).toHaveBeenCalledWith('/channels/g1/ch1');
    expect(shown[0]?.notification.close).toHaveBeenCalled();
  });

  it('stays quiet for a visible tab, a muted chat or group, my own message, no mention, and without permission', async () => {
    for (const options of [{ hidden: false }, { muted: 'chat' as const }, { muted: 'group' as const }]) {
      const { notifier, shown } = setup(options);
      await notifier.notify('c1', message());
      expect(shown).toHaveLength(0);
    }
    const { notifier, shown } = setup({});
    await notifier.notify('c1', message({ senderId: 'me' }));
    await notifier.notify('c1', message({ content: 'без упоминания', entities: [] }));
    expect(shown).toHaveLength(0);
    for (const permission of ['default', 'denied'] as const) {
      const denied = setup({ permission });
      await denied.notifier.notify('c1', message());
      expect(denied.shown).toHaveLength(0);
    }
  });

  it('does not look the chat up when nothing could show, and shows nothing when the lookup fails', async () => {
    const { api, shown } = fakeNotifications('granted');
    const place = vi.fn(() => Promise.reject(new Error('offline')));
    const deps = {
      api,
      enabled: () => true,
      me: () => me,
      place,
      muted: () => ({ chat: false, group: false }),
      open: vi.fn(),
      log: { warn: vi.fn() },
    };
    await createMessageNotifier({ ...deps, hidden: () => false }).notify('c1', message());
    expect(place).not.toHaveBeenCalled();
    await createMessageNotifier({ ...deps, hidden: () => true }).notify('c1', message());
    expect(place).toHaveBeenCalledOnce();
    expect(shown).toEqual([]);
  });
});
