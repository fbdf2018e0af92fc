import type { Channel } from '@beseda/protocol/groups';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icon';
import type { GroupEntry } from './groups-state';
import { useGroupVoice } from './groups-queries';
import styles from './group-page.module.css';

/**
 * A voice channel before joining. Media arrives with the next issue, so this says so plainly: the channel, who
 * is in it, and a Connect button that is visibly unavailable.
 */
export function VoiceChannelView({ group, channel }: { group: GroupEntry; channel: Channel }) {
  const { t } = useTranslation();
  const voice = useGroupVoice(group.id);
  const inHere = voice.filter((entry) => entry.channelId === channel.id);
  return (
    <div className={styles.voice} data-testid="voice-channel">
      <div className={styles.voiceCard}>
        <span className={styles.voiceIcon}>
          <Icon name="speaker" size={40} />
        </span>
        <h2 className={styles.voiceTitle}>{channel.name}</h2>
        {inHere.length === 0 ? (
          <p className={styles.voiceHint}>{t('group.voiceEmpty')}</p>
        ) : (
          <ul className={styles.voicePeople} aria-label={t('group.voiceInChannel')}>
            {inHere.map((entry) => {
              const user = group.members?.find((member) => member.id === entry.userId)?.user;
              return (
                <li key={entry.userId}>
                  <Avatar id={entry.userId} name={user?.name ?? '?'} url={user?.avatarUrl ?? null} size={40} />
                </li>
              );
            })}
          </ul>
        )}
        <Button size="lg" disabled data-testid="voice-connect">
          {t('group.voiceConnect')}
        </Button>
        <p className={styles.voiceNote} role="note">
          <Icon name="info" size={16} />
          <span>
            <strong>{t('group.voiceSoonTitle')}.</strong> {t('group.voiceSoonHint')}
          </span>
        </p>
      </div>
    </div>
  );
}
