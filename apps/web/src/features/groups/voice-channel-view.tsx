import type { Channel } from '@beseda/protocol/groups';
import { voiceChannelIdOf } from '../calls/call-store';
import { isCallLive } from '../calls/call-status';
import { joinVoiceChannel, useCall } from '../calls/use-call';
import { VoiceCallView } from '../calls/voice-call-view';
import { VoicePrejoin } from '../devices/voice-prejoin';
import type { GroupEntry } from './groups-state';
import { VoiceOccupants } from './voice-occupants';

/**
 * A voice channel: the call when we are in this channel's call (connecting or connected), the pre-join screen
 * otherwise (never joined, left, rejected, or in another channel's call: connecting here moves us).
 */
export function VoiceChannelView({ group, channel }: { group: GroupEntry; channel: Channel }) {
  const inThisCall = useCall((state) => isCallLive(state.status) && voiceChannelIdOf(state.target) === channel.id);
  const connecting = useCall((state) => state.status === 'LOADING');
  if (inThisCall) return <VoiceCallView group={group} channel={channel} />;
  return (
    <VoicePrejoin
      channelName={channel.name}
      groupName={group.name}
      occupants={<VoiceOccupants group={group} channel={channel} />}
      connecting={connecting}
      onConnect={(initial) => void joinVoiceChannel({ groupId: group.id, channelId: channel.id }, initial)}
    />
  );
}
