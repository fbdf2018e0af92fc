import { groupChannel, userChannel } from '@beseda/protocol/realtime';
import type { Delivery } from '@beseda/protocol/server-events';
import type { VoiceChannelRef, VoiceChannelUpdateEvent, VoiceMember } from '@beseda/protocol/voice';
import type { VoiceState } from './state.js';

export function toVoiceMember(state: VoiceState): VoiceMember {
  return {
    userId: state.userId,
    channelId: state.channelId,
    joinedAt: new Date(state.joinedAt).toISOString(),
    ...state.flags,
  };
}

/** The names an event or a neighbour record carries, so a friend outside the group can show where someone talks. */
export type ChannelNames = Pick<VoiceChannelRef, 'channelName' | 'groupName'>;

export function joinEvent(state: VoiceState, names: ChannelNames, type: 'join' | 'update'): VoiceChannelUpdateEvent {
  return { type: 'voice_channel_update', payload: { type, groupId: state.groupId, ...names, ...toVoiceMember(state) } };
}

export function leaveEvent(state: VoiceState): VoiceChannelUpdateEvent {
  return {
    type: 'voice_channel_update',
    payload: { type: 'leave', userId: state.userId, channelId: state.channelId, groupId: state.groupId },
  };
}

/**
 * A voice event goes once to its group's channel (every member's sidebar) and to each friend of the user (their
 * activity panel: a friend outside the group hears it there only).
 */
export function voiceEventDeliveries(event: VoiceChannelUpdateEvent, friendIds: readonly string[]): Delivery[] {
  return [
    { channel: groupChannel(event.payload.groupId), event },
    ...friendIds.map((friendId) => ({ channel: userChannel(friendId), event })),
  ];
}
