import { type LinkPreview, type LinkPreviewImageKind, linkPreviewImageUrl } from '@beseda/protocol/link-previews';
import { VALIDATION } from '@beseda/protocol/validation';
import type { Logger } from 'pino';
import type { Database } from '../../db/database.js';
import { NotFoundError, ValidationError } from '../../errors.js';
import type { UserRateLimiter } from '../../rate-limit/user-rate-limiter.js';
import { fetchLinkPreview } from './fetch-preview.js';
import { GuardedFetchError, type GuardedFetchDeps, type GuardedFetchLimits, guardedFetch } from './guarded-fetch.js';
import { checkPreviewUrl } from './preview-url.js';
import { findCachedPreview, saveCachedPreview } from './repository.js';

/** A page's preview changes rarely; a day keeps the cache useful without serving a stale title for long. */
export const PREVIEW_TTL_MS = 24 * 60 * 60_000;
/**
 * How long a preview's row stays after its last fetch, past the TTL: messages keep their embeds, and the embed's
 * picture and icon are fetched through the row (only URLs a page itself named). A month covers the chats people
 * scroll back through; older embeds keep their title and text, and a picture that cannot load is hidden.
 */
export const PREVIEW_KEPT_MS = 30 * 24 * 60 * 60_000;
/** A failed fetch is remembered briefly: enough to absorb retyping and several users, short enough to recover. */
export const FAILURE_TTL_MS = 10 * 60_000;

/**
 * Fetches (cache misses) per user: someone pasting links all day stays far below it; a script walking URLs through
 * our server does not.
 */
export const LINK_PREVIEW_FETCH_LIMIT = { name: 'link-preview-fetches', max: 30, windowMs: 60_000 };

/** Images take several fetches per preview (picture and icon, for every reader whose browser has none cached). */
export const LINK_PREVIEW_IMAGE_LIMIT = { name: 'link-preview-images', max: 120, windowMs: 60_000 };

/** Raster images only: an SVG served from our origin could carry script. */
const IMAGE_TYPES = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/x-icon',
  'image/vnd.microsoft.icon',
]);

export const IMAGE_LIMITS: GuardedFetchLimits = {
  timeoutMs: 5000,
  maxBytes: 2 * 1024 * 1024,
  maxRedirects: 3,
  acceptContentType: (mediaType) => IMAGE_TYPES.has(mediaType),
  truncate: false,
};

export interface PreviewImage {
  contentType: string;
  body: Buffer;
}

export interface LinkPreviewServiceDeps {
  db: Database;
  network: GuardedFetchDeps;
  /** Counts fetches (cache misses) per user: answers from the cache cost nothing and are not limited. */
  fetches: UserRateLimiter;
  /** Counts image and favicon fetches per user. */
  imageFetches: UserRateLimiter;
  logger: Logger;
  now?: () => number;
}

/** Issue 15 / spec §7 `GET utils/og ?url`: the preview of a page, from the cache or fetched through the guard. */
export class LinkPreviewService {
  readonly #deps: LinkPreviewServiceDeps;
  readonly #now: () => number;

  constructor(deps: LinkPreviewServiceDeps) {
    this.#deps = deps;
    this.#now = deps.now ?? Date.now;
  }

  /**
   * 400 VALIDATION_FAILED for a URL we never fetch (spec §5: not https, not a domain name, a file type);
   * 404 NOT_FOUND when the page has no preview for us (unreachable, refused, not HTML); 429 over the fetch limit.
   */
  async preview(userId: string, rawUrl: string): Promise<LinkPreview> {
    const check = checkPreviewUrl(rawUrl);
    if (!check.ok) throw new ValidationError({ url: VALIDATION.invalid }, `No preview for this URL: ${check.reason}`);
    const key = check.url.href;
    const now = this.#now();
    const cached = await findCachedPreview(this.#deps.db, key);
    if (cached !== undefined && cached.expiresAt.getTime() > now) return answer(key, cached.preview);

    await this.#deps.fetches.take(userId);
    let preview: LinkPreview | null = null;
    let failure: string | null = null;
    try {
      preview = await fetchLinkPreview(key, this.#deps.network);
    } catch (error) {
      if (!(error instanceof GuardedFetchError)) throw error;
      failure = error.reason;
      // The host is enough to investigate; the full URL may carry someone's private query string.
      this.#deps.logger.info({ host: check.url.hostname, reason: failure }, 'link preview fetch failed');
    }
    const fetchedAt = new Date(this.#now());
    const ttl = preview === null ? FAILURE_TTL_MS : PREVIEW_TTL_MS;
    await saveCachedPreview(this.#deps.db, {
      url: key,
      preview,
      failure,
      fetchedAt,
      expiresAt: new Date(fetchedAt.getTime() + ttl),
    });
    return answer(key, preview);
  }

  /**
   * The picture or icon a cached preview of `page` names, fetched through the same guard. Only URLs a page itself
   * named can be fetched this way (the client cannot pass one), and each is judged like any page URL. A row past its
   * TTL still serves (the embed of an older message); the pruner keeps it for PREVIEW_KEPT_MS.
   */
  async image(userId: string, page: string, kind: LinkPreviewImageKind): Promise<PreviewImage> {
    const check = checkPreviewUrl(page);
    if (!check.ok) throw new NotFoundError('No such preview');
    const cached = await findCachedPreview(this.#deps.db, check.url.href);
    const target = cached?.preview?.[kind] ?? null;
    if (target === null) throw new NotFoundError('No such preview image');
    await this.#deps.imageFetches.take(userId);
    try {
      const image = await guardedFetch(target, this.#deps.network, IMAGE_LIMITS);
      const mediaType = (image.contentType.split(';')[0] ?? '').trim().toLowerCase();
      return { contentType: mediaType, body: image.body };
    } catch (error) {
      if (!(error instanceof GuardedFetchError)) throw error;
      this.#deps.logger.info({ host: check.url.hostname, kind, reason: error.reason }, 'link preview image failed');
      throw new NotFoundError('The preview image cannot be fetched');
    }
  }
}

/** The cache keeps the page's own image URLs; the answer points at our origin instead. */
function answer(page: string, preview: LinkPreview | null): LinkPreview {
  if (preview === null) throw new NotFoundError('This page has no preview');
  return {
    ...preview,
    image: preview.image === null ? null : linkPreviewImageUrl(page, 'image'),
    favicon: preview.favicon === null ? null : linkPreviewImageUrl(page, 'favicon'),
  };
}
