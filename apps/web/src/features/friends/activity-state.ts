import type { ActivityNeighbour, VoiceChannelRef, VoiceChannelUpdateEvent } from '@beseda/protocol/voice';

/**
 * The friends page activity panel (spec §2, §4 "Voice channel activity"): who is talking in which voice channel,
 * from `GET /activity-user/get-activity-neighbours` and then `voice_channel_update` events. Pure functions over a
 * logical clock (like contacts.ts): a snapshot requested before an event was applied must not undo the event.
 */
export interface ActivityState {
  /** userId → the voice channel they are in. */
  byUser: Readonly<Record<string, VoiceChannelRef>>;
  /** When each user's entry last changed by an event. */
  userChangedAt: Readonly<Record<string, number>>;
  /** When each channel was last cleared (everyone left at once). */
  channelClearedAt: Readonly<Record<string, number>>;
}

export const EMPTY_ACTIVITY: ActivityState = { byUser: {}, userChangedAt: {}, channelClearedAt: {} };

export type VoiceChannelUpdate = VoiceChannelUpdateEvent['payload'];

function without(record: Readonly<Record<string, VoiceChannelRef>>, userId: string) {
  const { [userId]: _removed, ...rest } = record;
  return rest;
}

function sameRef(a: VoiceChannelRef | undefined, b: VoiceChannelRef): boolean {
  return (
    a !== undefined &&
    a.channelId === b.channelId &&
    a.channelName === b.channelName &&
    a.groupId === b.groupId &&
    a.groupName === b.groupName &&
    a.joinedAt === b.joinedAt
  );
}

/**
 * The server's list, requested at `requestedAt`: it replaces what we hold, except for users changed by an event
 * after the request went out (their event is newer) and for entries in a channel cleared since.
 */
export function applyActivitySnapshot(
  state: ActivityState,
  neighbours: readonly ActivityNeighbour[],
  requestedAt: number,
): ActivityState {
  const newer = (userId: string) => (state.userChangedAt[userId] ?? 0) > requestedAt;
  const byUser: Record<string, VoiceChannelRef> = {};
  for (const [userId, ref] of Object.entries(state.byUser)) {
    if (newer(userId)) byUser[userId] = ref;
  }
  for (const { userId, voiceChannel } of neighbours) {
    if (newer(userId)) continue;
    if ((state.channelClearedAt[voiceChannel.channelId] ?? 0) > requestedAt) continue;
    byUser[userId] = voiceChannel;
  }
  return { ...state, byUser };
}

/** Spec §4: a join or an update adds or updates the user's entry, a leave removes it, a clear empties the channel. */
export function applyVoiceUpdate(state: ActivityState, update: VoiceChannelUpdate, at: number): ActivityState {
  switch (update.type) {
    case 'join':
    case 'update': {
      const ref: VoiceChannelRef = {
        channelId: update.channelId,
        channelName: update.channelName,
        groupId: update.groupId,
        groupName: update.groupName,
        joinedAt: update.joinedAt,
      };
      // The same event heard twice (the user channel and the group channel both carry it) changes nothing.
      if (sameRef(state.byUser[update.userId], ref)) return state;
      return {
        ...state,
        byUser: { ...state.byUser, [update.userId]: ref },
        userChangedAt: { ...state.userChangedAt, [update.userId]: at },
      };
    }
    case 'leave': {
      // A leave of the channel the user already moved away from (moving leaves the first one) is old news.
      if (state.byUser[update.userId]?.channelId !== update.channelId) return state;
      return {
        ...state,
        byUser: without(state.byUser, update.userId),
        userChangedAt: { ...state.userChangedAt, [update.userId]: at },
      };
    }
    case 'clear': {
      const byUser: Record<string, VoiceChannelRef> = {};
      for (const [userId, ref] of Object.entries(state.byUser)) {
        if (ref.channelId !== update.channelId) byUser[userId] = ref;
      }
      return { ...state, byUser, channelClearedAt: { ...state.channelClearedAt, [update.channelId]: at } };
    }
  }
}

/** The panel's rows: who has been talking longest first, then by id so the order never flickers. */
export function activityList(state: ActivityState): ActivityNeighbour[] {
  return Object.entries(state.byUser)
    .map(([userId, voiceChannel]) => ({ userId, voiceChannel }))
    .sort((a, b) => a.voiceChannel.joinedAt.localeCompare(b.voiceChannel.joinedAt) || (a.userId < b.userId ? -1 : 1));
}

/** How long someone has been in the channel, for the catalogue to word (spec §9 style: minutes, then hours). */
export type InChannelFor =
  { kind: 'now' } | { kind: 'minutes'; count: number } | { kind: 'hours'; hours: number; minutes: number };

export function inChannelFor(joinedAt: string, now: Date): InChannelFor {
  const elapsed = now.getTime() - new Date(joinedAt).getTime();
  // Clock skew can put joinedAt slightly in the future; an unreadable date says nothing useful either.
  if (!(elapsed >= 60_000)) return { kind: 'now' };
  const minutes = Math.floor(elapsed / 60_000);
  if (minutes < 60) return { kind: 'minutes', count: minutes };
  return { kind: 'hours', hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}
