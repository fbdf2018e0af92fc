import type { DesktopBridge } from '@beseda/protocol/desktop';
import { currentDesktopBridge } from '../../app/desktop/desktop-bridge';
import { browserNotifications, type NotificationApi } from './notification-policy';

/** `desktopNotificationSchema`'s limits (the shell refuses anything longer); the test checks them against it. */
export const DESKTOP_NOTIFICATION_TITLE_MAX = 200;
export const DESKTOP_NOTIFICATION_BODY_MAX = 2000;

/** At most `max` UTF-16 units (what zod's `max` counts), never half of a surrogate pair, «…» when cut. */
export function cutTo(text: string, max: number): string {
  if (text.length <= max) return text;
  let kept = text.slice(0, max - 1);
  const last = kept.charCodeAt(kept.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) kept = kept.slice(0, -1);
  return `${kept.trimEnd()}…`;
}

/**
 * The desktop shell's native notifications behind the same interface as the browser's (issue 16): the shell grants its
 * own origin the permission, shows the notification itself, and on a click focuses the window and pushes the route
 * back (`desktop:navigate`), so the page's `onclick` never fires there and `close` has nothing to reach.
 */
export function desktopNotifications(
  bridge: Pick<DesktopBridge, 'notify'>,
  log: { warn(message: string, data?: unknown): void },
): NotificationApi {
  return {
    permission: 'granted',
    requestPermission: () => Promise.resolve('granted'),
    create(title, options) {
      bridge
        .notify({
          title: cutTo(title, DESKTOP_NOTIFICATION_TITLE_MAX),
          body: cutTo(options.body, DESKTOP_NOTIFICATION_BODY_MAX),
          route: options.route,
          kind: options.kind,
        })
        .catch((error: unknown) => log.warn('Desktop notification failed', error));
      return { onclick: null, close: () => undefined };
    },
  };
}

/** The shell's notifications in the desktop app, the browser's elsewhere (null where there are none). */
export function appNotifications(log: { warn(message: string, data?: unknown): void }): NotificationApi | null {
  const bridge = currentDesktopBridge();
  return bridge ? desktopNotifications(bridge, log) : browserNotifications();
}

/**
 * Whether the user is away from Beseda, so that a notification is worth it: a hidden tab in the browser; in the desktop
 * app also a window that is not focused, since a window behind others still counts as visible (Discord's app and
 * Element's behave the same).
 */
export function isAway(doc: Pick<Document, 'visibilityState' | 'hasFocus'>, desktop: boolean): boolean {
  return doc.visibilityState === 'hidden' || (desktop && !doc.hasFocus());
}

export function appWindowAway(): boolean {
  return isAway(document, currentDesktopBridge() !== undefined);
}
