import {
  BROADCAST_CHANNEL,
  USER_CHANNEL_NAMESPACE,
  USER_MESSAGE_CHANNEL_NAMESPACE,
  parseChannel,
} from '@beseda/protocol/realtime';
import type { ProtocolError } from './codes.js';
import { protocolErrors } from './codes.js';

/** Decides whether a user may subscribe to a channel outside the built-in ones (group channels). */
export type AuthorizeChannel = (userId: string, channel: string) => boolean | Promise<boolean>;

/** Channels the gateway uses between its own processes; clients can never subscribe to them. */
export const CONTROL_CHANNEL = '$gateway:control';

const USER_LIMITED = new Set<string>([USER_CHANNEL_NAMESPACE, USER_MESSAGE_CHANNEL_NAMESPACE]);

/** Characters that could break logs or keys have no business in a channel name. */
const VALID_CHANNEL = /^[\p{L}\p{N}_\-:#.@=$]+$/u;

/**
 * The subscribe permission: `notification` for everyone connected, the per-user channels for their owner only,
 * everything else through `authorizeChannel` (102 when there is none). Returns null when allowed.
 */
export async function checkSubscribe(
  userId: string,
  channel: string,
  authorizeChannel: AuthorizeChannel | undefined,
): Promise<ProtocolError | null> {
  if (!VALID_CHANNEL.test(channel) || channel.startsWith('$')) return protocolErrors.unknownChannel;
  if (channel === BROADCAST_CHANNEL) return null;
  const { namespace, owner } = parseChannel(channel);
  if (USER_LIMITED.has(namespace)) return owner === userId ? null : protocolErrors.permissionDenied;
  if (authorizeChannel === undefined) return protocolErrors.unknownChannel;
  return (await authorizeChannel(userId, channel)) ? null : protocolErrors.permissionDenied;
}
