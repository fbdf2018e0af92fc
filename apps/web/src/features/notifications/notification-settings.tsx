import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { SwitchRow } from '../../ui/switch';
import { useGlobalSettings } from '../settings/global-settings-store';
import { askNotificationPermission, refreshPermission, useNotificationPrompt } from './notification-prompt-store';
import styles from './notifications.module.css';

/**
 * «Уведомления» in the app settings: the synced `notificationsEnabled` (spec §3), and what the browser allows.
 * Turning it on is a moment to ask the browser; a denial is shown with where to undo it, and never asked again.
 */
export function NotificationSettings({
  sectionClassName,
  titleClassName,
}: {
  sectionClassName: string | undefined;
  titleClassName: string | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const enabled = useGlobalSettings((s) => s.settings.notificationsEnabled);
  const update = useGlobalSettings((s) => s.update);
  const permission = useNotificationPrompt((s) => s.permission);
  useEffect(refreshPermission, []);
  const toggle = (on: boolean) => {
    update('notificationsEnabled', on);
    if (on) void askNotificationPermission();
  };
  return (
    <section className={sectionClassName} aria-labelledby={id} data-testid="settings-notifications">
      <h2 className={titleClassName} id={id}>
        {t('notifications.settingsSection')}
      </h2>
      <SwitchRow
        label={t('notifications.settingsSwitch')}
        hint={t('notifications.settingsSwitchHint')}
        checked={enabled}
        onChange={toggle}
        testId="notifications-enabled"
      />
      {permission === 'denied' ? (
        <p className={styles.settingsNote} role="note" data-testid="notifications-denied">
          {t('notifications.settingsDenied')}
        </p>
      ) : permission === 'unsupported' ? (
        <p className={styles.settingsNote} role="note" data-testid="notifications-unsupported">
          {t('notifications.settingsUnsupported')}
        </p>
      ) : permission === 'default' && enabled ? (
        <div className={styles.settingsAsk}>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => void askNotificationPermission()}
            data-testid="notifications-ask"
          >
            {t('notifications.settingsAsk')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
