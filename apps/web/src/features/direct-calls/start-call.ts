import type { PublicUser } from '@beseda/protocol/user';
import { directCallStore } from './direct-calls';

export interface StartDirectCallOptions {
  /** Start with the camera on (a video call); default: a voice call. */
  video?: boolean;
}

/**
 * Starts a direct call from anywhere outside the chat header — the calls page's call-back buttons and the chat's
 * «Перезвонить» — through the same store action as the header's buttons: the outgoing modal at once, the ringback,
 * the room, and a toast when the server refuses.
 */
export function startDirectCall(user: PublicUser, { video = false }: StartDirectCallOptions = {}): Promise<void> {
  return directCallStore.getState().placeCall(user, video);
}
