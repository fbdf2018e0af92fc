/**
 * When Beseda may show a desktop notification, and the browser's Notification API behind it. One module for every
 * kind (incoming direct calls, direct messages, mentions) so they share one rule: only with the permission granted,
 * the global setting «notificationsEnabled» on (spec §3) and the tab hidden — a visible tab shows the event itself.
 */

/** What a notification says and where a click on it goes. */
export interface AppNotificationOptions {
  body: string;
  /** One per chat / call at a time: a new one with the same tag replaces the old. */
  tag: string;
  /** The in-app route a click opens: the chat, or the chat whose call is ringing. */
  route: string;
  /** A call's stays until answered (and flashes the taskbar in the desktop app). */
  kind: 'message' | 'call';
  requireInteraction?: boolean;
  icon?: string;
}

/**
 * Where notifications go, as much as we use: the browser's Notification API (absent on some browsers and on insecure
 * origins), or the desktop shell's native notifications (`desktop-notifications.ts`).
 */
export interface NotificationApi {
  readonly permission: NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  create(title: string, options: AppNotificationOptions): NotificationLike;
}

export interface NotificationLike {
  onclick: ((event: Event) => void) | null;
  close(): void;
}

/** What every notification depends on. */
export interface NotificationGate {
  api: NotificationApi | null;
  /** The global setting «notificationsEnabled». */
  enabled: boolean;
  /** `document.visibilityState === 'hidden'`. */
  hidden: boolean;
}

/** A notification may be shown now: supported, granted, switched on, and the tab not on screen. */
export function mayNotify(gate: NotificationGate): gate is NotificationGate & { api: NotificationApi } {
  return gate.api !== null && gate.api.permission === 'granted' && gate.enabled && gate.hidden;
}

/**
 * Whether to ask for the permission: only while the browser has not been answered ('default': a denial is final,
 * we never ask again) and the user wants notifications. Callers ask on a click of the user's, never on load.
 */
export function mayAskPermission(api: NotificationApi | null, enabled: boolean): api is NotificationApi {
  return api !== null && api.permission === 'default' && enabled;
}

/** The permission as the settings page shows it. */
export function permissionState(api: NotificationApi | null): NotificationPermission | 'unsupported' {
  return api ? api.permission : 'unsupported';
}

/** A new message as the message notifier sees it. */
export interface IncomingMessage {
  chatKind: 'direct' | 'channel' | 'system';
  /** Sent by me (on another device): never notified. */
  own: boolean;
  /** Its mentions name me (groups notify only these). */
  mentionsMe: boolean;
  /** «Заглушить» on this chat (direct) or channel's chat. */
  chatMuted: boolean;
  /** «Заглушить» on the channel's group. */
  groupMuted: boolean;
}

/**
 * Spec (issue 15): desktop notifications for new direct messages and for mentions of me in groups, while the tab is
 * hidden, unless the chat or its group is muted. The official chat does not notify (it is the app talking).
 */
export function shouldNotifyMessage(gate: NotificationGate, message: IncomingMessage): boolean {
  if (!mayNotify(gate) || message.own || message.chatMuted || message.groupMuted) return false;
  if (message.chatKind === 'direct') return true;
  return message.chatKind === 'channel' && message.mentionsMe;
}

/** Asks for the permission when `mayAskPermission`; failures are only logged. */
export function requestPermission(
  api: NotificationApi | null,
  enabled: boolean,
  log: { warn(message: string, data?: unknown): void },
): Promise<NotificationPermission | null> {
  if (!mayAskPermission(api, enabled)) return Promise.resolve(null);
  return api.requestPermission().catch((error: unknown) => {
    log.warn('Notification permission request failed', error);
    return null;
  });
}

/** The page's Notification API, or null where there is none. */
export function browserNotifications(): NotificationApi | null {
  if (typeof Notification === 'undefined') return null;
  return {
    get permission() {
      return Notification.permission;
    },
    requestPermission: () => Notification.requestPermission(),
    // The browser has no route: the caller's onclick opens it.
    create: (title, { body, tag, requireInteraction, icon }) =>
      new Notification(title, {
        body,
        tag,
        ...(requireInteraction === undefined ? {} : { requireInteraction }),
        ...(icon === undefined ? {} : { icon }),
      }),
  };
}

/** Message text for a notification body: whitespace runs collapsed, trimmed, cut at `max` characters with «…». */
export function plainExcerpt(text: string, max = 140): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  return `${[...flat]
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}
