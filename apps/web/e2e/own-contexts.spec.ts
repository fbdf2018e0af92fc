import { expect } from '@playwright/test';
import { test } from './test.js';

// A context left open keeps a signed-in page alive for the rest of the worker, slowing every later test (test.ts).
test.describe.serial('a context a test opens itself', () => {
  test('is open while the test runs', async ({ browser }) => {
    const context = await browser.newContext();
    await context.newPage();
    expect(browser.contexts()).toContain(context);
  });

  test('is closed when the next test starts', async ({ browser }) => {
    expect(browser.contexts()).toEqual([]);
  });
});
