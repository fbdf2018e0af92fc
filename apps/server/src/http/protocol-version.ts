import { isOutdatedClient, PROTOCOL_VERSION_HEADER } from '@beseda/protocol/version';
import type { onRequestAsyncHookHandler } from 'fastify';
import { ClientOutdatedError } from '../errors.js';

/**
 * API calls from a client built against a protocol this server no longer speaks get 426 CLIENT_OUTDATED before
 * anything runs, so an old desktop build never half-works against a new server; the client offers a reload.
 */
export function protocolVersionCheck(apiPrefix: string): onRequestAsyncHookHandler {
  return async function checkProtocolVersion(request) {
    if (!request.url.startsWith(`${apiPrefix}/`)) return;
    const stated = request.headers[PROTOCOL_VERSION_HEADER];
    if (isOutdatedClient(Array.isArray(stated) ? stated[0] : stated)) throw new ClientOutdatedError();
  };
}
