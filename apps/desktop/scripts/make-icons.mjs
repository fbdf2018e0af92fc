// The app icon and the tray icons, drawn from the web app's Logo (apps/web/src/ui/logo.tsx: a rounded square in the
// accent gradient with a white speech bubble and three accent dots) and written as PNGs with zlib alone, so the
// shell needs no image tooling. Run `node apps/desktop/scripts/make-icons.mjs` after changing the mark; the PNGs are
// committed (electron-builder turns build/icon.png into .ico / .icns / the Linux sizes on the release runners).
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';

const appRoot = fileURLToPath(new URL('../', import.meta.url));

/** @typedef {[number, number, number]} Rgb */

/** @type {Rgb} */ const GRADIENT_FROM = [0x7c, 0x83, 0xff];
/** @type {Rgb} */ const GRADIENT_TO = [0x51, 0x46, 0xe0];
/** @type {Rgb} */ const ACCENT = [0x5b, 0x5c, 0xf0];
/** @type {Rgb} */ const WHITE = [0xff, 0xff, 0xff];

/**
 * Inside a rounded rectangle (the Logo's 64-unit coordinates).
 * @param {number} x @param {number} y @param {number} left @param {number} top
 * @param {number} right @param {number} bottom @param {number} radius
 */
function inRoundedRect(x, y, left, top, right, bottom, radius) {
  if (x < left || x > right || y < top || y > bottom) return false;
  const cx = Math.min(Math.max(x, left + radius), right - radius);
  const cy = Math.min(Math.max(y, top + radius), bottom - radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

/**
 * Inside the bubble's tail, the triangle (32,44) (23,51) (23,44) of the Logo's path (`H32 l-9 7 v-7`).
 * @param {number} x @param {number} y
 */
function inTail(x, y) {
  if (x < 23 || y < 43.5) return false;
  // The slanted edge from (32,44) to (23,51).
  return y <= 44 + ((32 - x) * 7) / 9;
}

/**
 * The Logo's colour at a point, or null outside it.
 * @param {number} x @param {number} y
 * @returns {Rgb | null}
 */
function logoAt(x, y) {
  if (!inRoundedRect(x, y, 0, 0, 64, 64, 18)) return null;
  for (const dotX of [24, 32, 40]) if ((x - dotX) ** 2 + (y - 32) ** 2 <= 9) return ACCENT;
  if (inRoundedRect(x, y, 12, 20, 52, 44, 6) || inTail(x, y)) return WHITE;
  const t = Math.min(Math.max((x + y) / 128, 0), 1);
  return /** @type {Rgb} */ (GRADIENT_FROM.map((from, i) => Math.round(from + ((GRADIENT_TO[i] ?? from) - from) * t)));
}

/**
 * RGBA pixels of the Logo at `size` px, inset by `margin` px on each side; 4×4 samples per pixel smooth the edges.
 * @param {number} size @param {number} margin
 */
function render(size, margin) {
  const samples = 4;
  const scale = 64 / (size - 2 * margin);
  const pixels = Buffer.alloc(size * size * 4);
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      let r = 0;
      let g = 0;
      let b = 0;
      let covered = 0;
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const colour = logoAt(
            (px - margin + (sx + 0.5) / samples) * scale,
            (py - margin + (sy + 0.5) / samples) * scale,
          );
          if (colour === null) continue;
          r += colour[0];
          g += colour[1];
          b += colour[2];
          covered += 1;
        }
      }
      const offset = (py * size + px) * 4;
      if (covered === 0) continue;
      pixels[offset] = Math.round(r / covered);
      pixels[offset + 1] = Math.round(g / covered);
      pixels[offset + 2] = Math.round(b / covered);
      pixels[offset + 3] = Math.round((255 * covered) / samples ** 2);
    }
  }
  return pixels;
}

/** @param {string} type @param {Buffer} data */
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** An 8-bit RGBA PNG. @param {number} size @param {Buffer} pixels */
function png(size, pixels) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y += 1) {
    // Filter byte 0 (none) before each row.
    pixels.copy(rows, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** @param {string} path @param {number} size @param {number} margin */
function write(path, size, margin) {
  const file = `${appRoot}${path}`;
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, png(size, render(size, margin)));
  console.log(`${path} ${size}×${size}`);
}

// 1024 px with the margin macOS icons keep around the tile (Windows and Linux scale the same picture down).
write('build/icon.png', 1024, 80);
// The tray: full bleed, 32 px and its @2x (Electron picks by the display's scale factor).
write('static/tray.png', 32, 0);
write('static/tray@2x.png', 64, 0);
