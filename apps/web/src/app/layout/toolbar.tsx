import { NavLink, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GroupModalHost } from '../../features/groups/group-modal-host';
import { showGroupModal } from '../../features/groups/group-modals';
import { ToolbarGroups } from '../../features/groups/toolbar-groups';
import { useMissedCallCount } from '../../features/call-history/call-history-queries';
import { pillText } from '../../features/chats/unread-total';
import { useHomeUnread } from '../../features/chats/use-home-unread';
import { InboxButton } from '../../features/notifications/inbox-button';
import { Icon } from '../../ui/icon';
import { LogoGlyph } from '../../ui/logo';
import { Tooltip } from '../../ui/tooltip';
import { ROUTES } from '../routes';
import styles from './layout.module.css';

/** Spec §2 toolbar: home, group avatars, add group, the notifications bell (issue 15), settings. */
export function Toolbar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const homeActive = pathname.startsWith(ROUTES.friends);
  const settingsActive = pathname.startsWith(ROUTES.settings);
  const unread = useHomeUnread();
  // Missed calls not seen yet join the unread messages on the one pill: both wait in the home section.
  const missed = useMissedCallCount();
  const total = unread + missed;
  const homeLabel = [
    t('nav.home'),
    ...(unread > 0 ? [t('chat.unread', { count: unread })] : []),
    ...(missed > 0 ? [t('calls.missedCount', { count: missed })] : []),
  ].join(', ');

  return (
    <nav className={styles.rail} aria-label={t('nav.groups')}>
      <div className={`${styles.railItem} ${homeActive ? styles.active : ''}`}>
        <Tooltip label={t('nav.home')} side="right">
          <NavLink
            to={ROUTES.friends}
            className={`${styles.railButton} ${styles.homeButton}`}
            aria-label={homeLabel}
            aria-current={homeActive ? 'page' : undefined}
            data-testid="toolbar-home"
          >
            <LogoGlyph size={28} />
          </NavLink>
        </Tooltip>
        {/* Discord's red pill: personal messages and missed calls are noticed from inside a group too (issue 12, bug 2). */}
        {total > 0 ? (
          <span
            className={styles.railPill}
            aria-hidden="true"
            data-testid="toolbar-home-unread"
            data-unread={unread}
            data-missed-calls={missed}
          >
            {pillText(total)}
          </span>
        ) : null}
      </div>
      <div className={styles.railSeparator} aria-hidden="true" />
      <ToolbarGroups label={t('nav.groups')} />
      <div className={styles.railItem}>
        <Tooltip label={t('nav.addGroup')} side="right">
          <button
            type="button"
            className={`${styles.railButton} ${styles.addButton}`}
            aria-label={t('nav.addGroup')}
            onClick={() => showGroupModal('newGroup', {})}
            data-testid="toolbar-add-group"
          >
            <Icon name="plus" size={24} />
          </button>
        </Tooltip>
      </div>
      <div className={styles.railSpacer} />
      <InboxButton />
      <div className={`${styles.railItem} ${settingsActive ? styles.active : ''}`}>
        <Tooltip label={t('nav.settings')} side="right">
          <NavLink
            to={ROUTES.settingsMy}
            className={styles.railButton}
            aria-label={t('nav.settings')}
            data-testid="toolbar-settings"
          >
            <Icon name="gear" size={22} />
          </NavLink>
        </Tooltip>
      </div>
      <GroupModalHost />
    </nav>
  );
}
