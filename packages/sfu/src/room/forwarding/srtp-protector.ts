import { AUTH_TAG_LENGTH, deriveSrtpSessionKeys, SrtpCrypto, type SrtpSessionKeys } from './srtp-crypto.js';

/** Per-SSRC sender state (RFC 3711 §3.3.1): the rollover counter and the highest sequence number sent. */
interface SendState {
  roc: number;
  highestSeq: number;
}

/** SRTP protection (AES_CM_128_HMAC_SHA1_80) of outgoing RTP for one DTLS transport, every SSRC it sends. */
export class SrtpProtector {
  private readonly crypto: SrtpCrypto;
  private readonly states = new Map<number, SendState>();

  /** From the master key and salt DTLS-SRTP exported (RFC 5764 §4.2). */
  static fromMasterKey(masterKey: Buffer, masterSalt: Buffer): SrtpProtector {
    return new SrtpProtector(deriveSrtpSessionKeys(masterKey, masterSalt));
  }

  constructor(keys: SrtpSessionKeys) {
    this.crypto = new SrtpCrypto(keys);
  }

  /**
   * Encrypts and authenticates in place: `packet` holds the RTP header (`headerLength` bytes) and the payload, and
   * has 10 spare bytes at its end for the authentication tag.
   */
  protect(packet: Buffer, headerLength: number): void {
    const payloadEnd = packet.length - AUTH_TAG_LENGTH;
    const ssrc = packet.readUInt32BE(8);
    const seq = packet.readUInt16BE(2);
    const roc = this.rolloverCounter(ssrc, seq);
    this.crypto.applyKeystream(packet, headerLength, payloadEnd, ssrc, roc, seq);
    this.crypto.authTag(packet.subarray(0, payloadEnd), roc).copy(packet, payloadEnd);
  }

  /** The ROC for a packet about to go out; a packet older than the highest sent (a retransmission) keeps its own. */
  private rolloverCounter(ssrc: number, seq: number): number {
    const state = this.states.get(ssrc);
    if (state === undefined) {
      this.states.set(ssrc, { roc: 0, highestSeq: seq });
      return 0;
    }
    const delta = (seq - state.highestSeq) & 0xffff;
    if (delta === 0) return state.roc;
    if (delta < 0x8000) {
      // Ahead of the highest sent: across the 16-bit wrap, the rollover counter rises.
      if (seq < state.highestSeq) state.roc = (state.roc + 1) >>> 0;
      state.highestSeq = seq;
      return state.roc;
    }
    // Behind the highest sent: before the wrap if its number is above the highest.
    return seq > state.highestSeq ? (state.roc - 1) >>> 0 : state.roc;
  }
}
