import { useTranslation } from 'react-i18next';
import styles from './friends-page.module.css';

/** Spec §2 side panel: friends in voice channels arrive with the voice feature; until then, its empty state. */
export function ActivityPanel() {
  const { t } = useTranslation();
  return (
    <aside className={styles.activity} aria-labelledby="friends-activity-title" data-testid="friends-activity">
      <h2 className={styles.activityTitle} id="friends-activity-title">
        {t('friends.activityTitle')}
      </h2>
      <div className={styles.activityCard}>
        <p className={styles.activityEmpty}>{t('friends.activityEmpty')}</p>
        <p className={styles.activityHint}>{t('friends.activityHint')}</p>
      </div>
    </aside>
  );
}
