import { create } from 'zustand';
import { getScoped } from '../../lib/local-db/db';
import { NOTIFICATION_PROMPT_KEY } from '../../lib/local-db/scoped-key';
import { createLogger } from '../../lib/logger';
import { useGlobalSettings } from '../settings/global-settings-store';
import { saveScopedSetting } from '../settings/settings-sync';
import { appNotifications } from './desktop-notifications';
import { mayAskPermission, permissionState, requestPermission } from './notification-policy';

const log = createLogger('notifications');

interface NotificationPromptStore {
  /** The in-app prompt is on screen. */
  open: boolean;
  /** The browser's answer as last seen (the settings page shows a denial). */
  permission: NotificationPermission | 'unsupported';
}

/**
 * The moment to ask for the notification permission: never on load; when the user first sends a message in a
 * session (they are using the messenger) an in-app prompt says why, and only its «Включить» (a click: browsers want
 * a gesture) asks the browser. «Не сейчас» is remembered for the user (`ui:global:notificationPromptDismissed`); a
 * denial is final, we never ask again.
 */
export const useNotificationPrompt = create<NotificationPromptStore>()(() => ({
  open: false,
  permission: permissionState(appNotifications(log)),
}));

let offered = false;

/** After a send: opens the prompt once per session while the browser has not been asked and the user did not decline. */
export function offerNotifications(): void {
  if (offered) return;
  offered = true;
  if (!mayAskPermission(appNotifications(log), useGlobalSettings.getState().settings.notificationsEnabled)) return;
  void getScoped<boolean>(NOTIFICATION_PROMPT_KEY).then((dismissed) => {
    if (dismissed !== true) useNotificationPrompt.setState({ open: true });
  });
}

/** «Включить» in the prompt, or the settings switch turned on: asks the browser (once: a denial is final). */
export async function askNotificationPermission(): Promise<void> {
  useNotificationPrompt.setState({ open: false });
  await requestPermission(appNotifications(log), useGlobalSettings.getState().settings.notificationsEnabled, log);
  useNotificationPrompt.setState({ permission: permissionState(appNotifications(log)) });
}

export function declineNotificationPrompt(): void {
  useNotificationPrompt.setState({ open: false });
  saveScopedSetting(NOTIFICATION_PROMPT_KEY, true);
}

/** The browser's answer may change in its own settings: re-read it when the settings page shows. */
export function refreshPermission(): void {
  useNotificationPrompt.setState({ permission: permissionState(appNotifications(log)) });
}

export function resetNotificationPrompt(): void {
  offered = false;
  useNotificationPrompt.setState({ open: false });
}
