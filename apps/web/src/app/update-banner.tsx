import { useTranslation } from 'react-i18next';
import styles from './update-banner.module.css';

/** Shown when the server no longer speaks this build's protocol (426 / realtime 4501): a reload fetches the new one. */
export function UpdateBanner() {
  const { t } = useTranslation();
  return (
    <div className={styles.banner} role="alert">
      <div className={styles.text}>
        <strong>{t('app.updateAvailable')}</strong>
        <span>{t('app.updateHint')}</span>
      </div>
      <button type="button" className={styles.reload} onClick={() => window.location.reload()}>
        {t('app.reload')}
      </button>
    </div>
  );
}
