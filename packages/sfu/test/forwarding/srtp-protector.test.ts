import { randomBytes } from 'node:crypto';
import { RtpHeader, SrtpSession } from 'werift';
import { describe, expect, it } from 'vitest';
import { deriveSrtpSessionKeys } from '../../src/room/forwarding/srtp-crypto.js';
import { SrtpProtector } from '../../src/room/forwarding/srtp-protector.js';

const hex = (value: string): Buffer => Buffer.from(value.replace(/\s/g, ''), 'hex');

/** An RTP packet as the fast path lays it out: 12-byte header, payload, 10 spare bytes for the tag. */
function plainPacket(ssrc: number, seq: number, timestamp: number, payload: Buffer): Buffer {
  const packet = Buffer.alloc(12 + payload.length + 10);
  packet[0] = 0x80;
  packet[1] = 111;
  packet.writeUInt16BE(seq, 2);
  packet.writeUInt32BE(timestamp, 4);
  packet.writeUInt32BE(ssrc, 8);
  payload.copy(packet, 12);
  return packet;
}

function weriftSession(masterKey: Buffer, masterSalt: Buffer): SrtpSession {
  return new SrtpSession({
    keys: {
      localMasterKey: masterKey,
      localMasterSalt: masterSalt,
      remoteMasterKey: masterKey,
      remoteMasterSalt: masterSalt,
    },
    profile: 0x0001,
  });
}

describe('SRTP key derivation (RFC 3711 appendix B.3)', () => {
  it('derives the cipher key, salt and authentication key of the test vector', () => {
    const keys = deriveSrtpSessionKeys(hex('E1F97A0D3E018BE0D64FA32C06DE4139'), hex('0EC675AD498AFEEBB6960B3AABE6'));
    expect(keys.encryptionKey.toString('hex')).toBe('c61e7a93744f39ee10734afe3ff7a087');
    expect(keys.salt.toString('hex')).toBe('30cbbc08863d8c85d49db34a9ae1');
    expect(keys.authKey.toString('hex')).toBe('cebe321f6ff7716b6fd4ab49af256a156d38baa4');
  });
});

describe('SrtpProtector', () => {
  it('produces the AES-CM keystream of RFC 3711 appendix B.2', () => {
    // SSRC, ROC and SEQ zero: the IV is the session salt shifted by 16 bits; a zero payload encrypts to the keystream.
    const protector = new SrtpProtector({
      encryptionKey: hex('2B7E151628AED2A6ABF7158809CF4F3C'),
      salt: hex('F0F1F2F3F4F5F6F7F8F9FAFBFCFD'),
      authKey: Buffer.alloc(20),
    });
    const packet = plainPacket(0, 0, 0, Buffer.alloc(48));
    protector.protect(packet, 12);
    expect(packet.subarray(12, 60).toString('hex')).toBe(
      'e03ead0935c95e80e166b16dd92b4eb4' + 'd23513162b02d0f72a43a2fe4a5f97ab' + '41e95b3bb0a2e8dd477901e4fca894c0',
    );
  });

  it('gives byte for byte what werift gives for the same keys and packets, across the 16-bit wrap', () => {
    const masterKey = randomBytes(16);
    const masterSalt = randomBytes(14);
    const ours = SrtpProtector.fromMasterKey(masterKey, masterSalt);
    const werift = weriftSession(masterKey, masterSalt);
    // Opus-sized and video-sized payloads, an odd size (a partial last block), a size beyond one counter buffer.
    const sizes = [1, 15, 16, 17, 120, 1100, 3000];
    for (let i = 0; i < 400; i += 1) {
      const seq = (65_400 + i) & 0xffff;
      const payload = randomBytes(sizes[i % sizes.length] ?? 1);
      const packet = plainPacket(0x1234_5678, seq, i * 960, payload);
      ours.protect(packet, 12);
      const header = new RtpHeader({ ssrc: 0x1234_5678, sequenceNumber: seq, timestamp: i * 960, payloadType: 111 });
      expect(packet.equals(werift.encrypt(payload, header)), `packet ${i} (seq ${seq})`).toBe(true);
    }
  });

  it('protects a retransmission from before the wrap with the rollover counter it was first sent with', () => {
    const masterKey = randomBytes(16);
    const masterSalt = randomBytes(14);
    const ours = SrtpProtector.fromMasterKey(masterKey, masterSalt);
    const seqs = [65_534, 65_535, 0, 1];
    const first = seqs.map((seq) => {
      const packet = plainPacket(7, seq, seq, Buffer.from('payload'));
      ours.protect(packet, 12);
      return packet;
    });
    // 65,535 again after 0 and 1 went out (ROC 1): it belongs to ROC 0, so the bytes are those of its first send.
    const again = plainPacket(7, 65_535, 65_535, Buffer.from('payload'));
    ours.protect(again, 12);
    expect(again.equals(first[1] ?? Buffer.alloc(0))).toBe(true);
    // A receiver keeping its own rollover counter (werift's) authenticates all of them.
    const receiver = weriftSession(masterKey, masterSalt);
    for (const packet of [...first, again]) expect(() => receiver.decrypt(packet)).not.toThrow();
  });

  it('keeps a rollover counter per SSRC', () => {
    const masterKey = randomBytes(16);
    const masterSalt = randomBytes(14);
    const ours = SrtpProtector.fromMasterKey(masterKey, masterSalt);
    const werift = weriftSession(masterKey, masterSalt);
    const sends: [number, number][] = [
      [1, 65_535],
      [2, 100],
      [1, 0],
      [2, 101],
      [1, 1],
    ];
    for (const [ssrc, seq] of sends) {
      const payload = randomBytes(40);
      const packet = plainPacket(ssrc, seq, 0, payload);
      ours.protect(packet, 12);
      const header = new RtpHeader({ ssrc, sequenceNumber: seq, timestamp: 0, payloadType: 111 });
      expect(packet.equals(werift.encrypt(payload, header))).toBe(true);
    }
  });
});
