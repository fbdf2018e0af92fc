import type { AvatarContentType } from '@beseda/protocol/files';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const WEBP_CHUNKS = new Set(['VP8 ', 'VP8L', 'VP8X']);

/**
 * The image type the bytes themselves say, or null. A file's name and the request's Content-Type are the sender's
 * word; the magic numbers are what a browser (or anything else) will actually decode. Each check reads a little past
 * the bare signature (the first PNG chunk must be IHDR, a WebP's first chunk must be VP8/VP8L/VP8X), so a text file
 * that merely starts with the right letters is not taken for an image. SVG is never an avatar: it can carry script.
 */
export function sniffImageType(bytes: Uint8Array): AvatarContentType | null {
  if (isJpeg(bytes)) return 'image/jpeg';
  if (isPng(bytes)) return 'image/png';
  if (isWebp(bytes)) return 'image/webp';
  return null;
}

/** SOI (FF D8) followed by the first marker's FF and a marker byte (APP0/APP1/DQT/SOF…, never 00 or FF). */
function isJpeg(bytes: Uint8Array): boolean {
  const marker = bytes[3];
  return (
    bytes.length >= 4 &&
    bytes[0] === 0xff &&
    bytes[1] === 0xd8 &&
    bytes[2] === 0xff &&
    marker !== undefined &&
    marker >= 0xc0 &&
    marker <= 0xfe
  );
}

/** The 8-byte signature, then the first chunk (length, type), which the format requires to be IHDR. */
function isPng(bytes: Uint8Array): boolean {
  return bytes.length >= 16 && PNG_SIGNATURE.every((byte, i) => bytes[i] === byte) && ascii(bytes, 12, 4) === 'IHDR';
}

/** RIFF <size> WEBP, then a VP8 (lossy), VP8L (lossless) or VP8X (extended) chunk. */
function isWebp(bytes: Uint8Array): boolean {
  return (
    bytes.length >= 16 &&
    ascii(bytes, 0, 4) === 'RIFF' &&
    ascii(bytes, 8, 4) === 'WEBP' &&
    WEBP_CHUNKS.has(ascii(bytes, 12, 4))
  );
}

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length));
}
