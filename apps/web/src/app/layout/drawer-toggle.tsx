import { useTranslation } from 'react-i18next';
import { pillText } from '../../features/chats/unread-total';
import { useHomeUnread } from '../../features/chats/use-home-unread';
import { Icon } from '../../ui/icon';
import { useDrawer } from './drawer-store';
import styles from './layout.module.css';

/**
 * The header's menu button that opens the drawer; CSS shows it only below the drawer breakpoint. The rail's home pill
 * is inside the drawer there, so the button carries the unread count itself, as Discord's mobile menu does.
 */
export function DrawerToggle() {
  const { t } = useTranslation();
  const open = useDrawer((state) => state.open);
  const setOpen = useDrawer((state) => state.setOpen);
  const unread = useHomeUnread();
  const label = unread > 0 ? `${t('nav.openMenu')}, ${t('chat.unread', { count: unread })}` : t('nav.openMenu');
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
      ) : null}
    </button>
  );
}
