import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useUserStore } from '../../features/auth/user-store';
import type { ConnectionState } from '../../lib/realtime/realtime-client';
import { useRealtimeState } from '../../lib/realtime/realtime-context';
import { Avatar, type AvatarStatus } from '../../ui/avatar';
import { Icon } from '../../ui/icon';
import { ROUTES } from '../routes';
import styles from './layout.module.css';

/** The own status dot follows the realtime connection: others see us online exactly while it is up. */
const DOT: Record<ConnectionState, AvatarStatus> = {
  connected: 'online',
  connecting: 'connecting',
  disconnected: 'offline',
};

/** The signed-in user at the foot of every sidebar, with a shortcut to the settings. */
export function UserPanel() {
  const { t } = useTranslation();
  const { id, nickname, name, avatarUrl } = useUserStore();
  const connection = useRealtimeState();
  return (
    <div className={styles.userPanel} data-testid="user-panel" data-connection={connection}>
      <div className={styles.userInfo}>
        <Avatar
          id={id}
          name={name || nickname}
          url={avatarUrl}
          size={32}
          status={DOT[connection]}
          ringColour="var(--bg-elevated)"
        />
        <div className={styles.userText}>
          <span className={styles.userName}>{name || nickname}</span>
          <span className={styles.userStatus}>{t(`realtime.${connection}`)}</span>
        </div>
      </div>
      <Link to={ROUTES.settingsMy} className={styles.iconButton} aria-label={t('nav.settings')}>
        <Icon name="gear" size={18} />
      </Link>
    </div>
  );
}
