import i18next from 'i18next';
import { useSyncExternalStore } from 'react';
import { createLogger } from '../../lib/logger';
import { directCallIdOf } from '../calls/call-store';
import { isCallLive } from '../calls/call-status';
import { callStore, preloadCallRoom } from '../calls/use-call';
import { useGlobalSettings } from '../settings/global-settings-store';
import { showToast, type ToastInput } from '../toasts/toast-store';
import { useUserStore } from '../auth/user-store';
import { chatListQuery } from '../chats/chats-queries';
import { appNotifications, appWindowAway } from '../notifications/desktop-notifications';
import { queryClient } from '../../lib/query/query-client';
import { callRoute, createCallNotifier } from './call-notifier';
import { createDirectCallStore, type DirectCallFeedback, type DirectCallStore } from './direct-call-store';
import { directCallApi } from './direct-calls-api';
import { sessionRejoinMarker } from './rejoin-marker';

const log = createLogger('direct-calls');

/** «Звонок отклонён» with the busy tone (four 0.7 s beeps), then the modal closes. */
export const BUSY_SHOWN_MS = 3_000;

function feedbackToast(kind: DirectCallFeedback): ToastInput {
  switch (kind) {
    case 'startFailed':
      return {
        type: 'error',
        title: i18next.t('directCall.startFailed'),
        message: i18next.t('directCall.startFailedHint'),
      };
    case 'notFriends':
      return { type: 'error', title: i18next.t('directCall.notFriends') };
    case 'acceptFailed':
      return { type: 'error', title: i18next.t('directCall.acceptFailed') };
    case 'acceptedElsewhere':
      return { type: 'info', title: i18next.t('directCall.acceptedElsewhere') };
    case 'alreadyEnded':
      return { type: 'info', title: i18next.t('directCall.alreadyEnded') };
  }
}

/** The direct call the call store's room is (connecting or connected), or null. */
function liveDirectCallId(): string | null {
  const { status, target } = callStore.getState();
  return isCallLive(status) ? directCallIdOf(target) : null;
}

/** The app's direct calls, over the app's one call store (a direct call's room is a call like a voice channel's). */
export const directCallStore = createDirectCallStore({
  api: directCallApi,
  room: {
    preload: preloadCallRoom,
    join: (call, media, initial) => callStore.getState().joinDirectCall(call, media, initial),
    close: (callId) => callStore.getState().closeDirectCall(callId),
    liveCallId: liveDirectCallId,
    subscribe: (listener) => callStore.subscribe(listener),
  },
  notifications: createCallNotifier({
    api: appNotifications(log),
    hidden: appWindowAway,
    enabled: () => useGlobalSettings.getState().settings.notificationsEnabled,
    focus: () => window.focus(),
    text: (call) => ({
      title: i18next.t(call.video ? 'directCall.incomingVideo' : 'directCall.incoming'),
      body: i18next.t(call.video ? 'directCall.notificationBodyVideo' : 'directCall.notificationBody', {
        name: call.user.name || call.user.nickname,
      }),
    }),
    route: (call) => {
      const chats = queryClient.getQueryData(chatListQuery(useUserStore.getState().id).queryKey)?.chats ?? {};
      return callRoute(call.user.id, Object.values(chats));
    },
    log,
  }),
  marker: sessionRejoinMarker(typeof sessionStorage === 'undefined' ? null : sessionStorage),
  feedback: (kind) => showToast(feedbackToast(kind)),
  busyMs: BUSY_SHOWN_MS,
  log,
});

/** zustand's `useStore` read the way `useCall` reads (a static render sees the current state). */
export function useDirectCalls<T>(selector: (state: DirectCallStore) => T): T {
  const read = () => selector(directCallStore.getState());
  return useSyncExternalStore(directCallStore.subscribe, read, read);
}

/** Sign-out: nothing rings for the next user. */
export function resetDirectCalls(): void {
  directCallStore.getState().reset();
}
