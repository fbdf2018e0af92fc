import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../app/routes';
import { SidebarLink, sidebarNavStyles } from '../../ui/sidebar-nav';
import { useContacts } from './contacts-queries';
import { pendingCounts } from './friends-lists';

/** The home sidebar's «Друзья» entry with Discord's red pill counting incoming requests. */
export function FriendsNavLink() {
  const { t } = useTranslation();
  // Loads the list on any home page: the badge must be right before the friends page was ever opened.
  const incoming = pendingCounts(useContacts()).incoming;

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
