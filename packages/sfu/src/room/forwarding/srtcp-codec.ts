import { timingSafeEqual } from 'node:crypto';
import { AUTH_TAG_LENGTH, deriveSrtcpSessionKeys, SrtpCrypto, type SrtpSessionKeys } from './srtp-crypto.js';
import type { UnprotectFailure } from './srtp-unprotector.js';

/** The E flag and 31-bit SRTCP index that follow the encrypted part (RFC 3711 §3.4). */
const INDEX_LENGTH = 4;
const ENCRYPTED_FLAG = 0x80000000;
const MAX_INDEX = 0x7fffffff;
/** The RTCP header and sender SSRC, sent in the clear. */
const CLEAR_PREFIX = 8;

/**
 * SRTCP (AES_CM_128_HMAC_SHA1_80) of one direction of a DTLS transport with long-lived crypto objects, where werift
 * creates a new AES-CTR cipher and a new HMAC for every report. Protects compound RTCP packets for sending, or
 * unprotects received ones; the index per sender SSRC continues from `startIndex` (werift's, if it sent any).
 */
export class SrtcpCodec {
  private readonly crypto: SrtpCrypto;
  private readonly indexes = new Map<number, number>();

  static fromMasterKey(
    masterKey: Buffer,
    masterSalt: Buffer,
    startIndex: (ssrc: number) => number = () => 0,
  ): SrtcpCodec {
    return new SrtcpCodec(deriveSrtcpSessionKeys(masterKey, masterSalt), startIndex);
  }

  constructor(
    keys: SrtpSessionKeys,
    private readonly startIndex: (ssrc: number) => number = () => 0,
  ) {
    this.crypto = new SrtpCrypto(keys);
  }

  /** A new buffer: `rtcp` with everything after the sender SSRC encrypted, then E flag and index, then the tag. */
  protect(rtcp: Buffer): Buffer {
    const ssrc = rtcp.readUInt32BE(4);
    // As werift: the first report of an SSRC has index 1, and the index starts over past 2^31 - 1.
    let index = (this.indexes.get(ssrc) ?? this.startIndex(ssrc)) + 1;
    if (index > MAX_INDEX) index = 0;
    this.indexes.set(ssrc, index);
    const indexEnd = rtcp.length + INDEX_LENGTH;
    const out = Buffer.allocUnsafe(indexEnd + AUTH_TAG_LENGTH);
    rtcp.copy(out, 0);
    this.crypto.applyKeystream(out, CLEAR_PREFIX, rtcp.length, ssrc, index >>> 16, index & 0xffff);
    out.writeUInt32BE((index | ENCRYPTED_FLAG) >>> 0, rtcp.length);
    this.crypto.rtcpAuthTag(out.subarray(0, indexEnd)).copy(out, indexEnd);
    return out;
  }

  /** Authenticates, then decrypts in place; returns the RTCP (without index and tag) or why it was refused. */
  unprotect(packet: Buffer): Buffer | UnprotectFailure {
    const tagStart = packet.length - AUTH_TAG_LENGTH;
    const indexStart = tagStart - INDEX_LENGTH;
    if (indexStart < CLEAR_PREFIX) return 'malformed';
    const expected = this.crypto.rtcpAuthTag(packet.subarray(0, tagStart));
    if (!timingSafeEqual(expected, packet.subarray(tagStart))) return 'authentication';
    const word = packet.readUInt32BE(indexStart);
    if ((word & ENCRYPTED_FLAG) !== 0) {
      const index = word & MAX_INDEX;
      const ssrc = packet.readUInt32BE(4);
      this.crypto.applyKeystream(packet, CLEAR_PREFIX, indexStart, ssrc, index >>> 16, index & 0xffff);
    }
    return packet.subarray(0, indexStart);
  }
}
