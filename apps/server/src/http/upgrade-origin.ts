import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';

/**
 * The HTTP Origin rule (origin-check.ts) for WebSocket upgrades, which never reach Fastify's request object: the
 * Origin must be PUBLIC_URL's or the very host the upgrade was sent to. Browsers always send Origin on a WebSocket
 * (and cookies do not authenticate it anyway: the token does), so a missing Origin is a non-browser client and is
 * allowed unless the browser marks the request cross-site — the same as for HTTP.
 */
export function upgradeOriginCheck(publicUrl: string, trustProxy: boolean): (req: IncomingMessage) => boolean {
  const publicOrigin = new URL(publicUrl).origin;
  return function isAllowedUpgradeOrigin(req) {
    const origin = req.headers.origin;
    if (origin === undefined) return req.headers['sec-fetch-site'] !== 'cross-site';
    if (origin === publicOrigin) return true;
    const host = firstValue(trustProxy ? req.headers['x-forwarded-host'] : undefined) ?? req.headers.host;
    return host !== undefined && origin === `${requestProtocol(req, trustProxy)}://${host}`;
  };
}

function requestProtocol(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = firstValue(trustProxy ? req.headers['x-forwarded-proto'] : undefined);
  if (forwarded !== undefined) return forwarded;
  return (req.socket as Partial<TLSSocket>).encrypted === true ? 'https' : 'http';
}

/** `X-Forwarded-*` may list several hops ("a, b"); the first is the client's. */
function firstValue(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  const first = value?.split(',', 1)[0]?.trim();
  return first === undefined || first === '' ? undefined : first;
}
