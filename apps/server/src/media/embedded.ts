import { createMediaServer } from '@beseda/sfu/create-media-server';
import type { MediaServerFactory } from './media.js';

/**
 * The embedded SFU (`packages/sfu`) this server starts when the context is given no factory and LIVEKIT_URL is
 * unset: rooms in worker threads, signalling at `/media/rtc` on the app's own port.
 */
export const embeddedMediaServer: MediaServerFactory | null = createMediaServer;
