import { create } from 'zustand';
import { getScoped } from '../../lib/local-db/db';
import { MEDIA_HINT_KEY } from '../../lib/local-db/scoped-key';
import { onScopedSetting, saveScopedSetting } from '../settings/settings-sync';

interface MediaHintStore {
  /** Spec §3 `ui:global` one-time tip: undefined until the local setting is read, then whether to show it. */
  visible: boolean | undefined;
}

export const useMediaHintStore = create<MediaHintStore>()(() => ({ visible: undefined }));

export async function loadMediaHint(): Promise<void> {
  if (useMediaHintStore.getState().visible !== undefined) return;
  const shown = (await getScoped<boolean>(MEDIA_HINT_KEY)) === true;
  useMediaHintStore.setState({ visible: !shown });
}

/** Once dismissed, never again, on any page of this browser or the user's other devices. */
export function dismissMediaHint(): void {
  useMediaHintStore.setState({ visible: false });
  saveScopedSetting(MEDIA_HINT_KEY, true);
}

// Seen on another device of the user: that was the one time.
onScopedSetting((key, value) => {
  if (key === MEDIA_HINT_KEY && value === true) useMediaHintStore.setState({ visible: false });
});
