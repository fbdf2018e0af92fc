import type { QueryClient } from '@tanstack/react-query';
import { useUserStore } from '../../features/auth/user-store';
import { resetCall } from '../../features/calls/use-call';
import { resetChats } from '../../features/chats/chats-store';
import { resetDirectCalls } from '../../features/direct-calls/direct-calls';
import { closeGroupModals } from '../../features/groups/group-modals';
import { resetGroupWarnings } from '../../features/groups/group-warning-store';
import { resetMutes } from '../../features/notifications/mute-store';
import { resetNotificationPrompt } from '../../features/notifications/notification-prompt-store';
import { usePresenceStore } from '../../features/presence/presence-store';
import { useErrorStore } from '../../lib/errors/error-store';
import type { RealtimeClient } from '../../lib/realtime/realtime-client';

export interface SignedInState {
  queryClient: QueryClient;
  /** The shell's connection; the invite page has none. */
  realtime: Pick<RealtimeClient, 'stop'> | null;
}

/**
 * Drops everything one signed-in user left in this tab, in the order that keeps the next user safe: the realtime
 * connection first (no event of theirs lands afterwards), their ringing calls and their call's room, then the server-data cache, whose in-flight requests are
 * cancelled with it (a late answer is thrown away), then the per-user client state.
 */
export function clearSignedInState({ queryClient, realtime }: SignedInState): void {
  realtime?.stop();
  resetDirectCalls();
  resetCall();
  queryClient.clear();
  resetChats();
  usePresenceStore.getState().reset();
  resetGroupWarnings();
  resetMutes();
  resetNotificationPrompt();
  closeGroupModals();
  // The records name their requests (ids in URLs): the next user of the tab must not inherit them.
  useErrorStore.getState().reset();
}

/** Calls `onChange` when the signed-in user goes away: signed out, or another account's cookies took over. */
export function watchSignedInUser(onChange: () => void): () => void {
  return useUserStore.subscribe((state, previous) => {
    if (previous.id !== '' && state.id !== previous.id) onChange();
  });
}
