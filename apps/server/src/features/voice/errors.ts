import { AppError, NotFoundError } from '../../errors.js';

/** join-channel with a text or system channel: only RTCP channels have a room. */
export class NotVoiceChannelError extends AppError {
  constructor() {
    super('NOT_VOICE_CHANNEL', 400, 'This channel is not a voice channel');
  }
}

/** get-token for a room the caller is not in (never joined, left, or expired). */
export class NotInVoiceChannelError extends NotFoundError {
  constructor() {
    super('Not in this voice channel');
  }
}

/**
 * No media server: this build has no embedded SFU and LIVEKIT_URL is not set. Answered instead of a URL that nothing
 * serves, so a client shows an error rather than a call that never connects.
 */
export class MediaUnavailableError extends AppError {
  constructor() {
    super('UNAVAILABLE', 503, 'Voice is not available: this server runs no media server');
  }
}
