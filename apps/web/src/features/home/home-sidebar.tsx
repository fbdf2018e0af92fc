import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../app/routes';
import { CallsNavLink } from '../call-history/calls-nav-link';
import { FriendsNavLink } from '../friends/friends-nav-link';
import { Icon } from '../../ui/icon';
import { SidebarLink, SidebarNav } from '../../ui/sidebar-nav';
import { ChatList } from '../chats/chat-list';
import styles from './home-sidebar.module.css';

/** Spec §2 home sidebar: search, Friends / Calls / Calendar, then the personal chats. */
export function HomeSidebar() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const searchId = useId();
  return (
    <>
      <div className={styles.search} role="search">
        <div className={styles.searchBox}>
          <label htmlFor={searchId} className="visually-hidden">
            {t('home.search')}
          </label>
          <input
            id={searchId}
            className={styles.searchInput}
            type="search"
            placeholder={t('home.search')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            autoComplete="off"
          />
          <Icon name="search" size={16} className={styles.searchIcon} />
        </div>
      </div>
      <div className={styles.scroll}>
        <SidebarNav label={t('nav.home')}>
          <FriendsNavLink />
          <CallsNavLink />
          <SidebarLink to={ROUTES.calendar} label={t('home.calendar')} icon="calendar" testId="nav-calendar" />
        </SidebarNav>
        <ChatList query={query} />
      </div>
    </>
  );
}
