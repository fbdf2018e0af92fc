import type { ChannelType } from '../../db/schema/groups.js';

/**
 * Who writes in a channel (as Discord's default «Send Messages» would be): every member in TEXT channels, the owner
 * alone in SYSTEM channels (announcements, joins), nobody in RTCP ones (voice channels have no chat).
 */
export function channelCanWrite(type: ChannelType, isOwner: boolean): boolean {
  if (type === 'TEXT') return true;
  if (type === 'SYSTEM') return isOwner;
  return false;
}
