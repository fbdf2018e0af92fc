import { timingSafeEqual } from 'node:crypto';
import { AUTH_TAG_LENGTH, deriveSrtpSessionKeys, SrtpCrypto, type SrtpSessionKeys } from './srtp-crypto.js';

/** Per-SSRC receiver state (RFC 3711 §3.3.1): the rollover counter and the highest sequence number received. */
interface ReceiveState {
  roc: number;
  highestSeq: number;
}

/** Why a packet was refused; the caller maps it to its own error. */
export type UnprotectFailure = 'malformed' | 'authentication';

/**
 * SRTP unprotection (AES_CM_128_HMAC_SHA1_80) of incoming RTP for one DTLS transport: authenticates, then decrypts
 * in place, and returns the RTP packet (the input without its tag) or why it was refused.
 */
export class SrtpUnprotector {
  private readonly crypto: SrtpCrypto;
  private readonly states = new Map<number, ReceiveState>();

  static fromMasterKey(masterKey: Buffer, masterSalt: Buffer): SrtpUnprotector {
    return new SrtpUnprotector(deriveSrtpSessionKeys(masterKey, masterSalt));
  }

  constructor(keys: SrtpSessionKeys) {
    this.crypto = new SrtpCrypto(keys);
  }

  unprotect(packet: Buffer): Buffer | UnprotectFailure {
    const tagStart = packet.length - AUTH_TAG_LENGTH;
    const headerLength = rtpHeaderLength(packet, tagStart);
    if (headerLength === undefined) return 'malformed';
    const ssrc = packet.readUInt32BE(8);
    const seq = packet.readUInt16BE(2);
    const state = this.states.get(ssrc);
    const roc = state === undefined ? 0 : estimateRolloverCounter(state, seq);
    const expected = this.crypto.authTag(packet.subarray(0, tagStart), roc);
    if (!timingSafeEqual(expected, packet.subarray(tagStart))) return 'authentication';
    // Only an authenticated packet moves the receiver's state.
    if (state === undefined) this.states.set(ssrc, { roc, highestSeq: seq });
    else if (roc === (state.roc + 1) >>> 0) {
      state.roc = roc;
      state.highestSeq = seq;
    } else if (roc === state.roc && seq > state.highestSeq) state.highestSeq = seq;
    this.crypto.applyKeystream(packet, headerLength, tagStart, ssrc, roc, seq);
    return packet.subarray(0, tagStart);
  }
}

/** RFC 3711 §3.3.1 / appendix A: the ROC of a received packet, from the highest sequence number seen. */
function estimateRolloverCounter(state: ReceiveState, seq: number): number {
  if (state.highestSeq < 0x8000) {
    return seq - state.highestSeq > 0x8000 ? (state.roc - 1) >>> 0 : state.roc;
  }
  return state.highestSeq - 0x8000 > seq ? (state.roc + 1) >>> 0 : state.roc;
}

/** Fixed header, CSRCs and the header extension (RFC 3550 §5.1, §5.3.1), or undefined when they overrun `end`. */
function rtpHeaderLength(packet: Buffer, end: number): number | undefined {
  if (end < 12 || (packet[0] ?? 0) >> 6 !== 2) return undefined;
  const first = packet[0] ?? 0;
  let length = 12 + (first & 0x0f) * 4;
  if ((first & 0x10) !== 0) {
    if (length + 4 > end) return undefined;
    length += 4 + packet.readUInt16BE(length + 2) * 4;
  }
  return length <= end ? length : undefined;
}
