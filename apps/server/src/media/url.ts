/** Where the embedded SFU is mounted on this server (app.ts routes `/media/rtc…` to it). */
export const MEDIA_PATH_PREFIX = '/media';

/** How a request reached the server, as Fastify reports it (X-Forwarded-* honoured when TRUST_PROXY is set). */
export interface RequestAddress {
  protocol: 'http' | 'https';
  /** Host and port, e.g. `beseda.example` or `127.0.0.1:3000`. */
  host: string;
}

/**
 * The embedded SFU's URL for a client: MEDIA_URL when set (media on another host or port), else the address the
 * client used for this request, so the page's own origin works behind any proxy without configuration.
 */
export function mediaUrlFor(publicUrl: string | null, address: RequestAddress): string {
  if (publicUrl) return publicUrl;
  const scheme = address.protocol === 'https' ? 'wss' : 'ws';
  return `${scheme}://${address.host}${MEDIA_PATH_PREFIX}`;
}
