import type { VoiceChannelUpdateEvent, VoiceMember } from '@beseda/protocol/voice';

export type VoiceUpdate = VoiceChannelUpdateEvent['payload'];

function sameMember(a: VoiceMember, b: VoiceMember): boolean {
  return (
    a.userId === b.userId &&
    a.channelId === b.channelId &&
    a.joinedAt === b.joinedAt &&
    a.micEnabled === b.micEnabled &&
    a.cameraEnabled === b.cameraEnabled &&
    a.screenShareEnabled === b.screenShareEnabled
  );
}

/**
 * Spec §4 voice channel activity on one group's members-voice-status list: a join or update adds or replaces the
 * user's entry (a user is in one voice channel at a time), a leave removes it, a clear empties the channel. Returns
 * the same list when nothing changes (a repeat), so the cache is not written.
 */
export function applyVoiceUpdate(members: readonly VoiceMember[], update: VoiceUpdate): readonly VoiceMember[] {
  if (update.type === 'clear') {
    const left = members.filter((member) => member.channelId !== update.channelId);
    return left.length === members.length ? members : left;
  }
  if (update.type === 'leave') {
    const left = members.filter(
      (member) => !(member.userId === update.userId && member.channelId === update.channelId),
    );
    return left.length === members.length ? members : left;
  }
  const entry: VoiceMember = {
    userId: update.userId,
    channelId: update.channelId,
    joinedAt: update.joinedAt,
    micEnabled: update.micEnabled,
    cameraEnabled: update.cameraEnabled,
    screenShareEnabled: update.screenShareEnabled,
  };
  const held = members.find((member) => member.userId === update.userId);
  if (held && sameMember(held, entry)) return members;
  const others = members.filter((member) => member.userId !== update.userId);
  // Kept in joining order, as the sidebar lists them.
  return [...others, entry].sort((a, b) => a.joinedAt.localeCompare(b.joinedAt));
}
