import { TrackInfo, TrackType, type AddTrackRequest } from '@livekit/protocol';
import type { MediaStreamTrack, RTCRtpReceiver, RTCRtpSender, RtpPacket } from 'werift';
import type { ForwardingSender } from './forwarding/forwarding-sender.js';
import { useLeanRtpReceive } from './forwarding/lean-receive.js';
import { ntpNow } from './forwarding/ntp.js';
import { newSid } from './ids.js';
import { isVp8KeyframeStart } from './vp8.js';

/** Packets handed to subscribers' senders by this thread, for `stats()` and the forwarding benchmark. */
export const forwardingCounter = { packets: 0 };

const AUDIO_LEVEL_URI = 'urn:ietf:params:rtp-hdrext:ssrc-audio-level';

/** One subscriber's copy of a published track: a sendonly transceiver on the subscriber's connection. */
export interface Subscription {
  readonly track: PublishedTrack;
  /** werift's sender: negotiation, SSRC, RTCP (PLI, NACK, reports). */
  readonly sender: RTCRtpSender;
  /** The fast path the RTP goes out through. */
  readonly output: ForwardingSender;
  /** A new video subscriber sees nothing until the next keyframe; the room asks the publisher (PLI) meanwhile. */
  keyframePending: boolean;
}

/** The receiving end of a published track, as werift gives it after the publisher's offer is applied. */
export interface TrackSource {
  track: MediaStreamTrack;
  receiver: RTCRtpReceiver;
  mid: string;
}

/**
 * A track a participant published (add_track), and, once its m-line is negotiated, the forwarding of its RTP to
 * every subscription.
 */
export class PublishedTrack {
  readonly info: TrackInfo;
  readonly cid: string;
  readonly subscriptions = new Set<Subscription>();
  private source: TrackSource | undefined;
  private stopForwarding: (() => void) | undefined;
  private mediaSsrc: number | undefined;
  private lastKeyframeRequestAt = 0;

  constructor(
    readonly publisherSid: string,
    request: AddTrackRequest,
    private readonly onAudioLevel: (dBov: number) => void,
    private readonly onSendError: (error: unknown) => void,
  ) {
    this.cid = request.cid;
    this.info = new TrackInfo({
      sid: newSid('TR'),
      type: request.type,
      source: request.source,
      name: request.name,
      muted: request.muted,
      width: request.width,
      height: request.height,
      simulcast: false,
      disableDtx: request.disableDtx,
      stereo: request.stereo,
      mimeType: request.type === TrackType.VIDEO ? 'video/VP8' : 'audio/opus',
      stream: request.stream,
    });
  }

  get sid(): string {
    return this.info.sid;
  }

  get isVideo(): boolean {
    return this.info.type === TrackType.VIDEO;
  }

  get kind(): 'audio' | 'video' {
    return this.isVideo ? 'video' : 'audio';
  }

  get mid(): string | undefined {
    return this.source?.mid;
  }

  get bound(): boolean {
    return this.source !== undefined;
  }

  bind(source: TrackSource): void {
    this.unbind();
    this.source = source;
    this.info.mid = source.mid;
    useLeanRtpReceive(source.receiver);
    const { unSubscribe } = source.track.onReceiveRtp.subscribe(this.forward);
    this.stopForwarding = unSubscribe;
  }

  unbind(): void {
    this.stopForwarding?.();
    this.stopForwarding = undefined;
    this.source = undefined;
  }

  /** PLI to the publisher, at most once a second (several subscribers may ask at once). */
  requestKeyframe(now: number): void {
    if (!this.isVideo || this.source === undefined || this.mediaSsrc === undefined) return;
    if (now - this.lastKeyframeRequestAt < 1000) return;
    this.lastKeyframeRequestAt = now;
    this.source.receiver.sendRtcpPLI(this.mediaSsrc).catch(this.onSendError);
  }

  hasWaitingSubscribers(): boolean {
    for (const subscription of this.subscriptions) if (subscription.keyframePending) return true;
    return false;
  }

  private readonly forward = (rtp: RtpPacket, extensions?: Record<string, unknown>): void => {
    const firstPacket = this.mediaSsrc === undefined;
    this.mediaSsrc = rtp.header.ssrc;
    if (!this.isVideo) {
      const audioLevel = extensions?.[AUDIO_LEVEL_URI] as { level: number } | undefined;
      if (audioLevel !== undefined) this.onAudioLevel(audioLevel.level);
    }
    // werift's sender copies incoming extensions by numeric id, and ids are negotiated per connection: drop the
    // publisher's; each sender then writes its own (mid) with the id its subscriber agreed to.
    rtp.header.extensions = [];
    rtp.header.extension = false;
    const keyframe = this.isVideo && isVp8KeyframeStart(rtp.payload);
    forwardingCounter.packets += this.subscriptions.size;
    const packet = { rtp, ntpTimestamp: ntpNow() };
    for (const subscription of this.subscriptions) {
      if (keyframe && subscription.keyframePending && canSend(subscription.sender)) {
        subscription.keyframePending = false;
      }
      subscription.output.send(packet);
    }
    if (firstPacket && this.hasWaitingSubscribers()) this.requestKeyframe(Date.now());
  };
}

/** A sender drops packets until its subscriber answered (codec known) and DTLS is up. */
export function canSend(sender: RTCRtpSender): boolean {
  return sender.codec !== undefined && sender.dtlsTransport?.state === 'connected';
}
