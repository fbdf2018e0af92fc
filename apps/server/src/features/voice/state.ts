import type { VoiceFlags } from '@beseda/protocol/voice';

/** One user in one voice channel. Times are ms since the epoch. */
export interface VoiceState {
  userId: string;
  channelId: string;
  /** The channel's group: whose members see this state, and where its events go. */
  groupId: string;
  joinedAt: number;
  /** The latest heartbeat (or the join); the state expires VOICE_HEARTBEAT_EXPIRY_MS after it. */
  heartbeatAt: number;
  flags: VoiceFlags;
}

/** What a join starts with: nothing is sent until the client's first heartbeat says what it sends. */
export const NO_FLAGS: VoiceFlags = { micEnabled: false, cameraEnabled: false, screenShareEnabled: false };

/** The state a change left, and the one it replaced. */
export interface VoiceStateChange {
  current: VoiceState;
  previous: VoiceState | null;
}

/** When a removal may happen: only in this channel, only when the last heartbeat is older than this. */
export interface RemoveCondition {
  channelId?: string;
  staleBefore?: number;
}

/**
 * Who is in which voice channel: in memory for one process, in Redis for several. A user is in at most one channel,
 * and every change is atomic, so two processes racing (a join here, an expiry there) never leave two states or undo
 * each other: removals are conditional and say whether they removed anything.
 */
export interface VoiceStateStore {
  /**
   * Puts the user in `state.channelId`, leaving any other channel in the same step. The same channel again (another
   * device, a rejoin) keeps joinedAt and flags and only refreshes the heartbeat.
   */
  join(state: VoiceState): Promise<VoiceStateChange>;
  get(userId: string): Promise<VoiceState | null>;
  /** Refreshes the heartbeat and merges `flags`; null when the user is in no channel. */
  heartbeat(userId: string, at: number, flags: Partial<VoiceFlags>): Promise<VoiceStateChange | null>;
  /** Removes the user's state when it meets `condition`; the removed state, or null when nothing was removed. */
  remove(userId: string, condition?: RemoveCondition): Promise<VoiceState | null>;
  /** Everyone in a voice channel of these groups. */
  inGroups(groupIds: readonly string[]): Promise<VoiceState[]>;
  /** The states of those of these users who are in a voice channel. */
  ofUsers(userIds: readonly string[]): Promise<VoiceState[]>;
  /** Users whose last heartbeat is older than `before` (a bounded batch; the sweep comes back for more). */
  staleUsers(before: number): Promise<string[]>;
  close(): Promise<void>;
}

/** Whether the state's flags differ from another's: a heartbeat that changes nothing announces nothing. */
export function sameFlags(a: VoiceFlags, b: VoiceFlags): boolean {
  return (
    a.micEnabled === b.micEnabled &&
    a.cameraEnabled === b.cameraEnabled &&
    a.screenShareEnabled === b.screenShareEnabled
  );
}
