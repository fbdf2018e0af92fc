import type { Channel } from '@beseda/protocol/groups';
import { useChatsStore } from '../chats/chats-store';
import type { ChatsState } from '../chats/chats-state';

/**
 * A channel's unread count: the chats store's counter once it has one (it follows messages and reads live), else
 * the group snapshot's.
 */
export function channelUnread(channel: Channel, chats: ChatsState): number {
  if (!channel.chatId) return 0;
  const held = chats.unread[channel.chatId];
  if (held) return held.count;
  return chats.chats[channel.chatId] ? 0 : channel.unreadCount;
}

export function useChannelUnread(channel: Channel): number {
  return useChatsStore((state) => channelUnread(channel, state.data));
}

export function useGroupUnread(channels: readonly Channel[]): boolean {
  return useChatsStore((state) => channels.some((channel) => channelUnread(channel, state.data) > 0));
}
