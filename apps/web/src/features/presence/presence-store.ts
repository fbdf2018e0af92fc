import { create } from 'zustand';
import type { OnlineStatusPayload } from '@beseda/protocol/realtime';
import { applyOnlineStatus, NO_PRESENCE, type PresenceMap } from './presence';

interface PresenceStore {
  /** userId → online and last seen; users we have heard nothing about are absent. */
  users: PresenceMap;
  /**
   * The realtime connection that feeds `users` was lost: nobody's «В сети» can be trusted until it is back (readers
   * show peers as not online, the chat header «Статус неизвестен»). Set and cleared by `trackPresenceFreshness`.
   */
  stale: boolean;
  setStale(stale: boolean): void;
  /** A realtime event or a REST snapshot; stale and duplicate updates are ignored (see applyOnlineStatus). */
  apply(status: OnlineStatusPayload): void;
  reset(): void;
}

/** Online status of other users (friends, chat partners), read by the features that show them. */
export const usePresenceStore = create<PresenceStore>()((set) => ({
  users: NO_PRESENCE,
  stale: false,
  apply: (status) => set((state) => ({ users: applyOnlineStatus(state.users, status) })),
  setStale: (stale) => set((state) => (state.stale === stale ? state : { stale })),
  reset: () => set({ users: NO_PRESENCE, stale: false }),
}));
