import type {
  GenericNack,
  RTCRtpCodecParameters,
  RTCRtpHeaderExtensionParameters,
  RTCRtpTransceiver,
  RtpPacket,
} from 'werift';
import type { SrtpOutput } from './srtp-output.js';

const SDES_MID_URI = 'urn:ietf:params:rtp-hdrext:sdes:mid';
const AUTH_TAG_LENGTH = 10;
/** Protected video packets kept for NACKs (werift's sender keeps as many). */
const HISTORY_SIZE = 128;

/**
 * The fields of werift's RTCRtpSender its RTCP sender reports are built from (private in its typings; the fast path
 * bypasses the method that fills them, so it fills them itself).
 */
interface SenderReportState {
  ntpTimestamp: bigint;
  rtpTimestamp: number;
  octetCount: number;
  packetCount: number;
}

/** What the fast path needs of an incoming packet beyond werift's parse, computed once for every subscriber. */
export interface ForwardedPacket {
  rtp: RtpPacket;
  /** Wall clock at forwarding, NTP format (RFC 3550 §4): the sender reports pair it with the RTP timestamp. */
  ntpTimestamp: bigint;
}

/**
 * One subscriber's outgoing copy of a track, bypassing werift's RtpSender for RTP: the packet is written once into
 * a fresh buffer (a header prebuilt per subscriber — its SSRC, payload type and `sdes:mid` extension — then the
 * publisher's payload), protected by the connection's SrtpOutput and sent. werift's sender keeps everything else:
 * negotiation, its SSRC, RTCP in both directions (its sender reports read the counters kept here), PLI events.
 */
export class ForwardingSender {
  private codec: RTCRtpCodecParameters | undefined;
  private extensions: RTCRtpHeaderExtensionParameters[] | undefined;
  private mid: string | null = null;
  private header = Buffer.alloc(0);
  private reportsStarted = false;
  private readonly history: (Buffer | undefined)[] | undefined;

  constructor(
    private readonly transceiver: RTCRtpTransceiver,
    private readonly output: SrtpOutput,
    keepHistory: boolean,
  ) {
    this.history = keepHistory ? new Array<Buffer | undefined>(HISTORY_SIZE) : undefined;
    if (keepHistory) transceiver.sender.onGenericNack.subscribe((nack) => this.retransmit(nack));
  }

  /** Sends `packet` if the subscriber can receive it (answered, DTLS up); drops it otherwise, as werift would. */
  send(packet: ForwardedPacket): void {
    const { sender } = this.transceiver;
    const codec = sender.codec;
    const dtls = sender.dtlsTransport as typeof sender.dtlsTransport | undefined;
    if (codec === undefined || dtls === undefined || dtls.state !== 'connected' || sender.stopped) return;
    const { rtp } = packet;
    if (!this.output.supports(dtls)) {
      sender.sendRtp(rtp).catch(() => undefined);
      return;
    }
    const payload = rtp.payload;
    // A padding-only packet carries nothing to decode.
    if (payload.length === 0) return;
    if (
      codec !== this.codec ||
      this.transceiver.headerExtensions !== this.extensions ||
      this.transceiver.mid !== this.mid
    ) {
      this.buildHeader(codec);
    }
    const header = this.header;
    const out = Buffer.allocUnsafe(header.length + payload.length + AUTH_TAG_LENGTH);
    header.copy(out, 0);
    const { sequenceNumber, timestamp } = rtp.header;
    out[1] = (rtp.header.marker ? 0x80 : 0) | codec.payloadType;
    out.writeUInt16BE(sequenceNumber, 2);
    out.writeUInt32BE(timestamp, 4);
    payload.copy(out, header.length);
    this.output.send(dtls, out, header.length);
    if (this.history !== undefined) this.history[sequenceNumber % HISTORY_SIZE] = out;

    const report = sender as unknown as SenderReportState;
    report.ntpTimestamp = packet.ntpTimestamp;
    report.rtpTimestamp = timestamp;
    report.octetCount += payload.length;
    report.packetCount = (report.packetCount + 1) >>> 0;
    if (!this.reportsStarted) {
      this.reportsStarted = true;
      void sender.runRtcp();
    }
  }

  /** The RTP header every packet of this subscription starts with; the marker, payload type, SEQ and TS vary. */
  private buildHeader(codec: RTCRtpCodecParameters): void {
    this.codec = codec;
    this.extensions = this.transceiver.headerExtensions;
    this.mid = this.transceiver.mid;
    const midExtension = this.extensions.find((extension) => extension.uri === SDES_MID_URI);
    const midBytes = this.mid === null ? undefined : Buffer.from(this.mid, 'utf8');
    // A one-byte element holds 1 to 16 bytes.
    const mid =
      midExtension === undefined || midBytes === undefined || midBytes.length === 0 || midBytes.length > 16
        ? undefined
        : midBytes;
    // RFC 8285 one-byte header: 0xBEDE, length in 32-bit words, then id/length byte and the value, zero padded.
    const extensionBytes = mid === undefined ? 0 : 4 + Math.ceil((1 + mid.length) / 4) * 4;
    const header = Buffer.alloc(12 + extensionBytes);
    header[0] = mid === undefined ? 0x80 : 0x90;
    header.writeUInt32BE(this.transceiver.sender.ssrc, 8);
    if (mid !== undefined && midExtension !== undefined) {
      header.writeUInt16BE(0xbede, 12);
      header.writeUInt16BE((extensionBytes - 4) / 4, 14);
      header[16] = (midExtension.id << 4) | (mid.length - 1);
      mid.copy(header, 17);
    }
    this.header = header;
  }

  private retransmit(nack: GenericNack): void {
    const dtls = this.transceiver.sender.dtlsTransport as typeof this.transceiver.sender.dtlsTransport | undefined;
    if (this.history === undefined || dtls === undefined || dtls.state !== 'connected') return;
    for (const sequenceNumber of nack.lost) {
      const packet = this.history[sequenceNumber % HISTORY_SIZE];
      if (packet !== undefined && packet.readUInt16BE(2) === sequenceNumber) this.output.sendProtected(dtls, packet);
    }
  }
}
