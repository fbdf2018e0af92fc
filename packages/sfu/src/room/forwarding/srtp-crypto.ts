import { createCipheriv, hash, type Cipher } from 'node:crypto';

/** SRTP_AES128_CM_HMAC_SHA1_80 (RFC 3711 / RFC 5764 profile 0x0001): the profile our SRTP code serves. */
export const AES_CM_128_HMAC_SHA1_80 = 0x0001;
export const AUTH_TAG_LENGTH = 10;

const BLOCK = 16;
/** Payloads up to this size share one counter-block buffer; larger ones get their own. */
const MAX_PAYLOAD = 2048;
const HMAC_BLOCK = 64;
const SHA1_LENGTH = 20;
const ROC_LENGTH = 4;

/** RFC 3711 §4.3.1 labels: encryption, authentication, salt; SRTCP's are SRTP's plus 3. */
const LABELS_RTP = { encryption: 0x00, auth: 0x01, salt: 0x02 };
const LABELS_RTCP = { encryption: 0x03, auth: 0x04, salt: 0x05 };

/** The session keys RFC 3711's key derivation gives for SRTP (key derivation rate 0). */
export interface SrtpSessionKeys {
  encryptionKey: Buffer;
  salt: Buffer;
  authKey: Buffer;
}

/** RFC 3711 §4.3: the SRTP session keys from a master key and salt, AES-CM as the PRF. */
export function deriveSrtpSessionKeys(masterKey: Buffer, masterSalt: Buffer): SrtpSessionKeys {
  return deriveSessionKeys(masterKey, masterSalt, LABELS_RTP);
}

/** RFC 3711 §4.3: the SRTCP session keys (labels 3 to 5) from the same master key and salt. */
export function deriveSrtcpSessionKeys(masterKey: Buffer, masterSalt: Buffer): SrtpSessionKeys {
  return deriveSessionKeys(masterKey, masterSalt, LABELS_RTCP);
}

function deriveSessionKeys(masterKey: Buffer, masterSalt: Buffer, labels: typeof LABELS_RTP): SrtpSessionKeys {
  const prf = createCipheriv('aes-128-ecb', masterKey, null);
  prf.setAutoPadding(false);
  const derive = (label: number, length: number): Buffer => {
    // x = (label || index DIV kdr) XOR master salt, with the 48-bit index zero: only byte 7 (label) changes.
    const iv = Buffer.alloc(BLOCK);
    masterSalt.copy(iv, 0, 0, 14);
    iv[7] = (iv[7] ?? 0) ^ label;
    const blocks = Buffer.alloc(Math.ceil(length / BLOCK) * BLOCK);
    for (let offset = 0, counter = 0; offset < blocks.length; offset += BLOCK, counter += 1) {
      iv.copy(blocks, offset, 0, 14);
      blocks.writeUInt16BE(counter, offset + 14);
    }
    return prf.update(blocks).subarray(0, length);
  };
  return {
    encryptionKey: derive(labels.encryption, 16),
    authKey: derive(labels.auth, 20),
    salt: derive(labels.salt, 14),
  };
}

/**
 * The AES-CM and HMAC-SHA1 of one SRTP context with long-lived crypto objects and buffers: one AES-128-ECB cipher
 * turns counter blocks into keystream (AES-CM is AES of IV+i, so ECB over the counter blocks is the same keystream
 * without a new CTR cipher per packet), and the HMAC is two one-shot SHA-1s over buffers that already hold the
 * key's inner and outer pads (HMAC(k, m) = H(opad || H(ipad || m))): no hash object per packet, which is what a
 * `createHmac` or even a copied hash state costs most of.
 */
export class SrtpCrypto {
  private readonly keystreamCipher: Cipher;
  private readonly salt: Buffer;
  private readonly counterBlocks = Buffer.alloc(MAX_PAYLOAD);
  /** ipad, then the authenticated bytes and the ROC of the packet at hand. */
  private innerInput = Buffer.alloc(HMAC_BLOCK + MAX_PAYLOAD + ROC_LENGTH);
  /** opad, then the inner digest. */
  private readonly outerInput = Buffer.alloc(HMAC_BLOCK + SHA1_LENGTH);

  constructor(keys: SrtpSessionKeys) {
    this.keystreamCipher = createCipheriv('aes-128-ecb', keys.encryptionKey, null);
    this.keystreamCipher.setAutoPadding(false);
    this.salt = keys.salt;
    this.innerInput.fill(0x36, 0, HMAC_BLOCK);
    this.outerInput.fill(0x5c, 0, HMAC_BLOCK);
    for (let i = 0; i < keys.authKey.length; i += 1) {
      const byte = keys.authKey[i] ?? 0;
      this.innerInput[i] = (this.innerInput[i] ?? 0) ^ byte;
      this.outerInput[i] = (this.outerInput[i] ?? 0) ^ byte;
    }
  }

  /** HMAC-SHA1 of `authenticated` || ROC (RFC 3711 §4.2), its first 10 bytes. */
  authTag(authenticated: Buffer, roc: number): Buffer {
    const input = this.innerInputFor(authenticated.length + ROC_LENGTH);
    authenticated.copy(input, HMAC_BLOCK);
    input.writeUInt32BE(roc, HMAC_BLOCK + authenticated.length);
    return this.finish(input.subarray(0, HMAC_BLOCK + authenticated.length + ROC_LENGTH));
  }

  /** HMAC-SHA1 of `authenticated` alone, its first 10 bytes: SRTCP's tag (the index is inside the packet). */
  rtcpAuthTag(authenticated: Buffer): Buffer {
    const input = this.innerInputFor(authenticated.length);
    authenticated.copy(input, HMAC_BLOCK);
    return this.finish(input.subarray(0, HMAC_BLOCK + authenticated.length));
  }

  /** The inner input buffer with room for `length` bytes after the pad (grown, pad kept, for a rare big packet). */
  private innerInputFor(length: number): Buffer {
    if (HMAC_BLOCK + length > this.innerInput.length) {
      const grown = Buffer.alloc(HMAC_BLOCK + length);
      this.innerInput.copy(grown, 0, 0, HMAC_BLOCK);
      this.innerInput = grown;
    }
    return this.innerInput;
  }

  private finish(inner: Buffer): Buffer {
    hash('sha1', inner, 'buffer').copy(this.outerInput, HMAC_BLOCK);
    return hash('sha1', this.outerInput, 'buffer').subarray(0, AUTH_TAG_LENGTH);
  }

  /** XORs `packet[start, end)` with the AES-CM keystream of (SSRC, ROC, SEQ): encrypts or decrypts in place. */
  applyKeystream(packet: Buffer, start: number, end: number, ssrc: number, roc: number, seq: number): void {
    const length = end - start;
    if (length <= 0) return;
    const blockCount = Math.ceil(length / BLOCK);
    const blocks = blockCount * BLOCK <= MAX_PAYLOAD ? this.counterBlocks : Buffer.alloc(blockCount * BLOCK);
    // IV = (salt << 16) XOR (SSRC << 64) XOR (index << 16), index = ROC || SEQ; block i ends in the 16-bit counter i.
    const salt = this.salt;
    for (let i = 0; i < 14; i += 1) blocks[i] = salt[i] ?? 0;
    blocks[4] = (blocks[4] ?? 0) ^ (ssrc >>> 24);
    blocks[5] = (blocks[5] ?? 0) ^ ((ssrc >>> 16) & 0xff);
    blocks[6] = (blocks[6] ?? 0) ^ ((ssrc >>> 8) & 0xff);
    blocks[7] = (blocks[7] ?? 0) ^ (ssrc & 0xff);
    blocks[8] = (blocks[8] ?? 0) ^ (roc >>> 24);
    blocks[9] = (blocks[9] ?? 0) ^ ((roc >>> 16) & 0xff);
    blocks[10] = (blocks[10] ?? 0) ^ ((roc >>> 8) & 0xff);
    blocks[11] = (blocks[11] ?? 0) ^ (roc & 0xff);
    blocks[12] = (blocks[12] ?? 0) ^ (seq >>> 8);
    blocks[13] = (blocks[13] ?? 0) ^ (seq & 0xff);
    blocks[14] = 0;
    blocks[15] = 0;
    for (let block = 1; block < blockCount; block += 1) {
      const offset = block * BLOCK;
      blocks.copy(blocks, offset, 0, 14);
      blocks[offset + 14] = block >>> 8;
      blocks[offset + 15] = block & 0xff;
    }
    const keystream = this.keystreamCipher.update(blocks.subarray(0, blockCount * BLOCK));
    for (let i = 0; i < length; i += 1) packet[start + i] = (packet[start + i] ?? 0) ^ (keystream[i] ?? 0);
  }
}
