import type { MediaServerFactory } from './media.js';

/**
 * The embedded SFU this server starts when the context is given no factory and LIVEKIT_URL is unset. Null: this
 * build has no SFU, and the voice endpoints answer 503 UNAVAILABLE instead of handing out a URL nothing serves.
 * The one place that names `@beseda/sfu`'s `createMediaServer` once that package provides it.
 */
export const embeddedMediaServer: MediaServerFactory | null = null;
