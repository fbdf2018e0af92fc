import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SrtpCrypto } from '../../src/room/forwarding/srtp-crypto.js';

const keysWithAuthKey = (authKey: Buffer) => ({ encryptionKey: randomBytes(16), salt: randomBytes(14), authKey });

/** RFC 3711 §4.2.1: HMAC-SHA1 over the authenticated portion, then the ROC for SRTP; 80 bits kept. */
const reference = (authKey: Buffer, data: Buffer, roc?: number): Buffer => {
  const hmac = createHmac('sha1', authKey).update(data);
  if (roc !== undefined) hmac.update(Buffer.from([roc >>> 24, (roc >>> 16) & 0xff, (roc >>> 8) & 0xff, roc & 0xff]));
  return hmac.digest().subarray(0, 10);
};

describe('SrtpCrypto authentication tags', () => {
  it('is HMAC-SHA1 of RFC 2202 test case 2 truncated to 80 bits', () => {
    // key "Jefe", data "what do ya want for nothing?": 0xeffcdf6ae5eb2fa2d27416d5f184df9c259a7c79.
    const crypto = new SrtpCrypto(keysWithAuthKey(Buffer.from('Jefe')));
    expect(crypto.rtcpAuthTag(Buffer.from('what do ya want for nothing?')).toString('hex')).toBe(
      'effcdf6ae5eb2fa2d274',
    );
  });

  it('matches createHmac for packets of every size, the ROC appended, buffers reused between calls', () => {
    const authKey = randomBytes(20);
    const crypto = new SrtpCrypto(keysWithAuthKey(authKey));
    // Past the 2,048 bytes the reused buffer starts with, and back: the pad must survive the growth.
    for (const size of [12, 172, 1_200, 5_000, 60, 2_100]) {
      const data = randomBytes(size);
      const roc = size * 7919;
      expect(crypto.authTag(data, roc).toString('hex')).toBe(reference(authKey, data, roc).toString('hex'));
      expect(crypto.rtcpAuthTag(data).toString('hex')).toBe(reference(authKey, data).toString('hex'));
    }
  });
});
