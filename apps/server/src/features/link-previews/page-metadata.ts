import { Parser } from 'htmlparser2';

export interface PageMetadata {
  title: string | null;
  description: string | null;
  siteName: string | null;
  /** Absolute https URLs, resolved against the page's final URL. */
  image: string | null;
  favicon: string | null;
}

const MAX_TITLE = 300;
const MAX_DESCRIPTION = 1000;
const MAX_SITE_NAME = 100;
/** Where browsers look for a `<meta charset>` before they start decoding (HTML's prescan). */
const CHARSET_PRESCAN_BYTES = 1024;

/**
 * OpenGraph first, then Twitter cards, then plain HTML (`<title>`, `<meta name=description>`, `<link rel=icon>`),
 * the order in which sites usually put the most care.
 */
export function extractPageMetadata(body: Buffer, contentType: string, pageUrl: URL): PageMetadata {
  const html = decodeHtml(body, contentType);
  const meta = new Map<string, string>();
  let title = '';
  let inTitle = false;
  let titleSeen = false;
  let icon: string | null = null;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (name === 'meta') {
          const key = (attribs.property ?? attribs.name ?? '').trim().toLowerCase();
          const content = attribs.content;
          if (key !== '' && content !== undefined && !meta.has(key)) meta.set(key, content);
        } else if (name === 'title' && !titleSeen) {
          inTitle = true;
        } else if (name === 'link' && icon === null && isIconRel(attribs.rel) && attribs.href !== undefined) {
          icon = attribs.href;
        }
      },
      ontext(text) {
        if (inTitle) title += text;
      },
      onclosetag(name) {
        if (name === 'title' && inTitle) {
          inTitle = false;
          titleSeen = true;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);

  const pick = (...keys: string[]): string | null => {
    for (const key of keys) {
      const value = meta.get(key);
      if (value !== undefined && value.trim() !== '') return value;
    }
    return null;
  };
  return {
    title: clean(pick('og:title', 'twitter:title') ?? (title === '' ? null : title), MAX_TITLE),
    description: clean(pick('og:description', 'twitter:description', 'description'), MAX_DESCRIPTION),
    siteName: clean(pick('og:site_name', 'application-name'), MAX_SITE_NAME),
    image: absoluteHttps(
      pick('og:image:secure_url', 'og:image:url', 'og:image', 'twitter:image', 'twitter:image:src'),
      pageUrl,
    ),
    // Browsers fall back to /favicon.ico; so do we (the image proxy drops it if it is not there).
    favicon: absoluteHttps(icon ?? '/favicon.ico', pageUrl),
  };
}

function isIconRel(rel: string | undefined): boolean {
  return rel !== undefined && rel.toLowerCase().split(/\s+/).includes('icon');
}

/** Whitespace collapsed, trimmed, cut at a code-point boundary; empty becomes null. */
function clean(value: string | null, max: number): string | null {
  if (value === null) return null;
  const text = value.replace(/\s+/g, ' ').trim();
  if (text === '') return null;
  const codePoints = Array.from(text);
  return codePoints.length > max ? `${codePoints.slice(0, max - 1).join('')}…` : text;
}

function absoluteHttps(value: string | null, base: URL): string | null {
  if (value === null) return null;
  try {
    const url = new URL(value.trim(), base);
    return url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Charset from the BOM, then the Content-Type header, then a `<meta>` in the first KiB; UTF-8 otherwise. */
export function decodeHtml(body: Buffer, contentType: string): string {
  const label = bomCharset(body) ?? headerCharset(contentType) ?? metaCharset(body) ?? 'utf-8';
  try {
    return new TextDecoder(label).decode(body);
  } catch {
    // An unknown label: the page lied about its encoding; UTF-8 with replacement characters is the best guess.
    return new TextDecoder('utf-8').decode(body);
  }
}

function bomCharset(body: Buffer): string | null {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return 'utf-8';
  if (body[0] === 0xfe && body[1] === 0xff) return 'utf-16be';
  if (body[0] === 0xff && body[1] === 0xfe) return 'utf-16le';
  return null;
}

function headerCharset(contentType: string): string | null {
  const match = /;\s*charset\s*=\s*"?([\w.:-]+)"?/i.exec(contentType);
  return match?.[1] ?? null;
}

function metaCharset(body: Buffer): string | null {
  const head = body.subarray(0, CHARSET_PRESCAN_BYTES).toString('latin1');
  const direct = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head);
  return direct?.[1] ?? null;
}
