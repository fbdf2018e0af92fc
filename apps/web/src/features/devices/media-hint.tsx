import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../ui/icon';
import { dismissMediaHint, loadMediaHint, useMediaHintStore } from './media-hint-store';
import styles from './devices.module.css';

/** Spec §3: the one-time mic/camera tip, until the user dismisses it (remembered under `ui:global:…`). */
export function MediaHint() {
  const { t } = useTranslation();
  const visible = useMediaHintStore((state) => state.visible);
  useEffect(() => void loadMediaHint(), []);
  // Unknown until read: show nothing rather than flash a tip already dismissed.
  if (visible !== true) return null;
  return (
    <aside className={styles.tip} data-testid="media-hint">
      <Icon name="info" size={20} className={styles.tipIcon} />
      <p className={styles.tipText}>
        <strong>{t('devices.tipTitle')}.</strong> {t('devices.tipText')}
      </p>
      <button type="button" className={styles.tipDismiss} onClick={dismissMediaHint} data-testid="media-hint-dismiss">
        {t('devices.tipDismiss')}
      </button>
    </aside>
  );
}
