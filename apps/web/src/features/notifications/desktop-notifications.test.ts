import { describe, expect, it, vi } from 'vitest';
import { desktopNotificationSchema, type DesktopNotification } from '@beseda/protocol/desktop';
import {
  cutTo,
  DESKTOP_NOTIFICATION_BODY_MAX,
  DESKTOP_NOTIFICATION_TITLE_MAX,
  desktopNotifications,
  isAway,
} from './desktop-notifications';
import { mayAskPermission, mayNotify } from './notification-policy';

function setup(answer: () => Promise<void> = () => Promise.resolve()) {
  const notify = vi.fn<(notification: DesktopNotification) => Promise<void>>(answer);
  const warn = vi.fn();
  return { notify, warn, api: desktopNotifications({ notify }, { warn }) };
}

describe('desktop notifications', () => {
  it('go to the shell with the route and the kind, not to the browser', () => {
    const { notify, api } = setup();
    const shown = api.create('Аня', {
      body: 'anna: привет',
      tag: 'chat:c1',
      route: '/channels/@me/c1',
      kind: 'message',
    });
    api.create('Входящий звонок', {
      body: 'Аня звонит вам',
      tag: 'direct-call:x',
      route: '/channels/@me/c1',
      kind: 'call',
      requireInteraction: true,
    });
    expect(notify.mock.calls).toEqual([
      [{ title: 'Аня', body: 'anna: привет', route: '/channels/@me/c1', kind: 'message' }],
      [{ title: 'Входящий звонок', body: 'Аня звонит вам', route: '/channels/@me/c1', kind: 'call' }],
    ]);
    expect(() => shown.close()).not.toThrow();
  });

  it('need no browser permission and never ask for one: the shell grants its own origin', () => {
    const { api } = setup();
    expect(mayNotify({ api, enabled: true, hidden: true })).toBe(true);
    expect(mayNotify({ api, enabled: false, hidden: true })).toBe(false);
    expect(mayAskPermission(api, true)).toBe(false);
  });

  it('cut long texts to what the contract accepts', () => {
    const { notify, api } = setup();
    api.create('Я'.repeat(500), { body: '😀'.repeat(3000), tag: 't', route: '/channels/@me/c1', kind: 'message' });
    const sent = notify.mock.calls[0]?.[0];
    expect(desktopNotificationSchema.safeParse(sent).success).toBe(true);
    expect(sent?.title).toHaveLength(DESKTOP_NOTIFICATION_TITLE_MAX);
    expect(sent?.body.endsWith('😀…')).toBe(true);
    expect(cutTo('коротко', 10)).toBe('коротко');
    // The limits are the schema's own.
    const at = (title: string, body: string) =>
      desktopNotificationSchema.safeParse({ title, body, route: '/x', kind: 'message' }).success;
    expect(at('a'.repeat(DESKTOP_NOTIFICATION_TITLE_MAX), 'b'.repeat(DESKTOP_NOTIFICATION_BODY_MAX))).toBe(true);
    expect(at('a'.repeat(DESKTOP_NOTIFICATION_TITLE_MAX + 1), '')).toBe(false);
    expect(at('a', 'b'.repeat(DESKTOP_NOTIFICATION_BODY_MAX + 1))).toBe(false);
  });

  it('log a refused notification instead of throwing', async () => {
    const { warn, api } = setup(() => Promise.reject(new Error('refused')));
    api.create('Аня', { body: '', tag: 't', route: '/channels/@me/c1', kind: 'message' });
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
  });
});

describe('isAway', () => {
  const doc = (visibilityState: DocumentVisibilityState, focused: boolean) => ({
    visibilityState,
    hasFocus: () => focused,
  });

  it('a hidden page everywhere; an unfocused window only in the desktop app', () => {
    expect(isAway(doc('hidden', true), false)).toBe(true);
    expect(isAway(doc('visible', false), false)).toBe(false);
    expect(isAway(doc('visible', false), true)).toBe(true);
    expect(isAway(doc('visible', true), true)).toBe(false);
  });
});
