import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/icon';
import { dismissWarning, useGroupWarningStore } from './group-warning-store';
import styles from './group-sidebar.module.css';

/** Spec §2: the respectful-behaviour notice; dismissing it is remembered per group (scoped `group:<id>:…`). */
export function GroupWarning({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  // Unknown until the local setting is read: show nothing rather than flash the notice.
  const dismissed = useGroupWarningStore((state) => state.dismissed[groupId]);
  if (dismissed !== false) return null;
  return (
    <aside className={styles.warning} data-testid="group-warning">
      <div className={styles.warningHead}>
        <Icon name="shield" size={18} className={styles.warningIcon} />
        <strong>{t('group.warningTitle')}</strong>
        <button
          type="button"
          className={styles.warningClose}
          aria-label={t('group.warningClose')}
          onClick={() => dismissWarning(groupId)}
        >
          <Icon name="cross" size={16} />
        </button>
      </div>
      <p className={styles.warningText}>{t('group.warningText')}</p>
      <button
        type="button"
        className={styles.warningDismiss}
        onClick={() => dismissWarning(groupId)}
        data-testid="group-warning-dismiss"
      >
        {t('group.warningDismiss')}
      </button>
    </aside>
  );
}
