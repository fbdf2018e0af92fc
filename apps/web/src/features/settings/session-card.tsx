import { useTranslation } from 'react-i18next';
import type { Session } from '@beseda/protocol/user';
import { deviceLabel } from '../../lib/i18n/device-label';
import { useRelativeTime } from '../../lib/time/use-relative-time';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icon';
import styles from './my-account-page.module.css';

const MOBILE = /Android|iPhone|iPad|Mobile/i;

export interface SessionCardProps {
  session: Session;
  onTerminate?: (session: Session) => void;
  terminating?: boolean;
}

/** One signed-in device: name, IP, and «Сейчас в сети» for this one or the last activity for others. */
export function SessionCard({ session, onTerminate, terminating = false }: SessionCardProps) {
  const { t } = useTranslation();
  const relative = useRelativeTime();
  return (
    <div
      className={`${styles.sessionCard} ${session.current ? styles.sessionCurrent : ''}`}
      data-testid={session.current ? 'session-current' : 'session-item'}
      data-session-id={session.id}
    >
      <span className={styles.deviceIcon}>
        <Icon name={MOBILE.test(session.userAgent) ? 'mobile' : 'monitor'} size={20} />
      </span>
      <div className={styles.sessionText}>
        <p className={styles.device} title={session.userAgent}>
          {deviceLabel(session.device, t)}
        </p>
        <p className={styles.meta}>
          <span>{t('settings.ip', { ip: session.ip })}</span>
          <span aria-hidden="true">·</span>
          {session.current ? (
            <span className={styles.metaOnline}>{t('settings.onlineNow')}</span>
          ) : (
            <span>{t('settings.lastActive', { time: relative(session.lastSeenAt) })}</span>
          )}
        </p>
      </div>
      {onTerminate ? (
        <Button variant="dangerOutline" size="sm" loading={terminating} onClick={() => onTerminate(session)}>
          {t('settings.terminate')}
        </Button>
      ) : null}
    </div>
  );
}
