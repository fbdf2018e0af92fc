import {
  deleteScopedSetting,
  getGlobalSettings,
  getScopedSettings,
  patchGlobalSettings,
  putScopedSetting,
} from '@beseda/protocol/endpoints/settings';
import { userChannel } from '@beseda/protocol/realtime';
import type { GlobalSettingsResponse, JsonValue, SyncedGlobalSettings } from '@beseda/protocol/settings';
import { call } from '../../lib/api/client';
import { setScoped } from '../../lib/local-db/db';
import { createLogger } from '../../lib/logger';
import type { RealtimeClient } from '../../lib/realtime/realtime-client';
import { setSettingsServerWriter, useGlobalSettings } from './global-settings-store';

const log = createLogger('settings-sync');

type ScopedListener = (key: string, value: JsonValue) => void;
const scopedListeners = new Set<ScopedListener>();

/** A store that shows a scoped key (the group warning, the media hint) hears server values for it here. */
export function onScopedSetting(listener: ScopedListener): () => void {
  scopedListeners.add(listener);
  return () => scopedListeners.delete(listener);
}

function applyScoped(key: string, value: JsonValue): void {
  void setScoped(key, value);
  for (const listener of scopedListeners) listener(key, value);
}

/**
 * Saves a scoped key in the local cache and on the server. Without a session or network it stays local: settings
 * are a convenience, never a reason for an error toast.
 */
export function saveScopedSetting(key: string, value: JsonValue): void {
  void setScoped(key, value);
  const request =
    value === null ? call(deleteScopedSetting, { query: { key } }) : call(putScopedSetting, { body: { key, value } });
  request.catch((error: unknown) => log.warn('Could not save a scoped setting on the server', { key, error }));
}

/** The server's settings win over the local cache at start-up and after a resync: they are the newer truth. */
export async function loadServerSettings(): Promise<void> {
  try {
    const [global, scoped] = await Promise.all([call(getGlobalSettings), call(getScopedSettings, { query: {} })]);
    useGlobalSettings.getState().applyServer(global, true);
    for (const [key, value] of Object.entries(scoped.settings)) applyScoped(key, value);
  } catch (error) {
    log.warn('Server settings unavailable, keeping the local ones', error);
  }
}

/**
 * PATCHes of this device still unanswered. While there are some, server states (their answers, the events they
 * cause, other devices' events) are not applied: each describes the server before a local change still on its way
 * and would flip a switch back for a moment. The last answer carries everything before it, so it is applied.
 */
let pendingWrites = 0;

function applyGlobal(answer: GlobalSettingsResponse): void {
  if (pendingWrites === 0) useGlobalSettings.getState().applyServer(answer);
}

function patchOnServer(changes: Partial<SyncedGlobalSettings>): void {
  pendingWrites += 1;
  call(patchGlobalSettings, { body: { changes } })
    .then(
      (answer) => {
        pendingWrites -= 1;
        applyGlobal(answer);
      },
      (error: unknown) => {
        pendingWrites -= 1;
        log.warn('Could not save settings on the server', error);
      },
    )
    .catch((error: unknown) => log.warn('Could not apply the saved settings', error));
}

/**
 * Signed in: synced keys write through to the server, `settings_update` from the user's other devices applies
 * live, and a fresh subscription of the user's channel (start-up, a reconnect that lost history) re-reads them.
 * Returns the function that undoes it (sign-out).
 */
export function registerSettingsSync(
  client: Pick<RealtimeClient, 'on' | 'onLive' | 'onResync'>,
  getMyId: () => string,
): () => void {
  setSettingsServerWriter(patchOnServer);
  const removers = [
    client.on('settings_update', (event) => {
      const { payload } = event;
      if (payload.kind === 'global') applyGlobal(payload);
      else applyScoped(payload.key, payload.value);
    }),
    client.onLive((channel) => {
      if (channel === userChannel(getMyId())) void loadServerSettings();
    }),
    client.onResync(() => void loadServerSettings()),
  ];
  return () => {
    setSettingsServerWriter(null);
    useGlobalSettings.getState().forgetServerVersion();
    for (const remove of removers) remove();
  };
}
