import { isIP } from 'node:net';

/** Spec 5: links to these are files, not pages, and get no preview. */
const SKIPPED_EXTENSIONS = [
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'svg',
  'mp4',
  'webm',
  'mp3',
  'wav',
  'pdf',
  'zip',
  'rar',
  '7z',
] as const;

export type PreviewUrlRefusal =
  'not-a-url' | 'not-https' | 'has-userinfo' | 'not-port-443' | 'ip-literal' | 'invalid-domain' | 'skipped-extension';

export type PreviewUrlCheck = { ok: true; url: URL } | { ok: false; reason: PreviewUrlRefusal };

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const MAX_DOMAIN_LENGTH = 253;
/** Names that by definition never leave the machine or the local network (RFC 6761, RFC 6762, RFC 8375). */
const LOCAL_SUFFIXES = ['localhost', 'local', 'internal', 'home.arpa', 'localdomain'];

/**
 * Spec 5: only https URLs with a valid domain, and not links to files (images, media, archives, PDFs). Redirect
 * targets and preview images go through `checkFetchUrl` only: the extension rule is about what users paste.
 */
export function checkPreviewUrl(raw: string | URL): PreviewUrlCheck {
  const check = checkFetchUrl(raw);
  if (check.ok && hasSkippedExtension(check.url.pathname)) return { ok: false, reason: 'skipped-extension' };
  return check;
}

/**
 * What the server may fetch at all. The host must be a name that we resolve ourselves (and then judge every address
 * of): an IP literal in any spelling — `127.0.0.1`, `0177.0.0.1`, `2130706433`, `0x7f.1`, `[::ffff:127.0.0.1]` —
 * is refused outright. WHATWG URL parsing already rewrites the numeric IPv4 spellings to dotted form, so "parses as
 * an IP" after parsing covers all of them. Every redirect target goes through this same check.
 */
export function checkFetchUrl(raw: string | URL): PreviewUrlCheck {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'not-a-url' };
  }
  if (url.protocol !== 'https:') return { ok: false, reason: 'not-https' };
  if (url.username !== '' || url.password !== '') return { ok: false, reason: 'has-userinfo' };
  // The URL parser drops the default port, so any explicit port left is one we do not connect to.
  if (url.port !== '') return { ok: false, reason: 'not-port-443' };
  if (url.hostname.startsWith('[') || isIP(url.hostname) !== 0) return { ok: false, reason: 'ip-literal' };
  if (!isValidDomain(url.hostname)) return { ok: false, reason: 'invalid-domain' };
  url.hash = '';
  return { ok: true, url };
}

/** An ASCII (punycoded by the URL parser) name of at least two labels whose top-level label is not numeric. */
function isValidDomain(hostname: string): boolean {
  const name = hostname.endsWith('.') ? hostname.slice(0, -1) : hostname;
  if (name.length === 0 || name.length > MAX_DOMAIN_LENGTH) return false;
  const labels = name.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return false;
  const top = labels[labels.length - 1] ?? '';
  if (/^\d+$/.test(top)) return false;
  return !LOCAL_SUFFIXES.some((suffix) => name === suffix || name.endsWith(`.${suffix}`));
}

function hasSkippedExtension(pathname: string): boolean {
  const lower = pathname.toLowerCase();
  return SKIPPED_EXTENSIONS.some((ext) => lower.endsWith(`.${ext}`));
}
