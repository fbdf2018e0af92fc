import type { Channel } from '@beseda/protocol/groups';
import { useTranslation } from 'react-i18next';
import type { GroupEntry } from '../groups/groups-state';
import { CallStage, type StagePerson } from './call-stage';

/** The call in a voice channel: the stage, with the group's names and pictures for its members. */
export function VoiceCallView({ group, channel }: { group: GroupEntry; channel: Channel }) {
  const { t } = useTranslation();
  const personOf = (identity: string): StagePerson => {
    const user = group.members?.find((member) => member.id === identity)?.user;
    return { name: user?.name || null, avatarUrl: user?.avatarUrl ?? null };
  };
  return (
    <CallStage
      personOf={personOf}
      connectingText={t('call.connecting')}
      aloneText={t('call.alone')}
      testId="voice-call"
      data={{ 'data-channel-id': channel.id }}
    />
  );
}
