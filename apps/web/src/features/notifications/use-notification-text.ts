import type { Notification } from '@beseda/protocol/notifications';
import { useTranslation } from 'react-i18next';

/** One line of Russian per notification, from the catalogue; names and excerpts are data, never markup. */
export function useNotificationText(): (notification: Notification) => string {
  const { t } = useTranslation();
  return (notification) => {
    const name = notification.payload.actor.nickname;
    switch (notification.kind) {
      case 'friend_request':
        return t('notifications.friendRequest', { name });
      case 'friend_accepted':
        return t('notifications.friendAccepted', { name });
      case 'group_joined':
        return t('notifications.groupJoined', { name, group: notification.payload.groupName });
      case 'missed_call':
        return notification.payload.video
          ? t('notifications.missedVideoCall', { name })
          : t('notifications.missedCall', { name });
      case 'mention': {
        const { channelName, excerpt } = notification.payload;
        return channelName === null
          ? t('notifications.mentionDirect', { name, excerpt })
          : t('notifications.mentionChannel', { name, channel: channelName, excerpt });
      }
    }
  };
}
