import type { Chat } from '@beseda/protocol/chats';
import type { DirectCall } from '@beseda/protocol/direct-calls';
import { dmPath, ROUTES } from '../../app/routes';
import {
  mayNotify,
  type NotificationApi,
  type NotificationLike,
  requestPermission,
} from '../notifications/notification-policy';
import type { CallNotifications } from './direct-call-store';

export interface CallNotifierDeps {
  api: NotificationApi | null;
  /** The tab is not on screen: only then is a desktop notification worth it (the modal shows otherwise). */
  hidden(): boolean;
  /** The global setting «notificationsEnabled». */
  enabled(): boolean;
  focus(): void;
  text(call: DirectCall): { title: string; body: string };
  /** The chat with the caller (the modal rings on every page), where the desktop app's notification click goes. */
  route(call: DirectCall): string;
  log: { warn(message: string, data?: unknown): void };
}

/**
 * Desktop notifications of incoming calls while the tab is hidden. Permission is asked when the user starts or
 * accepts a call (a click of theirs, and the moment they show they use calls), never on load. Clicking one brings the
 * tab forward, where the modal rings; it closes by itself when the call stops ringing.
 */
/** The direct chat with `userId` when this tab knows it; the calls page otherwise (it lists the ringing call too). */
export function callRoute(userId: string, chats: Iterable<Pick<Chat, 'id' | 'kind' | 'targetUserId'>>): string {
  for (const chat of chats) {
    if (chat.kind === 'direct' && chat.targetUserId === userId) return dmPath(chat.id);
  }
  return ROUTES.calls;
}

export function createCallNotifier(deps: CallNotifierDeps): CallNotifications {
  const open = new Map<string, NotificationLike>();
  return {
    ask() {
      void requestPermission(deps.api, deps.enabled(), deps.log);
    },
    show(call) {
      const gate = { api: deps.api, enabled: deps.enabled(), hidden: deps.hidden() };
      if (!mayNotify(gate) || open.has(call.id)) return;
      const { api } = gate;
      const { title, body } = deps.text(call);
      try {
        const notification = api.create(title, {
          body,
          tag: `direct-call:${call.id}`,
          route: deps.route(call),
          kind: 'call',
          requireInteraction: true,
          ...(call.user.avatarUrl ? { icon: call.user.avatarUrl } : {}),
        });
        notification.onclick = () => {
          deps.focus();
          notification.close();
        };
        open.set(call.id, notification);
      } catch (error) {
        // Chrome on Android allows notifications only from a service worker: the modal still rings.
        deps.log.warn('Desktop notification failed', error);
      }
    },
    close(callId) {
      open.get(callId)?.close();
      open.delete(callId);
    },
  };
}
