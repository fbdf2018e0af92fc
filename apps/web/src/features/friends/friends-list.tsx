import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/empty-state';
import { Icon } from '../../ui/icon';
import { usePresenceStore } from '../presence/presence-store';
import { useContacts } from './contacts-queries';
import { FriendRow } from './friend-row';
import { contactsForTab, filterContacts, isOnline, type FriendsTab } from './friends-lists';
import styles from './friends-page.module.css';
import { useStartChat } from './start-chat';

const SECTION_TITLE = {
  online: 'friends.sectionOnline',
  all: 'friends.sectionAll',
  pending: 'friends.sectionPending',
  blocked: 'friends.sectionBlocked',
} as const;

const EMPTY_HINT = {
  online: 'friends.emptyOnline',
  all: 'friends.emptyHint',
  pending: 'friends.emptyPending',
  blocked: 'friends.emptyBlocked',
} as const;

/** One tab's people: a search box, the Discord-style counter («В СЕТИ — 3») and the rows, or «Никого...». */
export function FriendsList({ tab }: { tab: FriendsTab }) {
  const { t } = useTranslation();
  const contacts = useContacts();
  const presence = usePresenceStore((state) => state.users);
  const stale = usePresenceStore((state) => state.stale);
  const startChat = useStartChat();
  const [query, setQuery] = useState('');
  const searchId = useId();

  const inTab = contactsForTab(contacts, tab, presence, stale);
  const rows = filterContacts(inTab, query);

  return (
    <div className={styles.listArea}>
      {inTab.length > 0 ? (
        <div className={styles.search} role="search">
          <label htmlFor={searchId} className="visually-hidden">
            {t('friends.search')}
          </label>
          <input
            id={searchId}
            className={styles.searchInput}
            type="search"
            placeholder={t('friends.search')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            autoComplete="off"
          />
          <Icon name="search" size={18} className={styles.searchIcon} />
        </div>
      ) : null}
      <h2 className={styles.listHeader} data-testid="friends-count">
        {t(SECTION_TITLE[tab], { count: rows.length })}
      </h2>
      {rows.length > 0 ? (
        <ul
          className={styles.rows}
          aria-label={
            tab === 'pending'
              ? t('friends.requestsCount', { count: rows.length })
              : t('friends.friendsCount', { count: rows.length })
          }
        >
          {rows.map((contact) => (
            <FriendRow
              key={contact.user.id}
              contact={contact}
              online={isOnline(contact, presence, stale)}
              onMessage={(target) => void startChat(target.user.nickname)}
            />
          ))}
        </ul>
      ) : (
        <EmptyState
          icon="friend"
          title={t('friends.empty')}
          hint={t(inTab.length > 0 ? 'friends.emptySearch' : EMPTY_HINT[tab])}
          fill
          testId="friends-empty"
        />
      )}
    </div>
  );
}
