import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../app/layout/page-header';
import { EmptyState } from '../../ui/empty-state';
import page from '../../ui/page.module.css';
import { panelId, Tabs, tabId, type TabItem } from '../../ui/tabs';
import styles from './friends-page.module.css';

type FriendsTab = 'online' | 'all' | 'pending' | 'blocked';
const TAB_PREFIX = 'friends';

/** Spec §2 friends page. The lists fill in with the friends feature; until then each tab is honestly empty. */
export function FriendsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<FriendsTab>('online');
  const tabs: TabItem<FriendsTab>[] = [
    { id: 'online', label: t('friends.online') },
    { id: 'all', label: t('friends.all') },
    { id: 'pending', label: t('friends.pending') },
    { id: 'blocked', label: t('friends.blocked') },
  ];
  const current = tabs.find((item) => item.id === tab);

  return (
    <>
      <PageHeader icon="friend" title={t('friends.title')}>
        <Tabs<FriendsTab>
          items={tabs}
          value={tab}
          onChange={setTab}
          label={t('friends.tabsLabel')}
          variant="pill"
          idPrefix={TAB_PREFIX}
        />
      </PageHeader>
      <div className={page.body}>
        <section
          className={styles.list}
          role="tabpanel"
          id={panelId(TAB_PREFIX, tab)}
          aria-labelledby={tabId(TAB_PREFIX, tab)}
        >
          <p className={styles.listHeader}>{current?.label} — 0</p>
          <EmptyState
            icon="friend"
            title={t('friends.empty')}
            hint={t('friends.emptyHint')}
            fill
            testId="friends-empty"
          />
        </section>
        <aside className={styles.activity} aria-labelledby="friends-activity-title" data-testid="friends-activity">
          <h2 className={styles.activityTitle} id="friends-activity-title">
            {t('friends.activityTitle')}
          </h2>
          <div className={styles.activityCard}>
            <p className={styles.activityEmpty}>{t('friends.activityEmpty')}</p>
            <p className={styles.activityHint}>{t('friends.activityHint')}</p>
          </div>
        </aside>
      </div>
    </>
  );
}
