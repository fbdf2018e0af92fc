import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icon';
import { setNotificationNavigator } from './message-notifications';
import {
  askNotificationPermission,
  declineNotificationPrompt,
  useNotificationPrompt,
} from './notification-prompt-store';
import styles from './notifications.module.css';

/** The in-app prompt before the browser's own permission dialog: why Beseda wants to notify. */
function NotificationPrompt() {
  const { t } = useTranslation();
  const open = useNotificationPrompt((state) => state.open);
  if (!open) return null;
  return (
    <aside
      className={styles.prompt}
      role="dialog"
      aria-labelledby="notification-prompt-title"
      data-testid="notification-prompt"
    >
      <Icon name="info" size={20} className={styles.promptIcon} />
      <div className={styles.promptText}>
        <h2 className={styles.promptTitle} id="notification-prompt-title">
          {t('notifications.promptTitle')}
        </h2>
        <p className={styles.promptBody}>{t('notifications.promptBody')}</p>
      </div>
      <div className={styles.promptActions}>
        <Button size="sm" variant="ghost" onClick={declineNotificationPrompt} data-testid="notification-prompt-later">
          {t('notifications.promptLater')}
        </Button>
        <Button size="sm" onClick={() => void askNotificationPermission()} data-testid="notification-prompt-enable">
          {t('notifications.promptEnable')}
        </Button>
      </div>
    </aside>
  );
}

/** Mounted by the shell: a notification click can open its chat, and the permission prompt shows when offered. */
export function NotificationsRuntime() {
  const navigate = useNavigate();
  useEffect(() => {
    setNotificationNavigator((path) => void navigate(path));
    return () => setNotificationNavigator(null);
  }, [navigate]);
  return <NotificationPrompt />;
}
