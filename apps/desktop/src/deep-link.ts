/*
 * `beseda://` links (issue 16): `beseda://invite/{code}` and `beseda://channels/...` open the matching route of the
 * web app; anything else is refused, so a link on a web page can never steer the app to an arbitrary URL. The result
 * is always an in-app path built from re-encoded segments.
 */

export const DEEP_LINK_SCHEME = 'beseda';

const MAX_LINK_LENGTH = 2048;
const MAX_SEGMENT_LENGTH = 200;

function decodeSegment(segment: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return null;
  }
  if (decoded === '' || decoded === '.' || decoded === '..') return null;
  if (decoded.length > MAX_SEGMENT_LENGTH) return null;
  // Control characters, slashes and backslashes inside a segment would change the route's shape.
  for (const char of decoded) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || char === '/' || char === '\\') return null;
  }
  return decoded;
}

/** The app route for a deep link, or null when the link is not one the app opens. */
export function parseDeepLink(link: string): string | null {
  if (link.length > MAX_LINK_LENGTH) return null;
  // Parsed by hand, not with `URL`: `URL` resolves `%2e%2e` and `..` away, which would turn a traversal-shaped link
  // into some other route instead of refusing it. Query and fragment are ignored.
  const match = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)([^?#]*)/i.exec(link);
  if (match === null || match[1]?.toLowerCase() !== DEEP_LINK_SCHEME) return null;
  const host = match[2] ?? '';
  // No user, password or port: `beseda://user@invite/x` is not a link we make.
  if (/[@:]/.test(host)) return null;
  const pathSegments = (match[3] ?? '').split('/').slice(1);
  // A trailing slash is tolerated.
  if (pathSegments.length > 0 && pathSegments[pathSegments.length - 1] === '') pathSegments.pop();
  const rawSegments = [host.toLowerCase(), ...pathSegments];
  const segments: string[] = [];
  for (const raw of rawSegments) {
    const decoded = decodeSegment(raw);
    if (decoded === null) return null;
    segments.push(decoded);
  }
  const [kind, ...rest] = segments;
  const path = rest.map(encodeURIComponent);
  if (kind === 'invite' && path.length === 1) return `/invite/${path[0]}`;
  // `/channels/@me`, `/channels/@me/calls`, `/channels/@me/{dmId}`, `/channels/{groupId}`, `/channels/{g}/{c}`.
  if (kind === 'channels' && path.length >= 1 && path.length <= 2) {
    return `/channels/${path.map((segment) => segment.replace(/^%40me$/, '@me')).join('/')}`;
  }
  return null;
}

/**
 * A second launch (Windows / Linux pass the link on the command line) or the first launch's own argv: the first
 * argument that is a `beseda:` link, parsed. Options such as `--allow-file-access` that a hostile link could try to
 * smuggle are never looked at: only an argument that starts with the scheme is considered.
 */
export function deepLinkFromArgv(argv: readonly string[]): string | null {
  for (const arg of argv) {
    if (arg.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}:`)) return parseDeepLink(arg);
  }
  return null;
}
