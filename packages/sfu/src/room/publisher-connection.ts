import { RTCPeerConnection, type RTCIceCandidate } from 'werift';
import type { SfuLogger } from '../media-server.js';
import { announceSdp } from './candidates.js';
import { publisherConfig, type NetworkOptions } from './peer-config.js';
import type { TrackSource } from './published-track.js';
import { parseSdpMedia } from './sdp-media.js';
import { useFastSrtcp } from './forwarding/srtcp-fast.js';
import { useFastSrtpInput } from './forwarding/srtp-input.js';
import { candidateJson } from './subscriber-connection.js';

export interface PublisherSignals {
  trickle(candidateInit: string): void;
  connected(): void;
  failed(): void;
}

/** One m-line of the client's latest offer, with werift's receiving end when it sends. */
export interface OfferedMedia {
  mid: string;
  kind: 'audio' | 'video';
  /** The client's track id for the m-line (`mid_to_track_id`, else the msid): AddTrackRequest's cid. */
  trackId: string | undefined;
  source: TrackSource | undefined;
}

/**
 * The client-offered connection that carries one participant's tracks to the SFU. Created on the first offer or
 * trickle (livekit-client opens it only when it publishes).
 */
export class PublisherConnection {
  private readonly pc: RTCPeerConnection;
  private closed = false;

  constructor(
    private readonly network: NetworkOptions,
    private readonly signals: PublisherSignals,
    private readonly logger: SfuLogger,
  ) {
    this.pc = new RTCPeerConnection(publisherConfig(network));
    this.pc.onIceCandidate.subscribe((candidate) => {
      if (candidate !== undefined) this.signals.trickle(candidateJson(candidate, network.announcedIp));
    });
    this.pc.connectionStateChange.subscribe((state) => {
      if (state === 'connected') this.signals.connected();
      else if (state === 'failed') this.signals.failed();
    });
  }

  /** Applies an offer; returns the answer's SDP and what each audio/video m-line now carries. */
  async answer(sdp: string, midToTrackId: Record<string, string>): Promise<{ sdp: string; media: OfferedMedia[] }> {
    await this.pc.setRemoteDescription({ type: 'offer', sdp });
    const answer = await this.pc.createAnswer();
    await this.pc.setLocalDescription(answer);
    for (const transport of this.pc.dtlsTransports) {
      useFastSrtpInput(transport);
      useFastSrtcp(transport);
    }
    const transceivers = this.pc.getTransceivers();
    const media: OfferedMedia[] = [];
    for (const m of parseSdpMedia(sdp)) {
      if (m.kind !== 'audio' && m.kind !== 'video') continue;
      const transceiver = transceivers.find((t) => t.mid === m.mid);
      const source =
        m.sending && transceiver !== undefined
          ? { track: transceiver.receiver.track, receiver: transceiver.receiver, mid: m.mid }
          : undefined;
      media.push({ mid: m.mid, kind: m.kind, trackId: midToTrackId[m.mid] ?? m.msidTrackId, source });
    }
    const local = this.pc.localDescription?.sdp ?? answer.sdp;
    return { sdp: announceSdp(local, this.network.announcedIp), media };
  }

  async addCandidate(candidateInit: string): Promise<void> {
    if (this.closed) return;
    // Before the first offer is applied werift keeps the candidate and adds it with the remote description.
    await this.pc.addIceCandidate(JSON.parse(candidateInit) as RTCIceCandidate);
  }

  close(): void {
    this.closed = true;
    this.pc.close().catch((error: unknown) => this.logger.debug({ error }, 'publisher connection close failed'));
  }
}
