import { describe, expect, it } from 'vitest';
import { sniffImageType } from '../../src/features/files/sniff.js';
import { JPEG_1PX, pngImage, WEBP_1PX } from '../fixtures/images.js';

const bytes = (...parts: (string | number[])[]): Uint8Array =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));

describe('sniffImageType', () => {
  it('recognises real JPEG, PNG and WebP files', () => {
    expect(sniffImageType(JPEG_1PX)).toBe('image/jpeg');
    expect(sniffImageType(pngImage())).toBe('image/png');
    expect(sniffImageType(WEBP_1PX)).toBe('image/webp');
  });

  it('recognises each WebP flavour (lossy VP8, lossless VP8L, extended VP8X) and JPEG with EXIF', () => {
    for (const chunk of ['VP8 ', 'VP8L', 'VP8X']) {
      expect(sniffImageType(bytes('RIFF', [0x24, 0, 0, 0], 'WEBP', chunk, [0, 0, 0, 0]))).toBe('image/webp');
    }
    expect(sniffImageType(bytes([0xff, 0xd8, 0xff, 0xe1], 'Exif'))).toBe('image/jpeg');
  });

  it('refuses text, SVG, other image types and truncated or almost-right headers', () => {
    const refused: Uint8Array[] = [
      bytes('hello, I am a PNG, trust me'),
      bytes('<svg xmlns="http://www.w3.org/2000/svg"></svg>'),
      bytes('GIF89a', [1, 0, 1, 0, 0, 0, 0]),
      bytes('BM', [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
      bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt ', [0, 0, 0, 0]),
      bytes('RIFF', [0x24, 0, 0, 0], 'WEBP', 'ALPH', [0, 0, 0, 0]),
      bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13], 'tEXt'),
      bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]),
      bytes([0xff, 0xd8, 0xff]),
      bytes([0xff, 0xd8, 0xff, 0x00]),
      new Uint8Array(0),
    ];
    for (const sample of refused) expect(sniffImageType(sample)).toBeNull();
  });

  it('ignores what follows the header: a PNG padded to any size is still a PNG', () => {
    expect(sniffImageType(Buffer.concat([pngImage(), Buffer.alloc(1024, 0x41)]))).toBe('image/png');
  });
});
