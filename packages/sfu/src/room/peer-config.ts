import { useAudioLevelIndication, useNACK, useOPUS, usePLI, useSdesMid, useVP8, type PeerConfig } from 'werift';

/** Network settings every peer connection of the SFU shares. */
export interface NetworkOptions {
  udpPortRange: { min: number; max: number } | undefined;
  announcedIp: string | undefined;
}

/*
 * One codec per kind, so every publisher's RTP can be forwarded to every subscriber as is: Opus and VP8 (the
 * livekit-client defaults; without RED in our answer the client sends plain Opus). No REMB or TWCC: werift would
 * only echo feedback it cannot act on.
 */
function baseConfig(network: NetworkOptions): Partial<PeerConfig> {
  return {
    // Loopback-friendly settings (see notes/webrtc-on-this-machine.md); clients bring their own STUN/TURN.
    iceServers: [],
    iceUseIpv6: false,
    iceAdditionalHostAddresses: ['127.0.0.1'],
    bundlePolicy: 'max-bundle',
    icePortRange: network.udpPortRange ? [network.udpPortRange.min, network.udpPortRange.max] : undefined,
    codecs: {
      audio: [useOPUS()],
      video: [useVP8({ rtcpFeedback: [useNACK(), usePLI()] })],
    },
  };
}

/** The publisher connection reads the audio level of each packet (active speakers). */
export function publisherConfig(network: NetworkOptions): Partial<PeerConfig> {
  return {
    ...baseConfig(network),
    headerExtensions: { audio: [useSdesMid(), useAudioLevelIndication()], video: [useSdesMid()] },
  };
}

/** Subscribers get only the mid: their sender writes it with the id negotiated on their own connection. */
export function subscriberConfig(network: NetworkOptions): Partial<PeerConfig> {
  return { ...baseConfig(network), headerExtensions: { audio: [useSdesMid()], video: [useSdesMid()] } };
}
