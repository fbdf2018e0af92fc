import { RTCPeerConnection, RtpHeader, RtpPacket } from 'werift';
import { describe, expect, it, vi } from 'vitest';
import { useLeanRtpReceive } from '../../src/room/forwarding/lean-receive.js';
import { publisherConfig } from '../../src/room/peer-config.js';
import { closePeersAfterEach, LOOPBACK_NETWORK, waitFor } from '../support/werift-peers.js';

const closeLater = closePeersAfterEach();

describe('useLeanRtpReceive', () => {
  it("hands the publisher's packets to the track without werift's clone, keeping its receiver statistics", async () => {
    const client = new RTCPeerConnection(publisherConfig(LOOPBACK_NETWORK));
    const sfu = new RTCPeerConnection(publisherConfig(LOOPBACK_NETWORK));
    closeLater(client, sfu);
    const transceiver = client.addTransceiver('audio', { direction: 'sendonly' });
    const received: RtpPacket[] = [];
    sfu.onTrack.subscribe((track) => track.onReceiveRtp.subscribe((rtp) => received.push(rtp)));
    await client.setLocalDescription(await client.createOffer());
    const offer = client.localDescription;
    if (offer === null) throw new Error('no offer');
    await sfu.setRemoteDescription(offer);
    await sfu.setLocalDescription(await sfu.createAnswer());
    const receiver = sfu.getTransceivers()[0]?.receiver;
    if (receiver === undefined) throw new Error('no receiver');
    useLeanRtpReceive(receiver);
    const answer = sfu.localDescription;
    if (answer === null) throw new Error('no answer');
    await client.setRemoteDescription(answer);
    await waitFor(() => client.connectionState === 'connected' && sfu.connectionState === 'connected');

    const clone = vi.spyOn(RtpPacket.prototype, 'clone');
    const payloads = Array.from({ length: 10 }, (_, i) => Buffer.alloc(60 + i, i + 1));
    for (const [i, payload] of payloads.entries()) {
      const header = new RtpHeader({ ssrc: 1, sequenceNumber: 100 + i, timestamp: i * 960, payloadType: 111 });
      await transceiver.sender.sendRtp(new RtpPacket(header, payload));
    }
    await waitFor(() => received.length === payloads.length);

    expect(received.map((rtp) => rtp.payload)).toEqual(payloads);
    // The client's sender clones each packet it sends; werift's receive handler would clone each again for the
    // track (ours only passes the first packet of an SSRC, which sets up its statistics, to werift's).
    expect(clone.mock.calls.length).toBeLessThanOrEqual(payloads.length + 1);
    const stats = await receiver.getStats();
    const inbound = [...stats.values()].find((entry) => entry.type === 'inbound-rtp') as
      { packetsReceived: number } | undefined;
    expect(inbound?.packetsReceived).toBe(payloads.length);
  });
});
