import { getWsToken } from '@beseda/protocol/endpoints/auth';
import { userChannel, userMessageChannel } from '@beseda/protocol/realtime';
import i18next from 'i18next';
import { fetchMe } from '../../features/auth/auth-api';
import { registerCallHistoryEvents } from '../../features/call-history/call-history-events';
import { registerNotificationEvents } from '../../features/notifications/notifications-events';
import { useUserStore } from '../../features/auth/user-store';
import { registerChatEvents } from '../../features/chats/chats-events';
import { registerMessageNotifications } from '../../features/notifications/message-notifications';
import { resyncChats } from '../../features/chats/chats-store';
import { registerDirectCallEvents } from '../../features/direct-calls/direct-call-events';
import { directCallStore } from '../../features/direct-calls/direct-calls';
import { registerContactEvents } from '../../features/friends/contacts-events';
import { registerGroupEvents } from '../../features/groups/groups-events';
import { resyncGroups } from '../../features/groups/groups-queries';
import { registerVoiceEvents } from '../../features/groups/voice-events';
import { registerPresenceEvents, trackPresenceFreshness } from '../../features/presence/presence-events';
import { registerSettingsSync } from '../../features/settings/settings-sync';
import { showToast } from '../../features/toasts/toast-store';
import { isApiError } from '../../lib/api/api-error';
import { call } from '../../lib/api/client';
import { createLogger } from '../../lib/logger';
import { gatewayUrl } from '../../lib/realtime/centrifuge-options';
import { RealtimeClient } from '../../lib/realtime/realtime-client';
import { createWakeTarget } from '../../lib/realtime/wake-target';
import { useAppStore } from '../app-store';

const log = createLogger('realtime');

/** Through the API client, so an expired access cookie is refreshed silently first. 401 means signed out. */
async function fetchWsToken(): Promise<string | null> {
  try {
    return (await call(getWsToken)).token;
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

/**
 * After a terminal disconnect: is the session still there? A 401 resets the user store through the API client's
 * unauthorized handler, and the guard takes the user to /auth. Anything else (offline, 5xx) cannot tell, so the
 * realtime client is allowed to try again later.
 */
async function sessionStillValid(): Promise<boolean> {
  try {
    useUserStore.getState().setUser(await fetchMe());
    return true;
  } catch (error) {
    return !isApiError(error, 401);
  }
}

export function createAppRealtimeClient(): RealtimeClient {
  return new RealtimeClient({
    url: gatewayUrl(window.location),
    getToken: fetchWsToken,
    checkSession: sessionStillValid,
    onClientOutdated: () => useAppStore.getState().setOutdated(),
    onConnectionProblem: () =>
      showToast({
        type: 'error',
        title: i18next.t('errors.connectionTitle'),
        message: i18next.t('errors.connectionMessage'),
      }),
    networkEvents: createWakeTarget({ window, document, isOnline: () => navigator.onLine }),
    logger: log,
  });
}

/** Re-reads the signed-in user; each feature's resync sits beside it in `registerRealtimeFeatures`. */
function resyncUser(): void {
  fetchMe().then(
    (user) => useUserStore.getState().setUser(user),
    (error: unknown) => log.warn('Resync of the current user failed', error),
  );
}

/**
 * A channel subscribed afresh cannot recover what was published between the initial loads (which race the connect)
 * and this moment: re-read what it feeds, in the background. Contacts do the same inside their registration.
 */
function rereadWhatWentLive(channel: string): void {
  const me = useUserStore.getState().id;
  if (channel === userMessageChannel(me)) resyncChats();
  else if (channel === userChannel(me)) resyncGroups(me);
}

/**
 * Every feature's realtime wiring, installed once per client: event handlers that update the query cache and the
 * stores, and resync listeners that refetch what could not be recovered (contacts: inside their registration, with
 * the reload their events coalesce into). Returns the function that removes them all.
 */
export function registerRealtimeFeatures(client: RealtimeClient): () => void {
  const removers = [
    registerPresenceEvents(client),
    trackPresenceFreshness(client),
    registerContactEvents(client, () => useUserStore.getState().id),
    registerChatEvents(client),
    registerMessageNotifications(client),
    registerGroupEvents(client),
    registerVoiceEvents(client),
    registerCallHistoryEvents(client, () => useUserStore.getState().id),
    registerDirectCallEvents(client, () => directCallStore.getState()),
    registerSettingsSync(client, () => useUserStore.getState().id),
    registerNotificationEvents(client, () => useUserStore.getState().id),
    client.onResync(resyncUser),
    client.onResync(resyncChats),
    client.onResync(() => resyncGroups(useUserStore.getState().id)),
    client.onLive(rereadWhatWentLive),
  ];
  return () => {
    for (const remove of removers) remove();
  };
}
