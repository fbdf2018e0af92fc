import i18next from 'i18next';
import { channelPath, dmPath } from '../../app/routes';
import { createLogger } from '../../lib/logger';
import { queryClient } from '../../lib/query/query-client';
import type { EventRegistry } from '../../lib/realtime/events';
import { useUserStore } from '../auth/user-store';
import * as chatsApi from '../chats/chats-api';
import { chatListQuery } from '../chats/chats-queries';
import { groupsQuery } from '../groups/groups-queries';
import { useGlobalSettings } from '../settings/global-settings-store';
import { createMessageNotifier, type MessagePlace } from './message-notifier';
import { mutedNow } from './mute-store';
import { appNotifications, appWindowAway } from './desktop-notifications';

const log = createLogger('notifications');

/** The shell's router, registered while it is mounted (a notification click opens the chat). */
let navigateTo: ((path: string) => void) | null = null;

export function setNotificationNavigator(navigate: ((path: string) => void) | null): void {
  navigateTo = navigate;
}

/** Where a chat lives, from the chat list and the groups in the query cache, or from the server for a new chat. */
async function placeOf(chatId: string, senderId: string | null): Promise<MessagePlace> {
  const userId = useUserStore.getState().id;
  const groups = queryClient.getQueryData(groupsQuery(userId).queryKey);
  for (const groupId of groups?.ids ?? []) {
    const group = groups?.byId[groupId];
    const channel = group?.channels.find((c) => c.chatId === chatId);
    if (!group || !channel) continue;
    const sender = group.members?.find((member) => member.id === senderId)?.user;
    return {
      kind: 'channel',
      title: i18next.t('notifications.channelTitle', { channel: channel.name, group: group.name }),
      senderNickname: sender?.nickname ?? null,
      groupId: group.id,
      path: channelPath(group.id, channel.id),
    };
  }
  // A direct chat's first message arrives before the chat is listed (the chats store fetches it too).
  const chat =
    queryClient.getQueryData(chatListQuery(userId).queryKey)?.chats[chatId] ?? (await chatsApi.fetchChat(chatId));
  const sender = chat.chatUsers.find((user) => user.id === senderId);
  return {
    kind: chat.kind,
    title: chat.name || i18next.t('notifications.newMessage'),
    senderNickname: sender?.nickname ?? null,
    groupId: null,
    path: dmPath(chatId),
  };
}

export const messageNotifier = createMessageNotifier({
  api: appNotifications(log),
  hidden: appWindowAway,
  enabled: () => useGlobalSettings.getState().settings.notificationsEnabled,
  me: () => {
    const { id, nickname } = useUserStore.getState();
    return { id, nickname };
  },
  place: placeOf,
  muted: mutedNow,
  open: (path) => {
    window.focus();
    navigateTo?.(path);
  },
  log,
});

/** Desktop notifications of `new_message` events; returns the unregister function. */
export function registerMessageNotifications(client: Pick<EventRegistry, 'on'>): () => void {
  return client.on('new_message', (event) => void messageNotifier.notify(event.payload.chatId, event.payload.message));
}
