import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../ui/empty-state';
import styles from './group-sidebar.module.css';

/** The group sidebar frame; channels and members arrive with the groups feature. */
export function GroupSidebar() {
  const { t } = useTranslation();
  return (
    <>
      <h2 className={styles.header}>{t('group.sidebarTitle')}</h2>
      <div className={styles.body}>
        <EmptyState icon="hash" title={t('group.empty')} compact fill />
      </div>
    </>
  );
}
