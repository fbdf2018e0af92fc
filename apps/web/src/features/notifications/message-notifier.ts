import type { Message } from '@beseda/protocol/chats';
import { mentionsMe } from '../chats/chats-state';
import {
  mayNotify,
  type NotificationApi,
  type NotificationLike,
  plainExcerpt,
  shouldNotifyMessage,
} from './notification-policy';

/** Where a new message was posted, as far as this tab knows. */
export interface MessagePlace {
  kind: 'direct' | 'channel' | 'system';
  /** Direct: the other person's name; channel: «#channel · group». */
  title: string;
  /** The sender's nickname, when known (channel members load with the group). */
  senderNickname: string | null;
  /** The group of a channel's chat. */
  groupId: string | null;
  /** Where a click on the notification goes. */
  path: string;
}

export interface MessageNotifierDeps {
  api: NotificationApi | null;
  hidden(): boolean;
  enabled(): boolean;
  me(): { id: string; nickname: string };
  /** May have to ask the server: a new direct chat's first message arrives before the chat is listed. */
  place(chatId: string, senderId: string | null): MessagePlace | Promise<MessagePlace>;
  muted(chatId: string, groupId: string | null): { chat: boolean; group: boolean };
  /** Brings the tab forward and opens the path. */
  open(path: string): void;
  log: { warn(message: string, data?: unknown): void };
}

/**
 * Desktop notifications of new messages (issue 15): direct messages and mentions of me in groups, while the tab is
 * hidden, unless muted (see `shouldNotifyMessage`). Title: the chat; body: the sender's nickname and the message's
 * plain text, trimmed. One notification per chat at a time (the tag replaces the previous one, as messengers do).
 */
export function createMessageNotifier(deps: MessageNotifierDeps) {
  const open = new Map<string, NotificationLike>();
  return {
    async notify(chatId: string, message: Message): Promise<void> {
      const me = deps.me();
      const gate = () => ({ api: deps.api, enabled: deps.enabled(), hidden: deps.hidden() });
      // Nothing to look up when nothing could show.
      if (message.kind !== 'TEXT' || message.senderId === me.id || !mayNotify(gate())) return;
      let place: MessagePlace;
      try {
        place = await deps.place(chatId, message.senderId);
      } catch (error) {
        deps.log.warn('No notification: the chat could not be loaded', error);
        return;
      }
      const muted = deps.muted(chatId, place.groupId);
      const incoming = {
        chatKind: place.kind,
        own: message.senderId === me.id,
        mentionsMe: mentionsMe(message, me.nickname),
        chatMuted: muted.chat,
        groupMuted: muted.group,
      };
      const now = gate();
      if (!shouldNotifyMessage(now, incoming) || !now.api) return;
      const text = plainExcerpt(message.content);
      const body = place.senderNickname ? `${place.senderNickname}: ${text}` : text;
      try {
        open.get(chatId)?.close();
        const notification = now.api.create(place.title, {
          body,
          tag: `chat:${chatId}`,
          route: place.path,
          kind: 'message',
        });
        notification.onclick = () => {
          deps.open(place.path);
          notification.close();
        };
        open.set(chatId, notification);
      } catch (error) {
        // Chrome on Android allows notifications only from a service worker: the badge still shows.
        deps.log.warn('Desktop notification failed', error);
      }
    },
    /** The chat was opened: its notification has nothing left to say. */
    dismiss(chatId: string): void {
      open.get(chatId)?.close();
      open.delete(chatId);
    },
  };
}

export type MessageNotifier = ReturnType<typeof createMessageNotifier>;
