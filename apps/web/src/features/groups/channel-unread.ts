import type { Channel } from '@beseda/protocol/groups';
import { useChatDirectory } from '../chats/chats-queries';
import type { ChatDirectory } from '../chats/chats-state';
import { type MutedLookup, useMutedLookup } from '../notifications/mute-store';

/**
 * A channel's unread count: the chat directory's counter once it has one (it follows messages and reads live), else
 * the group snapshot's.
 */
export function channelUnread(channel: Channel, chats: ChatDirectory): number {
  if (!channel.chatId) return 0;
  const held = chats.unread[channel.chatId];
  if (held) return held.count;
  return chats.chats[channel.chatId] ? 0 : channel.unreadCount;
}

/** Of the channel's unread messages, those that mention me: the chat directory's once it counts, else the snapshot's. */
export function channelMentions(channel: Channel, chats: ChatDirectory): number {
  if (!channel.chatId) return 0;
  const held = chats.unread[channel.chatId];
  if (held) return held.mentions;
  return chats.chats[channel.chatId] ? 0 : channel.mentionCount;
}

export function useChannelMentions(channel: Channel): number {
  return useChatDirectory((directory) => channelMentions(channel, directory));
}

/** Unread mentions of me in every channel of a group (the red badge on its toolbar icon). */
export function useGroupMentions(channels: readonly Channel[]): number {
  return useChatDirectory((directory) =>
    channels.reduce((sum, channel) => sum + channelMentions(channel, directory), 0),
  );
}

export function useChannelUnread(channel: Channel): number {
  return useChatDirectory((directory) => channelUnread(channel, directory));
}

/**
 * Whether a group's icon marks unread messages: a muted channel's chatter does not light it (Discord), its mentions
 * of me still count on the red badge beside it.
 */
export function groupHasUnread(
  channels: readonly Channel[],
  chats: ChatDirectory,
  channelMuted: (chatId: string) => boolean = () => false,
): boolean {
  return channels.some(
    (channel) => !(channel.chatId !== null && channelMuted(channel.chatId)) && channelUnread(channel, chats) > 0,
  );
}

export function useGroupUnread(channels: readonly Channel[]): boolean {
  const muted = useMutedLookup();
  return useChatDirectory((directory) => groupHasUnread(channels, directory, muted.chat));
}

const NOTHING_MUTED: MutedLookup = { group: () => false, chat: () => false };

/**
 * Unread messages in every channel of every group I belong to (the tab title adds them to the home total). A muted
 * group or channel adds only its mentions of me, as in Discord: muting silences the chatter, not being called.
 */
export function groupsUnreadTotal(
  groups: readonly { id: string; channels: readonly Channel[] }[],
  chats: ChatDirectory,
  muted: MutedLookup = NOTHING_MUTED,
): number {
  let total = 0;
  for (const group of groups) {
    for (const channel of group.channels) {
      const silenced = muted.group(group.id) || (channel.chatId !== null && muted.chat(channel.chatId));
      total += silenced ? channelMentions(channel, chats) : channelUnread(channel, chats);
    }
  }
  return total;
}
