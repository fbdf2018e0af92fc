import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../app/routes';
import { SidebarLink, sidebarNavStyles } from '../../ui/sidebar-nav';
import { useContactsStore } from './contacts-store';
import { pendingCounts } from './friends-lists';

/** The home sidebar's «Друзья» entry with Discord's red pill counting incoming requests. */
export function FriendsNavLink() {
  const { t } = useTranslation();
  const incoming = useContactsStore((state) => pendingCounts(state.contacts).incoming);

  // The badge must be right on any home page, not only after the friends page was opened.
  useEffect(() => useContactsStore.getState().ensureLoaded(), []);

  return (
    <SidebarLink
      to={ROUTES.friends}
      label={t('home.friends')}
      icon="friend"
      testId="nav-friends"
      trailing={
        incoming > 0 ? (
          <span className={sidebarNavStyles.pill}>
            <span aria-hidden="true" data-testid="nav-friends-badge">
              {incoming}
            </span>
            <span className="visually-hidden">{t('friends.incomingCount', { count: incoming })}</span>
          </span>
        ) : null
      }
    />
  );
}
