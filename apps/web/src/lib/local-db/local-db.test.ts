import { describe, expect, it } from 'vitest';
import { DEFAULT_GLOBAL_SETTINGS, mergeGlobalSettings } from './global-settings';
import { groupWarningKey, MEDIA_HINT_KEY, parseScopedKey, scopedKey } from './scoped-key';

describe('global settings', () => {
  it('has the spec defaults', () => {
    expect(DEFAULT_GLOBAL_SETTINGS).toEqual({
      theme: 'system',
      language: 'ru_RU',
      notificationsEnabled: true,
      widthStatusBar: 360,
      defaultMicEnabled: false,
      defaultCameraEnabled: false,
      selectedAudioInputId: '',
      selectedAudioOutputId: '',
      selectedVideoInputId: '',
      noiseSuppression: true,
      echoCancellation: true,
      autoGainControl: true,
    });
  });

  it('takes stored values of the right type and ignores the rest', () => {
    const merged = mergeGlobalSettings({ widthStatusBar: 300, theme: 5, unknown: 'x', noiseSuppression: false });
    expect(merged.widthStatusBar).toBe(300);
    expect(merged.theme).toBe('system');
    expect(merged.noiseSuppression).toBe(false);
    expect(merged).not.toHaveProperty('unknown');
  });

  it('ignores non-finite numbers', () => {
    expect(mergeGlobalSettings({ widthStatusBar: Number.NaN }).widthStatusBar).toBe(360);
  });
});

describe('scoped keys', () => {
  it('joins three parts with colons', () => {
    expect(scopedKey('group', 'g1', 'warningDismissed')).toBe('group:g1:warningDismissed');
    expect(groupWarningKey('abc')).toBe('group:abc:warningDismissed');
    expect(MEDIA_HINT_KEY).toBe('ui:global:mediaHintShown');
  });

  it('rejects parts that would make keys ambiguous', () => {
    expect(() => scopedKey('a:b', 'c', 'd')).toThrow();
    expect(() => scopedKey('', 'c', 'd')).toThrow();
  });

  it('parses keys back', () => {
    expect(parseScopedKey('a:b:c')).toEqual(['a', 'b', 'c']);
    expect(parseScopedKey('a:b')).toBeNull();
    expect(parseScopedKey('a::c')).toBeNull();
  });
});
