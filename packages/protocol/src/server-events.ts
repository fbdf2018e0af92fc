import { z } from 'zod';
import {
  chatEventSchema,
  deletedMessageEventSchema,
  editedMessageEventSchema,
  messagePreviewEventSchema,
  newMessageEventSchema,
  stopTypingEventSchema,
  typingEventSchema,
} from './chats.js';
import { contactEventSchema } from './contacts.js';
import {
  directCallAcceptedEventSchema,
  directCallIncomingEventSchema,
  directCallsSeenEventSchema,
  directCallStopEventSchema,
} from './direct-calls.js';
import { groupEventSchema } from './groups.js';
import { notificationNewEventSchema, notificationsReadEventSchema } from './notifications.js';
import { type ChannelKind, type ChannelName, onlineStatusEventSchema } from './realtime.js';
import { settingsUpdateEventSchema } from './settings.js';
import { voiceChannelUpdateEventSchema } from './voice.js';

/**
 * Every event the server publishes, by the kind of channel that carries it. The server's publisher accepts only
 * `(ChannelName<K>, ServerEventOf<K>)` pairs, and the web client parses each publication once against
 * `serverEventSchema`. A new event kind (calls, voice) is added here first.
 */

/** The message events of a group's channel chats: one publication per group, every subscribed member hears it. */
export const groupChatEventSchema = z.discriminatedUnion('type', [
  newMessageEventSchema,
  editedMessageEventSchema,
  messagePreviewEventSchema,
  deletedMessageEventSchema,
  typingEventSchema,
  stopTypingEventSchema,
]);

/**
 * `notification:user#<userId>`: the user's contacts changing, their friends' online status, the group events that
 * change which groups they are in (`group_created`, `member_joined`), so every tab subscribes to the group, their
 * friends' voice channel updates (the activity panel), their direct calls (`direct-calls.ts`), and their settings
 * changed on another device (`settings.ts`), and their notifications inbox (`notifications.ts`).
 */
export const userChannelEventSchema = z.discriminatedUnion('type', [
  contactEventSchema,
  onlineStatusEventSchema,
  groupEventSchema,
  voiceChannelUpdateEventSchema,
  directCallIncomingEventSchema,
  directCallAcceptedEventSchema,
  directCallStopEventSchema,
  directCallsSeenEventSchema,
  settingsUpdateEventSchema,
  notificationNewEventSchema,
  notificationsReadEventSchema,
]);

/** `notification:user:message#<userId>`: message events of the user's direct chats and system chat. */
export const userMessageChannelEventSchema = chatEventSchema;

/** `group#<groupId>`: group updates and the message events of its channels, for members only. */
export const groupChannelEventSchema = z.discriminatedUnion('type', [
  groupEventSchema,
  groupChatEventSchema,
  voiceChannelUpdateEventSchema,
]);

/** Every event a client may receive, on any channel. */
export const serverEventSchema = z.discriminatedUnion('type', [
  contactEventSchema,
  onlineStatusEventSchema,
  groupEventSchema,
  chatEventSchema,
  voiceChannelUpdateEventSchema,
  directCallIncomingEventSchema,
  directCallAcceptedEventSchema,
  directCallStopEventSchema,
  directCallsSeenEventSchema,
  settingsUpdateEventSchema,
  notificationNewEventSchema,
  notificationsReadEventSchema,
]);
export type ServerEvent = z.infer<typeof serverEventSchema>;
export type ServerEventType = ServerEvent['type'];

/** The events of one type, e.g. `ServerEventOfType<'new_message'>`. */
export type ServerEventOfType<T extends ServerEventType> = Extract<ServerEvent, { type: T }>;

/** What may be published on a channel of kind K. Nothing is broadcast yet. */
export interface ChannelEvents {
  broadcast: never;
  user: z.infer<typeof userChannelEventSchema>;
  userMessages: z.infer<typeof userMessageChannelEventSchema>;
  group: z.infer<typeof groupChannelEventSchema>;
}
export type ServerEventOf<K extends ChannelKind> = ChannelEvents[K];

/** One publication: a channel and an event that channel kind carries. */
export type Delivery = { [K in ChannelKind]: { channel: ChannelName<K>; event: ServerEventOf<K> } }[ChannelKind];
