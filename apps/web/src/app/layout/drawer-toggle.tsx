import { useTranslation } from 'react-i18next';
import { pillText } from '../../features/chats/unread-total';
import { useHomeUnread } from '../../features/chats/use-home-unread';
import { useUnreadNotifications } from '../../features/notifications/notifications-queries';
import { Icon } from '../../ui/icon';
import { useDrawer } from './drawer-store';
import styles from './layout.module.css';

/**
 * The header's menu button that opens the drawer; CSS shows it only below the drawer breakpoint. The rail's home pill
 * and the notification bell are inside the drawer there, so the button carries them, as Discord's mobile menu does:
 * the unread message count, or else a dot for unread notifications.
 */
export function DrawerToggle() {
  const { t } = useTranslation();
  const open = useDrawer((state) => state.open);
  const setOpen = useDrawer((state) => state.setOpen);
  const unread = useHomeUnread();
  const notifications = useUnreadNotifications();
  const label = [
    t('nav.openMenu'),
    unread > 0 ? t('chat.unread', { count: unread }) : null,
    notifications > 0 ? t('notifications.unreadNotifications', { count: notifications }) : null,
  ]
    .filter((part) => part !== null)
    .join(', ');
  return (
    <button
      type="button"
      className={styles.drawerToggle}
      aria-label={label}
      aria-expanded={open}
      onClick={() => setOpen(!open)}
      data-testid="drawer-toggle"
    >
      <Icon name="menu" size={22} />
      {unread > 0 ? (
        <span className={styles.togglePill} aria-hidden="true" data-testid="drawer-toggle-unread">
          {pillText(unread)}
        </span>
      ) : notifications > 0 ? (
        <span className={styles.toggleDot} aria-hidden="true" data-testid="drawer-toggle-notifications" />
      ) : null}
    </button>
  );
}
