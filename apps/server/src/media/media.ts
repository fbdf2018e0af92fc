import type {
  IceServerConfig,
  MediaServer,
  MediaServerOptions,
  ParticipantClaims,
  ParticipantLeftReason,
  SfuLogger,
} from '@beseda/sfu/media-server';
import { RoomServiceClient, ServerError } from 'livekit-server-sdk';
import type { Config } from '../config.js';
import {
  embeddedCredentials,
  InvalidMediaTokenError,
  type MediaCredentials,
  mintRoomToken,
  roomTokenVerifier,
} from './tokens.js';
import type { RoomTokenRequest } from './tokens.js';
import { turnCredentials } from './turn.js';
import { mediaUrlFor, type RequestAddress } from './url.js';

/** Builds the embedded SFU (`createMediaServer` of `@beseda/sfu`, or a test's fake). */
export type MediaServerFactory = (options: MediaServerOptions) => MediaServer;

/** What the voice feature asks of whichever media server there is. */
export interface MediaRooms {
  /** Where a client connects, for a request that arrived at `address`. */
  urlFor(address: RequestAddress): string;
  mintToken(request: RoomTokenRequest): Promise<string>;
  /** Disconnects `identity` from `room` on every device; nothing happens when they are not there. */
  removeParticipant(room: string, identity: string): Promise<void>;
}

export interface Media extends MediaRooms {
  readonly kind: 'embedded' | 'livekit';
  /** The embedded SFU, mounted under `/media` (app.ts); null with an external LiveKit. */
  readonly embedded: MediaServer | null;
  close(): Promise<void>;
}

/** What the voice feature tells the media layer and hears from it. */
export interface MediaParticipantHooks {
  /**
   * Whether the holder of a valid token may still enter its room: false once they left the channel (or were moved
   * out of it), so a token outlives nothing.
   */
  mayJoin(claims: ParticipantClaims): Promise<boolean>;
  onParticipantJoined(event: { room: string; identity: string }): void;
  onParticipantLeft(event: { room: string; identity: string; reason: ParticipantLeftReason }): void;
}

export interface OpenMediaOptions {
  config: Pick<Config, 'media' | 'authSecret'>;
  logger: SfuLogger;
  /** Null: no embedded SFU can be built (and without LIVEKIT_URL there is then no media at all). */
  factory: MediaServerFactory | null;
  hooks: MediaParticipantHooks;
}

/**
 * The media server this process hands out: an external LiveKit when LIVEKIT_URL is set (no SFU is started here),
 * else the embedded SFU built by `factory`; null when neither exists, and the voice endpoints then answer 503.
 */
export function openMedia(options: OpenMediaOptions): Media | null {
  const { media } = options.config;
  if (media.livekit) return externalLivekit(media.livekit.url, media.livekit);
  if (!options.factory) return null;
  return embeddedMedia(options, options.factory);
}

function embeddedMedia(options: OpenMediaOptions, factory: MediaServerFactory): Media {
  const { media } = options.config;
  const credentials = embeddedCredentials(options.config.authSecret);
  const verifyRoomToken = roomTokenVerifier(credentials);
  const server = factory({
    verifyToken: async (token) => {
      const claims = await verifyRoomToken(token);
      if (!(await options.hooks.mayJoin(claims))) throw new InvalidMediaTokenError('not in this room now');
      return claims;
    },
    iceServersFor: (claims): IceServerConfig[] =>
      media.turn ? [...media.iceServers, turnCredentials(media.turn, claims.identity)] : media.iceServers,
    forceRelay: media.forceRelay,
    ...(media.udpPortRange && { udpPortRange: media.udpPortRange }),
    ...(media.announcedIp && { announcedIp: media.announcedIp }),
    logger: options.logger,
    onParticipantJoined: (event) => options.hooks.onParticipantJoined(event),
    onParticipantLeft: (event) => options.hooks.onParticipantLeft(event),
  });
  let closing: Promise<void> | undefined;
  return {
    kind: 'embedded',
    embedded: server,
    urlFor: (address) => mediaUrlFor(media.publicUrl, address),
    mintToken: (request) => mintRoomToken(credentials, request),
    removeParticipant: (room, identity) => server.removeParticipant(room, identity),
    close: () => (closing ??= server.close()),
  };
}

/**
 * A LiveKit server elsewhere: tokens signed with its key, its URL handed out, participants removed through its
 * RoomService API (Twirp over HTTP at the same host).
 */
function externalLivekit(url: string, credentials: MediaCredentials): Media {
  const rooms = new RoomServiceClient(url.replace(/^ws/, 'http'), credentials.apiKey, credentials.apiSecret);
  return {
    kind: 'livekit',
    embedded: null,
    urlFor: () => url,
    mintToken: (request) => mintRoomToken(credentials, request),
    removeParticipant: async (room, identity) => {
      try {
        await rooms.removeParticipant(room, identity);
      } catch (error) {
        // Already gone (hung up, or the room closed): what we wanted.
        if (error instanceof ServerError && error.code === 'not_found') return;
        throw error;
      }
    },
    close: async () => undefined,
  };
}
