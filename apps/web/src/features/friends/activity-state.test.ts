import { describe, expect, it } from 'vitest';
import type { VoiceChannelRef } from '@beseda/protocol/voice';
import {
  activityList,
  applyActivitySnapshot,
  applyVoiceUpdate,
  EMPTY_ACTIVITY,
  inChannelFor,
  type VoiceChannelUpdate,
} from './activity-state';

const LOBBY: VoiceChannelRef = {
  channelId: 'c1',
  channelName: 'Лобби',
  groupId: 'g1',
  groupName: 'Сервер',
  joinedAt: '2026-01-01T10:00:00.000Z',
};
const GAMES: VoiceChannelRef = { ...LOBBY, channelId: 'c2', channelName: 'Игры', joinedAt: '2026-01-01T10:05:00.000Z' };

function join(userId: string, ref: VoiceChannelRef, type: 'join' | 'update' = 'join'): VoiceChannelUpdate {
  return {
    type,
    userId,
    micEnabled: true,
    cameraEnabled: false,
    screenShareEnabled: false,
    ...ref,
  };
}

describe('activity state', () => {
  it('a join adds an entry and an update changes it', () => {
    let state = applyVoiceUpdate(EMPTY_ACTIVITY, join('u1', LOBBY), 1);
    expect(activityList(state)).toEqual([{ userId: 'u1', voiceChannel: LOBBY }]);
    state = applyVoiceUpdate(state, join('u1', GAMES, 'update'), 2);
    expect(activityList(state)).toEqual([{ userId: 'u1', voiceChannel: GAMES }]);
  });

  it('the same join heard twice changes nothing', () => {
    const state = applyVoiceUpdate(EMPTY_ACTIVITY, join('u1', LOBBY), 1);
    expect(applyVoiceUpdate(state, join('u1', LOBBY), 2)).toBe(state);
  });

  it('a leave removes the entry, but not when the user already moved to another channel', () => {
    let state = applyVoiceUpdate(EMPTY_ACTIVITY, join('u1', LOBBY), 1);
    state = applyVoiceUpdate(state, join('u1', GAMES), 2);
    const late = applyVoiceUpdate(state, { type: 'leave', userId: 'u1', channelId: 'c1', groupId: 'g1' }, 3);
    expect(late).toBe(state);
    state = applyVoiceUpdate(state, { type: 'leave', userId: 'u1', channelId: 'c2', groupId: 'g1' }, 4);
    expect(activityList(state)).toEqual([]);
  });

  it('a clear empties that channel only', () => {
    let state = applyVoiceUpdate(EMPTY_ACTIVITY, join('u1', LOBBY), 1);
    state = applyVoiceUpdate(state, join('u2', LOBBY), 2);
    state = applyVoiceUpdate(state, join('u3', GAMES), 3);
    state = applyVoiceUpdate(state, { type: 'clear', channelId: 'c1', groupId: 'g1' }, 4);
    expect(activityList(state).map((row) => row.userId)).toEqual(['u3']);
  });

  it('a snapshot replaces what is held', () => {
    let state = applyVoiceUpdate(EMPTY_ACTIVITY, join('gone', LOBBY), 1);
    state = applyActivitySnapshot(state, [{ userId: 'u2', voiceChannel: GAMES }], 5);
    expect(activityList(state)).toEqual([{ userId: 'u2', voiceChannel: GAMES }]);
  });

  it('a snapshot requested before an event does not undo it', () => {
    // Requested at 1; meanwhile u1 left (2) and u2 joined (3); the answer still has u1 and not u2.
    let state = applyVoiceUpdate(EMPTY_ACTIVITY, join('u1', LOBBY), 0);
    state = applyVoiceUpdate(state, { type: 'leave', userId: 'u1', channelId: 'c1', groupId: 'g1' }, 2);
    state = applyVoiceUpdate(state, join('u2', GAMES), 3);
    state = applyActivitySnapshot(state, [{ userId: 'u1', voiceChannel: LOBBY }], 1);
    expect(activityList(state)).toEqual([{ userId: 'u2', voiceChannel: GAMES }]);
  });

  it('a snapshot requested before a clear does not bring the channel back', () => {
    let state = applyVoiceUpdate(EMPTY_ACTIVITY, { type: 'clear', channelId: 'c1', groupId: 'g1' }, 2);
    state = applyActivitySnapshot(state, [{ userId: 'u1', voiceChannel: LOBBY }], 1);
    expect(activityList(state)).toEqual([]);
  });

  it('lists the longest in a channel first', () => {
    let state = applyVoiceUpdate(EMPTY_ACTIVITY, join('late', GAMES), 1);
    state = applyVoiceUpdate(state, join('early', LOBBY), 2);
    expect(activityList(state).map((row) => row.userId)).toEqual(['early', 'late']);
  });
});

describe('inChannelFor', () => {
  const joined = '2026-01-01T10:00:00.000Z';
  it('words the time since joining', () => {
    expect(inChannelFor(joined, new Date('2026-01-01T10:00:30.000Z'))).toEqual({ kind: 'now' });
    expect(inChannelFor(joined, new Date('2026-01-01T09:59:00.000Z'))).toEqual({ kind: 'now' });
    expect(inChannelFor(joined, new Date('2026-01-01T10:05:10.000Z'))).toEqual({ kind: 'minutes', count: 5 });
    expect(inChannelFor(joined, new Date('2026-01-01T11:20:00.000Z'))).toEqual({
      kind: 'hours',
      hours: 1,
      minutes: 20,
    });
    expect(inChannelFor('nonsense', new Date())).toEqual({ kind: 'now' });
  });
});
