import type { Channel } from '@beseda/protocol/groups';
import { useChatDirectory } from '../chats/chats-queries';
import type { ChatDirectory } from '../chats/chats-state';

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

export function useChannelUnread(channel: Channel): number {
  return useChatDirectory((directory) => channelUnread(channel, directory));
}

export function useGroupUnread(channels: readonly Channel[]): boolean {
  return useChatDirectory((directory) => channels.some((channel) => channelUnread(channel, directory) > 0));
}

/** Unread messages in every channel of every group I belong to (the tab title adds them to the home total). */
export function groupsUnreadTotal(groups: readonly { channels: readonly Channel[] }[], chats: ChatDirectory): number {
  let total = 0;
  for (const group of groups) for (const channel of group.channels) total += channelUnread(channel, chats);
  return total;
}
