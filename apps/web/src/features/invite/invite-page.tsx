import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../app/routes';
import { EmptyState } from '../../ui/empty-state';
import styles from './invite-page.module.css';
import buttonStyles from '../../ui/button.module.css';

/** /invite/{code}: no layout. Invite info loads here once invites exist. */
export function InvitePage() {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <div className={styles.card}>
        <EmptyState icon="chat" title={t('invite.empty')} hint={t('invite.emptyHint')} testId="invite-empty">
          <Link to={ROUTES.friends} className={`${buttonStyles.button} ${buttonStyles.primary} ${buttonStyles.md}`}>
            {t('invite.toHome')}
          </Link>
        </EmptyState>
      </div>
    </div>
  );
}
