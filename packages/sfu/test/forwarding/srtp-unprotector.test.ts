import { randomBytes } from 'node:crypto';
import { RtpHeader, SrtpSession } from 'werift';
import { describe, expect, it } from 'vitest';
import { SrtpUnprotector } from '../../src/room/forwarding/srtp-unprotector.js';

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

function keys(): [Buffer, Buffer] {
  return [randomBytes(16), randomBytes(14)];
}

describe('SrtpUnprotector', () => {
  it("undoes werift's protection, across the 16-bit wrap and for several SSRCs", () => {
    const [masterKey, masterSalt] = keys();
    const sender = weriftSession(masterKey, masterSalt);
    const ours = SrtpUnprotector.fromMasterKey(masterKey, masterSalt);
    for (let i = 0; i < 300; i += 1) {
      const ssrc = i % 3 === 0 ? 0x0102_0304 : 0x0a0b_0c0d;
      const seq = (65_450 + i) & 0xffff;
      const payload = randomBytes(1 + ((i * 37) % 1200));
      const header = new RtpHeader({ ssrc, sequenceNumber: seq, timestamp: i * 960, payloadType: 111 });
      const plain = Buffer.concat([header.serialize(header.serializeSize), payload]);
      const result = ours.unprotect(sender.encrypt(payload, header));
      expect(Buffer.isBuffer(result) && result.equals(plain), `packet ${i}`).toBe(true);
    }
  });

  it('reads past CSRCs and a header extension, which stay in the clear', () => {
    const [masterKey, masterSalt] = keys();
    const sender = weriftSession(masterKey, masterSalt);
    const ours = SrtpUnprotector.fromMasterKey(masterKey, masterSalt);
    const header = new RtpHeader({
      ssrc: 42,
      sequenceNumber: 7,
      timestamp: 1,
      payloadType: 96,
      csrc: [1, 2],
      csrcLength: 2,
      extension: true,
      extensions: [{ id: 1, payload: Buffer.from([0x80 | 30]) }],
    });
    const payload = randomBytes(300);
    const result = ours.unprotect(sender.encrypt(payload, header));
    expect(Buffer.isBuffer(result) && result.subarray(header.serializeSize).equals(payload)).toBe(true);
  });

  it('accepts a late packet from before the wrap (its rollover counter is the previous one)', () => {
    const [masterKey, masterSalt] = keys();
    const sender = weriftSession(masterKey, masterSalt);
    const ours = SrtpUnprotector.fromMasterKey(masterKey, masterSalt);
    const protect = (seq: number): Buffer => {
      const header = new RtpHeader({ ssrc: 9, sequenceNumber: seq, timestamp: seq, payloadType: 111 });
      return sender.encrypt(Buffer.from(`packet ${seq}`), header);
    };
    const late = protect(65_533);
    const packets = [65_530, 65_531, 65_532].map(protect);
    packets.push(...[65_534, 65_535, 0, 1, 2].map(protect));
    for (const packet of packets) expect(Buffer.isBuffer(ours.unprotect(packet))).toBe(true);
    const result = ours.unprotect(late);
    expect(Buffer.isBuffer(result) && result.subarray(12).toString()).toBe('packet 65533');
  });

  it('refuses a packet whose tag, payload or header was altered, and one too short to hold a header', () => {
    const [masterKey, masterSalt] = keys();
    const sender = weriftSession(masterKey, masterSalt);
    const protect = (): Buffer =>
      sender.encrypt(randomBytes(100), new RtpHeader({ ssrc: 5, sequenceNumber: 1, timestamp: 0, payloadType: 111 }));
    for (const offset of [-1, 50, 3]) {
      const packet = protect();
      const at = offset < 0 ? packet.length + offset : offset;
      packet[at] = (packet[at] ?? 0) ^ 0x01;
      expect(SrtpUnprotector.fromMasterKey(masterKey, masterSalt).unprotect(packet)).toBe('authentication');
    }
    expect(SrtpUnprotector.fromMasterKey(masterKey, masterSalt).unprotect(protect().subarray(0, 20))).toBe('malformed');
  });
});
