import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { channelPath, dmPath } from '../../app/routes';
import { Avatar } from '../../ui/avatar';
import { Icon } from '../../ui/icon';
import { useUserStore } from '../auth/user-store';
import { useChatDirectory } from '../chats/chats-queries';
import { useGroupEntry } from '../groups/groups-queries';
import { CallControls } from './call-controls';
import { callAvatarStatus, callStatusKey, peerAbsent } from './call-panel-text';
import type { CallTarget } from './call-store';
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
 * Spec §2 call panel, at the foot of the sidebar above the user panel (Discord): the connection state, where the call
 * is (the channel and group, or the friend of a direct call), leave; the own avatar with its status ring (lit while
 * speaking) and the mic, camera and screen toggles. Shown while the call state is not NOT_CREATED; REJECTED and
 * STOPED stay until closed, saying what happened.
 */
export function CallPanel() {
  const target = useCall((state) => state.target);
  const { id, name, nickname, avatarUrl } = useUserStore();
  const me = { id, name: name || nickname, avatarUrl };
  if (target?.kind === 'direct') return <DirectCallPanel me={me} target={target} />;
  return <VoiceCallPanel me={me} groupId={target?.groupId ?? ''} channelId={target?.channelId ?? ''} />;
}

function VoiceCallPanel({ me, groupId, channelId }: { me: PanelUser; groupId: string; channelId: string }) {
  const group = useGroupEntry(groupId);
  const channel = group?.channels.find((candidate) => candidate.id === channelId);
  const where = channel && group ? `${channel.name} / ${group.name}` : (group?.name ?? '');
  return <CallPanelView me={me} where={where} whereTo={channelPath(groupId, channelId)} />;
}

/** A direct call names the friend, and links to the chat with them when the chat list has it. */
function DirectCallPanel({ me, target }: { me: PanelUser; target: Extract<CallTarget, { kind: 'direct' }> }) {
  const chatId = useChatDirectory(
    (directory) =>
      Object.values(directory.chats).find((chat) => chat.kind === 'direct' && chat.targetUserId === target.peer.id)
        ?.id ?? null,
  );
  const where = target.peer.name || target.peer.nickname;
  return <CallPanelView me={me} where={where} whereTo={chatId ? dmPath(chatId) : null} />;
}

export interface CallPanelViewProps {
  me: PanelUser;
  /** Where the call is: «канал / сервер», or the friend's name. */
  where: string;
  /** The page of that place; null: no link (a direct chat the list has not loaded). */
  whereTo: string | null;
}

/** The panel itself, given the user and the place; the call's state comes from the store. */
export function CallPanelView({ me, where, whereTo }: CallPanelViewProps) {
  const { t } = useTranslation();
  const status = useCall((state) => state.status);
  const reconnecting = useCall((state) => state.reconnecting);
  const target = useCall((state) => state.target);
  const waiting = useCall((state) => peerAbsent(state.target, state.participants));
  const meSpeaking = useCall((state) => state.speaking.includes(me.id));
  if (!showsCallPanel(status) || !target) return null;

  const over = status === 'REJECTED' || status === 'STOPED';
  const tone = over ? 'bad' : status === 'ACTIVE' && !reconnecting && !waiting ? 'good' : 'wait';
  return (
    <section
      className={styles.panel}
      aria-label={t('call.panelLabel')}
      data-testid="call-panel"
      data-call-status={status}
      data-call-kind={target.kind}
      data-reconnecting={reconnecting || undefined}
    >
      <div className={styles.head}>
        <div className={styles.where}>
          <span className={styles.status} data-tone={tone}>
            <Icon name={target.kind === 'direct' ? 'call' : 'speaker'} size={16} />
            <span data-testid="call-panel-status">{t(callStatusKey(status, reconnecting, waiting))}</span>
          </span>
          {whereTo ? (
            <Link to={whereTo} className={styles.channel} data-testid="call-panel-channel">
              {where}
            </Link>
          ) : (
            <span className={styles.channel} data-testid="call-panel-channel">
              {where}
            </span>
          )}
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
