import { test as base } from '@playwright/test';

/**
 * Playwright's `test`, which also closes every browser context a test opened itself with `browser.newContext()`.
 *
 * Playwright closes only the contexts behind its own `context` and `page` fixtures. A person made with
 * `browser.newContext()` would otherwise stay signed in for the rest of the worker's life: its page keeps its
 * WebSocket, its heartbeats, its renders. Fifty tests later one worker's Chromium carried a hundred live pages and a
 * four-second test took thirty. Every spec imports `test` from here (ESLint says so).
 */
export const test = base.extend<{ closeOwnContexts: undefined }>({
  closeOwnContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use(undefined);
      const opened = browser.contexts().filter((context) => !before.has(context));
      await Promise.all(opened.map((context) => context.close()));
    },
    { auto: true },
  ],
});
