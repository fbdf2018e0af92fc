import type { AvatarStatus } from '../../ui/avatar';
import type { CallStatus } from './call-status';

export type CallStatusKey =
  'call.statusLoading' | 'call.statusActive' | 'call.statusReconnecting' | 'call.statusRejected' | 'call.statusStoped';

/** What the panel says of the connection (a blip of an active call reads as reconnecting). */
export function callStatusKey(status: CallStatus, reconnecting: boolean): CallStatusKey {
  if (reconnecting && (status === 'ACTIVE' || status === 'LOADING')) return 'call.statusReconnecting';
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
