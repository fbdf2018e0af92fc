import { copyFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';

const docs = fileURLToPath(new URL('../../../docs/screenshots/', import.meta.url));
const shots = fileURLToPath(new URL('../../../test-results/screenshots/', import.meta.url));

/**
 * Screenshots of the page as it is at 1440 and 480 px wide (`docs/screenshots/<name>-1440.png`, `-480.png`, and a
 * copy in test-results), then back to the viewport it had. The issue asks for every touched screen at both widths.
 */
export async function shootWidths(page: Page, name: string, height = 800): Promise<void> {
  mkdirSync(docs, { recursive: true });
  mkdirSync(shots, { recursive: true });
  const before = page.viewportSize();
  for (const width of [1440, 480]) {
    await page.setViewportSize({ width, height });
    // The layout settles in a frame; a screenshot taken in the same task could catch the old width.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
    await page.screenshot({ path: `${docs}${name}-${width}.png` });
    copyFileSync(`${docs}${name}-${width}.png`, `${shots}${name}-${width}.png`);
  }
  if (before) await page.setViewportSize(before);
}
