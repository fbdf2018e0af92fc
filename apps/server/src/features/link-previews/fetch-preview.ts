import type { LinkPreview } from '@beseda/protocol/link-previews';
import { guardedFetch, type GuardedFetchDeps, type GuardedFetchLimits } from './guarded-fetch.js';
import { extractPageMetadata } from './page-metadata.js';

/** Issue 15: 5 s for everything, 1 MB of page, at most 3 redirects, HTML only. */
export const PAGE_LIMITS: GuardedFetchLimits = {
  timeoutMs: 5000,
  maxBytes: 1024 * 1024,
  maxRedirects: 3,
  acceptContentType: (mediaType) => mediaType === 'text/html',
  truncate: true,
};

/** The preview of a page as the page itself describes it; `url` is where the redirects ended. */
export async function fetchLinkPreview(
  url: string,
  deps: GuardedFetchDeps,
  limits: GuardedFetchLimits = PAGE_LIMITS,
): Promise<LinkPreview> {
  const page = await guardedFetch(url, deps, limits);
  const metadata = extractPageMetadata(page.body, page.contentType, page.finalUrl);
  return { url: page.finalUrl.href, ...metadata };
}
