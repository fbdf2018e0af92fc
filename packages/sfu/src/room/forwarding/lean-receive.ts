import type { MediaStreamTrack, RTCRtpCodecParameters, RTCRtpReceiver, RtpPacket } from 'werift';

type HandleRtp = (packet: RtpPacket, extensions: Record<string, unknown>, track: MediaStreamTrack | undefined) => void;

/** The parts of werift's RTCRtpReceiver its per-packet handler uses (private in its typings). */
interface ReceiverInternals {
  stopped: boolean;
  rtcpRunning: boolean;
  receiverTWCC: unknown;
  codecs: Record<number, RTCRtpCodecParameters | undefined>;
  remoteStreams: Record<number, { add(packet: RtpPacket): void } | undefined>;
  nack: { addPacket(packet: RtpPacket): void };
  handleRTP: HandleRtp;
  runRtcp(): Promise<void>;
}

const installed = new WeakSet<RTCRtpReceiver>();

/**
 * Replaces werift's per-packet handler of a publisher's receiver for the plain case (Opus or VP8, known SSRC, no
 * TWCC/RTX/RED, which we never negotiate): the same receiver statistics and NACK bookkeeping, then the track's RTP
 * event, minus what werift does per packet on top — two `codec.name` getters (a string split each), the NACK
 * feedback lookup (sorting the codecs), a clone of the packet (we are its only consumer and werift keeps no
 * reference to it) and an async call (a promise) to a report loop that is already running. Anything else goes to
 * werift's handler.
 */
export function useLeanRtpReceive(receiver: RTCRtpReceiver): void {
  if (installed.has(receiver)) return;
  installed.add(receiver);
  const internals = receiver as unknown as ReceiverInternals;
  const original = internals.handleRTP.bind(receiver);
  /** Per payload type: whether werift's own handler is needed, and whether NACKs are on. */
  const plans = new Map<RTCRtpCodecParameters, { plain: boolean; nack: boolean }>();
  internals.handleRTP = (packet, extensions, track) => {
    const codec = internals.codecs[packet.header.payloadType];
    const stream = internals.remoteStreams[packet.header.ssrc];
    if (internals.stopped || codec === undefined || stream === undefined || internals.receiverTWCC !== undefined) {
      original(packet, extensions, track);
      return;
    }
    let plan = plans.get(codec);
    if (plan === undefined) {
      // werift reads the feedback of the lowest payload type.
      const first = Object.values(internals.codecs).sort((a, b) => (a?.payloadType ?? 0) - (b?.payloadType ?? 0))[0];
      const feedback = first?.rtcpFeedback ?? [];
      const name = codec.name.toLowerCase();
      plan = {
        plain: name !== 'rtx' && name !== 'red' && !feedback.some((entry) => entry.type === 'transport-cc'),
        nack: feedback.some((entry) => entry.type === 'nack'),
      };
      plans.set(codec, plan);
    }
    if (!plan.plain) {
      original(packet, extensions, track);
      return;
    }
    stream.add(packet);
    if (track !== undefined) {
      if (track.kind === 'video' && plan.nack) internals.nack.addPacket(packet);
      track.onReceiveRtp.execute(packet, extensions);
    }
    if (!internals.rtcpRunning) void internals.runRtcp();
  };
}
