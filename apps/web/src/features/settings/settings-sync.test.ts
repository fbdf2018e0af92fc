import {
  DEFAULT_SYNCED_GLOBAL_SETTINGS,
  type GlobalSettingsResponse,
  type SyncedGlobalSettings,
} from '@beseda/protocol/settings';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_GLOBAL_SETTINGS } from '../../lib/local-db/global-settings';
import { createEventRegistry } from '../../lib/realtime/events';
import { useGlobalSettings } from './global-settings-store';
import { registerSettingsSync } from './settings-sync';

const pending: ((answer: GlobalSettingsResponse) => void)[] = [];
vi.mock('../../lib/api/client', () => ({
  call: vi.fn(() => new Promise((resolve) => pending.push(resolve))),
}));
vi.mock('../../lib/local-db/db', () => ({
  saveGlobalSetting: vi.fn(() => Promise.resolve()),
  setScoped: vi.fn(() => Promise.resolve()),
}));

function fakeClient() {
  const registry = createEventRegistry((error) => {
    throw error;
  });
  const client = { on: registry.on, onLive: () => () => undefined, onResync: () => () => undefined };
  const deliver = (settings: Partial<SyncedGlobalSettings>, version: number) =>
    registry.dispatch(
      {
        type: 'settings_update',
        payload: { kind: 'global', settings: { ...DEFAULT_SYNCED_GLOBAL_SETTINGS, ...settings }, version },
      },
      { channel: 'notification:user#me', offset: 1 },
    );
  return { client, deliver };
}

describe('settings sync', () => {
  let unregister: () => void = () => undefined;
  beforeEach(() => {
    pending.length = 0;
    useGlobalSettings.setState({ settings: { ...DEFAULT_GLOBAL_SETTINGS }, version: 0 });
  });
  afterEach(() => unregister());

  it('applies another device’s change live', () => {
    const { client, deliver } = fakeClient();
    unregister = registerSettingsSync(client, () => 'me');
    deliver({ echoCancellation: false }, 1);
    expect(useGlobalSettings.getState().settings.echoCancellation).toBe(false);
  });

  it('holds back server states while its own PATCH is unanswered, then applies the answer', async () => {
    const { client, deliver } = fakeClient();
    unregister = registerSettingsSync(client, () => 'me');
    useGlobalSettings.getState().update('noiseSuppression', false);
    useGlobalSettings.getState().update('autoGainControl', false);
    expect(pending).toHaveLength(2);
    // The event of the first PATCH describes the server before the second change: applying it would flip it back.
    deliver({ noiseSuppression: false }, 1);
    expect(useGlobalSettings.getState().settings.autoGainControl).toBe(false);
    pending[0]?.({ settings: { ...DEFAULT_SYNCED_GLOBAL_SETTINGS, noiseSuppression: false }, version: 1 });
    await Promise.resolve();
    expect(useGlobalSettings.getState().settings.autoGainControl).toBe(false);
    pending[1]?.({
      settings: { ...DEFAULT_SYNCED_GLOBAL_SETTINGS, noiseSuppression: false, autoGainControl: false, theme: 'dark' },
      version: 3,
    });
    await vi.waitFor(() => expect(useGlobalSettings.getState().settings.theme).toBe('dark'));
    expect(useGlobalSettings.getState().settings).toMatchObject({ noiseSuppression: false, autoGainControl: false });
  });
});
