import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { channelPath } from '../../app/routes';
import { Avatar } from '../../ui/avatar';
import { Icon } from '../../ui/icon';
import { useUserStore } from '../auth/user-store';
import { useGroupEntry } from '../groups/groups-queries';
import { CallControls } from './call-controls';
import { callAvatarStatus, callStatusKey } from './call-panel-text';
import { showsCallPanel } from './call-status';
import { leaveCall, useCall } from './use-call';
import styles from './call-panel.module.css';

/** Who the panel shows: the signed-in user. */
export interface PanelUser {
  id: string;
  name: string;
  avatarUrl: string | null;
}

/**
 * Spec §2 call panel, at the foot of the sidebar above the user panel (Discord): the connection state, the channel
 * and group, leave; the own avatar with its status ring (lit while speaking) and the mic, camera and screen toggles.
 * Shown while the call state is not NOT_CREATED; REJECTED and STOPED stay until closed, saying what happened.
 */
export function CallPanel() {
  const target = useCall((state) => state.target);
  const { id, name, nickname, avatarUrl } = useUserStore();
  const group = useGroupEntry(target?.groupId ?? '');
  const channel = group?.channels.find((candidate) => candidate.id === target?.channelId);
  const where = channel && group ? `${channel.name} / ${group.name}` : (group?.name ?? '');
  return <CallPanelView me={{ id, name: name || nickname, avatarUrl }} where={where} />;
}

/** The panel itself, given the user and the place («канал / сервер»); the call's state comes from the store. */
export function CallPanelView({ me, where }: { me: PanelUser; where: string }) {
  const { t } = useTranslation();
  const status = useCall((state) => state.status);
  const reconnecting = useCall((state) => state.reconnecting);
  const target = useCall((state) => state.target);
  const meSpeaking = useCall((state) => state.speaking.includes(me.id));
  if (!showsCallPanel(status) || !target) return null;

  const over = status === 'REJECTED' || status === 'STOPED';
  const tone = over ? 'bad' : status === 'ACTIVE' && !reconnecting ? 'good' : 'wait';
  return (
    <section
      className={styles.panel}
      aria-label={t('call.panelLabel')}
      data-testid="call-panel"
      data-call-status={status}
      data-reconnecting={reconnecting || undefined}
    >
      <div className={styles.head}>
        <div className={styles.where}>
          <span className={styles.status} data-tone={tone}>
            <Icon name="speaker" size={16} />
            <span data-testid="call-panel-status">{t(callStatusKey(status, reconnecting))}</span>
          </span>
          <Link
            to={channelPath(target.groupId, target.channelId)}
            className={styles.channel}
            data-testid="call-panel-channel"
          >
            {where}
          </Link>
        </div>
        <button
          type="button"
          className={`${styles.leave} ${over ? styles.close : ''}`}
          aria-label={over ? t('call.close') : t('call.leave')}
          title={over ? t('call.close') : t('call.leave')}
          onClick={() => void leaveCall()}
          data-testid="call-leave"
        >
          <Icon name={over ? 'cross' : 'phone'} size={20} className={over ? undefined : styles.hangup} />
        </button>
      </div>
      <div className={styles.body}>
        <span className={styles.me} data-speaking={meSpeaking || undefined}>
          <Avatar
            id={me.id}
            name={me.name}
            url={me.avatarUrl}
            size={32}
            status={callAvatarStatus(status, reconnecting)}
            ringColour="var(--bg-elevated)"
          />
        </span>
        <span className={styles.name}>{me.name}</span>
        <CallControls />
      </div>
    </section>
  );
}
