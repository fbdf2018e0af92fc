import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useChatDirectory } from '../../features/chats/chats-queries';
import { unreadTitle } from '../../features/chats/unread-total';
import { useHomeUnread } from '../../features/chats/use-home-unread';
import { groupsUnreadTotal } from '../../features/groups/channel-unread';
import { useGroupList } from '../../features/groups/groups-queries';

/**
 * Puts the unread total in the tab title — `(3) Беседа` — so a message is noticed from another tab. The open chat
 * counts too: in a hidden tab it is not being read. Signing out unmounts this and the title goes back.
 */
export function UnreadTitle() {
  const { t } = useTranslation();
  const home = useHomeUnread({ countOpenChat: true });
  const { ids, byId } = useGroupList();
  const groups = useChatDirectory((directory) =>
    groupsUnreadTotal(
      ids.flatMap((id) => byId[id] ?? []),
      directory,
    ),
  );
  const title = unreadTitle(t('app.name'), home + groups);

  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => {
    const plain = t('app.name');
    return () => {
      document.title = plain;
    };
  }, [t]);
  return null;
}
