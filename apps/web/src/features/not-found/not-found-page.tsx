import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '../../app/routes';
import buttonStyles from '../../ui/button.module.css';
import styles from './not-found-page.module.css';

/**
 * Any address the app has no route for (issue 12, bug 10): say so in Russian and offer the way home, instead of
 * silently landing on the friends page, which hid typos and dead links.
 */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <main className={styles.page}>
      <div className={styles.card} data-testid="not-found">
        <p className={styles.code} aria-hidden="true">
          404
        </p>
        <h1 className={styles.title}>{t('notFound.title')}</h1>
        <p className={styles.hint}>
          {t('notFound.hint')} <span className={styles.path}>{pathname}</span>
        </p>
        <Link to={ROUTES.friends} className={`${buttonStyles.button} ${buttonStyles.primary} ${buttonStyles.md}`}>
          {t('notFound.toHome')}
        </Link>
      </div>
    </main>
  );
}
