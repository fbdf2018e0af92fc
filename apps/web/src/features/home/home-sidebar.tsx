import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../app/routes';
import { EmptyState } from '../../ui/empty-state';
import { FriendsNavLink } from '../friends/friends-nav-link';
import { Icon } from '../../ui/icon';
import { SidebarLink, SidebarNav, SidebarSectionHeader, sidebarNavStyles } from '../../ui/sidebar-nav';
import { Tooltip } from '../../ui/tooltip';
import styles from './home-sidebar.module.css';

/** Spec §2 home sidebar: search, Friends / Calls / Calendar, then the personal chats. */
export function HomeSidebar() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const searchId = useId();
  const chatsTitleId = useId();
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
          <SidebarLink to={ROUTES.calls} label={t('home.calls')} icon="call" testId="nav-calls" />
          <SidebarLink to={ROUTES.calendar} label={t('home.calendar')} icon="calendar" testId="nav-calendar" />
        </SidebarNav>
        <section className={styles.chats} aria-labelledby={chatsTitleId}>
          <SidebarSectionHeader
            id={chatsTitleId}
            title={t('home.directMessages')}
            action={
              <Tooltip label={t('home.newChatSoon')} side="top">
                <button
                  type="button"
                  className={sidebarNavStyles.sectionAction}
                  aria-label={t('home.newChatSoon')}
                  disabled
                >
                  <Icon name="plus" size={16} />
                </button>
              </Tooltip>
            }
          />
          <EmptyState icon="chat" title={t('home.noChats')} hint={t('home.noChatsHint')} compact testId="chats-empty" />
        </section>
      </div>
    </>
  );
}
