import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { FRIENDS_NARROW_BREAKPOINT_PX } from '@beseda/protocol/constants';
import { PageHeader } from '../../app/layout/page-header';
import page from '../../ui/page.module.css';
import { panelId, Tabs, tabId, type TabItem } from '../../ui/tabs';
import { ActivityPanel } from './activity-panel';
import { AddFriend } from './add-friend';
import { useContacts } from './contacts-queries';
import { FriendsList } from './friends-list';
import { pendingCounts, type FriendsTab } from './friends-lists';
import styles from './friends-page.module.css';
import { useNarrow } from './use-narrow';
import { requestedFriendsTab } from '../notifications/notification-target';

type FriendsView = FriendsTab | 'add';
const TAB_PREFIX = 'friends';

/** Spec §2 friends page: tabs В сети / Все / Ожидание / Заблокированные, Add friend, and the activity panel. */
export function FriendsPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const asked = requestedFriendsTab(location.state);
  const [view, setView] = useState<FriendsView>(asked ?? 'online');
  // A navigation that names a tab (the inbox's friend request → «Ожидание») opens it, also when already here: each
  // navigation has its own key, adjusted during render rather than in an effect (no extra paint of the old tab).
  const [navigationKey, setNavigationKey] = useState(location.key);
  if (navigationKey !== location.key) {
    setNavigationKey(location.key);
    if (asked) setView(asked);
  }
  const bodyRef = useRef<HTMLDivElement>(null);
  const narrow = useNarrow(bodyRef, FRIENDS_NARROW_BREAKPOINT_PX);
  const contacts = useContacts();
  const { incoming, outgoing } = pendingCounts(contacts);
  const pending = incoming + outgoing;

  const tabs: TabItem<FriendsView>[] = [
    { id: 'online', label: t('friends.online'), testId: 'friends-tab-online' },
    { id: 'all', label: t('friends.all'), testId: 'friends-tab-all' },
    {
      id: 'pending',
      label: t('friends.pending'),
      badge: pending,
      badgeLabel: t('friends.requestsCount', { count: pending }),
      testId: 'friends-tab-pending',
    },
    { id: 'blocked', label: t('friends.blocked'), testId: 'friends-tab-blocked' },
    // Narrow mode: the call to action keeps its place as an icon, so every tab stays in reach.
    {
      id: 'add',
      label: t('friends.addFriend'),
      accent: true,
      iconOnly: narrow,
      icon: narrow ? 'plus' : undefined,
      testId: 'friends-tab-add',
    },
  ];

  return (
    <>
      <PageHeader icon="friend" title={t('friends.title')} compact={narrow}>
        <Tabs<FriendsView>
          items={tabs}
          value={view}
          onChange={setView}
          label={t('friends.tabsLabel')}
          variant="pill"
          idPrefix={TAB_PREFIX}
          className={narrow ? styles.tabsNarrow : styles.tabs}
        />
      </PageHeader>
      <div ref={bodyRef} className={page.body} data-narrow={narrow || undefined} data-testid="friends-page">
        <section
          className={styles.main}
          role="tabpanel"
          id={panelId(TAB_PREFIX, view)}
          aria-labelledby={tabId(TAB_PREFIX, view)}
        >
          {view === 'add' ? <AddFriend /> : <FriendsList tab={view} />}
        </section>
        {narrow ? null : <ActivityPanel />}
      </div>
    </>
  );
}
