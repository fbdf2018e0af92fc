import { describe, expect, it } from 'vitest';
import { sharedTextFrame, textFrame } from '../../src/realtime/text-frame.js';

describe('textFrame (RFC 6455 §5.2, server to client)', () => {
  it('writes FIN + text, no mask, and the length in each of its three encodings', () => {
    const cases: [number, number[]][] = [
      [0, [0x81, 0]],
      [125, [0x81, 125]],
      [126, [0x81, 126, 0x00, 0x7e]],
      [65_535, [0x81, 126, 0xff, 0xff]],
      [65_536, [0x81, 127, 0, 0, 0, 0, 0, 0x01, 0x00, 0x00]],
    ];
    for (const [length, header] of cases) {
      const payload = Buffer.alloc(length, 0x61);
      const frame = textFrame(payload);
      expect([...frame.subarray(0, header.length)], `length ${length}`).toEqual(header);
      expect(frame.subarray(header.length).equals(payload), `payload of ${length}`).toBe(true);
    }
  });

  it('frames a shared payload once', () => {
    const payload = Buffer.from('{"push":{}}');
    expect(sharedTextFrame(payload)).toBe(sharedTextFrame(payload));
    expect(sharedTextFrame(Buffer.from('{"push":{}}'))).not.toBe(sharedTextFrame(payload));
  });
});
