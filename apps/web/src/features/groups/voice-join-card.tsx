import type { Channel } from '@beseda/protocol/groups';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../ui/avatar';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icon';
import { useGlobalSettings } from '../settings/global-settings-store';
import type { GroupEntry } from './groups-state';
import { useGroupVoice } from './groups-queries';
import styles from './group-page.module.css';

export interface VoiceJoinCardProps {
  group: GroupEntry;
  channel: Channel;
  /** «Подключиться»: join with these mic and camera states. */
  onConnect(initial: { micEnabled: boolean; cameraEnabled: boolean }): void;
}

/** A voice channel before joining: who is in it, and «Подключиться» with the saved default mic and camera states. */
export function VoiceJoinCard({ group, channel, onConnect }: VoiceJoinCardProps) {
  const { t } = useTranslation();
  const voice = useGroupVoice(group.id);
  const settings = useGlobalSettings((state) => state.settings);
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
        <Button
          size="lg"
          onClick={() =>
            onConnect({ micEnabled: settings.defaultMicEnabled, cameraEnabled: settings.defaultCameraEnabled })
          }
          data-testid="voice-connect"
        >
          {t('group.voiceConnect')}
        </Button>
        <p className={styles.voiceHint}>{t('call.joinHint')}</p>
      </div>
    </div>
  );
}
