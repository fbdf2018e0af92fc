import { GROUP_CHANNEL_NAMESPACE, parseChannel } from '@beseda/protocol/realtime';
import type { Database } from '../../db/database.js';
import type { AuthorizeChannel } from '../../realtime/channels.js';
import { isMember } from './repository.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The gateway's `authorizeChannel`: `group#<groupId>` for the group's members only (the connection gets 103
 * otherwise). Checked once per subscribe, against the shared database, so it holds on every process.
 */
export function authorizeGroupChannel(db: Database): AuthorizeChannel {
  return async function canSubscribe(userId, channel) {
    const { namespace, owner } = parseChannel(channel);
    if (namespace !== GROUP_CHANNEL_NAMESPACE || owner === null || !UUID.test(owner)) return false;
    return isMember(db, owner, userId);
  };
}
