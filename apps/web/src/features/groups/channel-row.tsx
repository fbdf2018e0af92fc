import type { Channel } from '@beseda/protocol/groups';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { channelPath } from '../../app/routes';
import { Avatar } from '../../ui/avatar';
import { Icon, type IconName } from '../../ui/icon';
import { MediaIcon } from '../calls/media-icon';
import { voiceChannelIdOf } from '../calls/call-store';
import { useCall } from '../calls/use-call';
import { chatMuteKey, groupMuteKey } from '../../lib/local-db/scoped-key';
import { pillText } from '../chats/unread-total';
import { useMuted } from '../notifications/mute-store';
import { useChannelMentions, useChannelUnread } from './channel-unread';
import type { GroupEntry } from './groups-state';
import { useGroupVoice } from './groups-queries';
import styles from './group-sidebar.module.css';

export function channelIcon(channel: Pick<Channel, 'type'>): IconName {
  if (channel.type === 'RTCP') return 'speaker';
  if (channel.type === 'SYSTEM') return 'info';
  return 'hash';
}

const NO_SPEAKERS: readonly string[] = [];

/**
 * Who is in a voice channel now (members-voice-status, kept live by `voice_channel_update`): avatar, name, a muted
 * mic, the camera and a live badge from their flags; in the channel of our own call, a ring around whoever speaks.
 */
function VoiceOccupants({ group, channelId }: { group: GroupEntry; channelId: string }) {
  const { t } = useTranslation();
  const voice = useGroupVoice(group.id);
  const speaking = useCall((state) => (voiceChannelIdOf(state.target) === channelId ? state.speaking : NO_SPEAKERS));
  const inHere = voice.filter((entry) => entry.channelId === channelId);
  if (inHere.length === 0) return null;
  return (
    <ul className={styles.occupants} data-testid="voice-occupants">
      {inHere.map((entry) => {
        const user = group.members?.find((member) => member.id === entry.userId)?.user;
        const isSpeaking = speaking.includes(entry.userId);
        return (
          <li
            key={entry.userId}
            className={styles.occupant}
            data-testid="voice-occupant"
            data-user-id={entry.userId}
            data-speaking={isSpeaking || undefined}
            data-mic-off={!entry.micEnabled || undefined}
          >
            <span className={styles.occupantAvatar}>
              <Avatar id={entry.userId} name={user?.name ?? '?'} url={user?.avatarUrl ?? null} size={24} />
            </span>
            <span className={styles.occupantName}>{user?.name ?? ''}</span>
            {entry.screenShareEnabled ? <span className={styles.occupantLive}>{t('call.live')}</span> : null}
            {entry.cameraEnabled ? (
              <span className={styles.occupantIcon} role="img" aria-label={t('call.cameraOnBadge')}>
                <MediaIcon kind="camera" off={false} size={16} />
              </span>
            ) : null}
            {entry.micEnabled ? null : (
              <span
                className={`${styles.occupantIcon} ${styles.occupantMuted}`}
                role="img"
                aria-label={t('call.micOff')}
              >
                <MediaIcon kind="mic" off size={16} />
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** A channel in the sidebar: icon, name, bold with a pill while unread (Discord). */
export function ChannelRow({ group, channel, selected }: { group: GroupEntry; channel: Channel; selected: boolean }) {
  const { t } = useTranslation();
  // Muted itself or with its whole group: either way its counts go grey and its unread marker goes.
  const channelMuted = useMuted(channel.chatId ? chatMuteKey(channel.chatId) : null);
  const groupMuted = useMuted(groupMuteKey(group.id));
  const muted = channelMuted || groupMuted;
  const unread = useChannelUnread(channel) > 0 && !selected && !muted;
  const mentionCount = useChannelMentions(channel);
  // The open channel is being read: its count is about to clear.
  const mentions = selected ? 0 : mentionCount;
  const label = [
    channel.name,
    mentions > 0 ? t('notifications.mentions', { count: mentions }) : unread ? t('group.unread', { count: 1 }) : '',
    muted ? t('notifications.muted') : '',
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <>
      {/* A Link, not a NavLink: on /channels/{groupId} the default channel is selected without its own URL. */}
      <Link
        to={channelPath(group.id, channel.id)}
        className={`${styles.channel} ${selected ? styles.selected : ''} ${unread ? styles.unread : ''} ${muted && !selected ? styles.mutedChannel : ''}`}
        aria-current={selected ? 'page' : undefined}
        aria-label={label}
        data-testid="channel-row"
        data-channel-id={channel.id}
        data-unread={unread || undefined}
        data-muted={muted || undefined}
      >
        <Icon name={channelIcon(channel)} size={20} className={styles.channelIcon} />
        <span className={styles.channelName}>{channel.name}</span>
        {mentions > 0 ? (
          <span
            className={`${styles.mentionPill} ${muted ? styles.mutedPill : ''}`}
            aria-hidden="true"
            data-testid="channel-mentions"
          >
            {pillText(mentions)}
          </span>
        ) : channelMuted ? (
          <Icon name="bellOff" size={16} className={styles.mutedIcon} data-testid="channel-muted" />
        ) : null}
      </Link>
      {channel.type === 'RTCP' ? <VoiceOccupants group={group} channelId={channel.id} /> : null}
    </>
  );
}
