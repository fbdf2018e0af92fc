import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useChatDirectory } from '../../features/chats/chats-queries';
import { unreadTitle } from '../../features/chats/unread-total';
import { useHomeUnread } from '../../features/chats/use-home-unread';
import { groupsUnreadTotal } from '../../features/groups/channel-unread';
import { useGroupList } from '../../features/groups/groups-queries';
import { useMutedLookup } from '../../features/notifications/mute-store';
import { createLogger } from '../../lib/logger';
import { createBadgeSync } from '../desktop/desktop-badge';
import { currentDesktopBridge } from '../desktop/desktop-bridge';

// One per window, outside React: a remount of the layout with the same total must not repaint the taskbar.
const desktopBadge = createBadgeSync(currentDesktopBridge(), createLogger('desktop'));

/**
 * Puts the unread total in the tab title — `(3) Беседа` — so a message is noticed from another tab, and in the desktop
 * app on the tray / dock / taskbar badge (only when it changes). The open chat
 * counts too: in a hidden tab it is not being read. Muted chats and groups add only their mentions of me. Signing
 * out unmounts this and the title goes back.
 */
export function UnreadTitle() {
  const { t } = useTranslation();
  const home = useHomeUnread({ countOpenChat: true });
  const { ids, byId } = useGroupList();
  const muted = useMutedLookup();
  const groups = useChatDirectory((directory) =>
    groupsUnreadTotal(
      ids.flatMap((id) => byId[id] ?? []),
      directory,
      muted,
    ),
  );
  const total = home + groups;
  const title = unreadTitle(t('app.name'), total);

  useEffect(() => {
    document.title = title;
  }, [title]);
  useEffect(() => {
    desktopBadge.set(total);
  }, [total]);
  useEffect(() => {
    const plain = t('app.name');
    return () => {
      document.title = plain;
    };
  }, [t]);
  // Signed out: nothing is unread for anyone.
  useEffect(() => () => desktopBadge.set(0), []);
  return null;
}
