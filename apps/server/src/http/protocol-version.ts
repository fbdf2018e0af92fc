import { isOutdatedClient, PROTOCOL_VERSION, PROTOCOL_VERSION_HEADER } from '@beseda/protocol/version';
import type { onRequestAsyncHookHandler } from 'fastify';
import { ClientOutdatedError } from '../errors.js';

/**
 * Every API answer states the protocol this server speaks (the same header the client states its own in), so a client
 * older than the server learns it from any call: the desktop app, whose shell may lag behind the web build the server
 * serves, then asks the user to install the new version. API calls from a client built against a protocol this server
 * no longer speaks get 426 CLIENT_OUTDATED before anything runs, so an old build never half-works against a new
 * server; the client offers a reload.
 */
export function protocolVersionCheck(apiPrefix: string): onRequestAsyncHookHandler {
  return async function checkProtocolVersion(request, reply) {
    if (!request.url.startsWith(`${apiPrefix}/`)) return;
    reply.header(PROTOCOL_VERSION_HEADER, String(PROTOCOL_VERSION));
    const stated = request.headers[PROTOCOL_VERSION_HEADER];
    if (isOutdatedClient(Array.isArray(stated) ? stated[0] : stated)) throw new ClientOutdatedError();
  };
}
