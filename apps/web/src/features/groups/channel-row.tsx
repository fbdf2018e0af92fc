import type { Channel } from '@beseda/protocol/groups';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { channelPath } from '../../app/routes';
import { Avatar } from '../../ui/avatar';
import { Icon, type IconName } from '../../ui/icon';
import { useChannelUnread } from './channel-unread';
import type { GroupEntry } from './groups-state';
import { useGroupVoice } from './groups-queries';
import styles from './group-sidebar.module.css';

export function channelIcon(channel: Pick<Channel, 'type'>): IconName {
  if (channel.type === 'RTCP') return 'speaker';
  if (channel.type === 'SYSTEM') return 'info';
  return 'hash';
}

/** Who is in a voice channel now (members-voice-status; empty until voice lands). */
function VoiceOccupants({ group, channelId }: { group: GroupEntry; channelId: string }) {
  const voice = useGroupVoice(group.id);
  const inHere = voice.filter((entry) => entry.channelId === channelId);
  if (inHere.length === 0) return null;
  return (
    <ul className={styles.occupants}>
      {inHere.map((entry) => {
        const user = group.members?.find((member) => member.id === entry.userId)?.user;
        return (
          <li key={entry.userId} className={styles.occupant}>
            <Avatar id={entry.userId} name={user?.name ?? '?'} url={user?.avatarUrl ?? null} size={24} />
            <span>{user?.name ?? ''}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** A channel in the sidebar: icon, name, bold with a pill while unread (Discord). */
export function ChannelRow({ group, channel, selected }: { group: GroupEntry; channel: Channel; selected: boolean }) {
  const { t } = useTranslation();
  const unread = useChannelUnread(channel) > 0 && !selected;
  return (
    <>
      {/* A Link, not a NavLink: on /channels/{groupId} the default channel is selected without its own URL. */}
      <Link
        to={channelPath(group.id, channel.id)}
        className={`${styles.channel} ${selected ? styles.selected : ''} ${unread ? styles.unread : ''}`}
        aria-current={selected ? 'page' : undefined}
        aria-label={unread ? `${channel.name}, ${t('group.unread', { count: 1 })}` : channel.name}
        data-testid="channel-row"
        data-channel-id={channel.id}
        data-unread={unread || undefined}
      >
        <Icon name={channelIcon(channel)} size={20} className={styles.channelIcon} />
        <span className={styles.channelName}>{channel.name}</span>
      </Link>
      {channel.type === 'RTCP' ? <VoiceOccupants group={group} channelId={channel.id} /> : null}
    </>
  );
}
