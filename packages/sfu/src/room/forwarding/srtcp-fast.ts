import { SrtpAuthenticationError, type RTCDtlsTransport, type SrtcpSession } from 'werift';
import { SrtcpCodec } from './srtcp-codec.js';
import { AES_CM_128_HMAC_SHA1_80 } from './srtp-crypto.js';

const installed = new WeakSet<RTCDtlsTransport>();

/**
 * Takes over the SRTCP of a DTLS transport once it is connected with AES_CM_128_HMAC_SHA1_80: werift keeps building,
 * sending, parsing and routing RTCP, but protecting and unprotecting use long-lived crypto objects (SrtcpCodec)
 * instead of a new cipher and HMAC per report. Every subscriber-track sends a sender report about once a second and
 * every subscriber answers with receiver reports, so this is most of an idle connection's crypto. GCM stays
 * werift's.
 */
export function useFastSrtcp(dtls: RTCDtlsTransport): void {
  if (installed.has(dtls)) return;
  installed.add(dtls);
  if (dtls.state === 'connected') {
    install(dtls.srtcp);
    return;
  }
  const { unSubscribe } = dtls.onStateChange.subscribe((state) => {
    if (state !== 'connected') return;
    unSubscribe();
    install(dtls.srtcp);
  });
}

function install(session: SrtcpSession | undefined): void {
  const local = session?.localContext;
  const remote = session?.remoteContext;
  if (session === undefined || local === undefined || remote === undefined) return;
  if (local.profile !== AES_CM_128_HMAC_SHA1_80) return;
  // Reports werift protected before this point keep their indexes: ours continue after them.
  const encoder = SrtcpCodec.fromMasterKey(local.masterKey, local.masterSalt, (ssrc) => local.index(ssrc));
  const decoder = SrtcpCodec.fromMasterKey(remote.masterKey, remote.masterSalt);
  session.encrypt = (rtcp: Buffer): Buffer => encoder.protect(rtcp);
  // werift drops a packet whose decrypt throws SrtpAuthenticationError, as it does with its own.
  session.decrypt = (packet: Buffer): Buffer => {
    const result = decoder.unprotect(packet);
    if (typeof result === 'string') throw new SrtpAuthenticationError(`SRTCP packet refused: ${result}`);
    return result;
  };
}
