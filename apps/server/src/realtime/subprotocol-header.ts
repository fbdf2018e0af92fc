import type { IncomingMessage } from 'node:http';

/** RFC 7230 `token`: what a subprotocol name may be made of. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * Rewrites the upgrade's `Sec-WebSocket-Protocol` header the way Centrifugo reads it (split on commas, trimmed,
 * unusable entries ignored), before `ws` parses it. `ws` refuses an empty or malformed header with HTTP 400, and an
 * empty one is what some third-party clients send (Python's `websockets`): Centrifugo accepts them, so must we.
 * When nothing usable is left the header is removed and the connection goes on without a subprotocol.
 */
export function normalizeSubprotocolHeader(req: IncomingMessage): void {
  const header = req.headers['sec-websocket-protocol'];
  if (header === undefined) return;
  const names = new Set<string>();
  for (const part of header.split(',')) {
    const name = part.trim();
    if (TOKEN.test(name)) names.add(name);
  }
  if (names.size === 0) delete req.headers['sec-websocket-protocol'];
  else req.headers['sec-websocket-protocol'] = [...names].join(', ');
}
