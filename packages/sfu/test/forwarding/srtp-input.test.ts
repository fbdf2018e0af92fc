import { RTCPeerConnection, RtpHeader, RtpPacket } from 'werift';
import { describe, expect, it, vi } from 'vitest';
import { useFastSrtpInput } from '../../src/room/forwarding/srtp-input.js';
import { SrtpUnprotector } from '../../src/room/forwarding/srtp-unprotector.js';
import { publisherConfig } from '../../src/room/peer-config.js';
import { closePeersAfterEach, LOOPBACK_NETWORK, waitFor } from '../support/werift-peers.js';

const closeLater = closePeersAfterEach();

describe('useFastSrtpInput', () => {
  it("negotiates AES_CM_128_HMAC_SHA1_80 as werift's DTLS client and decrypts the publisher's RTP itself", async () => {
    const unprotect = vi.spyOn(SrtpUnprotector.prototype, 'unprotect');
    // The client offers, the SFU answers, as PublisherConnection does.
    const client = new RTCPeerConnection(publisherConfig(LOOPBACK_NETWORK));
    const sfu = new RTCPeerConnection(publisherConfig(LOOPBACK_NETWORK));
    closeLater(client, sfu);
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
