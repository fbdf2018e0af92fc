import { describe, expect, it } from 'vitest';
import { callAvatarStatus, callStatusKey, peerAbsent } from './call-panel-text';
import type { CallParticipant } from './media-room';

describe('call panel wording', () => {
  it('names each state of spec §4', () => {
    expect(callStatusKey('LOADING', false)).toBe('call.statusLoading');
    expect(callStatusKey('ACTIVE', false)).toBe('call.statusActive');
    expect(callStatusKey('ACTIVE', true)).toBe('call.statusReconnecting');
    expect(callStatusKey('LOADING', true)).toBe('call.statusReconnecting');
    expect(callStatusKey('REJECTED', false)).toBe('call.statusRejected');
    expect(callStatusKey('STOPED', false)).toBe('call.statusStoped');
  });

  it('colours the own status dot by the connection', () => {
    expect(callAvatarStatus('ACTIVE', false)).toBe('online');
    expect(callAvatarStatus('ACTIVE', true)).toBe('connecting');
    expect(callAvatarStatus('LOADING', false)).toBe('connecting');
    expect(callAvatarStatus('REJECTED', false)).toBe('offline');
    expect(callAvatarStatus('STOPED', false)).toBe('offline');
  });
});

describe('a direct call waiting for the friend', () => {
  const peer = {
    id: 'bob',
    nickname: 'bob',
    name: 'Боб',
    avatarUrl: null,
    online: { status: 'online' as const, lastSeen: null },
  };
  const target = { kind: 'direct' as const, callId: 'c1', peer };
  const person = (identity: string, isLocal: boolean) => ({ identity, isLocal }) as CallParticipant;

  it('reads as waiting while the friend is not in the room; a voice channel waits for nobody', () => {
    expect(peerAbsent(target, [person('me', true)])).toBe(true);
    expect(peerAbsent(target, [person('me', true), person('bob', false)])).toBe(false);
    expect(peerAbsent({ kind: 'voice', groupId: 'g', channelId: 'c' }, [person('me', true)])).toBe(false);
    expect(peerAbsent(null, [])).toBe(false);
    expect(callStatusKey('ACTIVE', false, true)).toBe('call.statusWaiting');
    expect(callStatusKey('ACTIVE', true, true)).toBe('call.statusReconnecting');
  });
});
