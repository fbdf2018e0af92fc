import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icon';
import { deviceStore, useDevices } from './devices';
import { MEDIA_KINDS, type MediaKind } from './media-access';
import styles from './devices.module.css';

type Context = 'mic' | 'camera' | 'both';

function contextOf(kinds: readonly MediaKind[]): Context | null {
  if (kinds.length === 0) return null;
  if (kinds.length === 2) return 'both';
  return kinds[0] ?? null;
}

/**
 * Spec §8: a denied permission is explained, with the way out (the address bar's lock icon). When the user allows it
 * there, the store hears the permission change and the page fills in by itself; «Проверить снова» covers browsers
 * that do not report it. A device held by another application gets its own line.
 */
export function AccessNotice() {
  const { t } = useTranslation();
  const access = useDevices((state) => state.access);
  const denied = contextOf(MEDIA_KINDS.filter((kind) => access[kind] === 'denied'));
  const busy = MEDIA_KINDS.filter((kind) => access[kind] === 'busy');
  if (!denied && busy.length === 0) return null;
  const retry = () => void deviceStore.getState().requestAccess();
  return (
    <div className={styles.notice} role="alert" data-testid="media-denied">
      <Icon name="lock" size={22} className={styles.noticeIcon} />
      <div className={styles.noticeText}>
        {denied ? (
          <>
            <p className={styles.noticeTitle}>{t('devices.deniedTitle', { context: denied })}</p>
            <p>{t('devices.deniedHowTo', { what: t('devices.deniedWhat', { context: denied }) })}</p>
          </>
        ) : null}
        {busy.map((kind) => (
          <p key={kind}>
            <span className={styles.noticeTitle}>{t('devices.busy', { context: kind })}.</span> {t('devices.busyHint')}
          </p>
        ))}
      </div>
      <Button variant="secondary" size="sm" onClick={retry}>
        {t('devices.deniedRetry')}
      </Button>
    </div>
  );
}
