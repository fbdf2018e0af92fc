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
