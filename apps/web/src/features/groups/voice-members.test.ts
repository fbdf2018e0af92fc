import { describe, expect, it } from 'vitest';
import type { VoiceMember } from '@beseda/protocol/voice';
import { applyVoiceUpdate, type VoiceUpdate } from './voice-members';

const FLAGS = { micEnabled: true, cameraEnabled: false, screenShareEnabled: false };
const NAMES = { groupId: 'g1', channelName: 'голос', groupName: 'Клуб' };

const ann: VoiceMember = { userId: 'ann', channelId: 'c1', joinedAt: '2026-11-24T10:00:00.000Z', ...FLAGS };
const bob: VoiceMember = { userId: 'bob', channelId: 'c1', joinedAt: '2026-11-24T10:01:00.000Z', ...FLAGS };

const join = (member: VoiceMember, type: 'join' | 'update' = 'join'): VoiceUpdate => ({ type, ...member, ...NAMES });

describe('applyVoiceUpdate (spec §4 voice channel activity)', () => {
  it('a join adds the user, in joining order', () => {
    expect(applyVoiceUpdate([bob], join(ann))).toEqual([ann, bob]);
  });

  it('an update replaces the flags; a join elsewhere moves the user (one channel at a time)', () => {
    const muted = { ...ann, micEnabled: false };
    expect(applyVoiceUpdate([ann, bob], join(muted, 'update'))).toEqual([muted, bob]);
    const moved = { ...ann, channelId: 'c2', joinedAt: '2026-11-24T10:05:00.000Z' };
    expect(applyVoiceUpdate([ann, bob], join(moved))).toEqual([bob, moved]);
  });

  it('a repeat changes nothing (the same list comes back)', () => {
    const members = [ann, bob];
    expect(applyVoiceUpdate(members, join(ann))).toBe(members);
  });

  it('a leave removes the user from that channel only', () => {
    const members = [ann, bob];
    expect(applyVoiceUpdate(members, { type: 'leave', userId: 'ann', channelId: 'c1', groupId: 'g1' })).toEqual([bob]);
    expect(applyVoiceUpdate(members, { type: 'leave', userId: 'ann', channelId: 'c9', groupId: 'g1' })).toBe(members);
  });

  it('a clear empties the channel', () => {
    const other = { ...bob, userId: 'cat', channelId: 'c2' };
    expect(applyVoiceUpdate([ann, bob, other], { type: 'clear', channelId: 'c1', groupId: 'g1' })).toEqual([other]);
  });
});
