import type { Socket } from 'node:dgram';
import { StunProtocol, type CandidatePair, type RTCDtlsTransport, type SrtpSession } from 'werift';
import { AES_CM_128_HMAC_SHA1_80 } from './srtp-crypto.js';
import { SrtpProtector } from './srtp-protector.js';

const AEAD_AES_128_GCM = 0x0007;

/** werift's DTLS transport picks the first of its own profiles the peer offers; it prefers AEAD_AES_128_GCM. */
interface DtlsProfiles {
  srtpProfiles: number[];
}

/**
 * Makes a DTLS transport that has not started yet prefer AES_CM_128_HMAC_SHA1_80 (mandatory to implement for every
 * WebRTC endpoint, RFC 8827 §6.5), the profile the fast path protects; GCM stays as the second choice, which
 * werift's own sender then serves. As the DTLS server (our offers say actpass; browsers and libwebrtc answer
 * active) werift selects by this order.
 */
export function preferFastPathProfile(dtls: RTCDtlsTransport): void {
  if (dtls.state !== 'new') return;
  (dtls as unknown as DtlsProfiles).srtpProfiles = [AES_CM_128_HMAC_SHA1_80, AEAD_AES_128_GCM];
}

const ignore = (): void => undefined;

/** RFC 7675 consent freshness, which werift's ICE agent keeps (private in its typings). */
interface ConsentState {
  consentFresh: boolean;
  iceLite: boolean;
}

/** The selected ICE pair as a plain UDP destination: werift's socket and the peer's address. */
interface UdpRoute {
  pair: CandidatePair;
  socket: Socket;
  host: string;
  port: number;
}

/**
 * The SRTP end of one subscriber connection for forwarded RTP: every transceiver of the connection shares its DTLS
 * transport (bundle), so one protector (keys from the master key and salt werift's DTLS handshake exported) serves
 * them all, each SSRC with its own rollover counter. werift's own SRTP context keeps serving RTCP and anything
 * werift sends itself; it never sees our SSRCs' RTP, so the two never disagree on an SSRC's rollover counter.
 */
export class SrtpOutput {
  private session: SrtpSession | undefined;
  private protector: SrtpProtector | undefined;
  private route: UdpRoute | undefined;

  /** Whether `send` can serve this transport: AES_CM_128_HMAC_SHA1_80 (else werift's sender must send). */
  supports(dtls: RTCDtlsTransport): boolean {
    return this.protectorFor(dtls) !== undefined;
  }

  /**
   * Protects `packet` in place (RTP header of `headerLength` bytes, payload, 10 spare bytes for the tag) and sends
   * it on the selected ICE pair. Returns false, without sending, if the transport's profile is not ours.
   */
  send(dtls: RTCDtlsTransport, packet: Buffer, headerLength: number): boolean {
    const protector = this.protectorFor(dtls);
    if (protector === undefined) return false;
    protector.protect(packet, headerLength);
    this.sendProtected(dtls, packet);
    return true;
  }

  /** An already protected packet (a retransmission: same bytes, same index) goes out as it is. */
  sendProtected(dtls: RTCDtlsTransport, packet: Buffer): void {
    dtls.bytesSent += packet.length;
    dtls.packetsSent += 1;
    const connection = dtls.iceTransport.connection;
    const pair = connection.nominated;
    if (pair === undefined) return;
    const route = this.route?.pair === pair ? this.route : this.routeFor(pair);
    if (route === undefined) {
      // TCP or TURN: werift's ICE agent frames and relays.
      connection.send(packet).catch(ignore);
      return;
    }
    // What werift's send checks: no application data without consent, nor on a closed or failed agent.
    const consent = connection as unknown as ConsentState;
    if (!consent.iceLite && !consent.consentFresh) return;
    if (connection.state === 'closed' || connection.state === 'failed') return;
    // Straight to the pair's socket: werift's path is three async calls (a promise each) per packet.
    try {
      route.socket.send(packet, route.port, route.host);
    } catch {
      // The socket closed under us (the connection is going away): the packet is dropped, as werift would.
      return;
    }
    pair.packetsSent += 1;
    pair.bytesSent += packet.length;
  }

  private routeFor(pair: CandidatePair): UdpRoute | undefined {
    const { protocol } = pair;
    this.route =
      protocol instanceof StunProtocol && protocol.transport.type === 'udp'
        ? { pair, socket: protocol.transport.socket, host: pair.remoteAddr[0], port: pair.remoteAddr[1] }
        : undefined;
    return this.route;
  }

  private protectorFor(dtls: RTCDtlsTransport): SrtpProtector | undefined {
    // DTLS-SRTP keys come once per handshake; a new session object means new keys.
    const session = dtls.srtp as SrtpSession | undefined;
    if (session === this.session) return this.protector;
    this.session = session;
    const context = session?.localContext;
    this.protector =
      context !== undefined && context.profile === AES_CM_128_HMAC_SHA1_80
        ? SrtpProtector.fromMasterKey(context.masterKey, context.masterSalt)
        : undefined;
    return this.protector;
  }
}
