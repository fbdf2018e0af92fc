// Pictures for the avatar specs: real PNGs drawn by the page, and the check that one was uploaded and shown.
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * A real PNG drawn by the page's own canvas (a sunset over hills, a group logo, a mountain under a sun), so the test
 * needs neither a committed binary nor a PNG encoder; Chromium encodes it exactly as a user's image editor would.
 */
export async function drawPng(page: Page, kind: 'portrait' | 'logo' | 'mountain'): Promise<Buffer> {
  const base64 = await page.evaluate((what) => {
    const size = 256;
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    if (what === 'portrait') {
      const sky = ctx.createLinearGradient(0, 0, 0, size);
      sky.addColorStop(0, '#ff9a5a');
      sky.addColorStop(0.55, '#f0568c');
      sky.addColorStop(1, '#6b3fa0');
      ctx.fillStyle = sky;
      ctx.fillRect(0, 0, size, size);
      ctx.fillStyle = '#ffe28a';
      ctx.beginPath();
      ctx.arc(size * 0.5, size * 0.56, size * 0.2, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = '#3b2a6b';
      ctx.beginPath();
      ctx.moveTo(0, size * 0.78);
      ctx.quadraticCurveTo(size * 0.3, size * 0.55, size * 0.55, size * 0.76);
      ctx.quadraticCurveTo(size * 0.8, size * 0.6, size, size * 0.72);
      ctx.lineTo(size, size);
      ctx.lineTo(0, size);
      ctx.fill();
    } else if (what === 'mountain') {
      const sky = ctx.createLinearGradient(0, 0, 0, size);
      sky.addColorStop(0, '#f7b733');
      sky.addColorStop(1, '#fc4a1a');
      ctx.fillStyle = sky;
      ctx.fillRect(0, 0, size, size);
      ctx.fillStyle = '#fff3c4';
      ctx.beginPath();
      ctx.arc(size * 0.68, size * 0.32, size * 0.12, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = '#2d1b4e';
      ctx.beginPath();
      ctx.moveTo(0, size);
      ctx.lineTo(size * 0.38, size * 0.42);
      ctx.lineTo(size * 0.58, size * 0.7);
      ctx.lineTo(size * 0.74, size * 0.55);
      ctx.lineTo(size, size);
      ctx.fill();
    } else {
      const bg = ctx.createLinearGradient(0, 0, size, size);
      bg.addColorStop(0, '#1fb58f');
      bg.addColorStop(1, '#1a6fd1');
      ctx.fillStyle = bg;
      ctx.fillRect(0, 0, size, size);
      ctx.strokeStyle = '#ffffff';
      ctx.lineWidth = size * 0.07;
      ctx.lineJoin = 'round';
      ctx.beginPath();
      ctx.moveTo(size * 0.25, size * 0.7);
      ctx.lineTo(size * 0.5, size * 0.28);
      ctx.lineTo(size * 0.75, size * 0.7);
      ctx.closePath();
      ctx.stroke();
      ctx.fillStyle = '#ffffff';
      ctx.beginPath();
      ctx.arc(size * 0.5, size * 0.56, size * 0.07, 0, Math.PI * 2);
      ctx.fill();
    }
    return canvas.toDataURL('image/png').split(',')[1] ?? '';
  }, kind);
  return Buffer.from(base64, 'base64');
}

/** The image inside an Avatar / GroupIcon: present, from our files endpoint, and actually decoded by the browser. */
export async function expectUploadedImage(container: Locator, src?: string): Promise<string> {
  const image = container.locator('img');
  await expect(image).toHaveAttribute('src', src ?? /^\/api\/files\/avatar\/[0-9a-f]{32}\.png$/);
  await expect(image).toHaveAttribute('alt', '');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(256);
  return (await image.getAttribute('src')) ?? '';
}
