import { RTCPeerConnection, RtpHeader, RtpPacket } from 'werift';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFastSrtpInput } from '../../src/room/forwarding/srtp-input.js';
import { SrtpUnprotector } from '../../src/room/forwarding/srtp-unprotector.js';
import { publisherConfig } from '../../src/room/peer-config.js';

const network = { udpPortRange: undefined, announcedIp: undefined };
const open: RTCPeerConnection[] = [];

afterEach(async () => {
  vi.restoreAllMocks();
  for (const pc of open.splice(0)) await pc.close();
});

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('useFastSrtpInput', () => {
  it("negotiates AES_CM_128_HMAC_SHA1_80 as werift's DTLS client and decrypts the publisher's RTP itself", async () => {
    const unprotect = vi.spyOn(SrtpUnprotector.prototype, 'unprotect');
    // The client offers, the SFU answers, as PublisherConnection does.
    const client = new RTCPeerConnection(publisherConfig(network));
    const sfu = new RTCPeerConnection(publisherConfig(network));
    open.push(client, sfu);
    const transceiver = client.addTransceiver('audio', { direction: 'sendonly' });
    const received: RtpPacket[] = [];
    sfu.onTrack.subscribe((track) => track.onReceiveRtp.subscribe((rtp) => received.push(rtp.clone())));
    await client.setLocalDescription(await client.createOffer());
    const offer = client.localDescription;
    if (offer === null) throw new Error('no offer');
    await sfu.setRemoteDescription(offer);
    await sfu.setLocalDescription(await sfu.createAnswer());
    for (const transport of sfu.dtlsTransports) useFastSrtpInput(transport);
    const answer = sfu.localDescription;
    if (answer === null) throw new Error('no answer');
    await client.setRemoteDescription(answer);
    await waitFor(() => client.connectionState === 'connected' && sfu.connectionState === 'connected');

    const payloads = Array.from({ length: 10 }, (_, i) => Buffer.alloc(60 + i, i + 1));
    for (const [i, payload] of payloads.entries()) {
      const header = new RtpHeader({
        ssrc: 1,
        sequenceNumber: (65_530 + i) & 0xffff,
        timestamp: i * 960,
        payloadType: 111,
      });
      await transceiver.sender.sendRtp(new RtpPacket(header, payload));
    }
    await waitFor(() => received.length === payloads.length);

    expect(sfu.dtlsTransports[0]?.srtp.remoteContext.profile).toBe(0x0001);
    expect(unprotect).toHaveBeenCalled();
    expect(received.map((rtp) => rtp.payload)).toEqual(payloads);
  });
});
