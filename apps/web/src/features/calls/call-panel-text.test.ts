import { describe, expect, it } from 'vitest';
import { callAvatarStatus, callStatusKey } from './call-panel-text';

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
