import { SrtpAuthenticationError, type RTCDtlsTransport } from 'werift';
import { AES_CM_128_HMAC_SHA1_80 } from './srtp-crypto.js';
import { SrtpUnprotector } from './srtp-unprotector.js';

interface DtlsProfiles {
  srtpProfiles: number[];
}

const installed = new WeakSet<RTCDtlsTransport>();

/**
 * The publisher side of the fast path: werift keeps receiving, routing and answering RTCP, but the SRTP of incoming
 * RTP is undone with long-lived crypto objects (SrtpUnprotector) instead of a new AES-CTR cipher and a new HMAC per
 * packet. Call before the transport starts: it also offers only AES_CM_128_HMAC_SHA1_80 in the DTLS handshake
 * (mandatory to implement for every WebRTC endpoint, RFC 8827 §6.5). werift answers the client's offer as the DTLS
 * client, so the client would pick from werift's list by its own preference, which is AEAD_AES_128_GCM.
 */
export function useFastSrtpInput(dtls: RTCDtlsTransport): void {
  if (installed.has(dtls) || dtls.state !== 'new') return;
  installed.add(dtls);
  (dtls as unknown as DtlsProfiles).srtpProfiles = [AES_CM_128_HMAC_SHA1_80];
  const { unSubscribe } = dtls.onStateChange.subscribe((state) => {
    if (state !== 'connected') return;
    unSubscribe();
    const session = dtls.srtp;
    const context = session.remoteContext;
    if (context.profile !== AES_CM_128_HMAC_SHA1_80) return;
    const unprotector = SrtpUnprotector.fromMasterKey(context.masterKey, context.masterSalt);
    // werift drops a packet whose decrypt throws SrtpAuthenticationError, as it does with its own.
    session.decrypt = (packet: Buffer): Buffer => {
      const result = unprotector.unprotect(packet);
      if (typeof result === 'string') throw new SrtpAuthenticationError(`SRTP packet refused: ${result}`);
      return result;
    };
  });
}
