import { RTCPeerConnection, type RTCIceCandidate, type RTCRtpTransceiver } from 'werift';
import type { SfuLogger } from '../media-server.js';
import { announceCandidate, announceSdp } from './candidates.js';
import { ForwardingSender } from './forwarding/forwarding-sender.js';
import { useFastSrtcp } from './forwarding/srtcp-fast.js';
import { preferFastPathProfile, SrtpOutput } from './forwarding/srtp-output.js';
import { subscriberConfig, type NetworkOptions } from './peer-config.js';
import type { PublishedTrack, Subscription } from './published-track.js';

export interface ConnectionSignals {
  offer(sdp: string, id: number): void;
  trickle(candidateInit: string): void;
  connected(): void;
  failed(): void;
}

/**
 * The server-offered connection that carries other participants' tracks to one participant (LiveKit's
 * "subscriber primary" transport). Offers go out one at a time: a change while an offer is unanswered is folded
 * into the next one.
 */
export class SubscriberConnection {
  private readonly pc: RTCPeerConnection;
  private readonly transceivers = new Map<Subscription, RTCRtpTransceiver>();
  /** One DTLS transport (bundle), one SRTP output for every forwarded track. */
  private readonly srtp = new SrtpOutput();
  private offerInFlight = false;
  private renegotiate = false;
  private closed = false;
  private offerId = 0;

  constructor(
    private readonly network: NetworkOptions,
    private readonly signals: ConnectionSignals,
    private readonly logger: SfuLogger,
  ) {
    this.pc = new RTCPeerConnection(subscriberConfig(network));
    this.pc.onIceCandidate.subscribe((candidate) => {
      if (candidate !== undefined) this.signals.trickle(candidateJson(candidate, network.announcedIp));
    });
    this.pc.connectionStateChange.subscribe((state) => {
      if (state === 'connected') this.signals.connected();
      else if (state === 'failed') this.signals.failed();
    });
  }

  /** The first offer: LiveKit's data channels (so the SDP has an application m-line) and the current tracks. */
  open(tracks: PublishedTrack[]): Subscription[] {
    this.pc.createDataChannel('_reliable', { ordered: true });
    this.pc.createDataChannel('_lossy', { ordered: false, maxRetransmits: 0 });
    const subscriptions = tracks.map((track) => this.attach(track));
    this.negotiate();
    return subscriptions;
  }

  subscribe(track: PublishedTrack): Subscription {
    const subscription = this.attach(track);
    this.negotiate();
    return subscription;
  }

  /** The m-line is stopped (port 0 in the next offer); werift reuses its position for the next new track. */
  unsubscribe(subscription: Subscription): void {
    subscription.track.subscriptions.delete(subscription);
    const transceiver = this.transceivers.get(subscription);
    this.transceivers.delete(subscription);
    if (transceiver === undefined || this.closed) return;
    transceiver.stop();
    this.negotiate();
  }

  async handleAnswer(sdp: string): Promise<void> {
    if (this.closed) return;
    await this.pc.setRemoteDescription({ type: 'answer', sdp });
    this.offerInFlight = false;
    if (this.renegotiate) {
      this.renegotiate = false;
      this.negotiate();
    }
  }

  async addCandidate(candidateInit: string): Promise<void> {
    if (this.closed) return;
    await this.pc.addIceCandidate(JSON.parse(candidateInit) as RTCIceCandidate);
  }

  close(): void {
    this.closed = true;
    for (const subscription of this.transceivers.keys()) subscription.track.subscriptions.delete(subscription);
    this.transceivers.clear();
    this.pc.close().catch((error: unknown) => this.logger.debug({ error }, 'subscriber connection close failed'));
  }

  private attach(track: PublishedTrack): Subscription {
    const transceiver = this.pc.addTransceiver(track.kind, { direction: 'sendonly' });
    // livekit-client binds the track by the msid: stream id "<participant sid>|<track sid>".
    transceiver.sender.streamId = `${track.publisherSid}|${track.sid}`;
    const subscription: Subscription = {
      track,
      sender: transceiver.sender,
      output: new ForwardingSender(transceiver, this.srtp, track.isVideo),
      keyframePending: track.isVideo,
    };
    this.transceivers.set(subscription, transceiver);
    track.subscriptions.add(subscription);
    transceiver.sender.onPictureLossIndication.subscribe(() => track.requestKeyframe(Date.now()));
    return subscription;
  }

  private negotiate(): void {
    if (this.closed) return;
    if (this.offerInFlight) {
      this.renegotiate = true;
      return;
    }
    this.offerInFlight = true;
    this.sendOffer().catch((error: unknown) => {
      this.offerInFlight = false;
      this.logger.warn({ error }, 'subscriber offer failed');
    });
  }

  private async sendOffer(): Promise<void> {
    const offer = await this.pc.createOffer();
    await this.pc.setLocalDescription(offer);
    for (const transport of this.pc.dtlsTransports) {
      preferFastPathProfile(transport);
      useFastSrtcp(transport);
    }
    const sdp = this.pc.localDescription?.sdp ?? offer.sdp;
    if (this.closed) return;
    this.signals.offer(announceSdp(sdp, this.network.announcedIp), ++this.offerId);
  }
}

export function candidateJson(candidate: RTCIceCandidate, announcedIp: string | undefined): string {
  return JSON.stringify({
    candidate: announceCandidate(candidate.candidate, announcedIp),
    sdpMid: candidate.sdpMid,
    sdpMLineIndex: candidate.sdpMLineIndex,
    usernameFragment: candidate.usernameFragment,
  });
}
