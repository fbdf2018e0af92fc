import {
  GenericNack,
  RTCPeerConnection,
  RtcpSrPacket,
  RtcpTransportLayerFeedback,
  RtpHeader,
  RtpPacket,
  type RTCRtpTransceiver,
} from 'werift';
import { describe, expect, it, vi } from 'vitest';
import { ForwardingSender } from '../../src/room/forwarding/forwarding-sender.js';
import { ntpNow } from '../../src/room/forwarding/ntp.js';
import { SrtcpCodec } from '../../src/room/forwarding/srtcp-codec.js';
import { useFastSrtcp } from '../../src/room/forwarding/srtcp-fast.js';
import { preferFastPathProfile, SrtpOutput } from '../../src/room/forwarding/srtp-output.js';
import { SrtpProtector } from '../../src/room/forwarding/srtp-protector.js';
import { subscriberConfig } from '../../src/room/peer-config.js';
import { closePeersAfterEach, LOOPBACK_NETWORK, waitFor } from '../support/werift-peers.js';

const SDES_MID_URI = 'urn:ietf:params:rtp-hdrext:sdes:mid';
/** The publisher's SSRC, payload type and a header extension the subscriber never negotiated. */
const PUBLISHER_SSRC = 0xabcd_0001;
const PUBLISHER_PT = 120;

interface Link {
  sfu: RTCPeerConnection;
  client: RTCPeerConnection;
  transceiver: RTCRtpTransceiver;
  received: RtpPacket[];
  clientTransceiver: RTCRtpTransceiver;
}

const closeLater = closePeersAfterEach();

/** The SFU's side of a subscriber connection (our config, as SubscriberConnection offers) and a werift client. */
async function connect(options: { preferFastPath: boolean }): Promise<Link> {
  const sfu = new RTCPeerConnection(subscriberConfig(LOOPBACK_NETWORK));
  const client = new RTCPeerConnection(subscriberConfig(LOOPBACK_NETWORK));
  closeLater(sfu, client);
  const transceiver = sfu.addTransceiver('video', { direction: 'sendonly' });
  const received: RtpPacket[] = [];
  const gotTrack = new Promise<RTCRtpTransceiver>((resolve) => {
    client.onTrack.subscribe((track) => {
      track.onReceiveRtp.subscribe((rtp) => received.push(rtp.clone()));
      const clientTransceiver = client.getTransceivers().find((t) => t.receiver.track === track);
      if (clientTransceiver !== undefined) resolve(clientTransceiver);
    });
  });
  await sfu.setLocalDescription(await sfu.createOffer());
  if (options.preferFastPath) {
    for (const transport of sfu.dtlsTransports) {
      preferFastPathProfile(transport);
      useFastSrtcp(transport);
    }
  }
  const offer = sfu.localDescription;
  if (offer === null) throw new Error('no offer');
  await client.setRemoteDescription(offer);
  await client.setLocalDescription(await client.createAnswer());
  const answer = client.localDescription;
  if (answer === null) throw new Error('no answer');
  await sfu.setRemoteDescription(answer);
  await Promise.all([sfu, client].map((pc) => waitFor(() => pc.connectionState === 'connected')));
  return { sfu, client, transceiver, received, clientTransceiver: await gotTrack };
}

function publisherPacket(seq: number, payload: Buffer, marker = false): RtpPacket {
  // What PublishedTrack hands over: werift's parse of the publisher's packet, its extensions already dropped.
  return new RtpPacket(
    new RtpHeader({
      ssrc: PUBLISHER_SSRC,
      payloadType: PUBLISHER_PT,
      sequenceNumber: seq & 0xffff,
      timestamp: (seq * 3000) >>> 0,
      marker,
    }),
    payload,
  );
}

describe('ForwardingSender', () => {
  it('forwards through its own SRTP: the subscriber gets the payload under its SSRC, payload type and mid', async () => {
    const link = await connect({ preferFastPath: true });
    const protect = vi.spyOn(SrtpProtector.prototype, 'protect');
    const forwarding = new ForwardingSender(link.transceiver, new SrtpOutput(), true);
    const payloads = Array.from({ length: 20 }, (_, i) => Buffer.alloc(100 + i * 50, i + 1));
    payloads.forEach((payload, i) =>
      forwarding.send({ rtp: publisherPacket(65_530 + i, payload, i % 5 === 4), ntpTimestamp: ntpNow() }),
    );
    await waitFor(() => link.received.length === payloads.length);

    // AES_CM_128_HMAC_SHA1_80 negotiated (werift alone prefers GCM), and every packet went through our protector.
    expect(link.sfu.dtlsTransports[0]?.srtp.localContext.profile).toBe(0x0001);
    expect(protect).toHaveBeenCalledTimes(payloads.length);
    const { sender } = link.transceiver;
    const midId = link.transceiver.headerExtensions.find((extension) => extension.uri === SDES_MID_URI)?.id;
    link.received.forEach((rtp, i) => {
      expect(rtp.payload.equals(payloads[i] ?? Buffer.alloc(0))).toBe(true);
      expect(rtp.header.ssrc).toBe(sender.ssrc);
      expect(rtp.header.payloadType).toBe(sender.codec?.payloadType);
      expect(rtp.header.sequenceNumber).toBe((65_530 + i) & 0xffff);
      expect(rtp.header.timestamp).toBe(((65_530 + i) * 3000) >>> 0);
      expect(rtp.header.marker).toBe(i % 5 === 4);
      const mid = rtp.header.extensions.find((extension) => extension.id === midId);
      expect(mid?.payload.toString()).toBe(link.transceiver.mid);
    });
  });

  it("keeps werift's RTCP: sender reports count the forwarded packets, PLI reaches the sender, NACKs are answered", async () => {
    const protectRtcp = vi.spyOn(SrtcpCodec.prototype, 'protect');
    const unprotectRtcp = vi.spyOn(SrtcpCodec.prototype, 'unprotect');
    const link = await connect({ preferFastPath: true });
    const forwarding = new ForwardingSender(link.transceiver, new SrtpOutput(), true);
    const { sender } = link.transceiver;
    for (let seq = 1; seq <= 10; seq += 1) {
      forwarding.send({ rtp: publisherPacket(seq, Buffer.alloc(200, seq)), ntpTimestamp: ntpNow() });
    }
    await waitFor(() => link.received.length === 10);

    const report = new Promise<RtcpSrPacket>((resolve) => {
      link.clientTransceiver.receiver.onRtcp.subscribe((rtcp) => {
        if (rtcp instanceof RtcpSrPacket && rtcp.ssrc === sender.ssrc) resolve(rtcp);
      });
    });
    const { senderInfo } = await report;
    expect(senderInfo.packetCount).toBe(10);
    expect(senderInfo.octetCount).toBe(10 * 200);
    expect(senderInfo.rtpTimestamp).toBe(10 * 3000);

    const pli = new Promise<void>((resolve) => sender.onPictureLossIndication.subscribe(() => resolve()));
    await link.clientTransceiver.receiver.sendRtcpPLI(sender.ssrc);
    await pli;

    // The client says it lost 4 and 7: both come again, byte for byte what was first sent.
    const nack = new GenericNack({ senderSsrc: 1, mediaSourceSsrc: sender.ssrc, lost: [4, 7] });
    await link.client.dtlsTransports[0]?.sendRtcp([new RtcpTransportLayerFeedback({ feedback: nack })]);
    await waitFor(() => link.received.length === 12);
    expect(link.received.slice(10).map((rtp) => rtp.header.sequenceNumber)).toEqual([4, 7]);
    expect(link.received[10]?.payload.equals(Buffer.alloc(200, 4))).toBe(true);
    // The report went out, and the PLI and NACK came in, through our SRTCP.
    expect(protectRtcp).toHaveBeenCalled();
    expect(unprotectRtcp).toHaveBeenCalled();
  });

  it("hands packets to werift's sender when the connection negotiated AEAD_AES_128_GCM", async () => {
    const link = await connect({ preferFastPath: false });
    const protect = vi.spyOn(SrtpProtector.prototype, 'protect');
    const forwarding = new ForwardingSender(link.transceiver, new SrtpOutput(), false);
    for (let seq = 1; seq <= 5; seq += 1) {
      forwarding.send({ rtp: publisherPacket(seq, Buffer.alloc(80, seq)), ntpTimestamp: ntpNow() });
    }
    await waitFor(() => link.received.length === 5);
    expect(link.sfu.dtlsTransports[0]?.srtp.localContext.profile).toBe(0x0007);
    expect(protect).not.toHaveBeenCalled();
    expect(link.received.map((rtp) => rtp.payload[0])).toEqual([1, 2, 3, 4, 5]);
  });
});
