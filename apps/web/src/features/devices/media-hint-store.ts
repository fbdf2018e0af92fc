import { create } from 'zustand';
import { getScoped, setScoped } from '../../lib/local-db/db';
import { MEDIA_HINT_KEY } from '../../lib/local-db/scoped-key';

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

/** Once dismissed, never again, on any page of this browser. */
export function dismissMediaHint(): void {
  useMediaHintStore.setState({ visible: false });
  void setScoped(MEDIA_HINT_KEY, true);
}
