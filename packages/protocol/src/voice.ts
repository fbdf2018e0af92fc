import { z } from 'zod';

/**
 * Voice channels and media rooms (spec §3 Activity user / Neighbour record, §4 "Voice channel activity", §7 "Live
 * calls" and `voice_channel_update`). Who is in which voice channel is server state (memory, or Redis with several
 * processes), not a table: it lives as long as heartbeats (every 15 s) or the media connection do.
 */

/** Spec §9: the client heartbeats every 15 s during a voice call, and once at start. */
export const VOICE_HEARTBEAT_INTERVAL_MS = 15_000;
/** A participant whose heartbeats stop for this long is removed from the channel. */
export const VOICE_HEARTBEAT_EXPIRY_MS = 45_000;

/** What a participant sends of their media, as the others' sidebars show it. */
export const voiceFlagsSchema = z.object({
  micEnabled: z.boolean(),
  cameraEnabled: z.boolean(),
  screenShareEnabled: z.boolean(),
});
export type VoiceFlags = z.infer<typeof voiceFlagsSchema>;

/** One user in one voice channel of a group (`GET /group/{id}/members-voice-status`, the group sidebar). */
export const voiceMemberSchema = voiceFlagsSchema.extend({
  userId: z.string(),
  channelId: z.string(),
  joinedAt: z.string(),
});
export type VoiceMember = z.infer<typeof voiceMemberSchema>;

/** Spec §3 Activity user `voiceChannel`: where a user is talking, named for someone outside the group too. */
export const voiceChannelRefSchema = z.object({
  channelId: z.string(),
  channelName: z.string(),
  groupId: z.string(),
  groupName: z.string(),
  joinedAt: z.string(),
});
export type VoiceChannelRef = z.infer<typeof voiceChannelRefSchema>;

/** Spec §3 Neighbour record: a friend or a fellow group member who is in a voice channel now. */
export const activityNeighbourSchema = z.object({ userId: z.string(), voiceChannel: voiceChannelRefSchema });
export type ActivityNeighbour = z.infer<typeof activityNeighbourSchema>;
export const activityNeighboursResponseSchema = z.array(activityNeighbourSchema);

/**
 * `voice_channel_update` (spec §4: a join adds or updates an entry, a leave removes it, a clear resets the channel).
 * Published on `group#<groupId>` for the group's members and on `notification:user#<friendId>` of each friend of the
 * user (the friends page activity panel). `clear`: everyone left at once (the room closed).
 */
const voiceChannelNames = { channelName: z.string(), groupName: z.string() };
export const voiceChannelUpdateEventSchema = z.object({
  type: z.literal('voice_channel_update'),
  payload: z.discriminatedUnion('type', [
    voiceMemberSchema.extend({ type: z.literal('join'), groupId: z.string(), ...voiceChannelNames }),
    voiceMemberSchema.extend({ type: z.literal('update'), groupId: z.string(), ...voiceChannelNames }),
    z.object({ type: z.literal('leave'), userId: z.string(), channelId: z.string(), groupId: z.string() }),
    z.object({ type: z.literal('clear'), channelId: z.string(), groupId: z.string() }),
  ]),
});
export type VoiceChannelUpdateEvent = z.infer<typeof voiceChannelUpdateEventSchema>;
