import { z } from 'zod';

/**
 * Realtime channels and the event envelope published on them (spec §7 "Realtime"). The transport is Centrifugo's
 * client protocol: the web client subscribes with the official `centrifuge` client, the server publishes through
 * its `Publisher`. Channel names are built here only, so both sides agree on them.
 */

/**
 * The kinds of channel, each with the events that may be published on it (`server-events.ts`). A channel name is a
 * string branded with its kind, so a publisher cannot send an event to a channel kind that does not carry it.
 */
export type ChannelKind = 'broadcast' | 'user' | 'userMessages' | 'group';
export type ChannelName<K extends ChannelKind> = string & { readonly channelKind: K };

/** Broadcast channel: every connected user may subscribe. */
export const BROADCAST_CHANNEL = 'notification' as ChannelName<'broadcast'>;

/** Namespace of the per-user channels; the part after `#` is the only user allowed to subscribe. */
export const USER_CHANNEL_NAMESPACE = 'notification:user';
export const USER_MESSAGE_CHANNEL_NAMESPACE = 'notification:user:message';

/** Personal events of one user: contacts, calls, online status of contacts, voice channel updates. */
export function userChannel(userId: string): ChannelName<'user'> {
  return `${USER_CHANNEL_NAMESPACE}#${userId}` as ChannelName<'user'>;
}

/** Message events (new, edited, deleted, read, typing) of the chats one user is a member of. */
export function userMessageChannel(userId: string): ChannelName<'userMessages'> {
  return `${USER_MESSAGE_CHANNEL_NAMESPACE}#${userId}` as ChannelName<'userMessages'>;
}

/** Namespace of the group channels; the part after `#` is the group id, and only its members may subscribe. */
export const GROUP_CHANNEL_NAMESPACE = 'group';

/**
 * Events of one group, for its members: `group_update` (members, channels, name, picture) and the message events (new,
 * edited, deleted, typing, stop_typing) of its channels' chats — published once per group, not once per member.
 */
export function groupChannel(groupId: string): ChannelName<'group'> {
  return `${GROUP_CHANNEL_NAMESPACE}#${groupId}` as ChannelName<'group'>;
}

/** Splits `namespace#owner`; a channel without `#` has no owner. */
export function parseChannel(channel: string): { namespace: string; owner: string | null } {
  const hash = channel.indexOf('#');
  if (hash === -1) return { namespace: channel, owner: null };
  return { namespace: channel.slice(0, hash), owner: channel.slice(hash + 1) };
}

/** The online event of spec §7: a contact went online or offline. */
export const onlineStatusPayloadSchema = z.object({
  userId: z.string(),
  online: z.boolean(),
  lastSeen: z.string().nullable().optional(),
});
export type OnlineStatusPayload = z.infer<typeof onlineStatusPayloadSchema>;

/** On `notification:user#<contactId>` of each contact of the user whose status changed. */
export const onlineStatusEventSchema = z.object({
  type: z.literal('set_online_status'),
  payload: onlineStatusPayloadSchema,
});
export type OnlineStatusEvent = z.infer<typeof onlineStatusEventSchema>;

/**
 * Close codes the server uses on purpose, beyond Centrifugo's own (3000–3499 reconnect, 3500–3999 stop). The
 * `centrifuge` client reconnects after 4000–4499 and stops after 4500–4999, so the range is the behaviour.
 */
export const REALTIME_DISCONNECT = {
  /** `POST /api/user-status/disconect` closed this connection (page unload): reconnecting is allowed. */
  left: { code: 4000, reason: 'left' },
  /** The auth session was terminated or signed out: the client must not reconnect; its next API call gets 401. */
  sessionEnded: { code: 4500, reason: 'session ended' },
  /** The client's protocol version is older than the server speaks (`version.ts`): reload to get the new build. */
  clientOutdated: { code: 4501, reason: 'client outdated' },
} as const;
