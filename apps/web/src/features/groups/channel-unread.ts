import type { Channel } from '@beseda/protocol/groups';
import { useChatsStore } from '../chats/chats-store';
import type { ChatsState } from '../chats/chats-state';

/**
 * A channel's unread count: the chats store's once it holds the channel's chat (it follows messages and reads
 * live), else the group snapshot's.
 */
export function channelUnread(channel: Channel, chats: ChatsState): number {
  const chat = channel.chatId ? chats.chats[channel.chatId] : undefined;
  return chat ? chat.unreadCount : channel.unreadCount;
}

export function useChannelUnread(channel: Channel): number {
  return useChatsStore((state) => channelUnread(channel, state.data));
}

export function useGroupUnread(channels: readonly Channel[]): boolean {
  return useChatsStore((state) => channels.some((channel) => channelUnread(channel, state.data) > 0));
}
