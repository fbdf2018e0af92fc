import { useTranslation } from 'react-i18next';
import { useAppStore, type UpdateBannerKind } from './app-store';
import styles from './update-banner.module.css';

/**
 * «Доступна новая версия». `reload`: the server no longer speaks this page's protocol (426 / realtime 4501), and a
 * reload fetches the new build. `install`: the desktop shell is older than the server; reloading would bring the same
 * shell back, so the banner asks for the new app (the shell's updater fetches it) and may be put off.
 */
export function UpdateBanner({ kind }: { kind: UpdateBannerKind }) {
  const { t } = useTranslation();
  const dismiss = useAppStore((state) => state.dismissShellUpdate);
  return (
    <div className={styles.banner} role="alert" data-kind={kind} data-testid="update-banner">
      <div className={styles.text}>
        <strong>{t('app.updateAvailable')}</strong>
        <span>{t(kind === 'reload' ? 'app.updateHint' : 'app.updateInstallHint')}</span>
      </div>
      {kind === 'reload' ? (
        <button type="button" className={styles.action} onClick={() => window.location.reload()}>
          {t('app.reload')}
        </button>
      ) : (
        <button type="button" className={`${styles.action} ${styles.quiet}`} onClick={dismiss}>
          {t('app.later')}
        </button>
      )}
    </div>
  );
}
