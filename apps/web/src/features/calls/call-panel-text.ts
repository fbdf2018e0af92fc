import type { AvatarStatus } from '../../ui/avatar';
import type { CallTarget } from './call-store';
import type { CallStatus } from './call-status';
import type { CallParticipant } from './media-room';

export type CallStatusKey =
  | 'call.statusLoading'
  | 'call.statusActive'
  | 'call.statusWaiting'
  | 'call.statusReconnecting'
  | 'call.statusRejected'
  | 'call.statusStoped';

/**
 * A direct call whose other party is not in the room (yet, or any more): it still rings, they are accepting, or their
 * connection dropped. A voice channel waits for nobody.
 */
export function peerAbsent(target: CallTarget | null, participants: readonly CallParticipant[]): boolean {
  if (target?.kind !== 'direct') return false;
  return !participants.some((participant) => !participant.isLocal && participant.identity === target.peer.id);
}

/**
 * What the panel says of the connection (a blip of an active call reads as reconnecting; a direct call the friend has
 * not joined reads as waiting for them).
 */
export function callStatusKey(status: CallStatus, reconnecting: boolean, waiting = false): CallStatusKey {
  if (reconnecting && (status === 'ACTIVE' || status === 'LOADING')) return 'call.statusReconnecting';
  if (status === 'ACTIVE' && waiting) return 'call.statusWaiting';
  if (status === 'ACTIVE') return 'call.statusActive';
  if (status === 'REJECTED') return 'call.statusRejected';
  if (status === 'STOPED') return 'call.statusStoped';
  return 'call.statusLoading';
}

/** The own avatar's status dot in the panel: green while connected, amber while (re)connecting, grey when over. */
export function callAvatarStatus(status: CallStatus, reconnecting: boolean): AvatarStatus {
  if (status === 'ACTIVE' && !reconnecting) return 'online';
  if (status === 'ACTIVE' || status === 'LOADING') return 'connecting';
  return 'offline';
}
