import type { Channel } from '@beseda/protocol/groups';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../ui/avatar';
import type { GroupEntry } from './groups-state';
import { useGroupVoice } from './groups-queries';
import styles from './group-page.module.css';

/** Who is in a voice channel now, as the pre-join screen shows it: their avatars, or that nobody is. */
export function VoiceOccupants({ group, channel }: { group: GroupEntry; channel: Channel }) {
  const { t } = useTranslation();
  const inHere = useGroupVoice(group.id).filter((entry) => entry.channelId === channel.id);
  if (inHere.length === 0) return <p className={styles.voiceHint}>{t('group.voiceEmpty')}</p>;
  return (
    <ul className={styles.voicePeople} aria-label={t('group.voiceInChannel')} data-testid="voice-occupants">
      {inHere.map((entry) => {
        const user = group.members?.find((member) => member.id === entry.userId)?.user;
        return (
          <li key={entry.userId} title={user?.name}>
            <Avatar id={entry.userId} name={user?.name ?? '?'} url={user?.avatarUrl ?? null} size={32} />
          </li>
        );
      })}
    </ul>
  );
}
