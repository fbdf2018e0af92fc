import { DEFAULT_SYNCED_GLOBAL_SETTINGS } from '@beseda/protocol/settings';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_GLOBAL_SETTINGS } from '../../lib/local-db/global-settings';
import { setSettingsServerWriter, useGlobalSettings } from './global-settings-store';

vi.mock('../../lib/local-db/db', () => ({ saveGlobalSetting: vi.fn(() => Promise.resolve()) }));

const store = () => useGlobalSettings.getState();

describe('global settings store', () => {
  beforeEach(() => {
    useGlobalSettings.setState({ settings: { ...DEFAULT_GLOBAL_SETTINGS }, version: -1 });
    setSettingsServerWriter(null);
  });

  it('writes synced keys through to the server, keeps device ids and the sidebar width local', () => {
    const writer = vi.fn();
    setSettingsServerWriter(writer);
    store().update('noiseSuppression', false);
    store().update('selectedAudioInputId', 'mic-1');
    store().update('widthStatusBar', 300);
    expect(writer.mock.calls).toEqual([[{ noiseSuppression: false }]]);
    expect(store().settings).toMatchObject({
      noiseSuppression: false,
      selectedAudioInputId: 'mic-1',
      widthStatusBar: 300,
    });
  });

  it('applies server settings newer than what it has, ignores older ones, keeps local-only keys', () => {
    store().update('selectedVideoInputId', 'cam-1');
    store().applyServer({ settings: { ...DEFAULT_SYNCED_GLOBAL_SETTINGS, echoCancellation: false }, version: 3 });
    expect(store().settings).toMatchObject({ echoCancellation: false, selectedVideoInputId: 'cam-1' });
    store().applyServer({ settings: { ...DEFAULT_SYNCED_GLOBAL_SETTINGS, theme: 'dark' }, version: 2 });
    expect(store().settings.theme).toBe('system');
    expect(store().version).toBe(3);
  });

  it('a forced load (start-up, resync, another user) applies whatever the version', () => {
    store().applyServer({ settings: DEFAULT_SYNCED_GLOBAL_SETTINGS, version: 9 });
    store().forgetServerVersion();
    store().applyServer({ settings: { ...DEFAULT_SYNCED_GLOBAL_SETTINGS, autoGainControl: false }, version: 1 });
    expect(store().settings.autoGainControl).toBe(false);
    store().applyServer({ settings: DEFAULT_SYNCED_GLOBAL_SETTINGS, version: 0 }, true);
    expect(store().settings.autoGainControl).toBe(true);
  });
});
