import { z } from 'zod';
import { API_PREFIX } from './constants.js';
import { VALIDATION } from './validation.js';

/**
 * Link preview (spec §3 "Link preview", §5, §7 `GET utils/og ?url`): what a page says about itself. Every field but
 * `url` may be null when the page does not say. `url` is where the page was finally found (after redirects).
 * The server only fetches https URLs with a valid domain name (spec §5), never an IP address, never anything that
 * resolves to a private, loopback or otherwise non-public address. `image` and `favicon` are on our own origin
 * (`linkPreviewImageUrl`): the server fetches them, so a user's address never reaches the linked site and the CSP's
 * `img-src 'self'` holds.
 */
export const linkPreviewSchema = z.object({
  url: z.string(),
  image: z.string().nullable(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  favicon: z.string().nullable(),
  siteName: z.string().nullable(),
});
export type LinkPreview = z.infer<typeof linkPreviewSchema>;

/** The longest URL we take: longer ones are not links a person pasted. */
export const LINK_PREVIEW_URL_MAX = 2048;

export const linkPreviewQuerySchema = z.object({
  url: z.string({ error: VALIDATION.invalid }).trim().min(1, { error: VALIDATION.required }).max(LINK_PREVIEW_URL_MAX, {
    error: VALIDATION.invalid,
  }),
});
export type LinkPreviewQuery = z.infer<typeof linkPreviewQuerySchema>;

export const LINK_PREVIEW_IMAGE_KINDS = ['image', 'favicon'] as const;
export type LinkPreviewImageKind = (typeof LINK_PREVIEW_IMAGE_KINDS)[number];

/** `page` is the previewed URL (as answered by the cache key: the asked URL without its fragment). */
export const linkPreviewImageQuerySchema = z.object({
  page: z.string({ error: VALIDATION.invalid }).min(1, { error: VALIDATION.required }).max(LINK_PREVIEW_URL_MAX, {
    error: VALIDATION.invalid,
  }),
  kind: z.enum(LINK_PREVIEW_IMAGE_KINDS, { error: VALIDATION.invalid }),
});
export type LinkPreviewImageQuery = z.infer<typeof linkPreviewImageQuerySchema>;

/** Where the preview image or favicon of `page` is served from our origin. */
export function linkPreviewImageUrl(page: string, kind: LinkPreviewImageKind): string {
  return `${API_PREFIX}/utils/og/image?${new URLSearchParams({ page, kind }).toString()}`;
}
