import { describe, expect, it } from 'vitest';
import { announceCandidate, announceSdp } from '../src/room/candidates.js';
import { parseSdpMedia } from '../src/room/sdp-media.js';
import { SpeakerDetector } from '../src/room/speaker-detector.js';
import { isVp8KeyframeStart } from '../src/room/vp8.js';

describe('isVp8KeyframeStart', () => {
  it('sees a keyframe at the start of partition 0, with or without the extended descriptor', () => {
    // S=1, PID=0, no extension; VP8 header P bit 0.
    expect(isVp8KeyframeStart(Uint8Array.from([0x10, 0x00, 0x9d]))).toBe(true);
    // X=1, I=1 with a 15-bit picture id (2 bytes), then the VP8 header.
    expect(isVp8KeyframeStart(Uint8Array.from([0x90, 0x80, 0x81, 0x23, 0x00]))).toBe(true);
    expect(isVp8KeyframeStart(Uint8Array.from([0x90, 0x80, 0x81, 0x23, 0x01]))).toBe(false);
  });

  it('sees none in an interframe or a continuation packet', () => {
    expect(isVp8KeyframeStart(Uint8Array.from([0x10, 0x01]))).toBe(false);
    expect(isVp8KeyframeStart(Uint8Array.from([0x00, 0x00]))).toBe(false);
    expect(isVp8KeyframeStart(Uint8Array.from([]))).toBe(false);
  });
});

describe('SpeakerDetector', () => {
  it('reports a participant who speaks, once, and again when they fall silent', () => {
    const detector = new SpeakerDetector();
    expect(detector.tick()).toBeNull();
    for (let i = 0; i < 20; i += 1) detector.observe('PA_a', 20);
    const started = detector.tick();
    expect(started).toEqual([{ sid: 'PA_a', level: expect.any(Number), active: true }]);
    expect(started?.[0]?.level).toBeGreaterThan(0);
    for (let i = 0; i < 20; i += 1) detector.observe('PA_a', 20);
    expect(detector.tick()).toBeNull();
    // No packets (DTX) for a few ticks: the level decays below the threshold.
    let stopped = detector.tick();
    for (let i = 0; i < 5 && stopped === null; i += 1) stopped = detector.tick();
    expect(stopped).toEqual([{ sid: 'PA_a', level: 0, active: false }]);
  });

  it('does not count near-silence (−127 dBov) as speech', () => {
    const detector = new SpeakerDetector();
    for (let i = 0; i < 50; i += 1) detector.observe('PA_a', 127);
    expect(detector.tick()).toBeNull();
  });
});

describe('parseSdpMedia', () => {
  const sdp = [
    'v=0',
    'o=- 1 2 IN IP4 127.0.0.1',
    's=-',
    't=0 0',
    'm=audio 9 UDP/TLS/RTP/SAVPF 111',
    'a=mid:0',
    'a=sendonly',
    'a=msid:stream-1 mic-cid',
    'm=video 9 UDP/TLS/RTP/SAVPF 96',
    'a=mid:1',
    'a=inactive',
    'm=video 0 UDP/TLS/RTP/SAVPF 96',
    'a=mid:2',
    'a=sendonly',
    'm=application 9 UDP/DTLS/SCTP webrtc-datachannel',
    'a=mid:3',
    '',
  ].join('\r\n');

  it('tells which m-lines send which track', () => {
    expect(parseSdpMedia(sdp)).toEqual([
      { kind: 'audio', mid: '0', sending: true, msidTrackId: 'mic-cid' },
      { kind: 'video', mid: '1', sending: false, msidTrackId: undefined },
      { kind: 'video', mid: '2', sending: false, msidTrackId: undefined },
      { kind: 'application', mid: '3', sending: true, msidTrackId: undefined },
    ]);
  });
});

describe('announced IP', () => {
  const host = 'candidate:1 1 udp 2130706431 10.0.0.5 40000 typ host';
  it('replaces the address of host candidates only', () => {
    expect(announceCandidate(host, '203.0.113.7')).toBe('candidate:1 1 udp 2130706431 203.0.113.7 40000 typ host');
    const relay = 'candidate:2 1 udp 1 198.51.100.1 3478 typ relay raddr 0.0.0.0 rport 0';
    expect(announceCandidate(relay, '203.0.113.7')).toBe(relay);
    expect(announceCandidate(host, undefined)).toBe(host);
  });

  it('rewrites candidate lines in an SDP', () => {
    expect(announceSdp(`m=audio 9\r\na=${host}\r\n`, '203.0.113.7')).toBe(
      'm=audio 9\r\na=candidate:1 1 udp 2130706431 203.0.113.7 40000 typ host\r\n',
    );
  });
});
