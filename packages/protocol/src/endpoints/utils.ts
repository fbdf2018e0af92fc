import { defineEndpoint } from '../endpoint.js';
import { linkPreviewImageQuerySchema, linkPreviewQuerySchema, linkPreviewSchema } from '../link-previews.js';

/* Utilities (spec §7 "Activity, files, utils, settings"). */

/**
 * The link preview of `url` (spec §7 `GET utils/og ?url`): `{url, image, title, description, favicon, siteName}`.
 * 400 VALIDATION_FAILED (`fields.url`) for a URL that never gets a preview (spec §5: only https with a valid domain,
 * not a link to a file); 404 NOT_FOUND when the page has none for us (unreachable, not HTML, refused) — the client
 * clears the preview (spec §8); 429 over the per-user fetch limit.
 */
export const getLinkPreview = defineEndpoint({
  method: 'GET',
  path: '/utils/og',
  query: linkPreviewQuerySchema,
  response: linkPreviewSchema,
  errors: ['UNAUTHENTICATED', 'NOT_FOUND', 'RATE_LIMITED'],
});

/**
 * The image or favicon of a previewed page, fetched by the server through the same guard (images only: PNG, JPEG,
 * GIF, WebP, AVIF, ICO; at most 2 MB) and served from our origin. Build the URL with `linkPreviewImageUrl` (the
 * preview answers it). 404 when the page has no such image or it cannot be fetched.
 */
export const getLinkPreviewImage = defineEndpoint({
  method: 'GET',
  path: '/utils/og/image',
  query: linkPreviewImageQuerySchema,
  response: 'binary',
  errors: ['UNAUTHENTICATED', 'NOT_FOUND', 'RATE_LIMITED'],
});
