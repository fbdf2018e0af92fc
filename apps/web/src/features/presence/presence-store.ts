import { create } from 'zustand';
import type { OnlineStatusPayload } from '@beseda/protocol/realtime';
import { applyOnlineStatus, NO_PRESENCE, type PresenceMap } from './presence';

interface PresenceStore {
  /** userId → online and last seen; users we have heard nothing about are absent. */
  users: PresenceMap;
  /** A realtime event or a REST snapshot; stale and duplicate updates are ignored (see applyOnlineStatus). */
  apply(status: OnlineStatusPayload): void;
  reset(): void;
}

/** Online status of other users (friends, chat partners), read by the features that show them. */
export const usePresenceStore = create<PresenceStore>()((set) => ({
  users: NO_PRESENCE,
  apply: (status) => set((state) => ({ users: applyOnlineStatus(state.users, status) })),
  reset: () => set({ users: NO_PRESENCE }),
}));
