import { randomBytes } from 'node:crypto';
import {
  RtcpReceiverInfo,
  RtcpRrPacket,
  RtcpSenderInfo,
  RtcpSourceDescriptionPacket,
  RtcpSrPacket,
  SourceDescriptionChunk,
  SourceDescriptionItem,
  SrtcpSession,
} from 'werift';
import { describe, expect, it } from 'vitest';
import { SrtcpCodec } from '../../src/room/forwarding/srtcp-codec.js';

function weriftSession(masterKey: Buffer, masterSalt: Buffer): SrtcpSession {
  return new SrtcpSession({
    keys: {
      localMasterKey: masterKey,
      localMasterSalt: masterSalt,
      remoteMasterKey: masterKey,
      remoteMasterSalt: masterSalt,
    },
    profile: 0x0001,
  });
}

/** A sender report with its SDES, as werift's sender builds them every second. */
function senderReport(ssrc: number, packetCount: number): Buffer {
  const sr = new RtcpSrPacket({
    ssrc,
    senderInfo: new RtcpSenderInfo({
      ntpTimestamp: 0x83aa7e80_00000000n + BigInt(packetCount),
      rtpTimestamp: packetCount * 960,
      packetCount,
      octetCount: packetCount * 80,
    }),
  });
  const sdes = new RtcpSourceDescriptionPacket({
    chunks: [
      new SourceDescriptionChunk({ source: ssrc, items: [new SourceDescriptionItem({ type: 1, text: 'cname' })] }),
    ],
  });
  return Buffer.concat([sr.serialize(), sdes.serialize()]);
}

function receiverReport(ssrc: number, mediaSsrc: number): Buffer {
  return new RtcpRrPacket({
    ssrc,
    reports: [
      new RtcpReceiverInfo({
        ssrc: mediaSsrc,
        fractionLost: 3,
        packetsLost: 7,
        highestSequence: 65_600,
        jitter: 12,
        lsr: 0,
        dlsr: 0,
      }),
    ],
  }).serialize();
}

describe('SrtcpCodec', () => {
  it("protects byte for byte as werift's SrtcpSession, index per sender SSRC", () => {
    const masterKey = randomBytes(16);
    const masterSalt = randomBytes(14);
    const werift = weriftSession(masterKey, masterSalt);
    const ours = SrtcpCodec.fromMasterKey(masterKey, masterSalt);
    for (let i = 0; i < 40; i += 1) {
      const rtcp = i % 3 === 0 ? receiverReport(0x1234, 0xdeadbeef) : senderReport(i % 2 === 0 ? 7 : 0xfffffff0, i);
      expect(ours.protect(rtcp).toString('hex')).toBe(werift.encrypt(rtcp).toString('hex'));
    }
  });

  it('continues the index of reports werift protected before it took over', () => {
    const masterKey = randomBytes(16);
    const masterSalt = randomBytes(14);
    const werift = weriftSession(masterKey, masterSalt);
    for (let i = 0; i < 5; i += 1) werift.encrypt(senderReport(9, i));
    const ours = SrtcpCodec.fromMasterKey(masterKey, masterSalt, (ssrc) => werift.localContext.index(ssrc));
    const rtcp = senderReport(9, 5);
    const protectedByUs = ours.protect(rtcp);
    expect(protectedByUs.toString('hex')).toBe(werift.encrypt(rtcp).toString('hex'));
    expect(protectedByUs.readUInt32BE(protectedByUs.length - 14)).toBe((0x80000000 | 6) >>> 0);
  });

  it("unprotects werift's SRTCP, refuses a tampered or truncated packet", () => {
    const masterKey = randomBytes(16);
    const masterSalt = randomBytes(14);
    const werift = weriftSession(masterKey, masterSalt);
    const ours = SrtcpCodec.fromMasterKey(masterKey, masterSalt);
    for (let i = 0; i < 10; i += 1) {
      const rtcp = senderReport(0xabcdef01, i);
      expect(ours.unprotect(werift.encrypt(rtcp))).toEqual(rtcp);
    }
    const tampered = werift.encrypt(receiverReport(1, 2));
    tampered[12] = (tampered[12] ?? 0) ^ 0x01;
    expect(ours.unprotect(tampered)).toBe('authentication');
    expect(ours.unprotect(Buffer.alloc(12))).toBe('malformed');
  });

  it('gives werift what it decrypts back to the same RTCP', () => {
    const masterKey = randomBytes(16);
    const masterSalt = randomBytes(14);
    const werift = weriftSession(masterKey, masterSalt);
    const ours = SrtcpCodec.fromMasterKey(masterKey, masterSalt);
    const rtcp = receiverReport(0x01020304, 0x05060708);
    expect(werift.decrypt(ours.protect(rtcp))).toEqual(rtcp);
  });
});
